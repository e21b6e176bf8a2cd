/// A space between CJK and Latin letters or digits, "always" or "never",
/// in the manner of the Chinese copywriting guidelines and autocorrect.
public struct CJKLatinSpacingRule: LintRule {
    public enum Style: String, Sendable { case always, never }
    public let style: Style

    public init(options: RuleOptions) throws(LintConfigurationError) {
        for key in options.values.keys where key != "style" {
            throw LintConfigurationError(message: "rules.cjk-latin-spacing: unknown option \"\(key)\" (known: style)")
        }
        guard let style = Style(rawValue: options.values["style"] ?? "always") else {
            throw LintConfigurationError(message: "rules.cjk-latin-spacing.style must be \"always\" or \"never\"")
        }
        self.style = style
    }

    public static let description = RuleDescription(
        id: .cjkLatinSpacing, defaultSeverity: nil,
        summary: "Spacing between CJK and Latin letters or digits, as the project's style says (off by default)",
        rationale: "Mixed CJK and Latin text reads better with consistent spacing; whichever style a project picks, it should hold everywhere.",
        triggering: ["使用↓Swift↓开发", "共↓3↓个"],
        nonTriggering: ["使用 Swift 开发", "共 3 个", "#iOS开发# @alice你好"],
        corrections: [("使用Swift开发", "使用 Swift 开发"), ("共3个文件", "共 3 个文件")],
        options: [("style", "\"always\" (a space between CJK and Latin; the default when enabled) or \"never\"")])

    public func check(_ context: LintContext) -> [LintFinding] {
        let scalars = Array(ScalarWalker(bytes: context.bytes))
        var findings: [LintFinding] = []
        for i in 1..<max(1, scalars.count) {
            let a = scalars[i - 1], b = scalars[i]
            switch style {
            case .always:
                guard Self.meet(a.scalar, b.scalar), !context.isInsideLink(a.offset), !context.isInsideLink(b.offset) else { continue }
                findings.append(context.finding(Self.description.id, "add a space between \"\(a.scalar)\" and \"\(b.scalar)\"",
                                                at: b.offset, fix: [TextEdit(range: b.offset..<b.offset, replacement: " ")]))
            case .never:
                guard b.scalar == " ", i + 1 < scalars.count else { continue }
                let c = scalars[i + 1]
                guard Self.meet(a.scalar, c.scalar), !context.isInsideLink(a.offset), !context.isInsideLink(c.offset) else { continue }
                findings.append(context.finding(Self.description.id, "remove the space between \"\(a.scalar)\" and \"\(c.scalar)\"",
                                                at: b.offset, fix: [TextEdit(range: b.offset..<b.offset + 1, replacement: "")]))
            }
        }
        return findings
    }

    private static func meet(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        (Script.isCJKLetter(a) && Script.isLatinLetterOrDigit(b)) || (Script.isLatinLetterOrDigit(a) && Script.isCJKLetter(b))
    }
}

/// Half-width , . ; : ! ? between CJK characters.
public struct FullwidthPunctuationRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .fullwidthPunctuation, defaultSeverity: .warning,
        summary: "Half-width punctuation (, . ; : ! ?) between CJK characters",
        rationale: "Chinese text uses full-width punctuation; half-width marks between characters look cramped and break the rhythm of the line.",
        triggering: ["我们↓,你们", "完成↓!下一步", "注意↓:请阅读", "《用户协议》↓,了解"],
        nonTriggering: ["我们，你们", "Hello, world", "版本1.2发布", "https://例子.公司/a,b"],
        corrections: [("我们,你们", "我们，你们"), ("完成!下一步?好", "完成！下一步？好")])

    /// Whether the mark sits in a URL, email or domain written without spaces
    /// (`https://例子.公司/a,b`), which is not prose even where no link was made.
    private static func isInAddress(_ scalars: [(offset: Int, scalar: Unicode.Scalar, length: Int)], at i: Int) -> Bool {
        func isBreak(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\n" || s == "\t" || s == "\u{3000}" }
        var lo = i, hi = i
        while lo > 0 && !isBreak(scalars[lo - 1].scalar) { lo -= 1 }
        while hi + 1 < scalars.count && !isBreak(scalars[hi + 1].scalar) { hi += 1 }
        let token = String(String.UnicodeScalarView(scalars[lo...hi].map(\.scalar)))
        return token.contains("://") || token.contains("@") || token.lowercased().hasPrefix("www.")
    }

    /// CJK brackets count as CJK on their outer side: `《用户协议》,了解`.
    private static let closingCJK: Set<Unicode.Scalar> = ["》", "」", "』", "】", "）", "”"]
    private static let openingCJK: Set<Unicode.Scalar> = ["《", "「", "『", "【", "（", "“"]

    private static let fullwidth: [Unicode.Scalar: String] = [",": "，", ".": "。", ";": "；", ":": "：", "!": "！", "?": "？"]

    public func check(_ context: LintContext) -> [LintFinding] {
        let scalars = Array(ScalarWalker(bytes: context.bytes))
        var findings: [LintFinding] = []
        guard scalars.count >= 3 else { return [] }
        for i in 1..<scalars.count - 1 {
            let mark = scalars[i]
            let before = scalars[i - 1].scalar, after = scalars[i + 1].scalar
            guard let replacement = Self.fullwidth[mark.scalar],
                  Script.isCJKLetter(before) || Self.closingCJK.contains(before),
                  Script.isCJKLetter(after) || Self.openingCJK.contains(after),
                  !context.isInsideLink(mark.offset), !Self.isInAddress(scalars, at: i) else { continue }
            findings.append(context.finding(Self.description.id, "use full-width \(replacement) between CJK characters, not \(mark.scalar)",
                                            at: mark.offset, fix: [TextEdit(range: mark.offset..<mark.offset + 1, replacement: replacement)]))
        }
        return findings
    }
}
