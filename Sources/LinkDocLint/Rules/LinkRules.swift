@_spi(Bytes) import LinkDocBase
import LinkDocCore
import LinkDocModel

/// The visible text looks like a URL or domain, and the link goes elsewhere.
public struct LinkTextMismatchRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .linkTextMismatch, defaultSeverity: .warning,
        summary: "Link text that names one site while the link points to another",
        rationale: "Text that shows example.com but opens evil.example is how phishing works; in honest copy it is a stale link.",
        triggering: ["↓[www.example.com](https://other.example)", "↓[https://a.example.com/x](https://b.example.com/x)"],
        nonTriggering: ["[www.example.com](https://example.com)", "[帮助中心](https://example.com)", "https://example.com/help",
                        "[Example.COM/help](https://www.example.com/help)"])

    public func check(_ context: LintContext) -> [LintFinding] {
        context.linksWithSources.compactMap { link, source in
            guard link.kind == .url, let url = link.url, let linkHost = Self.host(ofURL: url),
                  let shownHost = Self.domain(in: link.text),
                  Self.normalized(shownHost) != Self.normalized(linkHost) else { return nil }
            return context.finding(Self.description.id, "the text shows \(shownHost) but the link opens \(linkHost)", at: source.lowerBound)
        }
    }

    static func host(ofURL url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        var host = url[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let colon = host.lastIndex(of: ":"), !host.hasPrefix("[") { host = host[..<colon] }
        return host.isEmpty ? nil : String(host)
    }

    /// The host that a link's text shows, if the text is a URL or a bare domain.
    static func domain(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: " ")
        if trimmed.contains("://") { return host(ofURL: trimmed) }
        let candidate = trimmed.prefix { !"/?#".contains($0) }
        let labels = candidate.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, !candidate.contains(" "),
              labels.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0.isASCII ? (Script.isLatinLetterOrDigit($0) || $0 == "-") : true } }),
              let tld = labels.last, tld.count >= 2, tld.unicodeScalars.allSatisfy({ !("0"..."9").contains($0) })
        else { return nil }
        return String(candidate)
    }

    private static func normalized(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasPrefix("www.") ? String(lower.dropFirst(4)) : lower
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

/// A bare URL that CJK letters follow directly: where it ends is a guess (Grammar/spec.md, "Bare URLs").
public struct AmbiguousURLEndRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .ambiguousURLEnd, defaultSeverity: .warning,
        summary: "A bare URL that CJK text follows without a space, so that its end is a guess",
        rationale: "In https://example.com/help了解更多 the URL might be …/help or …/help了解更多; linkdoc ends it before the CJK letters, which is wrong for a CJK path. Write <https://…>, put a space after the URL, or link text: [了解更多](https://…).",
        triggering: ["详见↓https://example.com/help了解更多", "访问↓https://example.com了解", "详见↓https://zh.wikipedia.org/wiki/北京"],
        nonTriggering: ["详见 https://example.com/help 了解更多", "详见https://example.com/help。", "见 https://zh.wikipedia.org/wiki/北京 了解",
                        "详见<https://example.com/help>了解更多", "[了解更多](https://example.com/help)",
                        "使用<a href=\"https://example.com/dav/\">https://example.com/dav/</a>就是"])

    public func check(_ context: LintContext) -> [LintFinding] {
        let bytes = context.bytes
        return context.linksWithSources.compactMap { link, source in
            guard link.kind == .url, source.upperBound < bytes.count, Self.isBareURL(bytes[source]) else { return nil }
            let after = bytes[source.upperBound..<min(bytes.count, source.upperBound + 4)]  // one scalar at most
            guard let next = String(decoding: after, as: UTF8.self).unicodeScalars.first, CJKLetters.isLetter(next) else { return nil }
            return context.finding(Self.description.id,
                                   "the URL \(link.text) ends where \(Character(next)) begins only by guess; write <\(link.text)>, put a space after it, or link text: [text](\(link.text))",
                                   at: source.lowerBound)
        }
    }

    /// Whether a link's source is a bare URL (`http…` or `www.…`), not markup around one: an HTML
    /// anchor whose text is a URL (`<a href="…">https://…</a>`) ends with its end tag, where the
    /// link ends for certain.
    private static func isBareURL(_ source: ArraySlice<UInt8>) -> Bool {
        guard let first = source.first, source.last != UInt8(ascii: ">") else { return false }
        return first | 0x20 == UInt8(ascii: "h") || first | 0x20 == UInt8(ascii: "w")
    }
}

/// A mention the manifest cannot map to a user id, where the manifest has a mention table.
public struct UnresolvedMentionRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .unresolvedMention, defaultSeverity: .warning,
        summary: "A @mention that the manifest's mention table does not know",
        rationale: "Where the app resolves mentions through the manifest, an unknown name opens no profile; it is often a renamed or misspelled account.",
        triggering: ["感谢 ↓@小红"],
        nonTriggering: ["感谢 @小明", "[@小红](user:u_2)"])

    public func check(_ context: LintContext) -> [LintFinding] {
        guard !context.manifest.mentions.isEmpty else { return [] }
        return context.linksWithSources.compactMap { link, source in
            guard case .mention(let name, nil) = link.target else { return nil }
            return context.finding(Self.description.id, "@\(name) is not in the manifest's mentions", at: source.lowerBound)
        }
    }
}

/// Two links with nothing between them to tap apart.
public struct AdjacentLinksRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .adjacentLinks, defaultSeverity: .warning,
        summary: "Two links that touch, with nothing between them to tell them apart",
        rationale: "Where two links run together (@小明@小红, or two explicit links), users cannot see where one ends and cannot tap the one they mean. Brackets such as 《》 between them are enough.",
        triggering: ["@小明↓@alice", "[帮助](https://example.com/a)↓[反馈](https://example.com/b)"],
        nonTriggering: ["@小明 @alice", "《用户协议》《隐私政策》", "[帮助](https://example.com/a) [反馈](https://example.com/b)"])

    private static let closing: Set<Unicode.Scalar> = ["》", "」", "』", "】", "）", ")", "]", "”", "#"]
    private static let opening: Set<Unicode.Scalar> = ["《", "「", "『", "【", "（", "(", "[", "“", "#"]

    public func check(_ context: LintContext) -> [LintFinding] {
        let links = context.linksWithSources
        guard links.count >= 2 else { return [] }
        var findings: [LintFinding] = []
        for i in 1..<links.count {
            let a = links[i - 1].link, b = links[i].link
            guard a.range.utf8.upperBound == b.range.utf8.location,
                  let last = a.text.unicodeScalars.last, let first = b.text.unicodeScalars.first,
                  !Self.closing.contains(last), !Self.opening.contains(first) else { continue }
            findings.append(context.finding(Self.description.id, "\"\(a.text)\" and \"\(b.text)\" touch; put a space or punctuation between them",
                                            at: links[i].source.lowerBound))
        }
        return findings
    }
}

/// The same target linked twice in one document.
public struct DuplicateLinkRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .duplicateLink, defaultSeverity: nil,
        summary: "The same target linked more than once in one document",
        rationale: "Repeated links to one page add tap targets without adding meaning; usually the first mention is enough.",
        triggering: ["《用户协议》……再次阅读↓《用户协议》", "https://example.com 和 ↓[这里](https://example.com)"],
        nonTriggering: ["《用户协议》和《隐私政策》",
                        "联系 dpo@example.com。" + String(repeating: "第二节的长文本。", count: 40) + "如有疑问，请联系 dpo@example.com。"])

    /// How far back a repeated link counts, in UTF-16 units of the text: about a dialog's or a
    /// checkbox's length. Pages and FAQs repeat a contact or a reference in later sections on
    /// purpose; in a dialog a repeat is an extra tap target.
    static let nearby = 300

    public func check(_ context: LintContext) -> [LintFinding] {
        var seen: [String: Int] = [:]  // target → where its last link ends (UTF-16)
        var findings: [LintFinding] = []
        for (link, source) in context.linksWithSources {
            let key: String
            switch link.target {
            case .agreement(let id, _): key = "agreement:" + id
            case .mention(let name, let user):
                // `//@a:…//@b:…//@a:` is a repost chain: each @ names who passed the post on.
                if source.lowerBound >= 2, context.bytes[source.lowerBound - 2] == UInt8(ascii: "/"),
                   context.bytes[source.lowerBound - 1] == UInt8(ascii: "/") { continue }
                key = "user:" + (user ?? name)
            case .topic(let name, let id): key = "topic:" + (id ?? name)
            case .action: continue  // "展开" twice is two different places to expand
            case .appHandled: continue  // what `#` or `#faq` does is the app's, tap by tap, as for actions
            case .appFilled(let placeholder): key = "app:" + placeholder
            default: key = link.url ?? link.text
            }
            if let end = seen[key], link.range.utf16.location - end <= Self.nearby {
                findings.append(context.finding(Self.description.id, "\"\(link.text)\" links to the same target as an earlier link", at: source.lowerBound))
            }
            seen[key] = link.range.utf16.location + link.range.utf16.length
        }
        return findings
    }
}
