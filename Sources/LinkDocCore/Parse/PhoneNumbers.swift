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

    private struct Group { var digits: [UInt8]; var end: Int }

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
        var area: [UInt8]? = nil
        if i < limit && (s[i] == UInt8(ascii: "(") || isFullwidth(0x88, at: i)) {
            i += s[i] == UInt8(ascii: "(") ? 1 : 3
            let (digits, end) = digitRun(from: i, max: 4)
            guard end < limit, s[end] == UInt8(ascii: ")") || isFullwidth(0x89, at: end) else { return nil }
            area = digits
            i = end + (s[end] == UInt8(ascii: ")") ? 1 : 3)
            if i < limit && s[i] == UInt8(ascii: " ") { i += 1 }
        }
        guard i < limit, CharClass.isDigit(s[i]) else { return nil }
        let groups = self.groups(from: i)
        // The longest prefix of the groups that forms a number wins.
        for count in stride(from: groups.count, through: 1, by: -1) {
            let used = Array(groups[0..<count])
            let end = used[count - 1].end
            guard isBoundary(at: end), let digits = number(area: area, groups: used.map(\.digits),
                                                          international: international) else { continue }
            return Match(end: end, digits: digits)
        }
        return nil
    }

    /// Digit groups separated by one space or hyphen, at most four of at most twelve digits.
    private func groups(from start: Int) -> [Group] {
        var groups: [Group] = []
        var i = start
        while groups.count < 4 {
            let (digits, end) = digitRun(from: i, max: 12)
            guard !digits.isEmpty, digits.count <= 11 else { break }
            groups.append(Group(digits: digits, end: end))
            guard end + 1 < limit, s[end] == UInt8(ascii: " ") || s[end] == UInt8(ascii: "-"),
                  CharClass.isDigit(s[end + 1]) else { break }
            i = end + 1
        }
        return groups
    }

    private func digitRun(from start: Int, max: Int) -> ([UInt8], Int) {
        var i = start
        while i < limit && i - start <= max && CharClass.isDigit(s[i]) { i += 1; meter?.pointee &+= 1 }
        return (Array(s[start..<i]), i)
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

    /// Group lengths of a local number (after its area code), made once.
    private static let localShapes: [[Int]] = [[7], [8], [3, 4], [4, 4]]

    /// The number's digits for its `tel:` URL, or nil when the groups form no known shape.
    private func number(area: [UInt8]?, groups: [[UInt8]], international: Bool) -> String? {
        let lengths = groups.map { $0.count }
        let all = groups.flatMap { $0 }
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        func isMobile(_ d: [UInt8]) -> Bool { d.count == 11 && d[0] == UInt8(ascii: "1") && d[1] >= UInt8(ascii: "3") }
        let mobileShape = lengths == [11] || lengths == [3, 4, 4]
        let localShapes = Self.localShapes

        if international {
            if let area {
                guard (2...3).contains(area.count), area[0] != UInt8(ascii: "0"), localShapes.contains(lengths)
                else { return nil }
                return "+86" + text(area + all)
            }
            if mobileShape && isMobile(all) { return "+86" + text(all) }
            // +86 10 6552 9988: an area code without its leading zero, then the local number.
            if (2...3).contains(lengths[0]), groups[0][0] != UInt8(ascii: "0"),
               localShapes.contains(Array(lengths.dropFirst())) {
                return "+86" + text(all)
            }
            return nil
        }
        if let area {
            guard (2...4).contains(area.count), area[0] == UInt8(ascii: "0"), localShapes.contains(lengths)
            else { return nil }
            return text(area + all)
        }
        if mobileShape && isMobile(all) { return text(all) }
        if all.count == 10 && (lengths == [10] || lengths == [3, 3, 4] || lengths == [3, 7])
            && (all[0] == UInt8(ascii: "4") || all[0] == UInt8(ascii: "8"))
            && all[1] == UInt8(ascii: "0") && all[2] == UInt8(ascii: "0") {  // 400 and 800 numbers
            return text(all)
        }
        if lengths == [5] && all[0] == UInt8(ascii: "9") && all[1] == UInt8(ascii: "5") { return text(all) }
        if lengths.count >= 2, (2...4).contains(lengths[0]), groups[0][0] == UInt8(ascii: "0"),
           localShapes.contains(Array(lengths.dropFirst())) {
            return text(all)
        }
        return nil
    }
}
