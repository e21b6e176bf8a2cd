/// The characters that must not reach a one-line report or a generated source file as
/// themselves, and how linkdoc writes them there. (JSON strings are `JSONWriter`'s, in
/// LinkDocModel: it escapes the controls, as JSON spells them, on bytes, and keeps the bidi
/// formatting characters, which are the copy's text.)
public enum Escaping {
    /// C0 controls, DEL, C1 controls, U+2028 and U+2029, and the bidi formatting characters (U+061C,
    /// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): characters that break a line, do not show,
    /// or reorder what a terminal or an editor shows around them (Trojan Source).
    @inlinable
    public static func isControl(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
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
        guard mayNeedSwiftEscaping(text, quotes: quotes) else { return text }
        return replacingScalars(text) { scalar in
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

    /// Whether `text` has a byte that may start a character `swiftEscaped` replaces: a C0
    /// control, DEL, the lead byte 0xC2 of the C1 controls, 0xD8 of U+061C or 0xE2 of U+2028,
    /// U+2029 and the other bidi controls (the scalar loop then decides), and with `quotes`, `"` and `\`. One pass over the UTF-8 bytes,
    /// not a call per scalar: every diagnostic's message is checked, and nearly none has any.
    /// Sixteen bytes a vector test (the rest one by one); `bytewiseMayNeedSwiftEscaping` is the
    /// plain form, which the tests compare it with.
    static func mayNeedSwiftEscaping(_ text: String, quotes: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            if let base = bytes.baseAddress {
                let (space, delete, c2, e2) = (SIMD16<UInt8>(repeating: 0x20), SIMD16<UInt8>(repeating: 0x7F),
                                               SIMD16<UInt8>(repeating: 0xC2), SIMD16<UInt8>(repeating: 0xE2))
                let d8 = SIMD16<UInt8>(repeating: 0xD8)
                let (quote, backslash) = (SIMD16<UInt8>(repeating: quotes ? 0x22 : 0x7F), SIMD16<UInt8>(repeating: quotes ? 0x5C : 0x7F))
                while i + 16 <= bytes.count {
                    let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    // Without `quotes`, the quote and backslash lanes test for DEL again, a candidate anyway.
                    if ByteWord.any((v .< space) .| (v .== delete) .| (v .== c2) .| (v .== d8) .| (v .== e2) .| (v .== quote) .| (v .== backslash)) {
                        return true
                    }
                    i += 16
                }
            }
            return bytewiseMayNeedSwiftEscaping(UnsafeBufferPointer(rebasing: bytes[i...]), quotes: quotes)
        }
    }

    @inlinable
    static func bytewiseMayNeedSwiftEscaping(_ bytes: UnsafeBufferPointer<UInt8>, quotes: Bool) -> Bool {
        bytes.contains { b in b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xD8 || b == 0xE2 || (quotes && (b == 0x22 || b == 0x5C)) }
    }
}
