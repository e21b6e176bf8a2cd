/// Byte- and scalar-level character classes that the grammar is written in.
/// The scanner works on UTF-8 bytes; these helpers decode a scalar only where a
/// rule needs to look at a non-ASCII character.
enum CharClass {
    @inline(__always) static func isASCIIAlnum(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
    }

    @inline(__always) static func isASCIILetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    @inline(__always) static func isASCIIWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    @inline(__always) static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    /// The length of the UTF-8 sequence that starts with `lead` (input is valid UTF-8).
    @inline(__always) static func sequenceLength(_ lead: UInt8) -> Int {
        if lead < 0x80 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    /// Decodes the scalar at `i` (which must start a sequence) and returns it with its length.
    @inline(__always)
    static func decode(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int) {
        let b0 = UInt32(s[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(s[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(s[i + 1] & 0x3F) << 6 | UInt32(s[i + 2] & 0x3F), 3)
        }
        return ((b0 & 0x07) << 18 | UInt32(s[i + 1] & 0x3F) << 12 | UInt32(s[i + 2] & 0x3F) << 6
                | UInt32(s[i + 3] & 0x3F), 4)
    }

    /// The start of the scalar that ends just before `i`.
    @inline(__always)
    static func previousScalarStart(_ s: UnsafeBufferPointer<UInt8>, before i: Int) -> Int {
        var j = i - 1
        while j > 0 && isContinuation(s[j]) { j -= 1 }
        return j
    }

    /// CJK ideographs: the unified blocks, extensions A–I and the compatibility blocks.
    static func isIdeograph(_ c: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(c) || (0x3400...0x4DBF).contains(c)
            || (0x20000...0x323AF).contains(c) || (0xF900...0xFAFF).contains(c)
            || (0x2F800...0x2FA1F).contains(c) || c == 0x3007
    }

    /// Characters of East Asian scripts and typography that end a bare URL or email
    /// domain: ideographs, kana, Hangul, CJK symbols and punctuation, full-width forms.
    static func isCJK(_ c: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(c) || (0xAC00...0xD7AF).contains(c)
            || (0xF900...0xFAFF).contains(c) || (0xFE30...0xFE4F).contains(c)
            || (0xFF00...0xFFEF).contains(c) || (0x20000...0x3FFFF).contains(c)
            || (0x1100...0x11FF).contains(c) || (0xA960...0xA97F).contains(c)
    }

    /// White space beyond ASCII: NBSP, the U+2000 spaces, ideographic space, …
    static func isUnicodeSpace(_ c: UInt32) -> Bool {
        c == 0xA0 || c == 0x1680 || (0x2000...0x200A).contains(c) || c == 0x2028 || c == 0x2029
            || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0x85
    }

    /// General punctuation (“ ” ‘ ’ … — and friends) and emoji: they end a bare URL.
    static func isPunctuationOrEmoji(_ c: UInt32) -> Bool {
        (0x2010...0x2027).contains(c) || (0x2030...0x205E).contains(c)
            || (0x2600...0x27BF).contains(c) || (0x1F000...0x1FAFF).contains(c)
    }

    /// Whether a scalar is white space in any script (ASCII included).
    static func isSpace(_ c: UInt32) -> Bool {
        c < 0x80 ? isASCIIWhitespace(UInt8(c)) : isUnicodeSpace(c)
    }
}

/// A set of ASCII bytes as a 128-bit mask: membership costs a shift and a test, where
/// `"…".utf8.contains(b)` walks the string on every call (the parser asks for every candidate).
struct ASCIISet: Sendable {
    private let low: UInt64, high: UInt64

    init(_ members: StaticString) {
        var low: UInt64 = 0, high: UInt64 = 0
        members.withUTF8Buffer { bytes in
            for b in bytes {
                precondition(b < 0x80, "ASCIISet holds ASCII bytes only")
                if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
            }
        }
        self.low = low
        self.high = high
    }

    @inline(__always) func contains(_ b: UInt8) -> Bool {
        b < 64 ? low >> UInt64(b) & 1 != 0 : b < 128 ? high >> UInt64(b - 64) & 1 != 0 : false
    }
}
