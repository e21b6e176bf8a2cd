/// Classes of ASCII bytes, for the parsers that work on UTF-8 bytes (URLs, HTML, CSS colours,
/// escapes in localization files, app-scheme URLs).
public enum ASCII {
    /// The value of a hex digit (`0-9`, `A-F`, `a-f`), nil for any other byte.
    @inlinable @inline(__always)
    public static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b &- 0x30
        case 0x41...0x46: b &- 0x37
        case 0x61...0x66: b &- 0x57
        default: nil
        }
    }

    @inlinable @inline(__always)
    public static func isHexDigit(_ b: UInt8) -> Bool { hexValue(b) != nil }

    @inlinable @inline(__always)
    public static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    @inlinable @inline(__always)
    public static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

    @inlinable @inline(__always)
    public static func isLetterOrDigit(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) }

    /// `A-Z` as `a-z`, any other byte as it is.
    @inlinable @inline(__always)
    public static func lower(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }

    /// ASCII whitespace as the WHATWG standards (HTML, URL) define it: tab, line feed, form
    /// feed, carriage return, space. (No NBSP: `&nbsp;` in copy is content.)
    @inlinable @inline(__always)
    public static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
}
