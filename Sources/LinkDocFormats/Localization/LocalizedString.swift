import LinkDocCore
import LinkDocBase

/// One translatable string read from a localization file, before compiling:
/// where it belongs (key, language, variation) and its decoded value with the
/// map back to the file.
public struct LocalizedString: Sendable {
    public var key: String
    /// A BCP 47 language tag as the file spells it (`en`, `zh-Hans`), or `und`.
    public var language: String
    /// The variation path, `""` for the plain string unit; e.g. `plural.one`,
    /// `device.ipad.plural.other`, `substitutions.count.plural.few`.
    public var variation: String
    /// The value, UTF-8, line breaks normalized to LF.
    public var value: [UInt8]
    /// Where each byte of `value` is in the file.
    public var map: SourceMap
    /// Where the value's text is written, which says whether a fix of the value may edit the file.
    public var spelling: Spelling = .value
    /// The rules that the file's own comment for this string silences (`linkdoc-disable-next-line`
    /// in a catalog key's `comment`, in the XML comment right before an Android resource).
    public var silenced: SilencedRules = .none

    /// Where a value's text is written in the file.
    public enum Spelling: Sendable, Equatable {
        /// The value is written as a value: a fix edits it there.
        case value
        /// The key stands for the value (`"key";` in a .strings file, a catalog key without a
        /// source-language unit): an edit there would rename the key, so the value is read-only.
        case key
        /// An Android `@string/name` alias: the text is the named string's, fixed where that is
        /// written, once.
        case alias
    }

    /// How diagnostics name this string: `key "privacy" (zh-Hans, plural.one)`.
    public var label: String {
        var s = "key \"\(key)\" (\(language)"
        if !variation.isEmpty { s += ", " + variation }
        return s + ")"
    }
}

/// What reading a localization file gives: its strings in file order, and the
/// problems found in the file itself (syntax, encoding, structure).
public struct LocalizationFile: Sendable {
    public enum Format: String, Sendable { case strings, xcstrings, androidStrings }

    public var format: Format
    public var text: LocalizationText
    /// The catalog's `sourceLanguage`; for an Android file of the default `values/`
    /// folder, its language; for a `.strings` file of `Base.lproj`, `Base`; nil for other
    /// `.strings` and Android files.
    public var sourceLanguage: String?
    public var strings: [LocalizedString]
    public var diagnostics: [Diagnostic]

    /// How a string of this file is compiled (lint compiles values as copy, `inputKind`). A
    /// `<!-- linkdoc-disable-next-line … -->` inside a `.strings` value is an HTML comment to the
    /// compiler, so it silences as in a copy file; in a catalog's Markdown and an Android value it
    /// would be display text (the XML parser drops an XML comment inside `<string>`), so there the
    /// file's own comment for the string silences it (`LocalizedString.silenced`).
    public func compileOptions(for string: LocalizedString, inputKind: InputKind = .localization) -> CompileOptions {
        CompileOptions(inputKind: inputKind, readsSuppressionComments: format == .strings, silenced: string.silenced)
    }

    /// The format for a path, by its extension; nil for copy files. Android
    /// resources are `strings.xml` anywhere and any `*.xml` in a `values*` folder
    /// (see `AndroidResourceFolder`).
    public static func format(forPath path: String) -> Format? {
        let lower = path.lowercased()
        if lower.hasSuffix(".xcstrings") { return .xcstrings }
        if lower.hasSuffix(".strings") { return .strings }
        if AndroidResourceFolder.isAndroidStrings(path: path) { return .androidStrings }
        return nil
    }

    /// Reads a localization file of the given format. Never throws: every
    /// problem becomes a diagnostic and whatever can be read is kept.
    /// `language` is the language of a `.strings` or Android file (ignored for catalogs).
    /// `siblings` gives an Android file's folder set, where `@string/name` references are
    /// looked up (`AndroidResourceFolder.siblingFiles(of:)` for a file on disk); it is called
    /// only when the file has a reference it does not resolve itself.
    public static func read(_ bytes: [UInt8], name: String, format: Format, language: String,
                            siblings: (() -> [(name: String, bytes: [UInt8])])? = nil) -> LocalizationFile {
        switch format {
        case .strings: StringsFileReader.read(bytes, name: name, language: language)
        case .xcstrings: XCStringsReader.read(bytes, name: name)
        case .androidStrings: AndroidStringsReader.read(bytes, name: name, language: language, siblings: siblings)
        }
    }

    /// The language of a `.strings` file from its `xx.lproj` folder, of an Android
    /// file from its `values-…` folder (`values-zh-rCN` → `zh-CN`), else `und`.
    public static func language(forPath path: String) -> String {
        if AndroidResourceFolder.isAndroidStrings(path: path) {
            return AndroidResourceFolder.language(forPath: path) ?? "und"
        }
        return language(forStringsPath: path)
    }

    /// The language of a `.strings` file from its `xx.lproj` folder in BCP 47 (`zh_CN.lproj` →
    /// `zh-CN`, `English.lproj` → `en`; `LanguageTag`), `Base` for `Base.lproj`, else `und`.
    public static func language(forStringsPath path: String) -> String {
        let parts = path.split(separator: "/")
        if parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") {
            let folder = parts[parts.count - 2].dropLast(".lproj".count)
            if folder == "Base" { return "Base" }
            if let tag = LanguageTag.canonical(folder), isLanguageTag(tag) { return tag }
        }
        return "und"
    }

    /// Language tags become file names with `--split`, so only letters, digits,
    /// `-` and `_` are accepted (`en`, `zh-Hans`, `es-419`, `pt_BR`).
    public static func isLanguageTag<S: StringProtocol>(_ s: S) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F
        }
    }
}
