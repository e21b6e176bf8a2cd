/// A small, deterministic JSON writer that appends UTF-8 bytes.
///
/// Why not `JSONEncoder`: the output is a cache key for build systems, so key order
/// and number formatting are fixed here by hand, and the compiler's hot path
/// writes straight into one byte buffer without intermediate dictionaries.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]
    /// Whether a value was written at the current nesting level (decides on commas).
    private var needsComma = false

    public init(reservingCapacity capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Structure

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes `"name":`; the next value written belongs to it.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a key that is only known at run time (escaped like any string).
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Values

    public mutating func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { appendEscaped($0) }
        needsComma = true
    }

    /// Writes a string given as UTF-8 bytes (assumed valid UTF-8).
    public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
        separate()
        appendEscaped(value)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendASCII(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// Appends bytes that are already valid JSON (a nested document, say).
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: Convenience for optional members

    public mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func member(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    public mutating func member(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    // MARK: Internals

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendASCII(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendDecimal(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            // Int.min has no positive counterpart; it never occurs in offsets, but stay total.
            if value == Int.min { appendASCII("9223372036854775808"); return }
            appendDecimal(-value)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var v = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether any byte of the word is below 0x20 or equals `"`, `\`, 0x7F or 0xE2
    /// (the bit tricks of "Bit Twiddling Hacks": haszero and hasless).
    @inline(__always)
    private static func mayNeedEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below0x20 = (w &- ones &* 0x20) & ~w & highs != 0
        return below0x20 || hasZero(w ^ (ones &* 0x22)) || hasZero(w ^ (ones &* 0x5C))
            || hasZero(w ^ (ones &* 0x7F)) || hasZero(w ^ (ones &* 0xE2))
    }

    /// Escapes `"`, `\`, control characters, and U+2028/U+2029 (which older
    /// JavaScript engines reject inside string literals). Everything else is copied
    /// as UTF-8, so output is compact and readable for CJK text.
    private mutating func appendEscaped(_ s: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let n = s.count
        while i < n {
            // Most bytes need no escape: skip eight at a time while none of them is
            // a control character, `"`, `\`, DEL or 0xE2 (which starts U+2028/U+2029).
            while i + 8 <= n && !Self.mayNeedEscape(UnsafeRawPointer(s.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                i += 8
            }
            guard i < n else { break }
            let b = s[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F && b != 0xE2 {
                i += 1
                continue
            }
            var escape: (UInt8, UInt8)? = nil
            var unicodeEscape: UInt16? = nil
            switch b {
            case UInt8(ascii: "\""): escape = (UInt8(ascii: "\\"), UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape = (UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case 0x0A: escape = (UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: escape = (UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: escape = (UInt8(ascii: "\\"), UInt8(ascii: "t"))
            case 0x08: escape = (UInt8(ascii: "\\"), UInt8(ascii: "b"))
            case 0x0C: escape = (UInt8(ascii: "\\"), UInt8(ascii: "f"))
            case 0x00..<0x20, 0x7F: unicodeEscape = UInt16(b)
            case 0xE2 where i + 2 < n && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9):
                unicodeEscape = s[i + 2] == 0xA8 ? 0x2028 : 0x2029
            default:
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<i]))
            if let (a, c) = escape {
                bytes.append(a)
                bytes.append(c)
                i += 1
            } else if let u = unicodeEscape {
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
                bytes.append(Self.hex[Int(u >> 12) & 0xF])
                bytes.append(Self.hex[Int(u >> 8) & 0xF])
                bytes.append(Self.hex[Int(u >> 4) & 0xF])
                bytes.append(Self.hex[Int(u) & 0xF])
                i += u > 0xFF ? 3 : 1
            }
            runStart = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<n]))
        bytes.append(UInt8(ascii: "\""))
    }
}
