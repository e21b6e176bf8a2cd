@_spi(Bytes) import LinkDocBase
import LinkDocCore

/// 《》「」『』【】（）“” „“ «» and () [] left unpaired, by the quotation conventions of the
/// text's language: German and Polish open with „, German and Danish quote »…«, Swedish and
/// Finnish close ”…” with the same mark. Emoticons (`;)`, `:(`, `_(:3」∠)_`), Japanese `例)`,
/// list markers, and the lone brackets of strings that the app joins with their neighbours
/// (a value `“` or `点击“`) are no brackets.
public struct UnbalancedBracketsRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .unbalancedBrackets, defaultSeverity: nil,
        summary: "An opening or closing bracket or quotation mark without its partner",
        rationale: "A lost 》 or ” is a typo that readers notice at once, and an unclosed 《 keeps an agreement from linking.",
        triggering: ["请阅读↓《用户协议", "他说：↓“你好", "↓【注意事项", "费用↓）", "↓(see below", "在↓“隐私标签页↓“中打开", "也称为↓”请勿打扰↓“。"],
        nonTriggering: ["请阅读《用户协议》", "“你好”【注意】（附件）", "1) 第一条", "[帮助](https://example.com/a_(b))",
                        "im Ordner „Programme“", "« Bonjour »", "»Hallo«", "完全不必惊讶啦 ;)", "没有权限 :(", "没钱好痛苦……_(:3」∠)_",
                        "例) Xcode-13.4.1.app", "“", "点击“", "”的密码", "“第一段。\n“第二段。\n“第三段。”",
                        "<p>1) 第一条 a) 甲</p>", "예) monalisa@gmail.com", "ex.) alice", "已经是最新版了：）", "(╯°□°）╯︵ ┻━┻",
                        "∠( ᐛ 」∠)_"])

    /// What a mark does, in order of preference: close an open quotation of one of `closes`
    /// (the opener's scalar), or else open one that `closedBy` ends.
    private struct Mark {
        var closes: [Unicode.Scalar] = []
        var closedBy: Unicode.Scalar? = nil
    }

    private static let marks: [Unicode.Scalar: Mark] = {
        var marks: [Unicode.Scalar: Mark] = [:]
        for (open, close) in [("《", "》"), ("「", "」"), ("『", "』"), ("【", "】"), ("（", "）"), ("(", ")"), ("[", "]")] as [(Unicode.Scalar, Unicode.Scalar)] {
            marks[open] = Mark(closedBy: close)
            marks[close] = Mark(closes: [open])
        }
        marks["„"] = Mark(closedBy: "“")             // German „…“; Polish „…” is closed by ” below
        marks["“"] = Mark(closes: ["„"], closedBy: "”")
        marks["”"] = Mark(closes: ["“", "„"])
        marks["«"] = Mark(closes: ["»"], closedBy: "»")  // French « … »; German and Danish »…«
        marks["»"] = Mark(closes: ["«"], closedBy: "«")
        return marks
    }()

    /// Whether `v` is in one of the ranges that `marks` has scalars in.
    @inline(__always) private static func mayBeMark(_ v: UInt32) -> Bool {
        v < 0x80 ? (v == 0x28 || v == 0x29 || v == 0x5B || v == 0x5D)
            : v == 0xAB || v == 0xBB || (0x201C...0x201E).contains(v) || (0x3008...0x3011).contains(v) || v == 0xFF08 || v == 0xFF09
    }

    /// Languages whose quotation marks close the way they open: ”…” and »…».
    private static let symmetricQuoteLanguages: Set<String> = ["sv", "fi"]
    /// Right-to-left languages, whose copy often pairs the curly quotes the other way round (”…“),
    /// as they are drawn mirrored.
    private static let rightToLeftLanguages: Set<String> = ["ar", "fa", "he", "iw", "ur", "ps", "yi", "ckb", "sd", "ug"]

    public func check(_ context: LintContext) -> [LintFinding] {
        let language = context.language.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() }
        let symmetric = language.map(Self.symmetricQuoteLanguages.contains) ?? false
        let rightToLeft = language.map(Self.rightToLeftLanguages.contains) ?? false
        var open: [Unicode.Scalar: [Int]] = [:]
        var unmatchedClosers: [(offset: Int, scalar: Unicode.Scalar)] = []
        var emoticonOpeners: Set<Int> = []
        var lineStarts: [Unicode.Scalar: [Int]] = [:]  // offsets of marks that begin a line
        var previous: [Unicode.Scalar] = []  // scalars since the line began
        var first: Int? = nil, last: Int? = nil  // offsets of the first and last visible scalars
        for (offset, scalar, _) in ScalarWalker(bytes: context.bytes) {
            if scalar == "\n" { previous.removeAll(); continue }
            defer { previous.append(scalar) }
            if !(scalar == " " || scalar == "\t" || scalar == "\u{3000}") {
                if first == nil { first = offset }
                last = offset
            }
            // Brackets inside links belong to URLs or to balanced markup. (The range test first:
            // this runs on every scalar of every document, and nearly none is a bracket.)
            guard Self.mayBeMark(scalar.value), var mark = Self.marks[scalar], !context.isInsideLink(offset) else { continue }
            if symmetric && (scalar == "”" || scalar == "»") { mark = Mark(closes: [scalar], closedBy: scalar) }
            if rightToLeft && scalar == "”" { mark = Mark(closes: ["“", "„"], closedBy: "“") }
            if rightToLeft && scalar == "“" { mark = Mark(closes: ["„", "”"], closedBy: "”") }
            if let opener = mark.closes.first(where: { open[$0]?.isEmpty == false }) {
                open[opener]!.removeLast()
                continue
            }
            if mark.closedBy != nil {
                if let next = Self.scalar(after: offset, in: context.bytes), Self.isKaomojiPart(next) {
                    emoticonOpeners.insert(offset)
                }
                open[scalar, default: []].append(offset)
                if Self.isEmoticon(previous, closing: false) { emoticonOpeners.insert(offset) }
                if previous.allSatisfy({ $0 == " " || $0 == "\u{3000}" || $0 == "\t" }) { lineStarts[scalar, default: []].append(offset) }
            } else if !Self.isListMarker(previous) && !Self.isEmoticon(previous, closing: true) && !Self.isJapaneseExampleMark(previous)
                        && !(previous.last(where: { $0 != " " }).map(Self.isKaomojiPart) ?? false) {
                unmatchedClosers.append((offset, scalar))
            }
        }
        var findings: [LintFinding] = []
        for (offset, scalar) in unmatchedClosers where offset != first {
            // A closer that opens the text belongs to the string before it (`”的密码` after `输入“`).
            let opener = Self.marks[scalar]!.closes[0]
            findings.append(context.finding(Self.description.id, "\(scalar) closes nothing: no \(opener) before it", at: offset))
        }
        for (opener, offsets) in open {
            for offset in offsets where offset != last && !emoticonOpeners.contains(offset) {
                // A quotation over paragraphs opens each of them and closes only the last.
                if lineStarts[opener]?.contains(offset) == true, lineStarts[opener]!.contains(where: { $0 > offset }) { continue }
                let closer = symmetric && (opener == "”" || opener == "»") ? opener : Self.marks[opener]!.closedBy!
                findings.append(context.finding(Self.description.id, "\(opener) is never closed: no \(closer) after it", at: offset))
            }
        }
        return findings.sorted { $0.offset < $1.offset }
    }

    /// Strings that the app joins (`"切换失败（错误码"`, the code, then `"）"`) are fragments of one
    /// text: an opener left open near the end of one string and a closer near the start of the
    /// next one (same language, keys that name pieces of one text) that closes nothing there
    /// are a pair, and neither is reported. `found` and `next` hold the diagnostics of two
    /// strings that follow each other in the file, at offsets of their values.
    static func pairFragments(_ found: inout [LintDiagnostic], _ value: (bytes: [UInt8], language: String, key: String),
                              next foundNext: inout [LintDiagnostic], _ nextValue: (bytes: [UInt8], language: String, key: String)) {
        let id = description.id
        guard value.language == nextValue.language, Self.namePieces(value.key, nextValue.key) else { return }
        // The last opener left open in this string…
        guard let openIndex = found.lastIndex(where: { $0.diagnostic.ruleID == id && $0.diagnostic.message.contains(" is never closed") }),
              let openOffset = found[openIndex].diagnostic.location?.offset,
              let opener = Self.scalar(at: openOffset, in: value.bytes) else { return }
        // …and the next string's first closer, if it closes nothing there (reported, or
        // left unreported because it begins the string).
        let next = nextValue.bytes
        guard let closer = ScalarWalker(bytes: next).first(where: { marks[$0.scalar]?.closes.isEmpty == false }),
              marks[closer.scalar]!.closes.contains(opener) else { return }
        // Fragments break off close to the bracket: a few characters (a word, 第, 错误码) at most
        // between it and the string's end or start; a bracket mid-sentence is a typo.
        func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
        guard scalarCount(value.bytes[(openOffset + 1)...]) <= Self.fragmentReach + 1,
              scalarCount(next[..<closer.offset]) <= Self.fragmentReach else { return }
        let closerIndex = foundNext.firstIndex { $0.diagnostic.ruleID == id && $0.diagnostic.location?.offset == closer.offset }
        let leadsTheString = next[..<closer.offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        guard closerIndex != nil || leadsTheString else { return }
        found.remove(at: openIndex)
        if let closerIndex { foundNext.remove(at: closerIndex) }
    }

    /// Whether two keys name pieces of one text (`hint_part_1`, `hint_part_2`): they share at
    /// least half of the longer one from the start.
    static func namePieces(_ a: String, _ b: String) -> Bool {
        let shared = zip(a.unicodeScalars, b.unicodeScalars).prefix { $0 == $1 }.count
        return shared > 0 && 2 * shared >= max(a.unicodeScalars.count, b.unicodeScalars.count)
    }

    /// How many characters a fragment's text may hold beyond its bracket.
    static let fragmentReach = 4

    /// `1)`, `a）`, `十）`, Korean `예)` ("example") and `ex.)` as a word of their own (at the start
    /// of a line, or after white space or a tag) number a list or mark an example; they close nothing.
    private static func isListMarker(_ line: [Unicode.Scalar]) -> Bool {
        let word = line.reversed().prefix { $0 != " " && $0 != "\u{3000}" && $0 != "\t" && $0 != ">" }.reversed()
        let body = word.last == "." ? word.dropLast() : word[...]
        return !body.isEmpty && body.count <= 3
            && body.allSatisfy { Script.isLatinLetterOrDigit($0) || "一二三四五六七八九十".unicodeScalars.contains($0) || (0xAC00...0xD7AF).contains($0.value) }
    }

    /// Characters that kaomoji draw faces and arms with (`(╯°□°）╯︵ ┻━┻`, `∠( ᐛ 」∠)_`): a bracket beside
    /// one is part of a face, not of a sentence.
    private static func isKaomojiPart(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v == 0xB0 || v == 0xB4 || v == 0x60 || (0x2200...0x22FF).contains(v) || (0x2500...0x25FF).contains(v)
            || (0x1400...0x167F).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF61...0xFF9F).contains(v)
            || v == 0x3C9 || v == 0x3B5 || v == 0x30FB || v == 0xFF65
    }

    /// The scalar that starts at `offset`.
    private static func scalar(at offset: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        ScalarWalker(bytes: Array(bytes[offset...].prefix(4))).first { _ in true }?.scalar
    }

    /// The scalar that follows the one at `offset`.
    private static func scalar(after offset: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        var i = offset + 1
        while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
        return i < bytes.count ? scalar(at: i, in: bytes) : nil
    }

    /// `:(`, `;)`, `:-)`, `=)` and kaomoji such as `_(:3」∠)_`: a colon, semicolon or equals
    /// sign at most two scalars before the bracket, with no letter between.
    /// A closing bracket after full-width eyes is a smiley too (`已经是最新版了：）`); an opening one is a
    /// quotation after a colon (`他说：“`).
    private static func isEmoticon(_ before: [Unicode.Scalar], closing: Bool) -> Bool {
        let tail = before.suffix(2)
        guard let eyes = tail.lastIndex(where: { $0 == ":" || $0 == ";" || $0 == "=" || (closing && ($0 == "：" || $0 == "；")) })
        else { return false }
        return tail[(eyes + 1)...].allSatisfy { $0 == "-" || $0 == "3" || $0 == "'" }
    }

    /// Japanese `例)` and `注)`: "for example", "note", written with a closing bracket alone.
    private static func isJapaneseExampleMark(_ before: [Unicode.Scalar]) -> Bool {
        before.last == "例" || before.last == "注"
    }
}

/// U+202A–U+202E and U+2066–U+2069: bidirectional controls (Trojan Source).
public struct BidiControlRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .bidiControl, defaultSeverity: .error,
        summary: "A bidirectional override, or an embedding or isolate left open (or closed without an opening), in copy",
        rationale: "Invisible bidi controls can reorder what the user reads without changing what the text is: a link can read as one thing and be another (CVE-2021-42574, Trojan Source). Balanced isolates and embeddings, which right-to-left translations put around placeholders and Latin words, are left alone.",
        triggering: ["请访问↓\u{202E}moc.elpmaxe", "a↓\u{2066}b", "مرحبا ↓\u{2069} بك"],
        nonTriggering: ["请访问 example.com", "阿拉伯文 مرحبا", "رفعَ \u{2068}%1$s\u{2069} الحظر", "מינוי מספר \u{2066}%1$d\u{2069}"])

    public func check(_ context: LintContext) -> [LintFinding] {
        let scalars = ScalarWalker(bytes: context.bytes).lazy.map { (offset: $0.offset, value: $0.scalar.value) }
        return BidiControls.unsafe(scalars).map { control in
            let name = "U+\(String(control.value, radix: 16, uppercase: true))"
            let message = switch control.value {
            case 0x202D, 0x202E: "bidirectional override \(name) reverses the text as displayed"
            case 0x202C, 0x2069: "bidirectional control \(name) closes nothing that was opened"
            default: "bidirectional control \(name) is never closed in its paragraph: it reorders the rest as displayed"
            }
            return context.finding(Self.description.id, message, at: control.offset)
        }
    }
}

/// Zero-width and other invisible characters, except inside emoji sequences.
public struct InvisibleCharacterRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .invisibleCharacter, defaultSeverity: nil,
        summary: "A zero-width or otherwise invisible character (outside emoji sequences)",
        rationale: "Invisible characters break search, matching of agreement titles and mentions, and line breaking, and nobody can see them in review. --fix removes only those that mean nothing: a soft hyphen (a hyphenation point), a joiner between letters (a ligature or shape control), the combining grapheme joiner and one right before or after a link (it may be what ends the link: an e-mail address or mention would take in the text behind it) are reported and kept.",
        triggering: ["用户↓\u{200B}协议", "a↓\u{00AD}b", "↓\u{2060}你好", "中↓\u{FEFF}文", "你↓\u{200D}好", "Auf↓\u{200C}lage"],
        nonTriggering: ["👨‍👩‍👧 一家人", "❤️ 喜欢", "普通文本", "می\u{200C}خواهم", "مارك\u{200C}داون", "क्\u{200D}ष",
                        "क\u{200D}", "ᠮᠣᠩᠭᠣᠯ\u{180E}ᠠ"],
        corrections: [("用户\u{200B}协议", "用户协议"), ("你\u{200D}好", "你好")])

    /// Letters and marks of the scripts from Hebrew to Mongolian (U+0590–U+18AF) and the Arabic
    /// presentation forms, which the zero-width joiner and non-joiner shape.
    private static func shapesWithJoiners(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return ((0x0590...0x18AF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v))
            && isLetterOrMark(s)
    }

    private static func isLetterOrMark(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || [.nonspacingMark, .spacingMark, .enclosingMark].contains(s.properties.generalCategory)
    }

    private static let invisible: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064,
                                                  0xFEFF, 0x00AD, 0x180E, 0x3164, 0xFFA0, 0x115F, 0x1160, 0x034F]

    public func check(_ context: LintContext) -> [LintFinding] {
        let scalars = Array(ScalarWalker(bytes: context.bytes))
        var findings: [LintFinding] = []
        for (i, (offset, scalar, length)) in scalars.enumerated() where Self.invisible.contains(scalar.value) {
            let before = i > 0 ? scalars[i - 1].scalar : nil, after = i + 1 < scalars.count ? scalars[i + 1].scalar : nil
            let isJoiner = scalar.value == 0x200C || scalar.value == 0x200D
            // The joiners are spelling in the scripts that shape letters by them: Persian's
            // half-space (می‌خواهم), Arabic's and the Indic scripts' (क्‍ष); so is Mongolian's
            // vowel separator.
            if isJoiner || scalar.value == 0x180E, let before, Self.shapesWithJoiners(before) { continue }
            // A joiner between two emoji builds one emoji (👨‍👩‍👧); it is meant to be there.
            if scalar.value == 0x200D, i > 0, i + 1 < scalars.count {
                var before = i - 1
                if scalars[before].scalar.value == 0xFE0F || scalars[before].scalar.properties.isEmojiModifier, before > 0 { before -= 1 }
                if Script.isEmoji(scalars[before].scalar) && Script.isEmoji(scalars[i + 1].scalar) { continue }
            }
            // Kept by --fix: a soft hyphen is where a word may break; a joiner between letters of
            // other scripts controls a ligature (German Auf‌lage); the combining grapheme joiner
            // and the Hangul fillers are parts of what they sit in.
            let betweenLetters = before.map(Self.isLetterOrMark) == true && after.map(Self.isLetterOrMark) == true
            let meaningful = [0x00AD, 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar.value)
                || (isJoiner && betweenLetters && !(before.map(CJKLetters.isLetter) == true && after.map(CJKLetters.isLetter) == true))
            // Kept by --fix too: one right before or after a link, which may be what ends it (an
            // e-mail address, a mention or a URL would take in the text behind it: 客服@例子.公司 U+200B 中文)
            // or what lets it start.
            let bordersLink = (offset > 0 && context.isInsideLink(offset - 1)) || context.isInsideLink(offset + length)
            // And one alone between two line breaks: where the first was a CR (lines are read as LF here)
            // its removal would make CR LF, one line break instead of two.
            let aloneOnALine = before == "\n" && after == "\n"
            let name = "U+" + String(scalar.value, radix: 16, uppercase: true)
            let kept = meaningful ? " (kept by --fix: it may be meant)" : bordersLink ? " (kept by --fix: it borders a link)"
                : aloneOnALine ? " (kept by --fix: it is alone on its line)" : ""
            findings.append(context.finding(Self.description.id, "invisible character \(name)" + kept, at: offset,
                                            fix: meaningful || bordersLink || aloneOnALine ? nil : [TextEdit(range: offset..<offset + length, replacement: "")]))
        }
        return findings
    }
}
