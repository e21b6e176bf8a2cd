/// Format placeholders of localized copy, which the app fills in at run time: printf's (`%s`,
/// `%1$s`, `%@`, `%lld`, `%#@name@`'s `%#@`), .NET's and Java MessageFormat's (`{0}`) and named
/// ones (`{title}`, `{{title}}`, `%(title)s`). A 《title》 or `#topic#` that is only a placeholder is
/// not one the copy names: the app puts a title there.
enum FormatPlaceholder {
    /// Whether `text` is one placeholder and nothing else, ASCII spaces and U+3000 around it allowed.
    static func isWhole<C: Collection<UInt8>>(_ text: C) -> Bool where C.Index == Int {
        var lo = text.startIndex, hi = text.endIndex
        while lo < hi && isSpace(text, at: lo) { lo += text[lo] == 0x20 ? 1 : 3 }
        while hi > lo && isSpace(text, endingAt: hi) { hi -= text[hi - 1] == 0x20 ? 1 : 3 }
        guard hi - lo >= 2 else { return false }
        let first = text[lo], last = text[hi - 1]
        if first == UInt8(ascii: "{") && last == UInt8(ascii: "}") {
            var inner = 0
            for b in text[lo + 1..<hi - 1] where b != UInt8(ascii: "{") && b != UInt8(ascii: "}") {
                guard ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "_") else { return false }
                inner += 1
            }
            return inner > 0
        }
        return first == UInt8(ascii: "%") && printfEnd(in: text, at: lo, end: hi)?.end == hi
    }

    /// The end of the printf placeholder that starts with the `%` at `i` (`%s`, `%1$s`, `%@`, `%lld`,
    /// `%(name)s`), before `end`, and its conversion (`s`, `@`, `d` …); nil when none starts there.
    static func printfEnd<C: Collection<UInt8>>(in text: C, at i: Int, end: Int) -> (end: Int, conversion: UInt8)? where C.Index == Int {
        guard i < end, text[i] == UInt8(ascii: "%") else { return nil }
        var k = i + 1
        if k < end && text[k] == UInt8(ascii: "(") {  // %(name)s
            guard let close = text[k..<end].firstIndex(of: UInt8(ascii: ")")) else { return nil }
            k = close + 1
        }
        while k < end && (ASCII.isDigit(text[k]) || text[k] == UInt8(ascii: "$") || text[k] == UInt8(ascii: ".")
                          || text[k] == UInt8(ascii: "-") || text[k] == UInt8(ascii: "#")) { k += 1 }
        while k < end && (text[k] == UInt8(ascii: "l") || text[k] == UInt8(ascii: "h") || text[k] == UInt8(ascii: "q")) { k += 1 }
        guard k < end, ASCII.isLetter(text[k]) || text[k] == UInt8(ascii: "@") else { return nil }
        return (k + 1, text[k])
    }

    /// An ASCII space, or U+3000 (E3 80 80) starting at `i`.
    private static func isSpace<C: Collection<UInt8>>(_ t: C, at i: Int) -> Bool where C.Index == Int {
        t[i] == 0x20 || (i + 2 < t.endIndex && t[i] == 0xE3 && t[i + 1] == 0x80 && t[i + 2] == 0x80)
    }

    /// An ASCII space, or U+3000, ending just before `end`.
    private static func isSpace<C: Collection<UInt8>>(_ t: C, endingAt end: Int) -> Bool where C.Index == Int {
        t[end - 1] == 0x20 || (end - 3 >= t.startIndex && t[end - 3] == 0xE3 && t[end - 2] == 0x80 && t[end - 1] == 0x80)
    }
}
