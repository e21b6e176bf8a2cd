import Foundation
import LinkDocBase

/// A compiled localization file (Grammar/bundle.schema.json), as written by
/// `linkdoc compile Localizable.xcstrings` or `.strings`: every key's document in
/// every language and variation. A split file (`--split`, one language) decodes
/// too; its strings then belong to its `language`.
public struct LinkDocBundle: Sendable {
    /// One key in one language: the plain document and/or documents by variation
    /// path (`plural.one`, `device.ipad.plural.other`, …).
    public struct Entry: Sendable, Hashable {
        public var document: Document?
        public var variations: [String: Document]
    }

    public enum LookupError: Error, CustomStringConvertible, Sendable {
        case missingResource(String)
        case unknownKey(String)
        case noLanguage(key: String, languages: [String])
        case noVariation(key: String, language: String, variation: String)

        public var description: String {
            switch self {
            case .missingResource(let name): "no resource \(name).json (was it compiled by LinkDocPlugin?)"
            case .unknownKey(let key): "no key \"\(key)\" in the bundle"
            case .noLanguage(let key, let languages): "key \"\(key)\" has none of the languages \(languages)"
            case .noVariation(let key, let language, let variation):
                "key \"\(key)\" (\(language)) has no variation \"\(variation)\""
            }
        }
    }

    public var source: String
    public var sourceLanguage: String?
    /// key → language → entry.
    public var strings: [String: [String: Entry]]
    /// language → its CLDR plural rules, for the languages with plural variations (written by
    /// `linkdoc compile` from ICU's data). A language without rules here selects `other`.
    public var pluralRules: [String: PluralRules]

    /// Errors are `LinkDocDecodingError`s naming the JSON path and what was expected there.
    public init(jsonData: Data) throws {
        self = try LinkDocDecodingError.decode(LinkDocBundle.self, from: jsonData, what: "bundle") { object in
            object["text"] != nil && object["strings"] == nil
                ? #"this is a link document (with "text" and "links"), not a bundle: decode it with Document(jsonData:)"#
                : nil
        }
    }

    /// The document of `key` in the first of `languages` that the bundle has
    /// (trying `zh-Hans-CN`, then `zh-CN`, `zh-Hans` and `zh` for each; `zh_CN`, `iw` and
    /// `English` are read as `zh-CN`, `he` and `en`: `LanguageTag`), else in the source language.
    /// The bundle's languages are BCP 47 tags (`zh_CN.lproj` and `values-zh-rCN` are `zh-CN`).
    ///
    /// `variation` is a path such as `plural.one`. When a language's entry has no such variation:
    /// a plural path falls back to `plural.other` (as Foundation does), and to the plain
    /// document when the entry has no plural variations at all (a Chinese string beside an
    /// English plural); the plain document (`""`) of an entry that has only plural variations
    /// is its `plural.other`. A language that still has nothing is passed over for the next.
    public func document(key: String, languages: [String], variation: String = "") throws -> Document {
        let found = try entries(key: key, languages: languages)
        // A language whose entry lacks the variation (an Android `values-zh-rCN-night/` without
        // `values-zh-rCN/` gives zh-CN only `config.night`) falls back to the next, as Android does.
        for (_, entry) in found {
            if let document = Self.document(in: entry, variation: variation) { return document }
        }
        throw LookupError.noVariation(key: key, language: found[0].language, variation: variation)
    }

    /// The document of `key` for a count, in the first of `languages` the bundle has (as
    /// `document(key:languages:variation:)` finds it): the `plural.CATEGORY` variation that the
    /// language's plural rules give `count` (`pluralRules`); for 0, `plural.zero` when the entry
    /// has one, whatever the rules say (Foundation's rule for `.stringsdict` and String Catalogs;
    /// Android uses the CLDR category alone); a category the entry lacks falls back to
    /// `plural.other`; an entry without plural variations gives its plain document. The count
    /// is not filled into the text: `Document.formatted(_:)` does that.
    public func document(key: String, languages: [String], count: Int) throws -> Document {
        let found = try entries(key: key, languages: languages)
        for (language, entry) in found {
            if let document = Self.document(in: entry, variation: "plural." + pluralCategory(of: count, in: entry, language: language)) {
                return document
            }
        }
        throw LookupError.noVariation(key: key, language: found[0].language,
                                      variation: "plural." + pluralCategory(of: count, in: found[0].entry, language: found[0].language))
    }

    /// The category name of `count` for an entry of `language`.
    private func pluralCategory(of count: Int, in entry: Entry, language: String) -> String {
        if count == 0 && entry.variations["plural.zero"] != nil { return "zero" }
        return (pluralRules[language]?.category(for: count) ?? .other).rawValue
    }

    /// The entries of `key` in the candidate languages the bundle has, best first; never empty.
    private func entries(key: String, languages: [String]) throws -> [(language: String, entry: Entry)] {
        guard let byLanguage = strings[key] else { throw LookupError.unknownKey(key) }
        var candidates = languages.flatMap(LanguageTag.fallbacks)
        if let sourceLanguage { candidates.append(sourceLanguage) }
        let found = candidates.compactMap { language in byLanguage[language].map { (language, $0) } }
        guard !found.isEmpty else { throw LookupError.noLanguage(key: key, languages: languages) }
        return found
    }

    private static func document(in entry: Entry, variation: String) -> Document? {
        if variation.isEmpty {
            return entry.document ?? entry.variations["plural.other"]
        }
        if let document = entry.variations[variation] { return document }
        guard let range = variation.range(of: "plural.", options: .backwards) else { return nil }
        if let other = entry.variations[variation[..<range.upperBound] + "other"] { return other }
        let hasPlurals = entry.variations.keys.contains { $0.hasPrefix(variation[..<range.upperBound]) }
        return hasPlurals ? nil : entry.document
    }
}

extension LinkDocBundle: Decodable {
    private enum Keys: String, CodingKey { case version, source, sourceLanguage, language, strings, pluralRules }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == 1 else { throw Document.DecodingProblem.unsupportedVersion(version) }
        source = try c.decode(String.self, forKey: .source)
        sourceLanguage = try c.decodeIfPresent(String.self, forKey: .sourceLanguage)
        let table = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .strings)
        var strings: [String: [String: Entry]] = [:]
        if let language = try c.decodeIfPresent(String.self, forKey: .language) {
            for key in table.allKeys { strings[key.stringValue] = [language: try table.decode(Entry.self, forKey: key)] }
        } else {
            for key in table.allKeys { strings[key.stringValue] = try table.decode([String: Entry].self, forKey: key) }
        }
        self.strings = strings
        var pluralRules: [String: PluralRules] = [:]
        for (language, rules) in try c.decodeIfPresent([String: [String: String]].self, forKey: .pluralRules) ?? [:] {
            do {
                pluralRules[language] = try PluralRules(rules)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .pluralRules, in: c, debugDescription: "\(language): \(error)")
            }
        }
        self.pluralRules = pluralRules
    }
}

extension LinkDocBundle.Entry: Decodable {
    private enum Keys: String, CodingKey { case version, document, variations }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if c.contains(.version) {  // a document itself
            document = try Document(from: decoder)
            variations = [:]
        } else {
            document = try c.decodeIfPresent(Document.self, forKey: .document)
            variations = try c.decodeIfPresent([String: Document].self, forKey: .variations) ?? [:]
        }
    }
}

/// Decoded bundles by resource name, for the accessors that LinkDocPlugin
/// generates: each bundle is read once per process.
public final class LinkDocBundleCache: @unchecked Sendable {
    private let lock = NSLock()
    private var bundles: [String: LinkDocBundle] = [:]

    public init() {}

    public func bundle(named name: String, load: () throws -> LinkDocBundle) throws -> LinkDocBundle {
        lock.lock()
        defer { lock.unlock() }
        if let bundle = bundles[name] { return bundle }
        let bundle = try load()
        bundles[name] = bundle
        return bundle
    }
}
