// The small subset of inline CSS that copy uses, turned into a TextStyle.
// Unsupported properties and values are ignored silently: editors emit lots
// of layout CSS (font-size, margin, …) that has no meaning for a text view.

import LinkDocBase

enum InlineStyle {
    /// Parses a `style="…"` attribute value. Later declarations win, as in CSS.
    static func parse(_ css: String) -> TextStyle {
        var style = TextStyle()
        for declaration in stripComments(css).split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = CSSColor.trimmedLowercased(String(declaration[declaration.startIndex..<colon]))
            var value = CSSColor.trimmedLowercased(String(declaration[declaration.index(after: colon)...]))
            if value.hasSuffix("!important") {
                value = CSSColor.trimmedLowercased(String(value.dropLast("!important".count)))
            }
            apply(property: property, value: value, to: &style)
        }
        return style
    }

    /// `<font color="…">`.
    static func fontColor(_ value: String) -> TextStyle {
        TextStyle(color: CSSColor.normalize(value))
    }

    private static func apply(property: String, value: String, to style: inout TextStyle) {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        switch property {
        case "color":
            if let c = CSSColor.normalize(value) { style.color = c }
        case "background-color":
            if let c = CSSColor.normalize(value) { style.backgroundColor = c }
        case "background":
            // Only the simple shorthand "background: <color>".
            if words.count == 1, let c = CSSColor.normalize(value) { style.backgroundColor = c }
        case "font-weight":
            switch value {
            case "bold", "bolder": style.bold = true
            case "normal", "lighter": style.bold = false
            default:
                if let n = Int(value), n >= 1, n <= 1000 { style.bold = n >= 600 }
            }
        case "font-style":
            switch value {
            case "italic", "oblique": style.italic = true
            case "normal": style.italic = false
            default:
                if value.hasPrefix("oblique ") { style.italic = true }
            }
        case "text-decoration", "text-decoration-line":
            // "underline line-through red wavy" -- only the line keywords matter.
            if words.contains("none") {
                style.underline = false
                style.strikethrough = false
            }
            if words.contains("underline") { style.underline = true }
            if words.contains("line-through") { style.strikethrough = true }
        case "vertical-align":
            switch value {
            case "super": style.baseline = .superscript
            case "sub": style.baseline = .`subscript`
            default: break
            }
        default:
            break
        }
    }

    private static func stripComments(_ css: String) -> String {
        guard css.contains("/*") else { return css }
        var out: [UInt8] = []
        let b = Array(css.utf8)
        var i = 0
        while i < b.count {
            if b[i] == ASCII.slash, i + 1 < b.count, b[i + 1] == 0x2A {
                i += 2
                while i + 1 < b.count, !(b[i] == 0x2A && b[i + 1] == ASCII.slash) { i += 1 }
                i += 2
                continue
            }
            out.append(b[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
