// The URL record (URL Standard §4.1) and the reasons a parse can fail.
//
// A URL is stored as its serialization (href, always ASCII) in ONE string plus the UTF-8 offsets
// of its components, like ada's url_aggregator: parsing writes the components in href order
// into a byte buffer, which becomes the href string at the end, so `href` costs nothing (and a
// URL in the common form of CommonForm.swift that is already serialized keeps the input string
// itself). Components are kept already percent-encoded as the Standard requires.
//
//   scheme ":" [ "//" [ username [ ":" password ] "@" ] host [ ":" port ] ] [ "/." ] path [ "?" query ] [ "#" fragment ]
//
// The path is stored serialized ("/a/b", or the opaque path as-is): the path list [a, b] is
// "/a" + "/b", the empty list is "", a list with one empty segment is "/". Segments never
// contain a raw "/" (a literal "/" always splits, "%2F" stays encoded), so popping the last
// segment is "truncate at the last /".

import LinkDocBase

/// The URL Standard's validation errors that make parsing fail, plus "input-too-long"
/// (linkdoc's own limit). The raw value is the Standard's name for the error.
public enum URLValidationError: String, Error, Sendable, Equatable {
    case missingSchemeNonRelativeURL = "missing-scheme-non-relative-URL"
    case hostMissing = "host-missing"
    case hostInvalidCodePoint = "host-invalid-code-point"
    case domainInvalidCodePoint = "domain-invalid-code-point"
    case domainToASCII = "domain-to-ASCII"
    case portOutOfRange = "port-out-of-range"
    case portInvalid = "port-invalid"
    case ipv6Unclosed = "IPv6-unclosed"
    case ipv6InvalidCompression = "IPv6-invalid-compression"
    case ipv6TooManyPieces = "IPv6-too-many-pieces"
    case ipv6MultipleCompression = "IPv6-multiple-compression"
    case ipv6InvalidCodePoint = "IPv6-invalid-code-point"
    case ipv6TooFewPieces = "IPv6-too-few-pieces"
    case ipv4InIPv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces"
    case ipv4InIPv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point"
    case ipv4InIPv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part"
    case ipv4InIPv6TooFewParts = "IPv4-in-IPv6-too-few-parts"
    case ipv4TooManyParts = "IPv4-too-many-parts"
    case ipv4NonNumericPart = "IPv4-non-numeric-part"
    case ipv4OutOfRangePart = "IPv4-out-of-range-part"
    /// Not from the Standard: the input is longer than the caller's limit.
    case inputTooLong = "input-too-long"
}

/// Special schemes get their own case so hot checks ("is special", default port) are cheap.
enum SchemeKind: Sendable, Equatable {
    case http, https, ws, wss, ftp, file, other

    var isSpecial: Bool { self != .other }

    var defaultPort: Int? {
        switch self {
        case .http, .ws: return 80
        case .https, .wss: return 443
        case .ftp: return 21
        case .file, .other: return nil
        }
    }
}

/// What kind of host a URL has (URL Standard §3.1); the host text itself lives in the buffer.
enum HostKind: Sendable, Equatable {
    case domain, opaque, ipv4, ipv6
    /// The empty host (file URLs, "foo:///x").
    case empty
}

/// A URL parsed by the URL Standard's basic URL parser.
public struct WHATWGURL: Sendable, Equatable {
    /// The default limit on input length in UTF-8 bytes. Longer input is an error, never a slow path.
    public static let defaultMaxLength = 32 * 1024

    /// The serialized URL, exactly as the Standard's URL serializer produces it; the offsets
    /// below are UTF-8 offsets into it (see the file comment).
    public internal(set) var href: String = ""
    var kind: SchemeKind = .other
    /// Index of the ":" that ends the scheme.
    var schemeEnd = 0
    /// nil when the URL has no host (host is null): then there is no "//" authority.
    var hostKind: HostKind? = nil
    /// End of the username (it starts at schemeEnd + 3). Equals hostStart without credentials;
    /// otherwise buffer[usernameEnd] is ":" (a password follows) or "@".
    var usernameEnd = 0
    var hostStart = 0
    var hostEnd = 0
    var portValue: Int? = nil
    /// End of the authority ("//…host:port"), or schemeEnd + 1 without a host.
    var authorityEnd = 0
    /// Start of the path: authorityEnd, or authorityEnd + 2 when "/." was inserted.
    var pathStart = 0
    /// Index of the "?" that starts the query, nil when the query is null.
    var queryStart: Int? = nil
    /// Index of the "#" that starts the fragment, nil when the fragment is null.
    var fragmentStart: Int? = nil
    var hasOpaquePath = false
    init() {}

    /// Parses `input` against an optional `base`. Inputs longer than `maxLength` UTF-8 bytes fail
    /// with `.inputTooLong`.
    public static func parse(_ input: String, base: WHATWGURL? = nil,
                             maxLength: Int = defaultMaxLength) -> Result<WHATWGURL, URLValidationError> {
        do {
            return .success(try URLParser.parse(input, base: base, maxLength: maxLength))
        } catch {
            return .failure(error)
        }
    }

    /// Parses `input` against an optional `base`; nil on failure.
    public init?(_ input: String, base: WHATWGURL? = nil) {
        guard case .success(let url) = WHATWGURL.parse(input, base: base) else { return nil }
        self = url
    }

    public var isSpecial: Bool { kind.isSpecial }

    /// Whether the host is a domain (not an IP address, opaque or empty host).
    public var hostIsDomain: Bool { hostKind == .domain }

    // MARK: Bytes and component ranges

    /// Calls `body` with the href's UTF-8 bytes.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var href = self.href  // withUTF8 is mutating; it copies nothing for a native string
        return try href.withUTF8(body)
    }

    /// The href's length in bytes.
    var count: Int { href.utf8.count }

    var pathEnd: Int { queryStart ?? fragmentStart ?? count }
    var queryEnd: Int { fragmentStart ?? count }
    var usernameRange: Range<Int> { hostKind == nil ? 0 ..< 0 : (schemeEnd + 3) ..< usernameEnd }
    var passwordRange: Range<Int> {
        guard hostKind != nil, usernameEnd < hostStart, withBytes({ $0[usernameEnd] }) == 0x3A else { return 0 ..< 0 }
        return (usernameEnd + 1) ..< (hostStart - 1)
    }
    var hostRange: Range<Int> { hostKind == nil ? 0 ..< 0 : hostStart ..< hostEnd }
    var pathRange: Range<Int> { pathStart ..< pathEnd }
    /// The query without "?", nil when null.
    var queryRange: Range<Int>? { queryStart.map { ($0 + 1) ..< queryEnd } }
    /// The fragment without "#", nil when null.
    var fragmentRange: Range<Int>? { fragmentStart.map { ($0 + 1) ..< count } }

    /// Whether path[0] is a normalized Windows drive letter ("C:").
    var firstSegmentIsNormalizedDriveLetter: Bool {
        let p = pathStart, end = pathEnd
        return withBytes { buffer in
            end - p >= 3 && buffer[p] == 0x2F && ASCII.isLetter(buffer[p + 1]) && buffer[p + 2] == 0x3A
                && (end - p == 3 || buffer[p + 3] == 0x2F)
        }
    }
}
