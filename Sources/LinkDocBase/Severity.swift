/// How bad a finding is. One type for the compiler, the HTML flattener, the URL checks, the
/// readers of localization files and lint, so that a finding keeps its severity from where it is
/// found to where it is reported.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A finding before it has a place: which rule, how bad, what. The stage that finds it (a URL
/// check, for one) does not know the file or the offset; its caller adds them.
public struct Problem: Hashable, Sendable {
    public var ruleID: RuleID
    public var severity: Severity
    public var message: String

    public init(_ ruleID: RuleID, _ severity: Severity, _ message: String) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
    }
}
