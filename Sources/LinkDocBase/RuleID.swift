/// Every rule id that linkdoc reports, as in `[unknown-agreement]`: configuration, suppression
/// comments and reporters use the raw values. The one list of them; `RuleCatalogue` (LinkDocLint)
/// describes each for `linkdoc rules`, SARIF's rule list and the docs, and its tests check that it
/// describes every case here that lint can report.
public enum RuleID: String, Sendable, CaseIterable, Comparable {
    // The compiler's.
    case invalidUTF8 = "invalid-utf8"
    case unknownAgreement = "unknown-agreement"
    case emptyLinkText = "empty-link-text"
    case invalidTarget = "invalid-target"
    case mentionTooLong = "mention-too-long"
    case topicTooLong = "topic-too-long"
    case documentTooLarge = "document-too-large"
    case tooManyLinks = "too-many-links"

    // The URL checks'.
    case invalidURL = "invalid-url"
    case disallowedScheme = "disallowed-scheme"
    /// A URL of a scheme that the manifest does not list (an app's own `myapp:`): no link.
    case unlistedScheme = "unlisted-scheme"
    case insecureURL = "insecure-url"
    case encodedURL = "encoded-url"
    case homographHost = "homograph-host"
    /// A relative link target that no `options.baseURL` resolves: no link.
    case relativeHref = "relative-href"

    // The HTML flattener's.
    case htmlSanitized = "html-sanitized"
    case htmlUnknownElement = "html-unknown-element"
    case htmlMalformed = "html-malformed"
    case htmlDepthLimit = "html-depth-limit"

    // The readers' of localization files.
    /// A `.strings` file that does not follow the old-style property list syntax.
    case stringsSyntax = "strings-syntax"
    /// An unknown or malformed backslash escape in a `.strings` value.
    case stringsEscape = "strings-escape"
    /// The same key twice in one table; the later value is used.
    case duplicateKey = "duplicate-key"
    /// A file whose bytes are not valid in its encoding (UTF-8, or UTF-16 with a BOM).
    case invalidEncoding = "invalid-encoding"
    /// A `.xcstrings` file that is not valid JSON.
    case jsonSyntax = "json-syntax"
    /// A `.xcstrings` file whose JSON does not have the String Catalog's shape.
    case catalogStructure = "catalog-structure"
    /// A plural variation whose category is not one of CLDR's six.
    case pluralCategory = "plural-category"
    /// An Android string resource file that is not well-formed XML (libxml2's report).
    case xmlSyntax = "xml-syntax"
    /// An entity of an Android string resource file that is not expanded (external, parameter,
    /// undeclared, or internal past its bounds): never loaded; a reference to it stands for nothing.
    case xmlEntity = "xml-entity"
    /// An Android string that aapt2 rejects: an unescaped apostrophe, a malformed `\u` escape.
    case androidEscape = "android-escape"
    /// An Android escape that is not one of aapt2's (`\x` stands for `x`).
    case androidUnknownEscape = "android-unknown-escape"
    /// An Android resource file whose elements do not have the expected shape
    /// (no `name`, a plurals item without `quantity`, a `<string>` inside a value, …).
    case androidResource = "android-resource"
    /// An Android value that is a resource reference (`@string/x`, `@null`, `?attr/x`) that
    /// names no string of the file or its folder set: the value is left out.
    case androidReference = "android-reference"

    // The NDJSON stream's (`compile --ndjson`), about records rather than copy: no lint rules.
    /// A malformed NDJSON record (bad JSON, missing text, non-string id, …).
    case ndjsonRecord = "ndjson-record"
    /// An empty line in an NDJSON stream.
    case ndjsonEmptyLine = "ndjson-empty-line"

    // Lint's own.
    case unbalancedBrackets = "unbalanced-brackets"
    case linkTextMismatch = "link-text-mismatch"
    case ambiguousURLEnd = "ambiguous-url-end"
    case unresolvedMention = "unresolved-mention"
    case adjacentLinks = "adjacent-links"
    case duplicateLink = "duplicate-link"
    case bidiControl = "bidi-control"
    case invisibleCharacter = "invisible-character"
    case cjkLatinSpacing = "cjk-latin-spacing"
    case fullwidthPunctuation = "fullwidth-punctuation"
    case fitsLines = "fits-lines"
    case smallTapTarget = "small-tap-target"
    /// `lint --fix` left a file with fixes as it was: the file cannot be rewritten safely
    /// (read-only, hard-linked, invalid bytes, UTF-16) or the write failed.
    case fixNotApplied = "fix-not-applied"

    /// By raw value, as reports sort findings at the same place.
    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
}

extension RuleID: CustomStringConvertible {
    public var description: String { rawValue }
}
