/// The validate stage for URLs: every URL that a link will carry passes through
/// here, so that nothing unusable or unsafe is emitted.
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
    let allowedSchemes: [String]

    init(allowedSchemes: [String]) {
        self.allowedSchemes = allowedSchemes
    }

    /// Schemes that never become links, whatever the manifest allows.
    static let forbiddenSchemes: Set<String> = ["javascript", "data", "vbscript", "file"]

    // PROVISIONAL until the WHATWG parser lands: scheme policy and percent-encoding only.
    func check(_ raw: String) -> URLCheck {
        let trimmed = raw.trimmingASCIIWhitespace()
        guard let colon = trimmed.firstIndex(of: ":") else {
            return URLCheck(url: nil, problems: [URLProblem(severity: .error, message: "invalid URL \"\(raw)\": missing-scheme-non-relative-URL", ruleID: RuleID.invalidURL)])
        }
        let scheme = trimmed[..<colon].lowercased().filter { $0 != "\t" && $0 != "\n" }
        if Self.forbiddenSchemes.contains(scheme) || !allowedSchemes.contains(scheme) {
            return URLCheck(url: nil, problems: [URLProblem(severity: .error, message: "the scheme \"\(scheme):\" is not allowed", ruleID: RuleID.disallowedScheme)])
        }
        var problems: [URLProblem] = []
        if scheme == "http" {
            problems.append(URLProblem(severity: .warning, message: "\(trimmed) is not secure; use https:", ruleID: RuleID.insecureURL))
        }
        var out = ""
        for byte in trimmed.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += Self.escape(byte) }
        }
        return URLCheck(url: out, problems: problems)
    }

    func mailto(_ address: String) -> String? {
        address.utf8.allSatisfy({ $0 < 0x80 }) ? "mailto:" + address : nil
    }

    static func percentEncodeComponent(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            if CharClass.isASCIIAlnum(byte) || "-._~".utf8.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += escape(byte) }
        }
        return out
    }

    private static func escape(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        return "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let u = Array(utf8)
        var lo = 0, hi = u.count
        while lo < hi && u[lo] <= 0x20 { lo += 1 }
        while hi > lo && u[hi - 1] <= 0x20 { hi -= 1 }
        return String(decoding: u[lo..<hi], as: UTF8.self)
    }
}
