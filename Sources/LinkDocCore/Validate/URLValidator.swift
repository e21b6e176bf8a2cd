import LinkDocURL

/// The validate stage for URLs: every URL that a link will carry passes through
/// here (WHATWG parsing, IDNA, scheme policy, homograph check, iOS-safe form),
/// so that nothing unusable or unsafe is emitted.
struct URLProblem: Sendable, Equatable {
    var severity: Severity
    var message: String
    var ruleID: String
}

struct URLCheck: Sendable {
    /// The iOS-safe ASCII form, or nil when the URL must not be emitted.
    var url: String?
    var problems: [URLProblem]
}

struct URLValidator: Sendable {
    let policy: LinkURLPolicy
    /// Checks of URLs known before any document (the manifest's), made once:
    /// an agreement is linked in almost every document of a privacy dialog.
    private var known: [String: URLCheck] = [:]

    init(allowedSchemes: [String], maxLength: Int = 32 * 1024, knownURLs: [String] = []) {
        policy = LinkURLPolicy(allowedSchemes: allowedSchemes, maxLength: maxLength)
        for url in knownURLs where known[url] == nil { known[url] = validate(url) }
    }

    func check(_ raw: String) -> URLCheck {
        known[raw] ?? validate(raw)
    }

    private func validate(_ raw: String) -> URLCheck {
        let result = checkLinkURL(raw, policy: policy)
        return URLCheck(url: result.url, problems: result.problems.map { problem in
            URLProblem(severity: Severity(problem.severity), message: problem.message, ruleID: problem.ruleID)
        })
    }

    /// `mailto:` with the domain in IDNA ASCII form, or nil when the domain is not a valid host.
    func mailto(_ address: String) -> String? {
        mailtoURL(address: address)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters, for URL templates.
    static func percentEncodeComponent(_ s: String) -> String {
        percentEncode(s, using: .component)
    }
}

extension Severity {
    init(_ severity: LinkURLSeverity) {
        switch severity {
        case .error: self = .error
        case .warning: self = .warning
        case .info: self = .info
        }
    }
}

extension String {
    /// Without leading and trailing ASCII white space and controls (as URL parsing strips them).
    func trimmingASCIIWhitespace() -> String {
        let u = Array(utf8)
        var lo = 0, hi = u.count
        while lo < hi && u[lo] <= 0x20 { lo += 1 }
        while hi > lo && u[hi - 1] <= 0x20 { hi -= 1 }
        return String(decoding: u[lo..<hi], as: UTF8.self)
    }
}
