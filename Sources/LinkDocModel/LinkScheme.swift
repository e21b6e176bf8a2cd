import Foundation
import LinkDocBase

/// URLs in the app's own scheme for links that have no URL of their own (actions, mentions
/// without a `mentionURL`, topics, app links), so that a stock `UITextView` delegate or
/// SwiftUI's `openURL` sees every tap; `target(of:)` turns such a URL back into the payload.
///
/// The shape, for the scheme `myapp` (the manifest's `options.linkScheme`):
///
///     myapp://agreement/ID?title=TITLE      LinkTarget.agreement(id:title:)
///     myapp://mention/NAME[?id=USERID]      LinkTarget.mention(name:userID:)
///     myapp://topic/NAME[?id=ID]            LinkTarget.topic(name:id:)
///     myapp://action/NAME                   LinkTarget.action(name:)
///     myapp://email/ADDRESS                 LinkTarget.email(address:)
///     myapp://phone/DIGITS[?ext=EXTENSION]  LinkTarget.phone(digits:extension:)
///     myapp://app/FRAGMENT                  LinkTarget.appHandled(fragment:)  (`myapp://app/` for `#`)
///     myapp://app-placeholder/PLACEHOLDER   LinkTarget.appFilled(placeholder:)
///
/// The host names the kind; the one path segment and the query values are the payload's
/// strings as UTF-8, every byte but the unreserved ones (`A–Z a–z 0–9 - . _ ~`)
/// percent-encoded, so a name with `/`, `?`, `#`, spaces or CJK survives the round trip and
/// the URL is ASCII, as every iOS version's `URL(string:)` wants. A web link (`LinkTarget.url`)
/// has no scheme URL: its URL is its payload.
public struct LinkScheme: Hashable, Sendable {
    /// The scheme, lowercased (`myapp`).
    public let name: String

    /// Nil unless `name` is an RFC 3986 scheme (a letter, then letters, digits, `+`, `-`, `.`)
    /// that is not one of the web's own (`http`, `https`, `mailto`, `tel`, `sms`, `file`) or one
    /// that is never a link (`javascript`, `data`, `vbscript`): a tap on such a URL would leave
    /// the app or do harm instead of reaching its handler.
    public init?(_ name: String) {
        let lower = name.lowercased()
        guard let first = lower.utf8.first, (0x61...0x7A).contains(first),
              lower.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }),
              !Self.reserved.contains(lower) else { return nil }
        self.name = lower
    }

    /// Schemes that already mean something to the system, or must never be links.
    public static let reserved: Set<String> = ["http", "https", "mailto", "tel", "sms", "file", "javascript", "data", "vbscript", "about", "blob"]

    /// The scheme URL of `target`; nil for a web link, whose own URL is its payload.
    public func url(for target: LinkTarget) -> URL? {
        urlString(for: target).flatMap(URL.init(string:))
    }

    public func urlString(for target: LinkTarget) -> String? {
        guard let parts = target.schemeURLParts else { return nil }
        var s = name + "://" + parts.host + "/" + Self.percentEncoded(parts.path)
        let present = parts.query.compactMap { key, value in value.map { key + "=" + Self.percentEncoded($0) } }
        if !present.isEmpty { s += "?" + present.joined(separator: "&") }
        return s
    }

    /// The payload of a URL that `url(for:)` made; nil for any other URL (another scheme, an
    /// unknown kind, a missing or malformed part), so the app passes those on.
    public func target(of url: URL) -> LinkTarget? {
        target(ofURLString: url.absoluteString)
    }

    public func target(ofURLString string: String) -> LinkTarget? {
        let prefix = name + "://"
        guard string.count > prefix.count, string.prefix(prefix.count).lowercased() == prefix else { return nil }
        let rest = string.dropFirst(prefix.count)
        guard let slash = rest.firstIndex(of: "/"), !rest.contains("#") else { return nil }
        let host = rest[..<slash].lowercased()
        let afterHost = rest[rest.index(after: slash)...]
        let pathPart = afterHost.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard !pathPart[0].contains("/"), let path = Self.percentDecoded(pathPart[0]) else { return nil }
        var query: [String: String] = [:]
        if pathPart.count == 2 {
            for pair in pathPart[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard kv.count == 2, let value = Self.percentDecoded(kv[1]) else { return nil }
                query[String(kv[0])] = value
            }
        }
        return LinkTarget(schemeHost: host, path: path, query: query)
    }

    /// Every UTF-8 byte but RFC 3986's unreserved ones as `%XX`.
    static func percentEncoded(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: out.append(b)
            default: out += [0x25, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `%XX` decoded; nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecoded<S: StringProtocol>(_ s: S) -> String? {
        var out: [UInt8] = []
        var bytes = s.utf8.makeIterator()
        while let b = bytes.next() {
            if b == 0x25 {
                guard let high = bytes.next().flatMap(ASCII.hexValue), let low = bytes.next().flatMap(ASCII.hexValue) else { return nil }
                out.append(high << 4 | low)
            } else {
                out.append(b)
            }
        }
        return String(bytes: out, encoding: .utf8)
    }
}
