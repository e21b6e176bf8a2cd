/// URLs whose host the app fills in: `https://{host}/path`, `https://[DOMAIN].example.com/`,
/// `https://%s/help`, `https://${HOST}/`. Copy ships them as templates (the app puts the tenant's
/// or the region's host there); they are no URL to open as written and no mistake in the copy, so
/// they make no link and no diagnostic (Grammar/spec.md, "URLs").
enum URLTemplate {
    /// Whether the host of `raw` (after `scheme://` and any user info, up to `/`, `?` or `#`) holds a placeholder:
    /// braces, `$`, angle brackets, a printf placeholder (`%s`, `%1$s`, `%@`, `%d`), or square brackets
    /// around something that is not an IPv6 address.
    static func hasPlaceholderHost(_ raw: String) -> Bool {
        let bytes = Array(raw.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
              bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return false }
        var end = colon + 3
        while end < bytes.count && ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
        // The host follows the user info, if any (`user:pass[word]@host`).
        let authority = bytes[(colon + 3)..<end]
        let host = authority[((authority.lastIndex(of: UInt8(ascii: "@")) ?? authority.startIndex - 1) + 1)...]
        var i = host.startIndex
        while i < host.endIndex {
            switch host[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "$"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                return true
            case UInt8(ascii: "%"):
                // `%s`, `%1$s`, `%@`, `%d`; not a percent-encoded byte (`%E4`).
                var k = i + 1
                while k < host.endIndex && (ASCII.isDigit(host[k]) || host[k] == UInt8(ascii: "$")) { k += 1 }
                if k < host.endIndex && [UInt8(ascii: "s"), UInt8(ascii: "@"), UInt8(ascii: "d")].contains(host[k])
                    && !(k == i + 2 && ASCII.isHexDigit(host[i + 1])) { return true }
            case UInt8(ascii: "["):
                // An IPv6 address is hex digits, `:` and `.` (`[::1]`, `[2001:db8::1]`); `[DOMAIN]` is a name.
                guard let close = host[i...].firstIndex(of: UInt8(ascii: "]")) else { return true }
                if !host[(i + 1)..<close].allSatisfy({ ASCII.isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) {
                    return true
                }
                i = close
            default:
                break
            }
            i += 1
        }
        return false
    }
}
