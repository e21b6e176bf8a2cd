import LinkDocCore

/// Turns lint results into one output format. Reporters are interchangeable:
/// the linter does not know which one prints its findings.
public protocol LintReporter: Sendable {
    static var name: String { get }
    func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String
}

public enum Reporters {
    public static let all: [any LintReporter.Type] = [TextReporter.self, JSONReporter.self, SARIFReporter.self,
                                                      GitHubReporter.self, CheckstyleReporter.self]

    public static func named(_ name: String) -> (any LintReporter)? {
        switch name {
        case TextReporter.name: TextReporter()
        case JSONReporter.name: JSONReporter()
        case SARIFReporter.name: SARIFReporter()
        case GitHubReporter.name: GitHubReporter()
        case CheckstyleReporter.name: CheckstyleReporter()
        default: nil
        }
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
