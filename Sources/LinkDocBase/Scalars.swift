/// UTF-8 scalars as the compiler's parser and lint's rules read them, and the classes of CJK
/// letters both decide on: one definition, so that what the parser takes for a CJK letter (where a
/// bare URL ends, a mention's name) is what lint's rules do (spacing, punctuation, URL ends).
/// Public for those modules only, behind the SPI (`@_spi(Bytes) import LinkDocBase`), inlinable for
/// the parser's scans (see `ByteWord`).

/// Decoding valid UTF-8 (text that `SourceText` has read) one scalar at a time.
@_spi(Bytes) public enum UTF8Scalar {
    @inlinable @inline(__always)
    public static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    /// The length of the UTF-8 sequence that starts with `lead`.
    @inlinable @inline(__always)
    public static func sequenceLength(_ lead: UInt8) -> Int {
        if lead < 0x80 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    /// The scalar at `i` (which must start a sequence) with its length.
    @inlinable @inline(__always)
    public static func decode<Bytes: RandomAccessCollection<UInt8>>(_ s: Bytes, at i: Int) -> (scalar: UInt32, length: Int)
    where Bytes.Index == Int {
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
    @inlinable @inline(__always)
    public static func previousScalarStart<Bytes: RandomAccessCollection<UInt8>>(_ s: Bytes, before i: Int) -> Int
    where Bytes.Index == Int {
        var j = i - 1
        while j > 0 && isContinuation(s[j]) { j -= 1 }
        return j
    }
}

/// The scalars of valid UTF-8 text with their byte offsets and lengths.
@_spi(Bytes) public struct ScalarWalker: Sequence {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public func makeIterator() -> AnyIterator<(offset: Int, scalar: Unicode.Scalar, length: Int)> {
        var i = 0
        let bytes = self.bytes
        return AnyIterator {
            guard i < bytes.count else { return nil }
            let (value, length) = UTF8Scalar.decode(bytes, at: i)
            defer { i += length }
            return (i, Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }
    }
}

/// The letters of CJK text.
@_spi(Bytes) public enum CJKLetters {
    /// Han ideographs (Unicode's Script=Han letters): the unified block, extension A, the
    /// compatibility ideographs, planes 2 and 3 up to extension H (extensions B–I and the
    /// compatibility supplement U+2F800–U+2FA1F, with the unassigned points between them), and
    /// 〇 (U+3007).
    @inlinable
    public static func isIdeograph(_ c: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(c) || (0x3400...0x4DBF).contains(c)
            || (0x20000...0x323AF).contains(c) || (0xF900...0xFAFF).contains(c) || c == 0x3007
    }

    /// Ideographs, kana and Hangul syllables.
    @inlinable
    public static func isLetter(_ c: UInt32) -> Bool {
        isIdeograph(c) || (0x3040...0x30FF).contains(c) || (0xAC00...0xD7AF).contains(c)
    }

    @inlinable
    public static func isLetter(_ s: Unicode.Scalar) -> Bool { isLetter(s.value) }
}
