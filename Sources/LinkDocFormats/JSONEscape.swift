/// One escape of a JSON string (RFC 8259, section 7: `\n`, `\/`, `\u00E9`, a surrogate pair
/// `\uD83D\uDE00`), read the one way this module's two JSON readers read it: the catalog reader,
/// which keeps positions (`PositionedJSONParser`), and the NDJSON record reader, which keeps
/// speed (`NDJSONRecord`). Each reader words its own diagnostics from the `Problem`.
enum JSONEscape {
    enum Problem: Error {
        /// The backslash is the last byte: the string never ends.
        case truncated
        /// A `\u` without four hex digits after it; `escape` is that `\u`'s backslash, the
        /// second one of a pair when the low half is the bad one.
        case notHex(escape: Int)
        /// A surrogate without its other half; `unit` is the first `\u`'s value.
        case unpairedSurrogate(unit: UInt32)
        /// A byte after the backslash that JSON gives no meaning.
        case unknown(UInt8)
    }

    /// The escape whose backslash is at `i`: the scalar it stands for, and where the string
    /// goes on after it.
    @inline(__always)
    static func read<Bytes: RandomAccessCollection<UInt8>>(_ b: Bytes, at i: Int) throws(Problem) -> (scalar: Unicode.Scalar, next: Int)
        where Bytes.Index == Int {
        guard i + 1 < b.endIndex else { throw .truncated }
        let letter = b[i + 1]
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (Unicode.Scalar(letter), i + 2)
        case UInt8(ascii: "n"): return ("\n", i + 2)
        case UInt8(ascii: "t"): return ("\t", i + 2)
        case UInt8(ascii: "r"): return ("\r", i + 2)
        case UInt8(ascii: "b"): return ("\u{08}", i + 2)
        case UInt8(ascii: "f"): return ("\u{0C}", i + 2)
        case UInt8(ascii: "u"):
            guard let unit = HexDigits.value4(b, at: i + 2) else { throw .notHex(escape: i) }
            var next = i + 6
            if (0xD800...0xDBFF).contains(unit), next + 1 < b.endIndex, b[next] == UInt8(ascii: "\\"), b[next + 1] == UInt8(ascii: "u") {
                guard let low = HexDigits.value4(b, at: next + 2) else { throw .notHex(escape: next) }
                if (0xDC00...0xDFFF).contains(low) {
                    next += 6
                    return (Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!, next)
                }
            }
            guard let scalar = Unicode.Scalar(unit) else { throw .unpairedSurrogate(unit: unit) }
            return (scalar, next)
        default:
            throw .unknown(letter)
        }
    }
}
