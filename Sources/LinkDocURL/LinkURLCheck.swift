// The link checks the compiler runs on every URL in the copy: parse (WHATWG), scheme policy,
// insecure http, homograph hosts, and an iOS-safe form with a note when it differs from what
// the author wrote.

import LinkDocBase

public struct LinkURLPolicy: Sendable {
    /// Lowercased schemes without ":", e.g. ["https", "http", "mailto", "tel", "myapp"].
    public var allowedSchemes: [String]
    /// Longest accepted input, in UTF-8 bytes.
    public var maxLength: Int

    public init(allowedSchemes: [String] = ["https", "http", "mailto", "tel"], maxLength: Int = 32 * 1024) {
        self.allowedSchemes = allowedSchemes
        self.maxLength = maxLength
    }
}

public struct LinkURLCheck: Sendable {
    public let input: String
    /// WHATWG serialization; nil when invalid or disallowed.
    public let href: String?
    /// The iOS-safe ASCII form; nil when invalid or disallowed.
    public let url: String?
    /// ASCII host as serialized; nil if the URL has none (or did not parse).
    public let host: String?
    public let problems: [Problem]
}

/// Schemes that are never allowed in links, whatever the policy says: they run code
/// (javascript:, vbscript:), embed content (data:) or reach the local disk (file:).
public let alwaysDisallowedSchemes: Set<String> = ["javascript", "data", "vbscript", "file"]

/// Why a link may not use `scheme` (a parsed URL's lowercased scheme), or nil when it may.
public func schemeProblem(_ scheme: String, policy: LinkURLPolicy) -> Problem? {
    if alwaysDisallowedSchemes.contains(scheme) {
        return Problem(.disallowedScheme, .error,
                              "scheme \"\(scheme):\" is never allowed in links")
    }
    if !policy.allowedSchemes.contains(where: { $0.lowercased() == scheme }) {
        return Problem(.unlistedScheme, .warning,
                       "scheme \"\(scheme):\" is not among the manifest's schemes (\(policy.allowedSchemes.joined(separator: ", "))), so the link stays text; list it under \"schemes\" to link it")
    }
    return nil
}

public func checkLinkURL(_ input: String, policy: LinkURLPolicy) -> LinkURLCheck {
    func failed(_ problem: Problem, host: String? = nil) -> LinkURLCheck {
        LinkURLCheck(input: input, href: nil, url: nil, host: host, problems: [problem])
    }

    let parsed: WHATWGURL
    switch WHATWGURL.parse(input, maxLength: policy.maxLength) {
    case .failure(.inputTooLong):
        return failed(Problem(.invalidURL, .error,
            "URL is \(input.utf8.count) bytes, longer than the limit of \(policy.maxLength) (input-too-long)"))
    case .failure(let error):
        let hint = error == .missingSchemeNonRelativeURL ? schemeSuggestion(for: input).map { "; did you mean \($0)?" } ?? "" : ""
        return failed(Problem(.invalidURL, .error,
            "not a valid URL (\(error.rawValue))\(hint)"))
    case .success(let url):
        parsed = url
    }

    // The scheme is checked after parsing: the parser strips leading control characters and
    // spaces, removes tabs/newlines ("java\tscript:") and lowercases, exactly as a browser would.
    if let problem = schemeProblem(parsed.scheme, policy: policy) {
        return failed(problem, host: parsed.serializedHost)
    }

    var problems: [Problem] = []
    if parsed.kind == .http {
        problems.append(Problem(.insecureURL, .warning,
            "http: links are not encrypted; use https:"))
    }
    let host = parsed.serializedHost
    if parsed.hostIsDomain, let host, let spoof = hostSpoof(host) {
        let shown = "host \"\(domainToUnicode(host))\" (\(host))"
        switch spoof {
        case .mixedScripts:
            problems.append(Problem(.homographHost, .warning, "\(shown) mixes scripts like a homograph attack"))
        case .wholeScriptLookalike:
            problems.append(Problem(.homographHost, .warning,
                "\(shown) is written in another script's letters that look like Latin ones, like a homograph attack"))
        }
    }
    let href = parsed.href
    let (safeBytes, authorityEnd) = parsed.iOSSafeBytes()
    let safe = String(decoding: safeBytes, as: UTF8.self)
    if !sameModuloNormalization(input: input, safe: safeBytes, authorityEnd: authorityEnd) {
        problems.append(Problem(.encodedURL, .info,
            "iOS will open \(safe)"))
    }
    return LinkURLCheck(input: input, href: href, url: safe, host: host, problems: problems)
}

/// Whether `safe` is `input` up to ASCII case in the scheme and authority and the "/" that the
/// Standard adds as the path of "https://example.com". Anything else (non-ASCII, percent-encoding,
/// trimming, dot segments) counts as a change worth telling the author about.
private func sameModuloNormalization(input: String, safe: [UInt8], authorityEnd: Int) -> Bool {
    var i = input.utf8.startIndex
    let end = input.utf8.endIndex
    var j = 0
    while j < safe.count {
        let s = safe[j]
        if i == end || (j == authorityEnd && s == 0x2F && (input.utf8[i] == 0x3F || input.utf8[i] == 0x23)) {
            // Input ended (or went on to "?"/"#") where the serialization has the implied "/" path.
            guard j == authorityEnd, s == 0x2F else { return false }
            j += 1
            continue
        }
        let b = input.utf8[i]
        if b >= 0x80 { return false }
        if b != s {
            guard j < authorityEnd, ASCII.lower(b) == s else { return false }
        }
        i = input.utf8.index(after: i)
        j += 1
    }
    return i == end
}

/// `https://example.com` for `example.com` or `www.example.com/privacy`: a target that has no
/// scheme but starts with what reads as a domain name (a dot inside, a letter-only last label);
/// `mailto:support@example.com` for an address. Nil for relative paths (`terms.html` too), text
/// with spaces and other non-URLs.
public func schemeSuggestion(for input: String) -> String? {
    let trimmed = input
    if let at = trimmed.firstIndex(of: "@"), at != trimmed.startIndex, !trimmed.contains("/"), !trimmed.contains(" "),
       let domain = WHATWGURL("https://" + trimmed[trimmed.index(after: at)...])?.serializedHost, domain.contains(".") {
        return "mailto:" + trimmed
    }
    guard let first = trimmed.unicodeScalars.first, first != "/", first != ".", first != "#", first != "?",
          !trimmed.unicodeScalars.contains(where: { $0 == " " || $0 == "\\" }) else { return nil }
    let candidate = "https://" + trimmed
    guard let url = WHATWGURL(candidate), let host = url.serializedHost,
          let dot = host.lastIndex(of: "."), host.startIndex < dot else { return nil }
    let tld = host[host.index(after: dot)...]
    guard tld.count >= 2, tld.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
          tld.contains(where: \.isLetter), !fileExtensions.contains(tld.lowercased()) else { return nil }
    return candidate
}

/// Last labels that name a file (`terms.html`), not a top-level domain.
private let fileExtensions: Set<String> = ["html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "pdf", "txt", "json",
                                           "xml", "png", "jpg", "jpeg", "gif", "svg", "webp", "css", "js", "md"]
