// A fast path for the most common shape of URL in app copy:
//
//   http|https|ws|wss|ftp "://" ascii-domain [ ":" digits ] [ "/" path ] [ "?" query ] [ "#" fragment ]
//
// where the domain holds only ASCII letters, digits, "-", "." and "_" and does not end in a
// number, and path, query and fragment hold no byte their percent-encode set would encode, no
// "\" and no dot segment ("." / ".." / "%2e" forms). For such input the state machine only
// lowercases scheme and host, drops a default port, writes the port in canonical decimal and
// turns an empty path into "/"; everything else is copied as is. So this path checks the shape in
// one scan that writes nothing, then keeps the input as the href or builds it with one allocation.
//
// Any other input (credentials, IP addresses, IDNA hosts, bytes to encode, backslashes, dot
// segments, "file:", non-special schemes, relative references …) returns nil, and the caller runs
// the state machine. The base URL never matters here: with "scheme://" and a special non-file
// scheme the state machine reaches the authority state with or without a base. Debug builds
// (and so `swift test`, with all of WPT) check every result of this path against the state machine.

import LinkDocBase

/// A set of ASCII bytes as a 128-bit mask (bit b of low for b < 64, bit b - 64 of high), for
/// the scans below: one table-free test per byte. Bytes >= 0x80 are never members.
private struct ByteMask {
    let low: UInt64
    let high: UInt64

    /// The ASCII bytes of `set`.
    init(_ set: PercentEncodeSet) {
        self.init(low: set.low, high: set.high)
    }

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inline(__always)
    func contains(_ b: UInt8) -> Bool {
        let word = b < 64 ? low : high
        return b < 128 && (word >> UInt64(b & 63)) & 1 != 0
    }

    /// Host bytes the fast path accepts: ASCII letters, digits, "-", "." and "_". None of them is
    /// a forbidden domain code point, changes under domain to ASCII (beyond lowercasing) or ends
    /// the host. low: "-" "." (bits 45, 46) and "0"…"9" (bits 48…57); high: "A"…"Z" (bits 1…26),
    /// "_" (bit 31) and "a"…"z" (bits 33…58). A literal, so the scan needs no global.
    static var commonHost: ByteMask { ByteMask(low: 0x03FF_6000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE) }
}

/// Whether input[start..<end] is a single- or double-dot path segment: ".", "..", or either with
/// dots written as "%2e" (case-insensitively), exactly the segments the path state removes.
@inline(__always)
private func isDotSegment(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    @inline(__always) func dot(_ i: Int) -> Bool { input[i] == 0x2E }
    @inline(__always) func encodedDot(_ i: Int) -> Bool {
        input[i] == 0x25 && input[i + 1] == 0x32 && input[i + 2] | 0x20 == 0x65
    }
    switch end - start {
    case 1: return dot(start)
    case 2: return dot(start) && dot(start + 1)
    case 3: return encodedDot(start)
    case 4: return (dot(start) && encodedDot(start + 1)) || (encodedDot(start) && dot(start + 3))
    case 6: return encodedDot(start) && encodedDot(start + 3)
    default: return false
    }
}

/// Number of decimal digits of a port (0...65535).
@inline(__always)
private func decimalLength(_ value: Int) -> Int {
    value >= 10_000 ? 5 : value >= 1000 ? 4 : value >= 100 ? 3 : value >= 10 ? 2 : 1
}

extension URLParser {
    /// The URL for `string`, whose UTF-8 bytes are `input`, when it has the common form described
    /// at the top of this file; nil otherwise. `input` need not be trimmed: a C0 control, space, tab or newline anywhere makes
    /// it leave the common form (no scheme, host or port byte is one, and every percent-encode set
    /// used below contains them all).
    static func parseCommonForm(_ string: String, _ input: UnsafeBufferPointer<UInt8>) -> WHATWGURL? {
        let n = input.count

        // Scheme: the first ":" within the first 6 bytes ends it. classifyScheme only says
        // "special" when the bytes before it are the letters of a special scheme's name, and then
        // the state machine's scheme state reads exactly those bytes as the scheme too.
        var p = 0
        while p < n, p < 6, input[p] != 0x3A { p += 1 }
        guard p < n, input[p] == 0x3A else { return nil }
        let schemeEnd = p
        let kind = classifyScheme(input, schemeEnd)
        guard kind.isSpecial, kind != .file else { return nil }

        // Exactly "//", then the host (more slashes or backslashes take the state machine's way).
        guard p + 2 < n, input[p + 1] == 0x2F, input[p + 2] == 0x2F else { return nil }
        let hostStart = p + 3
        p = hostStart
        let hostMask = ByteMask.commonHost
        var hasUppercase = false  // in scheme or host: then the href is not the input as it is
        while p < n {
            let b = input[p]
            guard hostMask.contains(b) else { break }
            hasUppercase = hasUppercase || b &- 0x41 < 26
            p += 1
        }
        let hostEnd = p
        guard hostEnd > hostStart else { return nil }
        // "Ends in a number" (then the host is an IPv4 address or invalid): the last label, after
        // one trailing dot is ignored, is all digits or an IPv4 number, and both start with a digit.
        var labelEnd = hostEnd
        if input[labelEnd - 1] == 0x2E { labelEnd -= 1 }
        var labelStart = labelEnd
        while labelStart > hostStart, input[labelStart - 1] != 0x2E { labelStart -= 1 }
        if labelStart < labelEnd, ASCII.isDigit(input[labelStart]) { return nil }

        // Port: digits only; an empty port or the scheme's default port is not serialized.
        var port: Int? = nil
        if p < n, input[p] == 0x3A {
            p += 1
            let digitsStart = p
            var value = 0
            while p < n, ASCII.isDigit(input[p]) {
                value = min(value * 10 + Int(input[p] &- 0x30), 65536)  // saturate like the port state
                p += 1
            }
            if value > 65535 { return nil }  // port-out-of-range: the state machine reports it
            if p > digitsStart, value != kind.defaultPort { port = value }
        }
        guard p == n || input[p] == 0x2F || input[p] == 0x3F || input[p] == 0x23 else { return nil }
        let portEnd = p

        // Path: copied as is when no byte needs encoding and no segment is a dot segment.
        let pathStart = p
        if p < n, input[p] == 0x2F {
            // Bytes that are not copied as they are: the path percent-encode set (which holds "?"
            // and "#") plus "/" and "\". One test per byte for the ordinary ones.
            let path = PercentEncodeSet.path
            let pathStop = ByteMask(low: path.low | 1 << 0x2F, high: path.high | 1 << (0x5C - 64))
            p += 1
            var segmentStart = p
            while p < n {
                let b = input[p]
                if b < 0x80, !pathStop.contains(b) {
                    p += 1
                } else if b == 0x2F {
                    if isDotSegment(input, segmentStart, p) { return nil }
                    p += 1
                    segmentStart = p
                } else if b == 0x3F || b == 0x23 {
                    break
                } else {
                    return nil  // a byte to percent-encode, or "\"
                }
            }
            if isDotSegment(input, segmentStart, p) { return nil }
        }
        let pathEnd = p

        // Query and fragment: copied as is when no byte needs encoding.
        var queryStart: Int? = nil
        if p < n, input[p] == 0x3F {
            queryStart = p
            let queryStop = ByteMask(PercentEncodeSet.specialQuery)  // holds "#"
            p += 1
            while p < n {
                let b = input[p]
                if b < 0x80, !queryStop.contains(b) {
                    p += 1
                } else if b == 0x23 {
                    break
                } else {
                    return nil
                }
            }
        }
        var fragmentStart: Int? = nil
        if p < n {  // at "#"
            fragmentStart = p
            let fragmentStop = ByteMask(PercentEncodeSet.fragment)
            p += 1
            while p < n {
                let b = input[p]
                if b >= 0x80 || fragmentStop.contains(b) { return nil }
                p += 1
            }
        }

        // The href: scheme "://" host (lowercased), port, path ("/" when empty), query, fragment.
        let portLength = port.map { 1 + decimalLength($0) } ?? 0
        let authorityEnd = hostEnd + portLength
        let pathLength = pathEnd - pathStart
        // Where input bytes from pathEnd on land in the href.
        let shift = authorityEnd + max(pathLength, 1) - pathEnd
        let total = n + shift
        var url = WHATWGURL()
        // Input that is already serialized (no uppercase in scheme and host, the port as written
        // is the one serialized, a non-empty path) is its own href: the input string is kept, so
        // parse and href allocate nothing.
        let portAsWritten = portEnd - hostEnd == portLength
        for i in 0 ..< schemeEnd where input[i] &- 0x41 < 26 { hasUppercase = true }
        if portAsWritten, pathLength > 0, !hasUppercase {
            url.href = string
        } else {
            url.href = String(unsafeUninitializedCapacity: total) { out in
                let source = input.baseAddress!, target = out.baseAddress!
                for i in 0 ..< hostEnd { target[i] = ASCII.lower(source[i]) }  // ":" and "/" stay
                var w = hostEnd
                if let port {
                    target[w] = 0x3A
                    var value = port
                    var digit = authorityEnd
                    while digit > w + 1 {
                        digit -= 1
                        target[digit] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
                        value /= 10
                    }
                    w = authorityEnd
                }
                if pathLength == 0 {
                    target[w] = 0x2F
                } else {
                    (target + w).update(from: source + pathStart, count: pathLength)
                }
                (target + authorityEnd + max(pathLength, 1)).update(from: source + pathEnd, count: n - pathEnd)
                return total
            }
        }
        url.kind = kind
        url.schemeEnd = schemeEnd
        url.hostKind = .domain
        url.usernameEnd = hostStart
        url.hostStart = hostStart
        url.hostEnd = hostEnd
        url.portValue = port
        url.authorityEnd = authorityEnd
        url.pathStart = authorityEnd
        url.queryStart = queryStart.map { $0 + shift }
        url.fragmentStart = fragmentStart.map { $0 + shift }
        return url
    }
}
