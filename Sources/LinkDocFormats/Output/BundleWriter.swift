@_spi(LinkDocInternal) import LinkDocModel

/// The JSON of compiled localization files (Grammar/bundle.schema.json).
///
/// A bundle holds every language:
///
///     {"version": 1, "source": "Localizable.xcstrings", "sourceLanguage": "en",
///      "strings": {"privacy_dialog": {"en": DOCUMENT,
///                                     "ru": {"variations": {"plural.few": DOCUMENT, "plural.one": DOCUMENT}}}}}
///
/// A table in several files (`en.lproj/Legal.strings`, `zh-Hans.lproj/Legal.strings`; see
/// `LocalizationTable`) is one bundle, its `source` the first file and `sources` all of them.
///
/// Each language with plural variations gets its CLDR plural rules (`"pluralRules": {"ru":
/// {"few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14", …}}`), which the app's LinkDocModel
/// evaluates to pick a variation for a count.
///
/// A split file (`--split DIR`) holds one language, a level less deep:
///
///     {"version": 1, "source": "…", "language": "ru", "strings": {"privacy_dialog": {"variations": {…}}}}
///
/// The entry of a string in one language is its document when it has no
/// variations; otherwise `{"variations": {PATH: DOCUMENT, …}}`, plus `"document"`
/// when the language also has a plain string unit (a catalog's unit beside its
/// substitutions). Keys, languages and variation paths are sorted by their UTF-8
/// bytes (code point order), so equal input always gives equal bytes.
public enum BundleWriter {
    public static let formatVersion = 1

    public static func bundle(_ compiled: CompiledLocalization) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 4096)
        w.beginObject()
        header(compiled, into: &w)
        pluralRules(of: compiled.strings, into: &w)
        w.key("strings"); w.beginObject()
        for keyGroup in group(sorted(compiled.strings), by: \.key) {
            w.key(keyGroup.first!.key); w.beginObject()
            for languageGroup in group(keyGroup, by: \.language) {
                w.key(languageGroup.first!.language)
                entry(languageGroup, into: &w)
            }
            w.endObject()
        }
        w.endObject()
        w.endObject()
        return w.bytes
    }

    /// One file per language, by language tag (tags are validated by the readers
    /// to be safe as file names).
    public static func split(_ compiled: CompiledLocalization) -> [(language: String, json: [UInt8])] {
        let strings = sorted(compiled.strings)
        var languages: [String] = []
        for s in strings where !languages.contains(s.language) { languages.append(s.language) }
        languages.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return languages.map { language in
            var w = JSONWriter(reservingCapacity: 4096)
            w.beginObject()
            header(compiled, into: &w)
            w.key("language"); w.string(language)
            pluralRules(of: strings.filter { $0.language.utf8.elementsEqual(language.utf8) }, into: &w)
            w.key("strings"); w.beginObject()
            for keyGroup in group(strings.filter { $0.language.utf8.elementsEqual(language.utf8) }, by: \.key) {
                w.key(keyGroup.first!.key)
                entry(keyGroup, into: &w)
            }
            w.endObject()
            w.endObject()
            return (language, w.bytes)
        }
    }

    private static func header(_ compiled: CompiledLocalization, into w: inout JSONWriter) {
        w.key("version"); w.int(formatVersion)
        w.key("source"); w.string(compiled.source)
        if compiled.sources.count > 1 {
            w.key("sources"); w.beginArray()
            for source in compiled.sources { w.string(source) }
            w.endArray()
        }
        w.member("sourceLanguage", compiled.sourceLanguage)
    }

    /// `"pluralRules": {LANGUAGE: {CATEGORY: RULE}}` for each language with plural variations
    /// that ICU has rules for (CLDRPluralRules); nothing when there is none.
    private static func pluralRules(of strings: [CompiledString], into w: inout JSONWriter) {
        var languages = Set<String>()
        for s in strings where s.variation.hasPrefix("plural.") || s.variation.contains(".plural.") { languages.insert(s.language) }
        let rules = languages.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { language in
            CLDRPluralRules.rules(forLanguage: language).map { (language, $0) }
        }
        guard !rules.isEmpty else { return }
        w.key("pluralRules"); w.beginObject()
        for (language, categories) in rules {
            w.key(language); w.beginObject()
            for (category, rule) in categories.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                w.key(category); w.string(rule)
            }
            w.endObject()
        }
        w.endObject()
    }

    /// The strings of one key in one language.
    private static func entry(_ strings: ArraySlice<CompiledString>, into w: inout JSONWriter) {
        if strings.count == 1, strings.first!.variation.isEmpty {
            strings.first!.document.write(to: &w)
            return
        }
        w.beginObject()
        if let plain = strings.first(where: { $0.variation.isEmpty }) {
            w.key("document"); plain.document.write(to: &w)
        }
        w.key("variations"); w.beginObject()
        for s in strings where !s.variation.isEmpty {
            w.key(s.variation); s.document.write(to: &w)
        }
        w.endObject()
        w.endObject()
    }

    private static func sorted(_ strings: [CompiledString]) -> [CompiledString] {
        strings.sorted { a, b in
            if !a.key.utf8.elementsEqual(b.key.utf8) { return a.key.utf8.lexicographicallyPrecedes(b.key.utf8) }
            if !a.language.utf8.elementsEqual(b.language.utf8) { return a.language.utf8.lexicographicallyPrecedes(b.language.utf8) }
            return a.variation.utf8.lexicographicallyPrecedes(b.variation.utf8)
        }
    }

    /// Runs of consecutive elements with byte-equal `field`.
    private static func group<C: RandomAccessCollection>(_ items: C, by field: KeyPath<CompiledString, String>) -> [ArraySlice<CompiledString>]
    where C.Element == CompiledString {
        let items = Array(items)
        guard !items.isEmpty else { return [] }
        var groups: [ArraySlice<CompiledString>] = []
        var start = 0
        for i in 1...items.count where i == items.count || !items[i][keyPath: field].utf8.elementsEqual(items[start][keyPath: field].utf8) {
            groups.append(items[start..<i])
            start = i
        }
        return groups
    }
}
