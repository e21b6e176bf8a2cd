import LinkDocCore
import LinkDocModel

/// A finding with its configured severity, ready for a reporter.
public struct LintDiagnostic: Sendable {
    public var diagnostic: Diagnostic
    public var fix: [TextEdit]?
    /// How many findings this diagnostic stands for: 1, or more for the one that counts the
    /// findings of a rule a file does not list (`FindingBudget`). Reporters' totals add these.
    public var count = 1
    /// The string of the file's `strings` this finding is about, when the linter keeps strings
    /// (`Linter.keepsStrings`); nil for a finding about the file as a whole.
    public var string: Int?

    public init(diagnostic: Diagnostic, fix: [TextEdit]?) {
        self.diagnostic = diagnostic
        self.fix = fix
    }
}

/// One string of a linted file as the app shows it, kept for the review page: a copy file is one
/// string; a localization file has one per key, language and variation.
public struct LintedString: Sendable {
    /// The key in a localization file; nil for a copy file.
    public var key: String?
    /// The language when the file says it (`en`, `zh-Hans`, `und`); nil for a copy file.
    public var language: String?
    /// The variation path (`plural.one`), "" for the plain string.
    public var variation: String
    /// The document the app shows; nil when the text could not be read at all.
    public var document: Document?
    /// Where each link of `document` is written in the file (line and column of its first byte).
    public var linkLocations: [SourceLocation]
    /// Where the string's text starts in the file.
    public var location: SourceLocation?
    /// How the file's diagnostics name this string (`key "privacy" (zh-Hans)`), when they do: a page
    /// that shows a finding beside its string leaves the name out.
    public var label: String?
    /// The byte range each link of `document` was written in, in the text the compiler read (the
    /// compile result's `linkSources`): what `linkLocations` are placed from, in a copy file or,
    /// through the value's map, in a localization file.
    var linkSources: [Range<Int>] = []

    public init(key: String?, language: String?, variation: String, document: Document?,
                linkLocations: [SourceLocation], location: SourceLocation?) {
        self.key = key
        self.language = language
        self.variation = variation
        self.document = document
        self.linkLocations = linkLocations
        self.location = location
    }
}

/// The result of linting one file.
public struct LintFileReport: Sendable {
    public var file: String
    public var diagnostics: [LintDiagnostic]
    /// The normalized source, when the file could be read as UTF-8 (for fixes).
    public var source: SourceText?
    /// Why findings that have a fix elsewhere have none in this file (its bytes are not what
    /// linkdoc read, so rewriting it would change more than the fix): `--fix` says so.
    public var fixesWithheld: String?
    /// Every string of the file with its document, when the linter keeps them (`Linter.keepsStrings`).
    public var strings: [LintedString] = []

    public init(file: String, diagnostics: [LintDiagnostic], source: SourceText?, fixesWithheld: String? = nil) {
        self.file = file
        self.diagnostics = diagnostics
        self.source = source
        self.fixesWithheld = fixesWithheld
    }
}

/// Lints documents: compiles each with the compiler of its manifest (so compiler and linter
/// agree), runs the enabled rules, applies severities from the configuration and the
/// suppressions the compile result carries, and sorts the findings by position.
public struct Linter: Sendable {
    public let configuration: LintConfiguration
    private let rules: [(rule: any LintRule, severity: Severity)]
    /// Whether reports hold every string's document (`LintFileReport.strings`), for the review
    /// page; off for `lint`'s other reporters, which would only hold them in memory.
    public var keepsStrings = false

    public init(configuration: LintConfiguration) throws(LintConfigurationError) {
        self.configuration = configuration
        var rules: [(any LintRule, Severity)] = []
        for type in RuleCatalogue.all {
            guard let severity = configuration.severity(of: type.description) else { continue }
            rules.append((try type.init(options: configuration.options[type.description.id] ?? RuleOptions()), severity))
        }
        self.rules = rules
    }

    /// Lints a copy file as read (its final line ending is not text) with `compiler`, the one of
    /// its manifest: a run over many files keeps one compiler per manifest, since making one
    /// derives every table of the manifest again. `language` is the text's language when known,
    /// `key` its key.
    public func lint(_ bytes: [UInt8], name: String, compiler: Compiler, language: String? = nil, key: String? = nil) -> LintFileReport {
        var budget = FindingBudget()
        var report = lint(bytes, name: name, compiler: compiler, language: language, key: key, options: CompileOptions(isFile: true),
                          excerpts: true, budget: &budget)
        report.diagnostics += budget.summaries(file: name)
        if let source = report.source {
            for k in report.strings.indices {
                report.strings[k].linkLocations = report.strings[k].linkSources.map { source.location(ofOffset: $0.lowerBound) }
                report.strings[k].location = source.location(ofOffset: 0)
            }
        }
        return report
    }

    /// The string a text is as the app shows it, with its links' source ranges; where they lie in
    /// the file is the caller's to say (`linkLocations`, `location`).
    private func lintedString(_ result: CompileResult, language: String?, key: String?) -> LintedString {
        var string = LintedString(key: key, language: language, variation: "", document: result.document, linkLocations: [], location: nil)
        string.linkSources = result.linkSources
        return string
    }

    /// Lints one text, listing findings while `budget` admits them (the rest are counted there).
    /// `options`: whether `bytes` are a copy file rather than a value (a localization file's string),
    /// and what silences findings in it.
    /// `excerpts`: whether diagnostics carry their source line (not when they are moved into a
    /// localization file, which gives its own).
    func lint(_ bytes: [UInt8], name: String, compiler: Compiler, language: String?, key: String?, options: CompileOptions,
              excerpts: Bool, budget: inout FindingBudget) -> LintFileReport {
        let result = compiler.compile(bytes, name: name, options: options)
        guard let source = result.source else {
            // Not read at all (invalid UTF-8, too large): only the compiler's diagnostic applies.
            let diagnostics = result.diagnostics.compactMap { d -> LintDiagnostic? in
                guard let rule = RuleCatalogue.rule(withID: d.ruleID),
                      let severity = configuration.severity(of: rule.description) else { return nil }
                var d = d
                d.severity = severity
                var linted = LintDiagnostic(diagnostic: d, fix: nil)
                if keepsStrings { linted.string = 0 }
                return linted
            }
            var report = LintFileReport(file: name, diagnostics: diagnostics, source: nil)
            if keepsStrings { report.strings = [lintedString(result, language: language, key: key)] }
            return report
        }
        let context = LintContext(source: source, result: result, manifest: compiler.manifest, language: language, file: name, key: key)
        let suppressions = result.suppressions
        var diagnostics: [LintDiagnostic] = []
        for (rule, severity) in rules {
            for finding in rule.check(context) {
                let location = source.location(ofOffset: finding.offset)
                guard !suppressions.suppresses(finding.ruleID, onLine: location.line),
                      budget.admit(finding.ruleID, severity: severity) else { continue }
                diagnostics.append(LintDiagnostic(
                    diagnostic: Diagnostic(severity: severity, message: finding.message, ruleID: finding.ruleID, file: name,
                                           at: finding.offset, in: source, excerpt: excerpts),
                    fix: finding.fix))
            }
        }
        diagnostics.sort {
            let a = $0.diagnostic.location?.offset ?? 0, b = $1.diagnostic.location?.offset ?? 0
            return a != b ? a < b : $0.diagnostic.ruleID < $1.diagnostic.ruleID
        }
        Self.withholdFixesThatMoveLinks(&diagnostics, source: source, result: result, compiler: compiler, name: name)
        var report = LintFileReport(file: name, diagnostics: diagnostics, source: source)
        if keepsStrings {
            report.strings = [lintedString(result, language: language, key: key)]
            for k in report.diagnostics.indices { report.diagnostics[k].string = 0 }
        }
        return report
    }

    /// A fix must change the displayed text by its own edit and nothing else, and never the links: an
    /// invisible character or a space can be what ends a URL, an address or a mention where the linker
    /// has to guess (`https://example.com/帮助` U+200B `Auf`, `http://e.com,` U+200B `中文`), a fix
    /// elsewhere can move that guess, and a space can change how Markdown or HTML reads what follows
    /// (a code span after a URL, a run of white space that HTML collapses). The text is compiled again
    /// with every fix; when its links (kind and target) or styles differ, its length changed by other
    /// than the edits or the compiler finds more of something (`下一步@` U+200B `Auf.ge` would read as an
    /// invalid address), the fixes that change them are found (by halving) and not offered (the finding
    /// stays), then none if the rest still do together.
    static func withholdFixesThatMoveLinks(_ diagnostics: inout [LintDiagnostic], source: SourceText, result: CompileResult,
                                           compiler: Compiler, name: String) {
        guard diagnostics.contains(where: { $0.fix != nil }) else { return }
        func signature(_ result: CompileResult) -> (links: [String], styles: [TextStyle], length: Int, findings: [RuleID: Int]) {
            let document = result.document
            return ((document?.links ?? []).map { "\($0.kind)|\($0.url ?? "")|\($0.target)" },
                    (document?.styles ?? []).map(\.attributes), document?.text.unicodeScalars.count ?? 0,
                    result.diagnostics.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 })
        }
        func scalars(_ bytes: [UInt8]) -> Int { bytes.lazy.filter { $0 & 0xC0 != 0x80 }.count }
        let before = signature(result), sourceLength = scalars(source.bytes)
        func moves(_ edits: [TextEdit]) -> Bool {
            let fixed = Fixer.apply(edits, to: source.bytes)
            // Text as read, not a file: a final line feed of it is text (the file's own is gone already).
            let after = signature(compiler.compile(fixed, name: name))
            return after.links != before.links || after.styles != before.styles
                || after.length - before.length != scalars(fixed) - sourceLength
                || after.findings.contains { $0.value > before.findings[$0.key, default: 0] }
        }
        let fixed = diagnostics.indices.filter { diagnostics[$0].fix != nil }
        func edits<C: Collection<Int>>(_ group: C) -> [TextEdit] { group.flatMap { diagnostics[$0].fix ?? [] } }
        guard moves(edits(fixed)) else { return }
        // The fixes that keep them, found by halving (a few compiles for a few culprits, even in a
        // long text with many fixes): a group that changes nothing is kept whole.
        func keeping(_ group: ArraySlice<Int>) -> [Int] {
            if group.count == 1 { return [] }
            let halves = [group[..<(group.startIndex + group.count / 2)], group[(group.startIndex + group.count / 2)...]]
            return halves.flatMap { moves(edits($0)) ? keeping($0) : Array($0) }
        }
        var kept = Set(keeping(fixed[...]))
        if moves(edits(fixed.filter(kept.contains))) { kept = [] }
        for k in fixed where !kept.contains(k) { diagnostics[k].fix = nil }
    }
}

/// How many findings of each rule one file lists. A file is linted whole, but a machine-made
/// one can have a finding every few bytes, millions in one file, and every finding listed is
/// held until it is reported: past `perRule` findings of a rule, the rest are counted, and one
/// diagnostic says how many (`summaries`). Memory then stays a small multiple of the file.
struct FindingBudget {
    static let perRule = 10_000
    private var listed: [RuleID: Int] = [:]
    private var unlisted: [RuleID: (count: Int, severity: Severity)] = [:]

    mutating func admit(_ rule: RuleID, severity: Severity) -> Bool {
        let n = listed[rule, default: 0]
        if n < Self.perRule {
            listed[rule] = n + 1
            return true
        }
        let previous = unlisted[rule]
        unlisted[rule] = ((previous?.count ?? 0) + 1, max(previous?.severity ?? severity, severity))
        return false
    }

    /// One diagnostic per rule that had findings left out, standing for all of them (`count`).
    func summaries(file: String) -> [LintDiagnostic] {
        unlisted.sorted { $0.key < $1.key }.map { rule, left in
            var d = LintDiagnostic(diagnostic: Diagnostic(
                severity: left.severity,
                message: "\(left.count) more findings of this rule in the file are not listed (a file lists \(Self.perRule) of each rule); their fixes are left for the next --fix",
                ruleID: rule, file: file), fix: nil)
            d.count = left.count
            return d
        }
    }
}
