/// Phone numbers as they appear in Chinese copy:
/// - mainland mobiles: `13800138000`, `138 0013 8000`, `138-0013-8000`;
/// - 400/800 hotlines: `400-123-4567`, `4001234567`, `400 123 4567`;
/// - landlines with an area code (two to four digits with its 0): `010-65529988`, `0755-8888-6666`,
///   `(010) 6552-9988`, `（010）65529988`, `(02) 2345-6789`;
/// - bank and service hotlines of five digits beginning with 95: `95588`;
/// - any of the mobile and landline forms after `+86`: `+86 138 0013 8000`, `+86-10-65529988`.
///
/// A number must stand alone: no ASCII letter, digit or joining punctuation directly
/// before or after it, so dates, times (`9:00-18:00`), prices and ids are not numbers.
struct PhoneNumberMatcher {
    let s: UnsafeBufferPointer<UInt8>
    let limit: Int
    /// The inline parser's work meter (see `InlineParser.meter`).
    var meter: UnsafeMutablePointer<Int>? = nil

    struct Match: Equatable { var end: Int; var digits: String }

    /// Punctuation that joins a number to what stands before it (so it is no phone number).
    private static let joinsBefore = ASCIISet("+-./:_@#%&=$")
    /// Punctuation that joins a number to digits after it.
    private static let joinsAfter = ASCIISet("-.:/")

    /// A run of digits: a range of `s` (no bytes copied; most runs of digits in copy are no number).
    private struct Group { var digits: Range<Int>; var end: Int { digits.upperBound } }

    func match(at start: Int) -> Match? {
        if start > 0 {
            let previous = s[start - 1]
            if CharClass.isASCIIAlnum(previous) || Self.joinsBefore.contains(previous) { return nil }
            // A price: ¥ (C2 A5) or ￥ (EF BF A5) before the digits.
            if previous == 0xA5 && start >= 2 && (s[start - 2] == 0xC2 || s[start - 2] == 0xBF) { return nil }
        }
        var i = start
        var international = false
        if s[i] == UInt8(ascii: "+") || isFullwidth(0x8B, at: i) {
            i += s[i] == UInt8(ascii: "+") ? 1 : 3
            guard i + 1 < limit, s[i] == UInt8(ascii: "8"), s[i + 1] == UInt8(ascii: "6") else { return nil }
            international = true
            i += 2
            if i < limit && (s[i] == UInt8(ascii: " ") || s[i] == UInt8(ascii: "-")) { i += 1 }
        }
        var area: Range<Int>? = nil
        if i < limit && (s[i] == UInt8(ascii: "(") || isFullwidth(0x88, at: i)) {
            i += s[i] == UInt8(ascii: "(") ? 1 : 3
            let digits = digitRun(from: i, max: 4)
            let end = digits.upperBound
            guard end < limit, s[end] == UInt8(ascii: ")") || isFullwidth(0x89, at: end) else { return nil }
            area = digits
            i = end + (s[end] == UInt8(ascii: ")") ? 1 : 3)
            if i < limit && s[i] == UInt8(ascii: " ") { i += 1 }
        }
        guard i < limit, CharClass.isDigit(s[i]) else { return nil }
        let (groups, groupCount) = self.groups(from: i)
        // The longest prefix of the groups that forms a number wins.
        return withUnsafeBytes(of: groups) { raw in
            let all = raw.bindMemory(to: Group.self)
            for count in stride(from: groupCount, through: 1, by: -1) {
                let used = UnsafeBufferPointer(rebasing: all[0..<count])
                let end = used[count - 1].end
                guard isBoundary(at: end), let digits = number(area: area, groups: used, international: international)
                else { continue }
                return Match(end: end, digits: digits)
            }
            return nil
        }
    }

    /// Digit groups separated by one space or hyphen, at most four of at most twelve digits; a
    /// tuple, not an array: no allocation for the digit runs that are no number.
    private func groups(from start: Int) -> ((Group, Group, Group, Group), Int) {
        let none = Group(digits: start..<start)
        var groups = (none, none, none, none)
        var count = 0
        var i = start
        withUnsafeMutableBytes(of: &groups) { raw in
            let slots = raw.bindMemory(to: Group.self)
            while count < 4 {
                let digits = digitRun(from: i, max: 12)
                guard !digits.isEmpty, digits.count <= 11 else { break }
                slots[count] = Group(digits: digits)
                count += 1
                let end = digits.upperBound
                guard end + 1 < limit, s[end] == UInt8(ascii: " ") || s[end] == UInt8(ascii: "-"),
                      CharClass.isDigit(s[end + 1]) else { break }
                i = end + 1
            }
        }
        return (groups, count)
    }

    private func digitRun(from start: Int, max: Int) -> Range<Int> {
        var i = start
        while i < limit && i - start <= max && CharClass.isDigit(s[i]) { i += 1; meter?.pointee &+= 1 }
        return start..<i
    }

    /// Full-width `（ ） ＋` are EF BC 88, EF BC 89 and EF BC 8B.
    private func isFullwidth(_ last: UInt8, at i: Int) -> Bool {
        i + 2 < limit && s[i] == 0xEF && s[i + 1] == 0xBC && s[i + 2] == last
    }

    /// Nothing that would make the digits part of a longer token may follow.
    private func isBoundary(at end: Int) -> Bool {
        guard end < limit else { return true }
        let next = s[end]
        if CharClass.isASCIIAlnum(next) || next == UInt8(ascii: "_") || next == UInt8(ascii: "@") { return false }
        if Self.joinsAfter.contains(next) && end + 1 < limit && CharClass.isDigit(s[end + 1]) { return false }
        return true
    }

    /// Group lengths of a local number (after its area code).
    private static let localShapes: [[Int]] = [[7], [8], [3, 4], [4, 4]]

    /// Whether the lengths of `groups` are one of `localShapes`.
    private static func isLocalShape(_ groups: UnsafeBufferPointer<Group>) -> Bool {
        localShapes.contains { shape in shape.count == groups.count && zip(shape, groups).allSatisfy { $0 == $1.digits.count } }
    }

    /// Whether the lengths of `groups` are `shape`.
    private static func lengths(_ groups: UnsafeBufferPointer<Group>, are shape: Int...) -> Bool {
        shape.count == groups.count && zip(shape, groups).allSatisfy { $0 == $1.digits.count }
    }

    /// The number's digits for its `tel:` URL, or nil when the groups form no known shape.
    /// `all` below is the digits of the groups one after the other; the string is made only for
    /// a number.
    private func number(area: Range<Int>?, groups: UnsafeBufferPointer<Group>, international: Bool) -> String? {
        let allCount = groups.reduce(0) { $0 + $1.digits.count }
        /// The `k`th digit of all the groups.
        func all(_ k: Int) -> UInt8 {
            var k = k
            for group in groups {
                if k < group.digits.count { return s[group.digits.lowerBound + k] }
                k -= group.digits.count
            }
            preconditionFailure("digit \(k) past the groups")
        }
        func text(_ prefix: StaticString = "", area: Range<Int>? = nil) -> String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(prefix.utf8CodeUnitCount + (area?.count ?? 0) + allCount)
            prefix.withUTF8Buffer { bytes.append(contentsOf: $0) }
            if let area { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[area])) }
            for group in groups { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[group.digits])) }
            return String(decoding: bytes, as: UTF8.self)
        }
        let isMobile = allCount == 11 && all(0) == UInt8(ascii: "1") && all(1) >= UInt8(ascii: "3")
        let mobileShape = Self.lengths(groups, are: 11) || Self.lengths(groups, are: 3, 4, 4)
        let rest = UnsafeBufferPointer(rebasing: groups.dropFirst())
        let first = groups[0].digits

        if international {
            if let area {
                guard (2...3).contains(area.count), s[area.lowerBound] != UInt8(ascii: "0"), Self.isLocalShape(groups)
                else { return nil }
                return text("+86", area: area)
            }
            if mobileShape && isMobile { return text("+86") }
            // +86 10 6552 9988: an area code without its leading zero, then the local number.
            if (2...3).contains(first.count), s[first.lowerBound] != UInt8(ascii: "0"), Self.isLocalShape(rest) {
                return text("+86")
            }
            return nil
        }
        if let area {
            guard (2...4).contains(area.count), s[area.lowerBound] == UInt8(ascii: "0"), Self.isLocalShape(groups)
            else { return nil }
            return text(area: area)
        }
        if mobileShape && isMobile { return text() }
        if allCount == 10 && (Self.lengths(groups, are: 10) || Self.lengths(groups, are: 3, 3, 4) || Self.lengths(groups, are: 3, 7))
            && (all(0) == UInt8(ascii: "4") || all(0) == UInt8(ascii: "8"))
            && all(1) == UInt8(ascii: "0") && all(2) == UInt8(ascii: "0") {  // 400 and 800 numbers
            return text()
        }
        if Self.lengths(groups, are: 5) && all(0) == UInt8(ascii: "9") && all(1) == UInt8(ascii: "5") { return text() }
        if groups.count >= 2, (2...4).contains(first.count), s[first.lowerBound] == UInt8(ascii: "0"), Self.isLocalShape(rest) {
            return text()
        }
        return nil
    }
}
