/// URLs that the app fills in before it opens them: a placeholder in the host (`https://{host}/path`,
/// `https://[DOMAIN].example.com/`, `https://%s/help`, `https://${HOST}/`) or after it
/// (`https://www.bing.com/search?q=%s`, `…/releases/v{version}`, `https://threema.id/%2$s`). Copy
/// ships them as templates; as written they are no URL to open (percent-encoding would turn `%s`
/// into `%25s`) and no mistake in the copy, so they make no link and no diagnostic
/// (Grammar/spec.md, "URLs").
enum URLTemplate {
    static func isTemplate(_ raw: String) -> Bool {
        var raw = raw  // its bytes in place: no copy for a native string
        return raw.withUTF8 { isTemplate(bytes: $0) }
    }

    private static func isTemplate(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        var hostStart = colon + 1
        if hostStart + 1 < bytes.count && bytes[hostStart] == UInt8(ascii: "/") && bytes[hostStart + 1] == UInt8(ascii: "/") {
            hostStart += 2
        }
        var end = hostStart
        while end < bytes.count && ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
        // The host follows the user info, if any (`user:pass[word]@host`).
        let authority = bytes[hostStart..<end]
        let host = authority[((authority.lastIndex(of: UInt8(ascii: "@")) ?? authority.startIndex - 1) + 1)...]
        return hostHasPlaceholder(host) || restHasPlaceholder(bytes[end...])
    }

    /// Braces, `$`, angle brackets, a printf placeholder, or square brackets around something that is
    /// not an IPv6 address (`[::1]`, `[2001:db8::1]`: hex digits, `:` and `.`).
    private static func hostHasPlaceholder(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var i = host.startIndex
        while i < host.endIndex {
            switch host[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "$"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                return true
            case UInt8(ascii: "%"):
                if printfPlaceholder(host, at: i) { return true }
            case UInt8(ascii: "["):
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

    /// A printf placeholder, or a name in braces (`{version}`, `{{id}}`, `${id}`), in the path, query
    /// or fragment.
    private static func restHasPlaceholder(_ rest: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var i = rest.startIndex
        while i < rest.endIndex {
            if rest[i] == UInt8(ascii: "%") && printfPlaceholder(rest, at: i) { return true }
            if rest[i] == UInt8(ascii: "{"), let close = rest[i...].firstIndex(of: UInt8(ascii: "}")), close > i + 1,
               rest[(i + 1)..<close].allSatisfy({ ASCII.isLetterOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "{")
                                                   || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) {
                return true
            }
            i += 1
        }
        return false
    }

    /// A printf placeholder of a string or a number (`%s`, `%1$s`, `%@`, `%d`, `%lld`) at `i`; not a
    /// percent-encoded byte (`%E4`, `%d8`).
    private static func printfPlaceholder(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at i: Int) -> Bool {
        if i + 2 < bytes.endIndex && ASCII.isHexDigit(bytes[i + 1]) && ASCII.isHexDigit(bytes[i + 2]) { return false }
        guard let conversion = FormatPlaceholder.printfEnd(in: bytes, at: i, end: bytes.endIndex)?.conversion else { return false }
        return conversion == UInt8(ascii: "s") || conversion == UInt8(ascii: "@") || conversion == UInt8(ascii: "d")
            || conversion == UInt8(ascii: "u")
    }
}
