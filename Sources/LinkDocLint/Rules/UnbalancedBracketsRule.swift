/// 《》「」『』【】（）“” and () [] left unpaired.
public struct UnbalancedBracketsRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: "unbalanced-brackets", defaultSeverity: .warning,
        summary: "An opening or closing bracket or quotation mark without its partner",
        rationale: "A lost 》 or ” is a typo that readers notice at once, and an unclosed 《 keeps an agreement from linking.",
        triggering: ["请阅读《用户协议", "他说：“你好", "【注意事项", "费用）", "(see below"],
        nonTriggering: ["请阅读《用户协议》", "“你好”【注意】（附件）", "1) 第一条", "[帮助](https://example.com/a_(b))"])

    private static let pairs: [(open: Unicode.Scalar, close: Unicode.Scalar)] = [
        ("《", "》"), ("「", "」"), ("『", "』"), ("【", "】"), ("（", "）"), ("“", "”"), ("(", ")"), ("[", "]"),
    ]

    public func check(_ context: LintContext) -> [LintFinding] {
        var open: [Unicode.Scalar: [Int]] = [:]
        var findings: [LintFinding] = []
        var previous: [Unicode.Scalar] = []  // scalars since the line began, for list markers
        for (offset, scalar, _) in ScalarWalker(bytes: context.bytes) {
            if scalar == "\n" { previous.removeAll(); continue }
            defer { previous.append(scalar) }
            // Brackets inside links belong to URLs or to balanced markup.
            guard !context.isInsideLink(offset) else { continue }
            if let pair = Self.pairs.first(where: { $0.open == scalar }) {
                open[pair.open, default: []].append(offset)
            } else if let pair = Self.pairs.first(where: { $0.close == scalar }) {
                if open[pair.open]?.popLast() == nil && !Self.isListMarker(previous) {
                    findings.append(context.finding(Self.description.id, "\(scalar) closes nothing: no \(pair.open) before it", at: offset))
                }
            }
        }
        for pair in Self.pairs {
            for offset in open[pair.open] ?? [] {
                findings.append(context.finding(Self.description.id, "\(pair.open) is never closed: no \(pair.close) after it", at: offset))
            }
        }
        return findings.sorted { $0.offset < $1.offset }
    }

    /// `1)`, `a）`, `十）` at the start of a line number a list; they close nothing.
    private static func isListMarker(_ line: [Unicode.Scalar]) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\u{3000}" || $0 == "\t" }
        return !trimmed.isEmpty && trimmed.count <= 3
            && trimmed.allSatisfy { Script.isLatinLetterOrDigit($0) || "一二三四五六七八九十".unicodeScalars.contains($0) }
    }
}

/// U+202A–U+202E and U+2066–U+2069: bidirectional controls (Trojan Source).
public struct BidiControlRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: "bidi-control", defaultSeverity: .error,
        summary: "A bidirectional control character (U+202A–U+202E, U+2066–U+2069) in copy",
        rationale: "Invisible bidi controls reorder what the user reads without changing what the text is: a link can read as one thing and be another (CVE-2021-42574, Trojan Source).",
        triggering: ["请访问\u{202E}moc.elpmaxe", "a\u{2066}b\u{2069}"],
        nonTriggering: ["请访问 example.com", "阿拉伯文 مرحبا"])

    public func check(_ context: LintContext) -> [LintFinding] {
        ScalarWalker(bytes: context.bytes).compactMap { offset, scalar, _ in
            let v = scalar.value
            guard (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) else { return nil }
            return context.finding(Self.description.id, "bidirectional control U+\(String(v, radix: 16, uppercase: true)) reorders the text as displayed", at: offset)
        }
    }
}

/// Zero-width and other invisible characters, except inside emoji sequences.
public struct InvisibleCharacterRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: "invisible-character", defaultSeverity: .warning,
        summary: "A zero-width or otherwise invisible character (outside emoji sequences)",
        rationale: "Invisible characters break search, matching of agreement titles and mentions, and line breaking, and nobody can see them in review.",
        triggering: ["用户\u{200B}协议", "a\u{00AD}b", "\u{2060}你好", "中\u{FEFF}文", "你\u{200D}好"],
        nonTriggering: ["👨‍👩‍👧 一家人", "❤️ 喜欢", "普通文本"],
        corrections: [("用户\u{200B}协议", "用户协议"), ("a\u{00AD}b", "ab")])

    private static let invisible: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064,
                                                  0xFEFF, 0x00AD, 0x180E, 0x3164, 0xFFA0, 0x115F, 0x1160, 0x034F]

    public func check(_ context: LintContext) -> [LintFinding] {
        let scalars = Array(ScalarWalker(bytes: context.bytes))
        var findings: [LintFinding] = []
        for (i, (offset, scalar, length)) in scalars.enumerated() where Self.invisible.contains(scalar.value) {
            // A joiner between two emoji builds one emoji (👨‍👩‍👧); it is meant to be there.
            if scalar.value == 0x200D, i > 0, i + 1 < scalars.count {
                var before = i - 1
                if scalars[before].scalar.value == 0xFE0F || scalars[before].scalar.properties.isEmojiModifier, before > 0 { before -= 1 }
                if Script.isEmoji(scalars[before].scalar) && Script.isEmoji(scalars[i + 1].scalar) { continue }
            }
            let name = "U+" + String(scalar.value, radix: 16, uppercase: true)
            findings.append(context.finding(Self.description.id, "invisible character \(name)", at: offset,
                                            fix: [TextEdit(range: offset..<offset + length, replacement: "")]))
        }
        return findings
    }
}
