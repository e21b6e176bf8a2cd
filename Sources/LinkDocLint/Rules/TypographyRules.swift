@_spi(Bytes) import LinkDocBase
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
        (CJKLetters.isLetter(a) && Script.isLatinLetterOrDigit(b)) || (Script.isLatinLetterOrDigit(a) && CJKLetters.isLetter(b))
    }
}

/// Half-width , . ; : ! ? between CJK characters.
public struct FullwidthPunctuationRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .fullwidthPunctuation, defaultSeverity: .warning,
        summary: "Half-width punctuation (, . ; : ! ?) between CJK characters, or . ! ? ending a Chinese or Japanese sentence",
        rationale: "Chinese text uses full-width punctuation; half-width marks between characters look cramped and break the rhythm of the line, and a half-width full stop or question mark after a sentence looks like a typo. Addresses keep theirs (https://例子.公司/a,b, 客服@例子.公司); Korean, which uses Western punctuation, is left alone.",
        triggering: ["我们↓,你们", "完成↓!下一步", "注意↓:请阅读", "《用户协议》↓,了解", "请联系@小明↓,谢谢", "请稍后再试↓.", "确定删除吗↓?"],
        nonTriggering: ["我们，你们", "Hello, world", "版本1.2发布", "https://例子.公司/a,b", "客服@例子.公司", "加载中...",
                        "다시 시도하세요.", "使用 Swift.", "见 https://example.com/帮助,常见问题", "Impossibile cancellare “%@”.",
                        "//@人间防沉迷:确实//@废几把话:", "拨号,呼叫,拨叫,打电话", "마켓,스토어,앱 센터",
                        "拨号,呼叫 iPhone,打电话", "见 https://例子.公司/@小明/路径,问",
                        "You agree to the 《Terms of Service》."],
        corrections: [("我们,你们", "我们，你们"), ("完成!下一步?好", "完成！下一步？好"), ("请稍后再试.", "请稍后再试。")])

    private typealias Scalars = [(offset: Int, scalar: Unicode.Scalar, length: Int)]

    /// Whether the mark at `i` is part of an address written without spaces, which is not prose even
    /// where no link was made: inside a URL (from `scheme://` or `www.` to white space or full-width
    /// punctuation: `https://例子.公司/a,b`), or a dot inside the domain after an `@` (`客服@例子.公司`).
    /// The rest of the text around an address is prose (`请联系@小明,谢谢`).
    private static func isInAddress(_ scalars: Scalars, at i: Int) -> Bool {
        func endsAddress(_ s: Unicode.Scalar) -> Bool {
            s == " " || s == "\n" || s == "\t" || s == "\u{3000}" || (s.value >= 0x3000 && s.value <= 0x303F)
                || (s.value >= 0xFF01 && s.value <= 0xFF0F) || (s.value >= 0xFF1A && s.value <= 0xFF20)
        }
        var lo = i
        while lo > 0 && !endsAddress(scalars[lo - 1].scalar) {
            lo -= 1
            let s = scalars[lo].scalar
            if s == "/" && lo >= 2 && scalars[lo - 1].scalar == "/" && scalars[lo - 2].scalar == ":" { return true }
            if (s == "w" || s == "W") && lo + 3 < i && String(String.UnicodeScalarView(scalars[lo..<lo + 4].map(\.scalar))).lowercased() == "www." {
                return true
            }
            // A domain: letters, digits, CJK letters, `-` and `.` from the `@` to the mark, which is a
            // dot. Otherwise the `@` may still be inside a URL (`https://例子.公司/@小明/路径,问`): go on.
            if s == "@", scalars[i].scalar == ".", scalars[lo + 1..<i].allSatisfy({
                CJKLetters.isLetter($0.scalar) || Script.isLatinLetterOrDigit($0.scalar) || $0.scalar == "-" || $0.scalar == "."
            }) {
                return true
            }
        }
        return false
    }

    /// Han and kana: the scripts written with full-width punctuation. Hangul is not: Korean uses
    /// Western punctuation.
    private static func isHanOrKana(_ s: Unicode.Scalar) -> Bool {
        CJKLetters.isLetter(s) && !(0xAC00...0xD7AF).contains(s.value)
    }

    /// CJK brackets count as CJK on their outer side: `《用户协议》,了解`.
    private static let closingCJK: Set<Unicode.Scalar> = ["》", "」", "』", "】", "）", "”"]
    private static let openingCJK: Set<Unicode.Scalar> = ["《", "「", "『", "【", "（", "“"]

    private static let fullwidth: [Unicode.Scalar: String] = [",": "，", ".": "。", ";": "；", ":": "：", "!": "！", "?": "？"]
    /// The marks that end a sentence, and what may follow one: the end of the text or white space.
    private static let sentenceEnds: Set<Unicode.Scalar> = [".", "!", "?"]

    /// Whether the scalar at `i` reads as CJK on the side of a mark: a CJK letter, or a CJK bracket
    /// with a CJK letter inside it (`“%@”.` in Italian is Western, and so is
    /// `you agree to the 《Terms of Service》.`, English copy with the agreement markup).
    private static func isCJKSide(_ scalars: Scalars, _ i: Int, closing: Bool,
                                  letter: (Unicode.Scalar) -> Bool = CJKLetters.isLetter) -> Bool {
        let s = scalars[i].scalar
        if letter(s) { return true }
        guard closing ? closingCJK.contains(s) : openingCJK.contains(s) else { return false }
        let inner = closing ? i - 1 : i + 1
        return scalars.indices.contains(inner) && letter(scalars[inner].scalar)
    }

    /// Whether the colon at `i` ends a mention's name, as Weibo writes who said what: `//@小明:转发`,
    /// `回复@小明:`.
    private static func endsMentionName(_ scalars: Scalars, at i: Int) -> Bool {
        guard scalars[i].scalar == ":" else { return false }
        var k = i - 1
        while k >= 0 && i - k <= 31 {
            let s = scalars[k].scalar
            if s == "@" { return k < i - 1 }
            guard CJKLetters.isLetter(s) || Script.isLatinLetterOrDigit(s) || s == "_" || s == "-" || s == "\u{B7}" else { return false }
            k -= 1
        }
        return false
    }

    /// A value that is a list the app splits on `,` (`拨号,呼叫,拨叫,打电话`): no white space, and no
    /// punctuation but its commas. A space between CJK and a Latin letter or digit (`呼叫 iPhone`)
    /// does not count: cjk-latin-spacing puts it there, and the list must stay a list after its fix.
    private static func isCommaList(_ scalars: Scalars) -> Bool {
        var commas = 0
        for (i, (_, s, _)) in scalars.enumerated() {
            if s == "," { commas += 1; continue }
            if s == " ", i > 0, i + 1 < scalars.count, isSpacingBetweenCJKAndLatin(scalars[i - 1].scalar, scalars[i + 1].scalar) { continue }
            if s == " " || s == "\n" || s == "\u{3000}" || fullwidth[s] != nil { return false }
        }
        return commas >= 2
    }

    private static func isSpacingBetweenCJKAndLatin(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        func isLatin(_ s: Unicode.Scalar) -> Bool { s.isASCII && s.properties.isAlphabetic || ("0"..."9").contains(s) }
        return (isHanOrKana(a) && isLatin(b)) || (isLatin(a) && isHanOrKana(b))
    }

    public func check(_ context: LintContext) -> [LintFinding] {
        let scalars = Array(ScalarWalker(bytes: context.bytes))
        var findings: [LintFinding] = []
        guard scalars.count >= 2 else { return [] }
        let commaList = Self.isCommaList(scalars)
        for i in 1..<scalars.count {
            let mark = scalars[i]
            guard let replacement = Self.fullwidth[mark.scalar] else { continue }
            if (commaList && mark.scalar == ",") || Self.endsMentionName(scalars, at: i) { continue }
            let after = i + 1 < scalars.count ? scalars[i + 1].scalar : nil
            let message: String
            if after != nil, Self.isCJKSide(scalars, i - 1, closing: true, letter: Self.isHanOrKana),
               Self.isCJKSide(scalars, i + 1, closing: false, letter: Self.isHanOrKana) {
                message = "use full-width \(replacement) between CJK characters, not \(mark.scalar)"
            } else if Self.sentenceEnds.contains(mark.scalar), Self.isCJKSide(scalars, i - 1, closing: true, letter: Self.isHanOrKana),
                      after == nil || after == " " || after == "\n" || after == "\t" {
                // Not an ellipsis (`加载中...` ends in a run of dots, and `.` then follows a dot).
                message = "end a Chinese or Japanese sentence with full-width \(replacement), not \(mark.scalar)"
            } else {
                continue
            }
            guard !context.isInsideLink(mark.offset), !Self.isInAddress(scalars, at: i) else { continue }
            findings.append(context.finding(Self.description.id, message,
                                            at: mark.offset, fix: [TextEdit(range: mark.offset..<mark.offset + 1, replacement: replacement)]))
        }
        return findings
    }
}
