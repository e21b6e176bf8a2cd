/// The characters that must not reach a one-line report or a generated source file as
/// themselves, and how linkdoc writes them there. (JSON strings are `JSONWriter`'s, in
/// LinkDocModel: it escapes the same characters, as JSON spells them, on bytes.)
public enum Escaping {
    /// C0 controls, DEL, C1 controls, U+2028 and U+2029: characters that break a line or do not show.
    @inlinable
    public static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
    }

    /// `text` with each scalar that `substitute` has a spelling for replaced by it, the others
    /// kept; the text itself when `substitute` has none for any, which is nearly always. The one
    /// loop of every escaping that works on scalars (Swift literals, XML attributes).
    @inlinable
    public static func replacingScalars(_ text: String, _ substitute: (Unicode.Scalar) -> String?) -> String {
        guard text.unicodeScalars.contains(where: { substitute($0) != nil }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let spelling = substitute(scalar) { out += spelling } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `text` as the inside of a Swift string literal spells it: control characters as `\n`,
    /// `\r`, `\t` or `\u{1B}`, and, with `quotes`, `"` and `\` as `\"` and `\\`. The text itself
    /// when there is nothing to escape, which is nearly always.
    public static func swiftEscaped(_ text: String, quotes: Bool) -> String {
        replacingScalars(text) { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\"" where quotes: "\\\""
            case "\\" where quotes: "\\\\"
            case _ where isControl(scalar): "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: nil
            }
        }
    }
}
