/// Rule ids of the diagnostics that the readers of localization files and of
/// NDJSON records report (the compiler's own ids are in `LinkDocCore.RuleID`).
public enum FormatRuleID {
    /// A `.strings` file that does not follow the old-style property list syntax.
    public static let stringsSyntax = "strings-syntax"
    /// An unknown or malformed backslash escape in a `.strings` value.
    public static let stringsEscape = "strings-escape"
    /// The same key twice in one table; the later value is used.
    public static let duplicateKey = "duplicate-key"
    /// A file whose bytes are not valid in its encoding (UTF-8, or UTF-16 with a BOM).
    public static let encoding = "invalid-encoding"
    /// A `.xcstrings` file that is not valid JSON.
    public static let jsonSyntax = "json-syntax"
    /// A `.xcstrings` file whose JSON does not have the String Catalog's shape.
    public static let catalogStructure = "catalog-structure"
    /// A plural variation whose category is not one of CLDR's six.
    public static let pluralCategory = "plural-category"
    /// An Android string resource file that is not well-formed XML (libxml2's report).
    public static let xmlSyntax = "xml-syntax"
    /// A DOCTYPE or entity reference in an Android string resource file: never expanded or loaded.
    public static let xmlEntity = "xml-entity"
    /// An Android string that aapt2 rejects: an unescaped apostrophe, a malformed `\u` escape.
    public static let androidEscape = "android-escape"
    /// An Android escape that is not one of aapt2's (`\x` stands for `x`).
    public static let androidUnknownEscape = "android-unknown-escape"
    /// An Android resource file whose elements do not have the expected shape
    /// (no `name`, a plurals item without `quantity`, a `<string>` inside a value, …).
    public static let androidResource = "android-resource"
    /// An Android value that is a resource reference (`@string/x`, `@null`, `?attr/x`) that
    /// names no string of the file or its folder set: the value is left out.
    public static let androidReference = "android-reference"
    /// A malformed NDJSON record (bad JSON, missing text, non-string id, …).
    public static let ndjsonRecord = "ndjson-record"
    /// An empty line in an NDJSON stream.
    public static let ndjsonEmptyLine = "ndjson-empty-line"
}
