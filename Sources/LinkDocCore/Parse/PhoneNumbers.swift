import LinkDocURL

/// Phone numbers as they appear in Chinese copy:
/// - mainland mobiles: `13800138000`, `138 0013 8000`, `138-0013-8000`;
/// - 400/800 hotlines: `400-123-4567`, `4001234567`, `400 123 4567`;
/// - landlines with an area code (two to four digits with its 0): `010-65529988`, `0755-8888-6666`,
///   `(010) 6552-9988`, `（010）65529988`, `(02) 2345-6789`, `01065529988`;
/// - bank and service hotlines of five digits beginning with 95: `95588`;
/// - any of the mobile, landline and hotline forms after `+86`, also written as one run of
///   digits (E.164): `+86 138 0013 8000`, `+86-10-65529988`, `+861012345678`, `+864008208820`;
/// - Hong Kong and Macau numbers (eight digits) after `+852` / `+853`: `+852 2345 6789`;
/// - Taiwan numbers (eight or nine digits after the area code's 0 is left out) after `+886`:
///   `+886 2 2345 6789`, `+886 912 345 678`;
/// - an extension after a landline or hotline: `021-12345678-801`, `010-12345678转8001`,
///   `400-820-8820 分机 2`, `010-12345678 ext. 123`.
///
/// Groups are separated by one space, hyphen, en dash or full-width hyphen (`400–622-1776`), and
/// digits may be full-width (`４００－８２０－８８２０`): copy typed with a Chinese input method has
/// them. A number must stand alone: no letter, digit or joining punctuation directly before or
/// after it, so dates, times (`9:00-18:00`), prices and ids are not numbers.
struct PhoneNumberMatcher {
    let s: UnsafeBufferPointer<UInt8>
    let limit: Int
    /// The inline parser's work meter (see `InlineParser.meter`).
    var meter: UnsafeMutablePointer<Int>? = nil
    /// Where the text not yet taken by a link begins: digits before it belong to a number found
    /// already, so they do not make the next one the tail of a longer run (`13800138000 138 0013 8000`
    /// is two numbers; `7946 0958 23456789` is none).
    var floor = 0

    struct Match: Equatable { var end: Int; var number: TelNumber }

    /// Punctuation that joins a number to what stands before it (so it is no phone number).
    private static let joinsBefore = ASCIISet("+-./:_@#%&=$")
    /// Punctuation that joins a number to digits after it.
    private static let joinsAfter = ASCIISet("-.:/")

    /// What stands before a group of digits.
    private enum Separator { case none, space, dash }

    /// A run of digits: a range of `s` (no bytes copied; most runs of digits in copy are no number)
    /// and how many digits it holds (fewer than its bytes when they are full-width).
    private struct Group {
        var bytes: Range<Int>
        var count: Int
        var separatorBefore: Separator
        var end: Int { bytes.upperBound }
    }

    /// The country codes read after `+`; anything else after `+` is no number.
    private enum Country { case mainland, hongKong, macau, taiwan }

    /// What kind of number the groups make, which decides whether an extension may follow.
    private enum Shape { case mobile, landline, other }

    /// At most this many groups: a landline with area code, two local groups and an extension.
    private static let maxGroups = 5

    func match(at start: Int) -> Match? {
        // Most calls come at bytes that start no number (the parser stops at every EF lead byte of
        // full-width punctuation and at every "(" and "+"): those leave at once.
        guard digitValue(at: start) != nil || s[start] == UInt8(ascii: "+") || s[start] == UInt8(ascii: "(")
                || isFullwidth(0x88, at: start) || isFullwidth(0x8B, at: start) else { return nil }
        if start > 0 {
            let previous = s[start - 1]
            if ASCII.isLetterOrDigit(previous) || Self.joinsBefore.contains(previous) { return nil }
            // A price: ¥ (C2 A5) or ￥ (EF BF A5) before the digits.
            if previous == 0xA5 && start >= 2 && (s[start - 2] == 0xC2 || s[start - 2] == 0xBF) { return nil }
            if start >= 3 && isFullwidthAlnum(at: start - 3) { return nil }
            if continuesDigitRun(before: start) { return nil }
        }
        var i = start
        var country: Country? = nil
        if s[i] == UInt8(ascii: "+") || isFullwidth(0x8B, at: i) {
            i += s[i] == UInt8(ascii: "+") ? 1 : 3
            guard let (code, end) = countryCode(at: i) else { return nil }
            country = code
            i = end
            if i < limit && (s[i] == UInt8(ascii: " ") || s[i] == UInt8(ascii: "-")) { i += 1 }
        }
        var area: Group? = nil
        if country != .hongKong && country != .macau && country != .taiwan,
           i < limit && (s[i] == UInt8(ascii: "(") || isFullwidth(0x88, at: i)) {
            i += s[i] == UInt8(ascii: "(") ? 1 : 3
            let digits = digitRun(from: i, max: 4)
            let end = digits.end
            guard end < limit, s[end] == UInt8(ascii: ")") || isFullwidth(0x89, at: end) else { return nil }
            area = digits
            i = end + (s[end] == UInt8(ascii: ")") ? 1 : 3)
            if i < limit && s[i] == UInt8(ascii: " ") { i += 1 }
        }
        guard i < limit, digitValue(at: i) != nil else { return nil }
        let (groups, groupCount) = self.groups(from: i)
        // The longest prefix of the groups that forms a number wins.
        // Rebound with a capacity, not `bindMemory` over the tuple's bytes: a tuple's size leaves
        // out its last element's padding, so that would count one group too few.
        return withUnsafePointer(to: groups) { tuple in tuple.withMemoryRebound(to: Group.self, capacity: Self.maxGroups) { first in
            let all = UnsafeBufferPointer(start: first, count: Self.maxGroups)
            for count in stride(from: groupCount, through: 1, by: -1) {
                let used = UnsafeBufferPointer(rebasing: all[0..<count])
                guard let (digits, shape) = number(country: country, area: area, groups: used) else { continue }
                let end = used[count - 1].end
                // A landline's extension after a hyphen: 021-12345678-801.
                if shape == .landline, count < groupCount, all[count].separatorBefore == .dash,
                   (1...5).contains(all[count].count), isBoundary(at: all[count].end) {
                    return Match(end: all[count].end, number: TelNumber(digits: digits, extension: digitString(all[count])))
                }
                if shape != .mobile, let (extensionEnd, ext) = wordExtension(at: end) {
                    return Match(end: extensionEnd, number: TelNumber(digits: digits, extension: ext))
                }
                guard isBoundary(at: end) else { continue }
                return Match(end: end, number: TelNumber(digits: digits))
            }
            return nil
        } }
    }

    /// Whether a separator and a digit (of the text after `floor`) stand before `start`: then the
    /// digits at `start` are a later group of a longer run, which matched no number from its start.
    private func continuesDigitRun(before start: Int) -> Bool {
        /// A separator of `width` bytes ends at `start`, and a digit ends where it begins.
        func digitAndSeparator(width: Int) -> Bool {
            let separatorStart = start - width
            guard separatorStart - 1 >= floor, let (_, length) = separator(at: separatorStart), length == width else { return false }
            if ASCII.isDigit(s[separatorStart - 1]) { return true }
            return separatorStart - 3 >= floor && digitValue(at: separatorStart - 3)?.width == 3
        }
        return digitAndSeparator(width: 1) || digitAndSeparator(width: 3)
    }

    /// The country code at `i` (after `+`) and where it ends.
    private func countryCode(at i: Int) -> (Country, Int)? {
        guard let (d0, w0) = digitValue(at: i), let (d1, w1) = digitValue(at: i + w0) else { return nil }
        if d0 == 8 && d1 == 6 { return (.mainland, i + w0 + w1) }
        guard let (d2, w2) = digitValue(at: i + w0 + w1) else { return nil }
        let end = i + w0 + w1 + w2
        switch (d0, d1, d2) {
        case (8, 5, 2): return (.hongKong, end)
        case (8, 5, 3): return (.macau, end)
        case (8, 8, 6): return (.taiwan, end)
        default: return nil
        }
    }

    /// Digit groups separated by one space, hyphen, en dash or full-width hyphen, at most
    /// `maxGroups` of at most twelve digits; a tuple, not an array: no allocation for the digit
    /// runs that are no number.
    private func groups(from start: Int) -> ((Group, Group, Group, Group, Group), Int) {
        let none = Group(bytes: start..<start, count: 0, separatorBefore: .none)
        var groups = (none, none, none, none, none)
        var count = 0
        var i = start
        var separator = Separator.none
        withUnsafeMutablePointer(to: &groups) { tuple in tuple.withMemoryRebound(to: Group.self, capacity: Self.maxGroups) { slots in
            while count < Self.maxGroups {
                var digits = digitRun(from: i, max: 12)
                guard digits.count > 0, digits.count <= 11 else { break }
                digits.separatorBefore = separator
                slots[count] = digits
                count += 1
                guard let (kind, width) = self.separator(at: digits.end), digitValue(at: digits.end + width) != nil else { break }
                separator = kind
                i = digits.end + width
            }
        } }
        return (groups, count)
    }

    /// A separator between groups at `i` and its length in bytes.
    private func separator(at i: Int) -> (Separator, Int)? {
        guard i < limit else { return nil }
        switch s[i] {
        case UInt8(ascii: " "): return (.space, 1)
        case UInt8(ascii: "-"): return (.dash, 1)
        case 0xE2 where i + 2 < limit && s[i + 1] == 0x80 && s[i + 2] == 0x93: return (.dash, 3)  // – U+2013
        case 0xEF where isFullwidth(0x8D, at: i): return (.dash, 3)  // － U+FF0D
        default: return nil
        }
    }

    /// The digits from `start`: at most `max` + 1 of them (one more than a group may have, so
    /// that a longer run is seen as too long), ASCII or full-width.
    private func digitRun(from start: Int, max: Int) -> Group {
        var i = start
        var count = 0
        while count <= max, let (_, width) = digitValue(at: i) {
            i += width
            count += 1
            meter?.pointee &+= width
        }
        return Group(bytes: start..<i, count: count, separatorBefore: .none)
    }

    /// The value of the digit at `i` (ASCII `0`–`9` or full-width `０`–`９`, EF BC 90–99) and its
    /// length in bytes.
    @inline(__always)
    private func digitValue(at i: Int) -> (value: UInt8, width: Int)? {
        guard i < limit else { return nil }
        let b = s[i]
        if ASCII.isDigit(b) { return (b - UInt8(ascii: "0"), 1) }
        if b == 0xEF && i + 2 < limit && s[i + 1] == 0xBC && (0x90...0x99).contains(s[i + 2]) { return (s[i + 2] - 0x90, 3) }
        return nil
    }

    /// Full-width `（ ） ＋ －` are EF BC 88, EF BC 89, EF BC 8B and EF BC 8D.
    private func isFullwidth(_ last: UInt8, at i: Int) -> Bool {
        i + 2 < limit && s[i] == 0xEF && s[i + 1] == 0xBC && s[i + 2] == last
    }

    /// A full-width digit or Latin letter at `i` (EF BC 90–99, A1–BA; EF BD 81–9A): it joins a
    /// number as an ASCII one would.
    private func isFullwidthAlnum(at i: Int) -> Bool {
        guard i + 2 < limit, s[i] == 0xEF else { return false }
        if s[i + 1] == 0xBC { return (0x90...0x99).contains(s[i + 2]) || (0xA1...0xBA).contains(s[i + 2]) }
        return s[i + 1] == 0xBD && (0x81...0x9A).contains(s[i + 2])
    }

    /// Nothing that would make the digits part of a longer token may follow.
    private func isBoundary(at end: Int) -> Bool {
        guard end < limit else { return true }
        let next = s[end]
        if ASCII.isLetterOrDigit(next) || next == UInt8(ascii: "_") || next == UInt8(ascii: "@") { return false }
        if Self.joinsAfter.contains(next) && digitValue(at: end + 1) != nil { return false }
        if let (kind, width) = separator(at: end), kind == .dash, digitValue(at: end + width) != nil { return false }
        return !isFullwidthAlnum(at: end)
    }

    /// `转8001`, `分机 2`, `转分机8001`, ` ext. 123`, `ext 123` after a number ending at `end`: where
    /// the extension ends and its digits, or nil.
    private func wordExtension(at end: Int) -> (Int, String)? {
        var i = end
        if i < limit && s[i] == UInt8(ascii: " ") { i += 1 }
        let marker = i
        if hasBytes([0xE8, 0xBD, 0xAC], at: i) { i += 3 }  // 转
        if hasBytes([0xE5, 0x88, 0x86, 0xE6, 0x9C, 0xBA], at: i) { i += 6 }  // 分机
        if i == marker {
            // No Chinese word: `ext` or `ext.`, in any case.
            guard i + 3 <= limit, s[i] | 0x20 == UInt8(ascii: "e"), s[i + 1] | 0x20 == UInt8(ascii: "x"),
                  s[i + 2] | 0x20 == UInt8(ascii: "t") else { return nil }
            i += 3
            if i < limit && s[i] == UInt8(ascii: ".") { i += 1 }
        }
        if i < limit && s[i] == UInt8(ascii: " ") { i += 1 }
        let digits = digitRun(from: i, max: 6)
        guard (1...6).contains(digits.count), isBoundary(at: digits.end) else { return nil }
        return (digits.end, digitString(digits))
    }

    private func hasBytes(_ bytes: [UInt8], at i: Int) -> Bool {
        i + bytes.count <= limit && bytes.indices.allSatisfy { s[i + $0] == bytes[$0] }
    }

    /// The ASCII digits of `group`.
    private func digitString(_ group: Group) -> String {
        String(unsafeUninitializedCapacity: group.count) { writeDigits(of: group, to: $0, at: 0) }
    }

    /// Writes the ASCII digits of `group` into `buffer` from `start` (`buffer` has room for its
    /// `count` digits there) and returns where they end. Written into the string's own storage:
    /// a number's text is short, so mostly a small string, and no byte array is made for it.
    private func writeDigits(of group: Group, to buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var n = start
        var i = group.bytes.lowerBound
        while i < group.bytes.upperBound, let (value, width) = digitValue(at: i) {
            buffer[n] = value + UInt8(ascii: "0")
            n += 1
            i += width
        }
        return n
    }

    /// Group lengths of a local number (after its area code).
    private static let localShapes: [[Int]] = [[7], [8], [3, 4], [4, 4]]

    /// Whether the lengths of `groups` are one of `localShapes`.
    private static func isLocalShape(_ groups: UnsafeBufferPointer<Group>) -> Bool {
        localShapes.contains { shape in lengths(groups, are: shape) }
    }

    /// Whether the lengths of `groups` are `shape`.
    private static func lengths(_ groups: UnsafeBufferPointer<Group>, are shape: [Int]) -> Bool {
        shape.count == groups.count && zip(shape, groups).allSatisfy { $0 == $1.count }
    }

    /// The number's digits for its `tel:` URL and its shape, or nil when the groups form no known
    /// shape. `all` below is the digits of the groups one after the other; the string is made only
    /// for a number.
    private func number(country: Country?, area: Group?, groups: UnsafeBufferPointer<Group>) -> (String, Shape)? {
        let allCount = groups.reduce(0) { $0 + $1.count }
        /// The `k`th digit of all the groups, as its value.
        func all(_ k: Int) -> UInt8 {
            var k = k
            for group in groups {
                if k < group.count {
                    var i = group.bytes.lowerBound
                    while true {
                        let (value, width) = digitValue(at: i)!
                        if k == 0 { return value }
                        k -= 1
                        i += width
                    }
                }
                k -= group.count
            }
            preconditionFailure("digit \(k) past the groups")
        }
        func firstDigit(_ group: Group) -> UInt8 { digitValue(at: group.bytes.lowerBound)!.value }
        func text(_ prefix: StaticString = "", area: Group? = nil) -> String {
            String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + (area?.count ?? 0) + allCount) { buffer in
                var n = prefix.withUTF8Buffer { p in
                    for k in 0..<p.count { buffer[k] = p[k] }
                    return p.count
                }
                if let area { n = writeDigits(of: area, to: buffer, at: n) }
                for group in groups { n = writeDigits(of: group, to: buffer, at: n) }
                return n
            }
        }
        let isMobile = allCount == 11 && all(0) == 1 && all(1) >= 3
        let mobileShape = Self.lengths(groups, are: [11]) || Self.lengths(groups, are: [3, 4, 4])
        let isHotline = allCount == 10 && (all(0) == 4 || all(0) == 8) && all(1) == 0 && all(2) == 0  // 400 and 800
        let hotlineShape = Self.lengths(groups, are: [10]) || Self.lengths(groups, are: [3, 3, 4]) || Self.lengths(groups, are: [3, 7])
        let rest = UnsafeBufferPointer(rebasing: groups.dropFirst())
        let first = groups[0]

        switch country {
        case .hongKong, .macau:
            guard area == nil, Self.lengths(groups, are: [8]) || Self.lengths(groups, are: [4, 4]), all(0) >= 2 else { return nil }
            return (text(country == .hongKong ? "+852" : "+853"), .other)
        case .taiwan:
            // Area code (one or two digits, its 0 left out) and local number, or a 9xx mobile.
            guard area == nil, (8...9).contains(allCount), all(0) != 0, groups.allSatisfy({ $0.count <= 4 }) || groups.count == 1
            else { return nil }
            return (text("+886"), allCount == 9 && all(0) == 9 ? .mobile : .landline)
        case .mainland:
            if let area {
                guard (2...3).contains(area.count), firstDigit(area) != 0, Self.isLocalShape(groups) else { return nil }
                return (text("+86", area: area), .landline)
            }
            if mobileShape && isMobile { return (text("+86"), .mobile) }
            if hotlineShape && isHotline { return (text("+86"), .other) }
            // +86 10 6552 9988: an area code without its leading zero, then the local number.
            if (2...3).contains(first.count), firstDigit(first) != 0, Self.isLocalShape(rest) {
                return (text("+86"), .landline)
            }
            // +861065529988: the same in one run of digits (E.164).
            if groups.count == 1, isLandlineWithoutTrunkPrefix(count: allCount, all) { return (text("+86"), .landline) }
            return nil
        case nil:
            break
        }
        if let area {
            guard (2...4).contains(area.count), firstDigit(area) == 0, Self.isLocalShape(groups) else { return nil }
            return (text(area: area), .landline)
        }
        if mobileShape && isMobile { return (text(), .mobile) }
        if hotlineShape && isHotline { return (text(), .other) }
        if Self.lengths(groups, are: [5]) && all(0) == 9 && all(1) == 5 { return (text(), .other) }
        if groups.count >= 2, (2...4).contains(first.count), firstDigit(first) == 0, Self.isLocalShape(rest) {
            return (text(), .landline)
        }
        // 01065529988: trunk prefix, area code and local number in one run.
        if groups.count == 1, all(0) == 0, allCount > 1,
           isLandlineWithoutTrunkPrefix(count: allCount - 1, { all($0 + 1) }) {
            return (text(), .landline)
        }
        return nil
    }

    /// Whether `count` digits (`digit(k)` the `k`th) are a mainland area code without its 0 and a
    /// local number: `10` or `2X` and eight digits, or a three-digit code from 3 to 9 and seven or
    /// eight digits.
    private func isLandlineWithoutTrunkPrefix(count: Int, _ digit: (Int) -> UInt8) -> Bool {
        switch digit(0) {
        case 1: return count == 10 && digit(1) == 0
        case 2: return count == 10
        case 3...9: return count == 10 || count == 11
        default: return false
        }
    }
}
