// Percent-encode sets and percent-encoding/decoding of UTF-8 bytes (URL Standard §1.3).
//
// The parser works on UTF-8 bytes. Every set below contains all code points above U+007E, so
// percent-encoding a code point equals percent-encoding each of its UTF-8 bytes: a byte >= 0x80
// is always encoded and no decoding to scalars is needed on the hot path.

import LinkDocBase

/// A percent-encode set, as a 128-bit mask over ASCII; bytes >= 0x80 are always in the set.
public struct PercentEncodeSet: Sendable, Equatable {
    let low: UInt64   // bytes 0x00...0x3F
    let high: UInt64  // bytes 0x40...0x7F

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// `base` plus the given ASCII characters.
    init(_ base: PercentEncodeSet, adding characters: String) {
        var low = base.low, high = base.high
        for b in characters.utf8 {
            if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
        }
        self.init(low: low, high: high)
    }

    @inline(__always)
    func contains(_ b: UInt8) -> Bool {
        if b < 64 { return (low >> UInt64(b)) & 1 == 1 }
        if b < 128 { return (high >> UInt64(b &- 64)) & 1 == 1 }
        return true
    }

    /// C0 controls (U+0000...U+001F) and everything above U+007E.
    public static let c0Control = PercentEncodeSet(low: 0x0000_0000_FFFF_FFFF, high: 1 << 63)
    public static let fragment = PercentEncodeSet(c0Control, adding: " \"<>`")
    public static let query = PercentEncodeSet(c0Control, adding: " \"#<>")
    public static let specialQuery = PercentEncodeSet(query, adding: "'")
    public static let path = PercentEncodeSet(query, adding: "?^`{}")
    public static let userinfo = PercentEncodeSet(path, adding: "/:;=@[\\]|")
    public static let component = PercentEncodeSet(userinfo, adding: "$%&+,")
}


@inline(__always)
func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x37  // '0'... / 'A'...
}

extension Array where Element == UInt8 {
    /// Appends `b`, percent-encoded ("%XX", uppercase hex) when it is in `set`.
    @inline(__always)
    mutating func appendPercentEncoded(_ b: UInt8, _ set: PercentEncodeSet) {
        if set.contains(b) {
            append(0x25)
            append(hexDigit(b >> 4))
            append(hexDigit(b & 0xF))
        } else {
            append(b)
        }
    }

    mutating func appendPercentEncoded<C: Collection>(contentsOf bytes: C, _ set: PercentEncodeSet)
    where C.Element == UInt8 {
        for b in bytes { appendPercentEncoded(b, set) }
    }
}

/// Percent-decodes bytes: "%XX" with two hex digits becomes one byte, anything else is kept.
/// The result may be invalid UTF-8; callers decide how to treat that.
func percentDecode<C: Collection>(_ input: C) -> [UInt8] where C.Element == UInt8, C.Index == Int {
    var out: [UInt8] = []
    out.reserveCapacity(input.count)
    var i = input.startIndex
    let end = input.endIndex
    while i < end {
        let b = input[i]
        if b == 0x25, i + 2 < end, let hi = ASCII.hexValue(input[i + 1]), let lo = ASCII.hexValue(input[i + 2]) {
            out.append(hi << 4 | lo)
            i += 3
        } else {
            out.append(b)
            i += 1
        }
    }
    return out
}

/// UTF-8 percent-encodes a string with `set` (the URL Standard's "UTF-8 percent-encode").
public func percentEncode(_ input: String, using set: PercentEncodeSet) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(input.utf8.count)
    out.appendPercentEncoded(contentsOf: input.utf8, set)
    return String(decoding: out, as: UTF8.self)
}

/// Percent-decodes a string into bytes ("percent-decode" of its UTF-8 encoding).
public func percentDecode(_ input: String) -> [UInt8] {
    percentDecode(Array(input.utf8))
}
