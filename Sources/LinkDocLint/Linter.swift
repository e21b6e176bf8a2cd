import LinkDocCore

/// A finding with its configured severity, ready for a reporter.
public struct LintDiagnostic: Sendable {
    public var diagnostic: Diagnostic
    public var fix: [TextEdit]?
}

/// The result of linting one file.
public struct LintFileReport: Sendable {
    public var file: String
    public var diagnostics: [LintDiagnostic]
    /// The normalized source, when the file could be read as UTF-8 (for fixes).
    public var source: SourceText?
}

/// Lints documents: compiles each (so compiler and linter agree), runs the
/// enabled rules, applies severities from the configuration and inline
/// suppressions, and sorts the findings by position.
public struct Linter: Sendable {
    public let configuration: LintConfiguration
    private let rules: [(rule: any LintRule, severity: Severity)]

    public init(configuration: LintConfiguration) throws(LintConfigurationError) {
        self.configuration = configuration
        var rules: [(any LintRule, Severity)] = []
        for type in RuleCatalogue.all {
            guard let severity = configuration.severity(of: type.description) else { continue }
            rules.append((try type.init(options: configuration.options[type.description.id] ?? RuleOptions()), severity))
        }
        self.rules = rules
    }

    /// `language` is the text's language when known (a localization file's string), `key` its key.
    public func lint(_ bytes: [UInt8], name: String, manifest: Manifest, language: String? = nil, key: String? = nil) -> LintFileReport {
        let result = Compiler(manifest: manifest).compile(bytes, name: name)
        guard let source = result.source else {
            // Not read at all (invalid UTF-8, too large): only the compiler's diagnostic applies.
            let diagnostics = result.diagnostics.compactMap { d -> LintDiagnostic? in
                guard let rule = RuleCatalogue.rule(withID: d.ruleID),
                      let severity = configuration.severity(of: rule.description) else { return nil }
                var d = d
                d.severity = severity
                return LintDiagnostic(diagnostic: d, fix: nil)
            }
            return LintFileReport(file: name, diagnostics: diagnostics, source: nil)
        }
        let context = LintContext(source: source, result: result, manifest: manifest, language: language, file: name, key: key)
        let suppressions = Suppressions(source)
        var diagnostics: [LintDiagnostic] = []
        for (rule, severity) in rules {
            for finding in rule.check(context) {
                let location = source.location(ofOffset: finding.offset)
                guard !suppressions.suppresses(finding.ruleID, onLine: location.line) else { continue }
                diagnostics.append(LintDiagnostic(
                    diagnostic: Diagnostic(severity: severity, message: finding.message, ruleID: finding.ruleID, file: name,
                                           at: finding.offset, in: source),
                    fix: finding.fix))
            }
        }
        diagnostics.sort {
            let a = $0.diagnostic.location?.offset ?? 0, b = $1.diagnostic.location?.offset ?? 0
            return a != b ? a < b : $0.diagnostic.ruleID < $1.diagnostic.ruleID
        }
        return LintFileReport(file: name, diagnostics: diagnostics, source: source)
    }
}
