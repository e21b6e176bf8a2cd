// A one-line JSON view of a parse, for the CLI's debugging output. Hand-written JSON (no
// Foundation): keys in a fixed order, null for absent values.

/// `{"input":…,"href":…,"url":…,"host":…,"error":…}` for `input` parsed against `base`.
/// "error" is the Standard's validation-error name (prefixed "base: " when the base is invalid).
/// A URL whose scheme is never allowed in links (javascript:, data:, vbscript:, file:) keeps its
/// "href" for debugging, but has no "url" and the error "disallowed-scheme": no linkdoc output
/// ever carries such a URL as a link.
public func urlRecordJSON(input: String, base: String?) -> String {
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
    var out = "{"
    appendJSONMember("input", input, to: &out, first: true)
    appendJSONMember("href", href, to: &out)
    appendJSONMember("url", url, to: &out)
    appendJSONMember("host", host, to: &out)
    appendJSONMember("error", error, to: &out)
    out += "}"
    return out
}

private func appendJSONMember(_ key: String, _ value: String?, to out: inout String, first: Bool = false) {
    if !first { out += "," }
    out += "\"" + key + "\":"
    if let value { appendJSONString(value, to: &out) } else { out += "null" }
}

/// JSON string literal: escapes `"`, `\` and control characters; everything else stays UTF-8.
func appendJSONString(_ s: String, to out: inout String) {
    out.unicodeScalars.append("\"")
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    out.unicodeScalars.append("\"")
}
