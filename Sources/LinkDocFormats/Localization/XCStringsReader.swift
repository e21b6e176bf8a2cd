import LinkDocCore

/// Reads Apple String Catalogs (`.xcstrings`, JSON):
///
///     {"sourceLanguage": "en", "version": "1.0", "strings": {
///       "privacy_dialog": {"localizations": {
///         "en":      {"stringUnit": {"state": "translated", "value": "Read the 《Terms》"}},
///         "zh-Hans": {"variations": {"device": {"ipad": {"variations": {"plural": {
///                      "one": {"stringUnit": {…}}, "other": {"stringUnit": {…}}}}}}}}}}}}
///
/// Every string unit becomes a `LocalizedString` whose variation path is the
/// chain of variation kinds and cases that leads to it (`device.ipad.plural.one`),
/// and units under `substitutions` get `substitutions.NAME.` in front
/// (`substitutions.count.plural.other`). Nesting is walked generically, so kinds
/// that Xcode adds later are kept too.
///
/// A key without a string unit in the source language stands for itself there, as at
/// run time (Xcode shows the key when the source language has no value): keys extracted
/// from code (`Text("Read the 《Terms》")`) are written as `"Read the 《Terms》": {}`, or
/// with translations only, and keys marked `"shouldTranslate": false` often have no
/// localization at all. So every key gets a source document: its source unit's value,
/// or else the key itself.
///
/// Values (and keys used as values) are SwiftUI's inline Markdown; `CatalogMarkdown`
/// turns it into linkdoc markup before compiling.
enum XCStringsReader {
    static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    static func read(_ raw: [UInt8], name: String) -> LocalizationFile {
        let text = LocalizationText(name: name, bytes: raw)
        var walker = Walker(text: text)
        do {
            let root = try PositionedJSONParser.parse(text.bytes)
            walker.readCatalog(root)
        } catch {
            walker.diagnostics.append(text.diagnostic(.error, "not valid JSON: \(error.message)", rule: RuleID.jsonSyntax, at: error.offset))
        }
        return LocalizationFile(format: .xcstrings, text: text, sourceLanguage: walker.sourceLanguage,
                                strings: walker.strings, diagnostics: text.diagnostics + walker.diagnostics)
    }

    struct Walker {
        let text: LocalizationText
        var sourceLanguage: String? = nil
        var strings: [LocalizedString] = []
        var diagnostics: [Diagnostic] = []

        mutating func problem(_ message: String, at offset: Int, _ severity: Severity = .error, rule: RuleID = .catalogStructure) {
            diagnostics.append(text.diagnostic(severity, message, rule: rule, at: offset))
        }

        mutating func readCatalog(_ root: JSONNode) {
            guard root.members != nil else {
                return problem("a String Catalog is a JSON object, found \(root.kindName)", at: root.offset)
            }
            if let source = root.member("sourceLanguage") {
                if case .string(let s) = source, LocalizationFile.isLanguageTag(s.string) {
                    sourceLanguage = s.string
                } else {
                    problem("\"sourceLanguage\" must be a language tag such as \"en\" or \"zh-Hans\"", at: source.offset)
                }
            } else {
                problem("the catalog has no \"sourceLanguage\"", at: root.offset, .warning)
            }
            guard let table = root.member("strings") else {
                return problem("the catalog has no \"strings\" object", at: root.offset)
            }
            guard let entries = table.members else {
                return problem("\"strings\" must be an object, found \(table.kindName)", at: table.offset)
            }
            var seen: [[UInt8]: Int] = [:]
            for entry in entries {
                let key = entry.key.string
                if let first = seen[entry.key.bytes] {
                    let line = text.location(of: first).line
                    problem("duplicate key \"\(key)\" (first defined on line \(line)); the later one is used",
                            at: entry.key.map.start, .warning, rule: RuleID.duplicateKey)
                    strings.removeAll { Array($0.key.utf8) == entry.key.bytes }
                }
                seen[entry.key.bytes] = entry.key.map.start
                readEntry(entry.key, entry.value)
            }
        }

        mutating func readEntry(_ key: JSONString, _ node: JSONNode) {
            guard node.members != nil else {
                return problem("key \"\(key.string)\": expected an object, found \(node.kindName)", at: node.offset)
            }
            var hasSourceUnit = false
            let stringsBefore = strings.count
            defer {
                // The key's comment, which translators see, silences rules in all its strings: a
                // comment inside a value would be Markdown's display text.
                if case .string(let comment)? = node.member("comment") {
                    let silenced = SilencedRules(comment: comment.string)
                    for k in stringsBefore..<strings.count { strings[k].silenced = silenced }
                }
            }
            if let localizations = node.member("localizations") {
                guard let languages = localizations.members else {
                    return problem("key \"\(key.string)\": \"localizations\" must be an object, found \(localizations.kindName)", at: localizations.offset)
                }
                for language in languages {
                    let tag = language.key.string
                    guard LocalizationFile.isLanguageTag(tag) else {
                        problem("key \"\(key.string)\": \"\(tag)\" is not a language tag (letters, digits, '-' and '_')", at: language.key.map.start)
                        continue
                    }
                    let (stringsBefore, diagnosticsBefore) = (strings.count, diagnostics.count)
                    collect(language.value, key: key.string, language: tag, path: [])
                    if strings.count == stringsBefore && diagnostics.count == diagnosticsBefore {
                        problem("key \"\(key.string)\" (\(tag)): no string unit", at: language.value.offset, .warning)
                    }
                    if tag == sourceLanguage && strings.count > stringsBefore { hasSourceUnit = true }
                }
            }
            if !hasSourceUnit, let sourceLanguage {
                append(LocalizedString(key: key.string, language: sourceLanguage, variation: "", value: key.bytes, map: key.map,
                                       spelling: .key))
            }
        }

        /// A string read from the catalog, its value read as SwiftUI's inline Markdown.
        mutating func append(_ string: LocalizedString) {
            var string = string
            (string.value, string.map) = CatalogMarkdown.markup(string.value, map: string.map)
            strings.append(string)
        }

        /// Collects the string units under a localization, a variation case or a substitution.
        mutating func collect(_ node: JSONNode, key: String, language: String, path: [String]) {
            let place = "key \"\(key)\" (\(language)\(path.isEmpty ? "" : ", " + path.joined(separator: ".")))"
            guard node.members != nil else {
                return problem("\(place): expected an object, found \(node.kindName)", at: node.offset)
            }
            if let unit = node.member("stringUnit") {
                if case .string(let value)? = unit.member("value") {
                    append(LocalizedString(key: key, language: language, variation: path.joined(separator: "."),
                                           value: value.bytes, map: value.map))
                } else if let value = unit.member("value") {
                    problem("\(place): \"value\" must be a string, found \(value.kindName)", at: value.offset)
                } else {
                    problem("\(place): the string unit has no \"value\"", at: unit.offset)
                }
            }
            if let variations = node.member("variations") {
                guard let kinds = variations.members else {
                    return problem("\(place): \"variations\" must be an object, found \(variations.kindName)", at: variations.offset)
                }
                for kind in kinds {
                    guard let cases = kind.value.members else {
                        problem("\(place): variation \"\(kind.key.string)\" must be an object, found \(kind.value.kindName)", at: kind.value.offset)
                        continue
                    }
                    for variationCase in cases {
                        let name = variationCase.key.string
                        if kind.key.string == "plural" && !XCStringsReader.pluralCategories.contains(name) {
                            problem("\(place): \"\(name)\" is not a plural category (zero, one, two, few, many, other); it will never be chosen",
                                    at: variationCase.key.map.start, .warning, rule: RuleID.pluralCategory)
                        }
                        collect(variationCase.value, key: key, language: language, path: path + [kind.key.string, name])
                    }
                }
            }
            if let substitutions = node.member("substitutions") {
                guard let names = substitutions.members else {
                    return problem("\(place): \"substitutions\" must be an object, found \(substitutions.kindName)", at: substitutions.offset)
                }
                for substitution in names {
                    collect(substitution.value, key: key, language: language, path: path + ["substitutions", substitution.key.string])
                }
            }
        }
    }
}
