import LinkDocCore

/// A 《title》 the manifest does not know, when the title reads as an agreement: it ends in
/// an agreement word (协议, 政策, Terms, …, the words the manifest's own titles end in, and
/// `options.agreementWords`) or is a typo of a manifest title. Chinese copy puts books,
/// games, laws and UI labels in 《》 too (《明日方舟》, 是否将《%s》放入书架？); those are
/// book titles, not missing agreements. The compiler still reports every unknown title;
/// this rule decides which of its findings a linter should show.
public struct UnknownAgreementRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.unknownAgreement, defaultSeverity: .warning,
        summary: "A 《title》 that reads as an agreement (…协议, …政策, …Terms) but that the manifest does not know",
        rationale: "An agreement title that is not in the manifest links to nothing: users tap it and nothing opens. It is often a typo (《隐私协议》 for 《隐私政策》) or a new document that was never added to the manifest. Other 《》 titles (books, games, laws) are left alone; options.ignoredTitles and options.agreementWords in the manifest adjust what counts.",
        triggering: ["请阅读↓《隐私协议》", "[条款](↓agreement:nope)", "请阅读↓《用户协意》"],
        nonTriggering: ["请阅读《用户协议》和《隐私政策》", "[隐私政策](agreement:privacy)", "推荐阅读《红楼梦》", "是否将《%s》放入书架？",
                        "遵守《通用数据保护条例》"])

    /// Title endings that make a 《》 title an agreement, in simplified and traditional forms.
    static let agreementWords = [
        "协议", "協議", "政策", "条款", "條款", "规则", "規則", "声明", "聲明", "须知", "須知", "指引", "清单", "清單",
        "协定", "協定", "守则", "守則", "公约", "公約", "规范", "規範", "细则", "細則", "告知书", "告知書", "同意书", "同意書",
        "授权书", "授權書", "承诺书", "承諾書",
    ]
    /// What may follow an agreement word in an agreement's title: its summary, short form, annex.
    static let qualifiers = ["摘要", "概要", "简版", "簡版", "附件", "（简版）", "(简版)"]

    /// Words that make a Latin title an agreement wherever they stand (Terms of Service).
    static let latinAgreementWords = ["terms", "policy", "agreement", "eula", "conditions", "notice"]

    public func check(_ context: LintContext) -> [LintFinding] {
        let manifest = context.manifest
        let unknown = context.result.diagnostics.filter { $0.ruleID == Self.description.id }
        guard !unknown.isEmpty else { return [] }
        let known = manifest.agreements.keys.sorted()
        return unknown.compactMap { d -> LintFinding? in
            guard let offset = d.location?.offset else { return nil }
            // An `agreement:` id is an agreement by construction; only 《titles》 are judged.
            guard let title = Self.title(at: offset, in: context.bytes) else {
                return LintFinding(ruleID: d.ruleID, message: d.message, offset: offset)
            }
            if manifest.options.ignoredTitles.contains(title) { return nil }
            if let near = Spelling.closest(to: title, among: known) {
                return LintFinding(ruleID: d.ruleID, message: "unknown agreement 《\(title)》: did you mean 《\(near)》? The manifest has no agreement with this title, so it stays text", offset: offset)
            }
            guard Self.readsAsAgreement(title, manifest: manifest) else { return nil }
            return LintFinding(ruleID: d.ruleID, message: d.message, offset: offset)
        }
    }

    /// The title of the 《…》 that begins at `offset`.
    static func title(at offset: Int, in bytes: [UInt8]) -> String? {
        let open: [UInt8] = [0xE3, 0x80, 0x8A], close: [UInt8] = [0xE3, 0x80, 0x8B]  // 《 》
        guard offset + 3 <= bytes.count, Array(bytes[offset..<offset + 3]) == open,
              let end = bytes[(offset + 3)...].firstRange(of: close) else { return nil }
        return String(decoding: bytes[(offset + 3)..<end.lowerBound], as: UTF8.self)
    }

    static func readsAsAgreement(_ title: String, manifest: Manifest) -> Bool {
        let trimmed = title.trimmingCharacters(in: " \u{3000}")
        let words = agreementWords + manifest.options.agreementWords + manifest.agreements.keys.compactMap(Self.ending)
        // 《隐私政策摘要》, 《用户协议（简版）》: an agreement's summary or short form is one too.
        let base = qualifiers.reduce(trimmed) { title, qualifier in
            title.hasSuffix(qualifier) ? String(title.dropLast(qualifier.count)).trimmingCharacters(in: " （）()") : title
        }
        if words.contains(where: { base.hasSuffix($0) }) { return true }
        let latinWords = trimmed.lowercased().split { !$0.isLetter }
        return latinWords.contains { latinAgreementWords.contains(String($0)) }
    }

    /// The last two characters of a CJK manifest title (《会员服务说明》 → 说明): other titles
    /// that end the same way are of the same kind.
    private static func ending(of title: String) -> String? {
        guard title.count >= 3, let last = title.unicodeScalars.last, Script.isCJKLetter(last) else { return nil }
        return String(title.suffix(2))
    }
}
