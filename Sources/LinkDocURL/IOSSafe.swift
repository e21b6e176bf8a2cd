// The iOS-safe form of a URL: its WHATWG serialization with every character that RFC 3986 does
// not allow in that component percent-encoded.
//
// Why: `URL(string:)` before iOS 17 (and `URL(string:encodingInvalidCharacters: false)` after)
// follows RFC 3986 and returns nil for a link containing non-ASCII, spaces, `| { } ^ \ \``, `[ ]`
// outside an IPv6 host, a stray `%` or a second `#`. The WHATWG href is already ASCII (hosts go
// through IDNA, everything else is percent-encoded), but the Standard leaves some of these
// characters alone, so they are encoded here per component.

import LinkDocBase

/// A set of ASCII bytes RFC 3986 allows literally in a component; every other byte is
/// percent-encoded, except "%" that starts a valid "%XX" escape.
private struct RFC3986Allowed {
    let low: UInt64
    let high: UInt64

    init(_ characters: String) {
        var low: UInt64 = 0, high: UInt64 = 0
        for b in characters.utf8 {
            if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
        }
        self.low = low
        self.high = high
    }

    @inline(__always) func contains(_ b: UInt8) -> Bool {
        if b < 64 { return (low >> UInt64(b)) & 1 == 1 }
        if b < 128 { return (high >> UInt64(b &- 64)) & 1 == 1 }
        return false
    }

    static let unreservedAndSubDelims =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + "!$&'()*+,;="
    /// userinfo = *( unreserved / pct-encoded / sub-delims / ":" ); username and password are
    /// emitted separately, so ":" is only allowed in the password.
    static let username = RFC3986Allowed(unreservedAndSubDelims)
    static let password = RFC3986Allowed(unreservedAndSubDelims + ":")
    /// reg-name = *( unreserved / pct-encoded / sub-delims )
    static let regName = RFC3986Allowed(unreservedAndSubDelims)
    /// path segments: pchar = unreserved / pct-encoded / sub-delims / ":" / "@", plus "/".
    static let path = RFC3986Allowed(unreservedAndSubDelims + ":@/")
    /// query and fragment = *( pchar / "/" / "?" ). "#" is not allowed: a second "#" is encoded.
    static let queryOrFragment = RFC3986Allowed(unreservedAndSubDelims + ":@/?")
}

extension Array where Element == UInt8 {
    /// Appends `bytes`, percent-encoding what `allowed` does not contain; "%" stays only when
    /// it starts a valid escape, otherwise it becomes "%25".
    fileprivate mutating func appendRFC3986(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ allowed: RFC3986Allowed) {
        var i = bytes.startIndex
        let n = bytes.endIndex
        while i < n {
            let b = bytes[i]
            if b == 0x25 {
                if i + 2 < n, ASCII.isHexDigit(bytes[i + 1]), ASCII.isHexDigit(bytes[i + 2]) {
                    append(0x25)
                } else {
                    append(contentsOf: [0x25, 0x32, 0x35])
                }
            } else if allowed.contains(b) {
                append(b)
            } else {
                append(0x25)
                append(hexDigit(b >> 4))
                append(hexDigit(b & 0xF))
            }
            i += 1
        }
    }
}

extension WHATWGURL {
    /// The iOS-safe ASCII form, plus the offset where the authority ends (where the path starts),
    /// used to tell normalization of scheme/host from real changes.
    func iOSSafeBytes() -> (bytes: [UInt8], authorityEnd: Int) {
        withBytes { iOSSafeBytes(buffer: $0) }
    }

    private func iOSSafeBytes(buffer: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], authorityEnd: Int) {
        var out: [UInt8] = []
        out.reserveCapacity(buffer.count + 16)
        out.append(contentsOf: buffer[0 ... schemeEnd])  // ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        if let hostKind {
            out.append(contentsOf: [0x2F, 0x2F])
            if hostStart > schemeEnd + 3 {  // credentials
                out.appendRFC3986(buffer[usernameRange], .username)
                let password = passwordRange
                if !password.isEmpty {
                    out.append(0x3A)
                    out.appendRFC3986(buffer[password], .password)
                }
                out.append(0x40)
            }
            switch hostKind {
            case .domain, .opaque:
                out.appendRFC3986(buffer[hostRange], .regName)
            case .ipv4, .ipv6, .empty:
                out.append(contentsOf: buffer[hostRange])  // IP-literal keeps its brackets
            }
            out.append(contentsOf: buffer[hostEnd ..< authorityEnd])  // ":port"
        }
        out.append(contentsOf: buffer[authorityEnd ..< pathStart])  // "/." when inserted
        let authorityEnd = out.count
        out.appendRFC3986(buffer[pathRange], .path)
        if let query = queryRange {
            out.append(0x3F)
            out.appendRFC3986(buffer[query], .queryOrFragment)
        }
        if let fragment = fragmentRange {
            out.append(0x23)
            out.appendRFC3986(buffer[fragment], .queryOrFragment)
        }
        return (out, authorityEnd)
    }

    /// The iOS-safe form: ASCII only, accepted by `URL(string:)` on every iOS version
    /// (RFC 3986: no `| { } ^ \ \`` or space, `[ ]` only around an IPv6 host, `%` only in valid
    /// escapes, at most one `#`).
    public var iOSSafe: String {
        String(decoding: iOSSafeBytes().bytes, as: UTF8.self)
    }
}
