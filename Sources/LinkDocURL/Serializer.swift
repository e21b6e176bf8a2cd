// URL serializing (URL Standard §4.5), host serializing (§3.6) and the component getters of
// the URL API (§6.1), which are what web-platform-tests compare. The record already holds the
// serialization (see URLRecord.swift), so getters are slices of it.

/// IPv4 serializer: dotted decimal.
func serializeIPv4(_ address: UInt32, into out: inout [UInt8]) {
    for i in 0 ..< 4 {
        if i > 0 { out.append(0x2E) }
        appendDecimal(Int((address >> (8 * UInt32(3 - i))) & 0xFF), into: &out)
    }
}

/// IPv6 serializer: lowercase hex without leading zeros; the first longest run of two or more
/// zero pieces becomes "::".
func serializeIPv6(_ address: SIMD8<UInt16>, into out: inout [UInt8]) {
    var compress = -1, bestLength = 1
    var i = 0
    while i < 8 {
        if address[i] == 0 {
            var j = i
            while j < 8, address[j] == 0 { j += 1 }
            if j - i > bestLength {
                bestLength = j - i
                compress = i
            }
            i = j
        } else {
            i += 1
        }
    }
    var ignore0 = false
    for pieceIndex in 0 ..< 8 {
        if ignore0, address[pieceIndex] == 0 { continue }
        ignore0 = false
        if compress == pieceIndex {
            out.append(0x3A)
            if pieceIndex == 0 { out.append(0x3A) }
            ignore0 = true
            continue
        }
        appendLowerHex(address[pieceIndex], into: &out)
        if pieceIndex != 7 { out.append(0x3A) }
    }
}

func appendDecimal(_ value: Int, into out: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, into: &out) }
    out.append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
}

private func appendLowerHex(_ value: UInt16, into out: inout [UInt8]) {
    var started = false
    for shift in stride(from: 12, through: 0, by: -4) {
        let nibble = UInt8(truncatingIfNeeded: value >> UInt16(shift)) & 0xF
        if nibble != 0 || started || shift == 0 {
            started = true
            out.append(nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x57)
        }
    }
}

extension WHATWGURL {
    func string(_ range: Range<Int>) -> String {
        withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The scheme, lowercased, without ":".
    public var scheme: String { string(0 ..< schemeEnd) }
    /// Scheme followed by ":".
    public var `protocol`: String { string(0 ..< (schemeEnd + 1)) }
    public var username: String { string(usernameRange) }
    public var password: String { string(passwordRange) }

    /// Serialized host and port ("" when there is no host).
    public var host: String { hostKind == nil ? "" : string(hostStart ..< authorityEnd) }

    /// Serialized host without port ("" when there is no host).
    public var hostname: String { string(hostRange) }

    /// The serialized host, nil when the URL has no host (e.g. "mailto:").
    public var serializedHost: String? { hostKind == nil ? nil : hostname }

    public var port: String {
        guard portValue != nil else { return "" }
        return string((hostEnd + 1) ..< authorityEnd)
    }

    public var pathname: String { string(pathRange) }

    /// "?" + query, or "" when the query is null or empty.
    public var search: String {
        guard let q = queryStart, queryEnd - q > 1 else { return "" }
        return string(q ..< queryEnd)
    }

    /// "#" + fragment, or "" when the fragment is null or empty.
    public var hash: String {
        guard let f = fragmentStart, count - f > 1 else { return "" }
        return string(f ..< count)
    }

    /// The query without "?", nil when the URL has none.
    public var query: String? { queryRange.map(string) }
    /// The fragment without "#", nil when the URL has none.
    public var fragment: String? { fragmentRange.map(string) }

    /// The ASCII serialization of the origin (URL Standard §4.7): "scheme://host[:port]" for
    /// http(s)/ws(s)/ftp, the inner URL's origin for blob: URLs with an http(s) inner URL, and
    /// "null" (an opaque origin) otherwise.
    public var origin: String {
        switch kind {
        case .http, .https, .ws, .wss, .ftp:
            return scheme + "://" + host  // no credentials in an origin
        case .file:
            return "null"
        case .other:
            guard scheme == "blob",
                  case .success(let inner) = WHATWGURL.parse(pathname),
                  inner.kind == .http || inner.kind == .https
            else { return "null" }
            return inner.origin
        }
    }
}
