import LinkDocCore

/// Every lint rule, in the order `linkdoc rules` lists them.
public enum RuleCatalogue {
    public static let all: [any LintRule.Type] = [
        UnknownAgreementRule.self,
        UnbalancedBracketsRule.self,
        EmptyLinkTextRule.self,
        InvalidURLRule.self,
        RelativeHrefRule.self,
        UnlistedSchemeRule.self,
        DisallowedSchemeRule.self,
        InsecureURLRule.self,
        EncodedURLRule.self,
        LinkTextMismatchRule.self,
        AmbiguousURLEndRule.self,
        HomographHostRule.self,
        UnresolvedMentionRule.self,
        AdjacentLinksRule.self,
        DuplicateLinkRule.self,
        BidiControlRule.self,
        InvisibleCharacterRule.self,
        CJKLatinSpacingRule.self,
        FullwidthPunctuationRule.self,
        InvalidTargetRule.self,
        MentionTooLongRule.self,
        TopicTooLongRule.self,
        HTMLSanitizedRule.self,
        HTMLUnknownElementRule.self,
        HTMLMalformedRule.self,
        HTMLDepthLimitRule.self,
        InvalidUTF8Rule.self,
        DocumentTooLargeRule.self,
        TooManyLinksRule.self,
        StringsSyntaxRule.self,
        StringsEscapeRule.self,
        DuplicateKeyRule.self,
        InvalidEncodingRule.self,
        JSONSyntaxRule.self,
        CatalogStructureRule.self,
        PluralCategoryRule.self,
        XMLSyntaxRule.self,
        XMLEntityRule.self,
        AndroidEscapeRule.self,
        AndroidUnknownEscapeRule.self,
        AndroidResourceRule.self,
        AndroidReferenceRule.self,
        FixNotAppliedRule.self,
    ] + viewRules

    /// The rules that lay copy out in the manifest's views, when the layout core is built.
    #if LINKDOC_LAYOUT
    static let viewRules: [any LintRule.Type] = [FitsLinesRule.self, SmallTapTargetRule.self]
    #else
    static let viewRules: [any LintRule.Type] = []
    #endif

    /// The rule with this id, as configuration and `linkdoc rules` spell it.
    public static func rule(withID id: String) -> (any LintRule.Type)? {
        RuleID(rawValue: id).flatMap(rule(withID:))
    }

    public static func rule(withID id: RuleID) -> (any LintRule.Type)? {
        all.first { $0.description.id == id }
    }

    public static var descriptions: [RuleDescription] { all.map { $0.description } }
}

extension RuleExamples {
    /// Marks where a triggering example's finding is, before the character it points at
    /// (SwiftLint's convention): `请阅读↓《隐私协议》`. It is no part of the copy.
    public static let marker: Unicode.Scalar = "↓"

    /// The example as copy, without its markers. (Scalars, not characters: a marker before a
    /// joiner or combining mark forms one character with it.)
    public static func unmarked(_ example: String) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: example.unicodeScalars.filter { $0 != marker })
        return String(out)
    }
}

/// The manifest that rule examples are linted against (and that `linkdoc rules`
/// shows them with).
public enum RuleExamples {
    public static let manifest = Manifest(
        agreements: [
            "用户协议": .init(title: "用户协议", id: "terms", url: "https://example.com/terms"),
            "隐私政策": .init(title: "隐私政策", id: "privacy", url: "https://example.com/privacy"),
        ],
        mentions: ["小明": "u_1", "alice": "u_2"],
        views: ["example-dialog": exampleView])

    /// The view that rule examples (named "example") are shown in, for fits-lines and small-tap-target.
    static var exampleView: ManifestView {
        var view = ManifestView(name: "example-dialog", width: 200, size: 15)
        view.sizes = [15, 19]
        view.maxLines = 2
        view.paths = ["example"]
        return view
    }
}
