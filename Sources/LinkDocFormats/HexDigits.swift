/// Hex digits of `\uXXXX` escapes, shared by the readers of JSON (catalogs, NDJSON records)
/// and `.strings` files.
enum HexDigits {
    /// The value of one hex digit, nil for any other byte.
    @inline(__always)
    static func value(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: UInt32(c - 0x30)
        case 0x41...0x46: UInt32(c - 0x41 + 10)
        case 0x61...0x66: UInt32(c - 0x61 + 10)
        default: nil
        }
    }

    /// The value of the four hex digits at `start`, nil when there are fewer or any is not hex.
    static func value4<C: RandomAccessCollection>(_ bytes: C, at start: C.Index) -> UInt32? where C.Element == UInt8, C.Index == Int {
        guard start >= bytes.startIndex, start + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for k in start..<start + 4 {
            guard let digit = Self.value(bytes[k]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }
}
