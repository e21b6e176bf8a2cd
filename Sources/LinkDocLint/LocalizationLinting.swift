import LinkDocCore
import LinkDocFormats

/// Linting a localization file (`.strings`, `.xcstrings`, Android `strings.xml`): every string value is
/// linted like a copy file, with the compiler of the file's manifest, and each finding is moved to
/// the line and column of the file that the translator edits, naming the key, language and variation.
/// The reader's own findings (syntax, encoding, catalog structure) come first-hand.
/// Fixes are offered where the fixed bytes of a value are spelled literally in the file (most
/// are): the edit is moved onto the file, and everything around it stays as the file has it.
/// Keys, comments, escapes and the file's layout are never edited.
extension Linter {
    public func lint(localization bytes: [UInt8], name: String, format: LocalizationFile.Format, language: String,
                     compiler: Compiler) -> LintFileReport {
        let file = LocalizationFile.read(bytes, name: name, format: format, language: language,
                                         siblings: { AndroidResourceFolder.siblingFiles(of: name) })
        var diagnostics: [LintDiagnostic] = []
        for var d in file.diagnostics {
            // The reader's rules are configured like any other; unknown ones keep their severity.
            if let rule = RuleCatalogue.rule(withID: d.ruleID) {
                guard let severity = configuration.severity(of: rule.description) else { continue }
                d.severity = severity
            }
            diagnostics.append(LintDiagnostic(diagnostic: d, fix: nil))
        }
        // A file is rewritten only when the text read is its bytes: not after invalid bytes were
        // replaced (the rewrite would lose them), not from UTF-16 (the text is a transcoding).
        // Nor an Android file that libxml2 had to recover: its values are what the recovery read.
        let withheld: String? = file.text.isRepaired
            ? "it has bytes that are not valid \(file.text.isUTF16 ? "UTF-16" : "UTF-8"), which a rewrite would replace for good"
            : file.text.isUTF16 ? "it is UTF-16, and fixes are made in UTF-8 files only"
            : file.format == .androidStrings && file.diagnostics.contains(where: { $0.ruleID == RuleID.xmlSyntax })
            ? "it is not well-formed XML, so its values are only what the parser recovered"
            // A UTF-8 file whose first or second byte is NUL would be read as UTF-16 (without a BOM)
            // once a fix changed its length to an even number of bytes.
            : bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0)
            ? "it starts with a NUL byte, which would make it read as UTF-16 once a fix changed its length" : nil
        var hasWithheldFix = false
        // String by string, each string's findings held only until the next one is linted (the
        // fragments of one text pair across two strings), then moved into the file.
        var budget = FindingBudget()
        // The strings with fixes (by index in file.strings): their edits as edits of the value, and
        // the diagnostics that hold them.
        var fixedStrings: [Int: (edits: [TextEdit], diagnostics: [Int])] = [:]
        // The strings as the app shows them (`keepsStrings`), each placed where the file writes it.
        var linted: [LintedString] = []
        func place(_ found: [LintDiagnostic], of index: Int, string compiled: LintedString?) {
            let string = file.strings[index]
            let shift = string.value.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if var compiled {
                func location(_ offset: Int) -> SourceLocation { file.text.location(of: string.map.fileOffset(ofValueOffset: offset + shift)) }
                compiled.variation = string.variation
                compiled.label = string.label
                compiled.linkLocations = compiled.linkSources.map { location($0.lowerBound) }
                compiled.location = location(0)
                linted.append(compiled)
            }
            for var d in found {
                d.string = compiled == nil ? nil : linted.count - 1
                let fix = d.fix.flatMap { Self.fileEdits($0, of: string, in: file) }
                if fix != nil && withheld != nil { hasWithheldFix = true }
                if fix != nil && withheld == nil, let edits = d.fix {
                    fixedStrings[index, default: ([], [])].edits += edits.map {
                        var edit = $0
                        edit.range = (edit.range.lowerBound + shift)..<(edit.range.upperBound + shift)
                        return edit
                    }
                    fixedStrings[index, default: ([], [])].diagnostics.append(diagnostics.count)
                }
                var placed = LintDiagnostic(diagnostic: file.text.place(d.diagnostic, of: string), fix: withheld == nil ? fix : nil)
                placed.string = d.string
                diagnostics.append(placed)
            }
        }
        var previous: (index: Int, found: [LintDiagnostic], string: LintedString?)?
        for (index, string) in file.strings.enumerated() {
            let report = lint(string.value, name: name, compiler: compiler, language: string.language, key: string.key,
                              options: file.compileOptions(for: string, inputKind: .copy), excerpts: false, budget: &budget)
            var found = report.diagnostics
            if let (before, foundBefore, compiledBefore) = previous {
                var beforeFound = foundBefore
                let b = file.strings[before]
                UnbalancedBracketsRule.pairFragments(&beforeFound, (b.value, b.language, b.key),
                                                     next: &found, (string.value, string.language, string.key))
                place(beforeFound, of: before, string: compiledBefore)
            }
            previous = (index, found, report.strings.first)
        }
        if let (last, found, compiled) = previous { place(found, of: last, string: compiled) }
        // A catalog's Markdown and Android's white space are read from the whole value, so an edit
        // can change how the text around it reads (a space that starts a new Markdown run after a
        // URL, a U+200B removed between two code spans, white space left at a value's end). The
        // file is read again with every fix: a string whose value is then not exactly its old value
        // with its own edits keeps its findings and loses its fixes. So too in a .strings file, where
        // removing a character can join an escape with what follows (`\7` U+200B `400` → `\7400`);
        // but not in one over 4 MiB, which would be held twice (`LintMemoryTests`).
        if (file.format != .strings || bytes.count <= 4 << 20) && !fixedStrings.isEmpty {
            let edits = fixedStrings.values.flatMap { $0.diagnostics.compactMap { diagnostics[$0].fix }.joined() }
            let again = LocalizationFile.read(Fixer.apply(Array(edits), to: file.text.bytes), name: name, format: format,
                                              language: language, siblings: { AndroidResourceFolder.siblingFiles(of: name) })
            for (index, entry) in fixedStrings where again.strings.count != file.strings.count
                || again.strings[index].value != Fixer.apply(entry.edits, to: file.strings[index].value) {
                for k in entry.diagnostics { diagnostics[k].fix = nil }
            }
        }
        diagnostics += budget.summaries(file: name)
        diagnostics.sort {
            let a = $0.diagnostic.location?.offset ?? -1, b = $1.diagnostic.location?.offset ?? -1
            return a != b ? a < b : $0.diagnostic.ruleID < $1.diagnostic.ruleID
        }
        var report = LintFileReport(file: name, diagnostics: diagnostics, source: withheld == nil ? file.text.source : nil,
                                    fixesWithheld: hasWithheldFix ? withheld : nil)
        report.strings = linted
        return report
    }

    /// A fix of a value as a fix of the file: each edit must fall in a literal run of the value
    /// (so the file's own escaping around it is kept byte for byte) and insert nothing that the
    /// format would have to escape; otherwise the fix is not offered here.
    /// A value that is not written as a value (its key, an alias) is read-only.
    static func fileEdits(_ edits: [TextEdit], of string: LocalizedString, in file: LocalizationFile) -> [TextEdit]? {
        guard string.spelling == .value else { return nil }
        let shift = string.value.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var mapped: [TextEdit] = []
        for edit in edits {
            guard edit.replacement.allSatisfy({ !Self.needsEscaping($0) }),
                  let range = string.map.literalFileRange(ofValueRange: (edit.range.lowerBound + shift)..<(edit.range.upperBound + shift),
                                                          valueCount: string.value.count) else { return nil }
            var fileEdit = edit
            fileEdit.range = range
            // aapt2 collapses a run of whitespace outside quotes into one space: an edit that
            // leaves two whitespace bytes side by side would change the value by more than the fix.
            if file.format == .androidStrings && Self.joinsWhitespace(fileEdit, in: file.text.bytes) { return nil }
            // A catalog value is Markdown: an edit right after a (JSON-escaped) backslash could make
            // it escape the next character (`\` ZWSP `,` → `\,`) or stop escaping one.
            if file.format == .xcstrings, range.lowerBound > 0, file.text.bytes[range.lowerBound - 1] == UInt8(ascii: "\\") { return nil }
            mapped.append(fileEdit)
        }
        return mapped
    }

    private static func joinsWhitespace(_ edit: TextEdit, in bytes: [UInt8]) -> Bool {
        func isSpace(_ b: UInt8?) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        let before = edit.range.lowerBound > 0 ? bytes[edit.range.lowerBound - 1] : nil
        let after = edit.range.upperBound < bytes.count ? bytes[edit.range.upperBound] : nil
        // Nor may it edit one space of a run, which stands with the others for one space.
        if !edit.range.isEmpty && ((isSpace(before) && isSpace(bytes[edit.range.lowerBound]))
                                   || (isSpace(after) && isSpace(bytes[edit.range.upperBound - 1]))) { return true }
        if edit.replacement.isEmpty {
            // Nor may it leave white space first or last in the value (before `</string>`, an inline tag
            // or `]]>`, after the start tag or `<![CDATA[`), which aapt2 trims away with the fix.
            let endsText = after == UInt8(ascii: "<") || bytes[edit.range.upperBound...].starts(with: "]]>".utf8)
            let startsText = before == UInt8(ascii: ">") || bytes[..<edit.range.lowerBound].reversed().starts(with: "<![CDATA[".utf8.reversed())
            return (isSpace(before) && isSpace(after)) || (isSpace(before) && endsText) || (startsText && isSpace(after))
        }
        return (isSpace(before) && isSpace(edit.replacement.first)) || (isSpace(edit.replacement.last) && isSpace(after))
    }

    /// Bytes with a meaning of their own in .strings, JSON or Android XML.
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || "\"\\'<>&%@".utf8.contains(byte)
    }
}

/// Rules whose findings come from the readers of localization files.
public protocol FileFormatRule: OptionlessRule {}

extension FileFormatRule {
    /// The reader reports these when it reads the file (see `lint(localization:)`);
    /// there is nothing more to find in a decoded string.
    public func check(_ context: LintContext) -> [LintFinding] { [] }
}

public struct StringsSyntaxRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.stringsSyntax, defaultSeverity: .error,
        summary: "A .strings file that does not follow the \"key\" = \"value\"; syntax",
        rationale: "Xcode stops reading a table at its first syntax error: every string after it silently falls back to its key.",
        triggering: [], nonTriggering: ["\"a\" = \"b\";"])
}

public struct StringsEscapeRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.stringsEscape, defaultSeverity: .warning,
        summary: "An unknown or malformed backslash escape in a .strings value",
        rationale: "An unknown escape is read differently by different tools; write the character or a valid escape.",
        triggering: [], nonTriggering: ["\"a\" = \"b\\n\";"])
}

public struct DuplicateKeyRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.duplicateKey, defaultSeverity: .warning,
        summary: "The same key twice in one table",
        rationale: "Only one of the two values is used; the other translation is lost without a word.",
        triggering: [], nonTriggering: ["\"a\" = \"1\"; \"b\" = \"2\";"])
}

public struct InvalidEncodingRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.invalidEncoding, defaultSeverity: .error,
        summary: "A localization file whose bytes are not valid UTF-8 (or UTF-16 with a BOM)",
        rationale: "Mis-encoded translations show as mojibake in the app.",
        triggering: [], nonTriggering: ["\"a\" = \"b\";"])
}

public struct JSONSyntaxRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.jsonSyntax, defaultSeverity: .error,
        summary: "A String Catalog (.xcstrings) that is not valid JSON",
        rationale: "Xcode cannot open a broken catalog, and the build fails or drops its strings.",
        triggering: [], nonTriggering: ["{}"])
}

public struct CatalogStructureRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.catalogStructure, defaultSeverity: .error,
        summary: "A String Catalog whose JSON does not have the catalog's shape",
        rationale: "Entries in unexpected places are ignored by Xcode, so their translations never ship.",
        triggering: [], nonTriggering: ["{}"])
}

public struct PluralCategoryRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.pluralCategory, defaultSeverity: .warning,
        summary: "A plural variation whose category is not one of CLDR's six (zero, one, two, few, many, other)",
        rationale: "A misspelled category is never chosen at run time.",
        triggering: [], nonTriggering: ["{}"])
}

public struct XMLSyntaxRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.xmlSyntax, defaultSeverity: .error,
        summary: "An Android string resource file that is not well-formed XML",
        rationale: "aapt2 stops at the first XML error and the build fails; linkdoc reads what libxml2 recovers, which may not be what was meant.",
        triggering: [], nonTriggering: ["<resources><string name=\"a\">b</string></resources>"])
}

public struct XMLEntityRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.xmlEntity, defaultSeverity: .error,
        summary: "An entity that an Android string resource file declares or refers to and linkdoc does not expand: an external DTD or entity, a parameter entity, an undeclared one, or an internal one past its bounds",
        rationale: "Entities are how XML files read other files (XXE) or blow up in memory (billion laughs). linkdoc expands a DOCTYPE's internal entities in values, as aapt2 does, within bounds (256 entities, 4,096 bytes and 4 levels each, 1 MiB a file), and never loads anything; a reference it does not expand stands for nothing.",
        triggering: [], nonTriggering: ["<resources><string name=\"a\">Tom &amp; Jerry</string></resources>",
                                        "<!DOCTYPE resources [<!ENTITY app \"Foo\">]><resources><string name=\"a\">&app;</string></resources>"])
}

public struct AndroidEscapeRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.androidEscape, defaultSeverity: .error,
        summary: "An Android string that aapt2 rejects: an unescaped apostrophe, a malformed \\u escape",
        rationale: "aapt2 fails the build on these; write \\' (or quote the whole value) and \\u with four hex digits.",
        triggering: [], nonTriggering: ["<string name=\"a\">Don\\'t</string>"])
}

public struct AndroidUnknownEscapeRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.androidUnknownEscape, defaultSeverity: .warning,
        summary: "A backslash escape that Android does not know (\\x stands for x)",
        rationale: "Android drops the backslash silently; \\《 meant as linkdoc's markup escape needs \\\\《 in the file.",
        triggering: [], nonTriggering: ["<string name=\"a\">\\n</string>"])
}

public struct AndroidResourceRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.androidResource, defaultSeverity: .error,
        summary: "An Android resource whose elements do not have the expected shape",
        rationale: "A <string> without a name, a plurals <item> without a quantity or a value missing its end tag is dropped or misread by aapt2.",
        triggering: [], nonTriggering: ["<resources><string name=\"a\">b</string></resources>"])
}

public struct AndroidReferenceRule: FileFormatRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.androidReference, defaultSeverity: .warning,
        summary: "An Android value that is a resource reference linkdoc cannot resolve (@string/missing, @android:string/ok, ?attr/x, @null)",
        rationale: "A @string/ reference takes its text from the file or its folder set (the folder's other .xml files, then values/); one that names nothing there has no text in the bundle, so the app shows nothing or falls back.",
        triggering: [], nonTriggering: ["<resources><string name=\"a\">b</string><string name=\"c\">@string/a</string></resources>"])
}
