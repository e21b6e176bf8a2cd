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
    /// A language that has the key but not the variation is passed over for the next. `variation` is a path such as `plural.one`; when the
    /// entry has no such variation, a plural falls back to `plural.other` as
    /// Foundation does.
    public func document(key: String, languages: [String], variation: String = "") throws -> Document {
        guard let byLanguage = strings[key] else { throw LookupError.unknownKey(key) }
        var candidates = languages.flatMap(LanguageTag.fallbacks)
        if let sourceLanguage { candidates.append(sourceLanguage) }
        let found = candidates.compactMap { language in byLanguage[language].map { (language, $0) } }
        guard let first = found.first else { throw LookupError.noLanguage(key: key, languages: languages) }
        // A language whose entry lacks the variation (an Android `values-zh-rCN-night/` without
        // `values-zh-rCN/` gives zh-CN only `config.night`) falls back to the next, as Android does.
        for (_, entry) in found {
            if let document = Self.document(in: entry, variation: variation) { return document }
        }
        throw LookupError.noVariation(key: key, language: first.0, variation: variation)
    }

    private static func document(in entry: Entry, variation: String) -> Document? {
        if variation.isEmpty, let document = entry.document { return document }
        if let document = entry.variations[variation] { return document }
        if let range = variation.range(of: "plural.", options: .backwards),
           let other = entry.variations[variation[..<range.upperBound] + "other"] {
            return other
        }
        return nil
    }
}

extension LinkDocBundle: Decodable {
    private enum Keys: String, CodingKey { case version, source, sourceLanguage, language, strings }

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
