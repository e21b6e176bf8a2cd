/// What `linkdoc url` says about an input parsed against a base: its WHATWG serialization, the
/// iOS-safe form a link would carry, the host, or why it is not a usable URL.
public struct URLReport: Sendable, Equatable {
    public let input: String
    public let href: String?
    /// The iOS-safe form; nil when the input is invalid or its scheme is never allowed in links
    /// (javascript:, data:, vbscript:, file:), which keep their `href` for debugging.
    public let url: String?
    public let host: String?
    /// The Standard's validation-error name (prefixed "base: " when the base is invalid), or
    /// "disallowed-scheme"; nil for a usable URL.
    public let error: String?

    public init(input: String, base: String?) {
        self.input = input
        var href: String? = nil, url: String? = nil, host: String? = nil, error: String? = nil
        var baseURL: WHATWGURL? = nil
        if let base {
            switch WHATWGURL.parse(base) {
            case .success(let b): baseURL = b
            case .failure(let e): error = "base: " + e.rawValue
            }
        }
        if error == nil {
            switch WHATWGURL.parse(input, base: baseURL) {
            case .success(let parsed):
                href = parsed.href
                host = parsed.serializedHost
                if alwaysDisallowedSchemes.contains(parsed.scheme) {
                    error = "disallowed-scheme"
                } else {
                    url = parsed.iOSSafe
                }
            case .failure(let e):
                error = e.rawValue
            }
        }
        (self.href, self.url, self.host, self.error) = (href, url, host, error)
    }
}
