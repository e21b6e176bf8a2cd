import LinkDocCore

/// Rules whose findings come from the compiler itself: linting and compiling
/// never disagree about them. The lint configuration still sets their severity.
public protocol CompilerReportedRule: OptionlessRule {}

extension CompilerReportedRule {
    public func check(_ context: LintContext) -> [LintFinding] {
        context.result.diagnostics.filter { $0.ruleID == Self.description.id }.map {
            LintFinding(ruleID: $0.ruleID, message: $0.message, offset: $0.location?.offset ?? 0)
        }
    }
}

public struct EmptyLinkTextRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.emptyLinkText, defaultSeverity: .warning,
        summary: "A link with no visible text",
        rationale: "A link without text cannot be seen or tapped, and screen readers announce an empty link.",
        triggering: ["↓[](https://example.com)", "↓[  ](https://example.com)"],
        nonTriggering: ["[帮助](https://example.com)"])
}

public struct InvalidURLRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.invalidURL, defaultSeverity: .error,
        summary: "A link target that is not a valid URL",
        rationale: "iOS and Android refuse to open an invalid URL; the tap silently does nothing.",
        triggering: ["[帮助](↓https://exa mple.com)", "[官网](↓example.com)"],
        nonTriggering: ["[帮助](https://example.com/help)"])
}

public struct DisallowedSchemeRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.disallowedScheme, defaultSeverity: .error,
        summary: "A URL scheme that is never allowed in links: javascript:, data:, vbscript:, file:",
        rationale: "Copy comes from many hands. Script and data URLs are an injection risk, and file: reaches the device's disk.",
        triggering: ["[点我](↓javascript:alert(1))", "[文件](↓file:///etc/passwd)"],
        nonTriggering: ["[打开](https://example.com)", "[写信](mailto:a@example.com)"])
}

public struct UnlistedSchemeRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.unlistedScheme, defaultSeverity: .warning,
        summary: "A URL of a scheme that the manifest's schemes do not list (an app's own deep links, other apps' schemes)",
        rationale: "linkdoc links custom schemes only where the manifest lists them: a scheme that the app does not handle opens nothing. An app's own scheme (myapp://about) belongs under \"schemes\".",
        triggering: ["[打开](↓otherapp://x)"],
        nonTriggering: ["[打开](https://example.com)", "[写信](mailto:a@example.com)"])
}

public struct InsecureURLRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.insecureURL, defaultSeverity: .warning,
        summary: "An http: link",
        rationale: "Plain http exposes users to tampering, and App Transport Security blocks it in apps by default; legal pages especially should be https.",
        triggering: ["↓http://example.com", "[旧站](↓http://example.com)"],
        nonTriggering: ["https://example.com"])
}

public struct EncodedURLRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.encodedURL, defaultSeverity: nil,
        summary: "A URL with non-ASCII characters or spaces, which linkdoc encoded",
        rationale: "iOS before 17 refuses such URLs; linkdoc emits the encoded form. This tells you what the app will actually open.",
        triggering: ["[政策](↓https://example.com/隐私 政策)", "↓https://example.com/café"],
        nonTriggering: ["https://example.com/privacy"])
}

public struct RelativeHrefRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.relativeHref, defaultSeverity: .info,
        summary: "A relative link target (/contact, faq.html, termsOfService) that no options.baseURL resolves",
        rationale: "Without a base URL a relative target opens nothing, so it makes no link; an app that handles such targets itself makes them tappable in code, and a team that links to its site sets options.baseURL.",
        triggering: ["↓<a href=\"/contact\">联系我们</a>", "[帮助](↓faq.html)"],
        nonTriggering: ["<a href=\"https://example.com/contact\">联系我们</a>", "<a href=\"/n/小明\">@小明</a>"])
}

public struct HomographHostRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.homographHost, defaultSeverity: .warning,
        summary: "A host whose labels mix scripts the way homograph attacks do",
        rationale: "A host such as аpple.com (with a Cyrillic а) looks like a trusted site but is another one.",
        triggering: ["[登录](↓https://аpple.com)"],
        nonTriggering: ["[登录](https://apple.com)", "[例子](https://例子.公司)"])
}

public struct InvalidTargetRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.invalidTarget, defaultSeverity: .error,
        summary: "A typed link target (user:, topic:, action:, tel:) without a valid value",
        rationale: "The app cannot act on a typed link without its id or name.",
        triggering: ["[展开](↓action:展开)", "[他](↓user:)"],
        nonTriggering: ["[展开](action:expand)", "[@小明](user:u_1)"])
}

public struct MentionTooLongRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.mentionTooLong, defaultSeverity: .warning,
        summary: "An @name longer than the mention limit (30 characters by default)",
        rationale: "Over-long names are usually text glued to a mention; the mention is not made.",
        triggering: ["↓@" + String(repeating: "长", count: 31)],
        nonTriggering: ["@小明"])
}

public struct TopicTooLongRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.topicTooLong, defaultSeverity: .warning,
        summary: "A #topic# longer than the topic limit (64 characters by default)",
        rationale: "Over-long topics are usually two stray hashes around a sentence; the topic is not made.",
        triggering: ["↓#" + String(repeating: "长", count: 65) + "#"],
        nonTriggering: ["#话题#"])
}

public struct InvalidUTF8Rule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.invalidUTF8, defaultSeverity: .error,
        summary: "A file that is not valid UTF-8",
        rationale: "Copy in another encoding shows as mojibake; linkdoc compiles no document from it.",
        triggering: [], nonTriggering: ["纯文本"])
}

public struct HTMLSanitizedRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.htmlSanitized, defaultSeverity: nil,
        summary: "HTML that linkdoc removed: scripts, frames, embedded objects, on* attributes and a comment left open (a warning); templates, <noscript> and a <title> outside <head> (an info)",
        rationale: "Copy from a CMS may carry markup that must never reach an app. linkdoc drops it; this says where, so the source can be cleaned. A page's <head> metadata (<title>, <meta>, <link>) is not copy and goes without a word.",
        triggering: ["↓<script>alert(1)</script>文本", "<b ↓onclick=\"x()\">粗</b>", "文本↓<!-- 注释", "↓<noscript>请启用脚本</noscript>文本"],
        nonTriggering: ["<b>粗</b>", "<!-- linkdoc-disable-next-line unknown-agreement -->\n文本"])
}

public struct HTMLUnknownElementRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.htmlUnknownElement, defaultSeverity: nil,
        summary: "An HTML element whose meaning a link document cannot keep (its text is kept), or a named anchor",
        rationale: "Unsupported tags are removed and only their text is shown, so whatever the tag meant (blinking, a quotation's marks, a control) is lost. Blocks (div, headings, lists, tables) are read as paragraphs and need no word.",
        triggering: ["↓<blink>闪</blink>", "↓<a name=\"top\">顶部</a>"],
        nonTriggering: ["<b>粗</b>", "<div>块</div>", "<ul><li>一</li></ul>", "<h1>标题</h1>"])
}

public struct HTMLMalformedRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.htmlMalformed, defaultSeverity: nil,
        summary: "Unclosed, mis-nested or stray HTML tags",
        rationale: "Broken markup renders differently in every engine; linkdoc keeps the text in reading order, but the styles may not be what was meant.",
        triggering: ["↓<b>未闭合", "<b>a↓<i>b</b>c↓</i>", "↓</b>多余"],
        nonTriggering: ["<b>a<i>b</i></b>", "<p>一<p>二"])
}

public struct HTMLDepthLimitRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.htmlDepthLimit, defaultSeverity: .error,
        summary: "HTML nested deeper than the limit (options.maxHTMLDepth, 64 by default)",
        rationale: "Such nesting is generated garbage or an attack on parsers; the text is kept, the deeper elements are not.",
        triggering: [String(repeating: "<b>", count: 64) + "↓<b>深"],
        nonTriggering: ["<b><i>浅</i></b>"])
}

public struct DocumentTooLargeRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.documentTooLarge, defaultSeverity: .error,
        summary: "A document larger than options.maxDocumentBytes (16 MiB by default)",
        rationale: "Copy of that size is a mistake (a data file in the copy folder, say); a limit keeps builds and pipelines predictable.",
        triggering: [], nonTriggering: ["一段文案"])
}

public struct TooManyLinksRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.tooManyLinks, defaultSeverity: .error,
        summary: "More links in one document than options.maxLinks (10,000 by default)",
        rationale: "No screen shows that many tap targets; such a document is generated by mistake, and the limit bounds the work per document.",
        triggering: [], nonTriggering: ["@小明 @alice"])
}
