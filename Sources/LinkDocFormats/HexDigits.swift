import LinkDocBase

/// Hex digits of `\uXXXX` escapes, shared by the readers of JSON (catalogs, NDJSON records)
/// and `.strings` files.
enum HexDigits {
    /// The value of the four hex digits at `start`, nil when there are fewer or any is not hex.
    static func value4<C: RandomAccessCollection>(_ bytes: C, at start: C.Index) -> UInt32? where C.Element == UInt8, C.Index == Int {
        guard start >= bytes.startIndex, start + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for k in start..<start + 4 {
            guard let digit = ASCII.hexValue(bytes[k]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
