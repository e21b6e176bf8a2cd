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
        guard first == UInt8(ascii: "%") else { return false }
        var i = lo + 1
        if i < hi && text[i] == UInt8(ascii: "(") {  // %(name)s
            guard let close = text[i..<hi].firstIndex(of: UInt8(ascii: ")")) else { return false }
            i = close + 1
        }
        while i < hi && (ASCII.isDigit(text[i]) || text[i] == UInt8(ascii: "$") || text[i] == UInt8(ascii: ".")
                         || text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "#")) { i += 1 }
        while i < hi && (text[i] == UInt8(ascii: "l") || text[i] == UInt8(ascii: "h") || text[i] == UInt8(ascii: "q")) { i += 1 }
        return i == hi - 1 && (ASCII.isLetter(text[i]) || text[i] == UInt8(ascii: "@"))
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
