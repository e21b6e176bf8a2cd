/// What the resolve stage reports about one document, at offsets of the source: made into
/// diagnostics (line, column, excerpt) in source order at the end, the only step that needs the
/// source text. While a link's meaning is worked out for the memo, what is reported is recorded
/// too, so that the memo can replay it at each later link with the same meaning.
struct ReportLog {
    /// The problems with their messages escaped as a diagnostic holds them (so that a replay does
    /// not escape them again), each at its source offset.
    private var reports: [(problem: Problem, offset: Int)] = []
    /// What is reported since `startRecording`, while recording.
    private var recording: [Problem]?

    /// Reports at an offset of the source.
    mutating func report(_ severity: Severity, _ message: String, _ rule: RuleID, atSource offset: Int) {
        let problem = Problem(rule, severity, Escaping.swiftEscaped(message, quotes: false))
        recording?.append(problem)
        reports.append((problem, offset))
    }

    /// Reports again, at an offset of the source, what was recorded before.
    mutating func replay(_ problems: [Problem], atSource offset: Int) {
        for problem in problems { reports.append((problem, offset)) }
    }

    mutating func startRecording() { recording = [] }

    /// What was reported since `startRecording`; recording stops.
    mutating func stopRecording() -> [Problem] {
        defer { recording = nil }
        return recording ?? []
    }

    /// The reports as diagnostics of `source`, in source order (a stable sort by offset, left out
    /// for reports in order already: most documents report in order, or nothing).
    mutating func diagnostics(of source: SourceText, excerpts: Bool) -> [Diagnostic] {
        guard !reports.isEmpty else { return [] }
        if zip(reports, reports.dropFirst()).contains(where: { $0.offset > $1.offset }) {
            reports.sort { $0.offset < $1.offset }
        }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(reports.count)
        for (problem, offset) in reports {
            diagnostics.append(Diagnostic(severity: problem.severity, escapedMessage: problem.message, ruleID: problem.ruleID,
                                          file: source.name, at: offset, in: source, excerpt: excerpts))
        }
        return diagnostics
    }
}
