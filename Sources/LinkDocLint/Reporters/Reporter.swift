import LinkDocCore

/// Turns lint results into one output format. Reporters are interchangeable:
/// the linter does not know which one prints its findings.
public protocol LintReporter: Sendable {
    /// What `--reporter` calls it.
    static var name: String { get }
    init()
    func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String
    /// The report for a reader of `language`: by default, `render` of the findings with their
    /// messages from the message catalogue.
    func render(_ files: [LintFileReport], rules: [RuleDescription], language: MessageLanguage) -> String
    /// Whether the report shows the strings themselves, so the linter must keep their documents.
    var needsStrings: Bool { get }
    /// Whether people read the report as it is (text, the HTML page), so that its messages follow
    /// the reader's locale. A report for tools (JSON, SARIF, Checkstyle, GitHub annotations) is in
    /// English unless `--lang` asks otherwise: the same input gives the same bytes on every machine.
    var isReadByPeople: Bool { get }
}

extension LintReporter {
    public var needsStrings: Bool { false }
    public var isReadByPeople: Bool { false }

    public func render(_ files: [LintFileReport], rules: [RuleDescription], language: MessageLanguage) -> String {
        guard language != .english else { return render(files, rules: rules) }
        let translated = files.map { file in
            var file = file
            for k in file.diagnostics.indices {
                let d = file.diagnostics[k].diagnostic
                file.diagnostics[k].diagnostic.message = MessageCatalogue.message(d.message, rule: d.ruleID, in: language)
            }
            return file
        }
        return render(translated, rules: rules)
    }
}

/// The one list of reporters: `--reporter` looks a name up in it, and help lists its names.
public enum Reporters {
    public static let all: [any LintReporter.Type] = [TextReporter.self, JSONReporter.self, SARIFReporter.self,
                                                      GitHubReporter.self, CheckstyleReporter.self, HTMLReporter.self]

    public static func named(_ name: String) -> (any LintReporter)? {
        all.first { $0.name == name }.map { $0.init() }
    }
}

struct Tally {
    var errors = 0, warnings = 0, infos = 0
    init(_ files: [LintFileReport]) {
        for file in files {
            for d in file.diagnostics {
                switch d.diagnostic.severity {
                case .error: errors += d.count
                case .warning: warnings += d.count
                case .info: infos += d.count
                }
            }
        }
    }
}

/// gcc-style lines with the source line and a caret, and a summary.
public struct TextReporter: LintReporter {
    public static let name = "text"
    public init() {}
    public var isReadByPeople: Bool { true }

    public func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String {
        var out = ""
        for d in files.lazy.flatMap(\.diagnostics) {
            out += DiagnosticFormatter.format(d.diagnostic, note: d.fix != nil ? " (fixable)" : "") + "\n"
        }
        let t = Tally(files)
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        out += "\(plural(files.count, "file")) linted: \(plural(t.errors, "error")), \(plural(t.warnings, "warning")), \(plural(t.infos, "info"))\n"
        return out
    }
}
