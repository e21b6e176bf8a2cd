import LinkDocCore
@_spi(LinkDocInternal) import LinkDocModel

/// The parts of a stream's result lines that every stream command writes the same way
/// (`compile --ndjson`, `layout --ndjson`): a diagnostic, and the line that reports one problem
/// with a record instead of its result.
@_spi(LinkDocInternal) public enum StreamLine {
    /// `{"line":…,"column":…,"severity":…,"message":…,"rule":…}`
    public static func diagnostic(line: Int, column: Int, severity: Severity, message: String, rule: RuleID,
                                  into w: inout JSONWriter) {
        w.fixed(#"{"line":"#); w.int(line)
        w.fixed(#","column":"#); w.int(column)
        w.fixed(#","severity":"#); w.string(severity.rawValue)
        w.fixed(#","message":"#); w.string(message)
        w.fixed(#","rule":"#); w.string(rule.rawValue)
        w.fixed("}")
    }

    /// `{"id":…,"line":N,"document":null,"diagnostics":[one]}` with its line feed; `result` names
    /// the result's key ("document", "layout").
    public static func problem(into w: inout JSONWriter, id: String?, lineNumber: Int, column: Int,
                               severity: Severity, message: String, rule: RuleID, result: StaticString) {
        w.fixed(#"{"id":"#)
        if let id { w.string(id) } else { w.null() }
        w.fixed(#","line":"#); w.int(lineNumber)
        w.key(result); w.null()
        w.fixed(#","diagnostics":["#)
        diagnostic(line: lineNumber, column: column, severity: severity, message: message, rule: rule, into: &w)
        w.fixed("]}\n")
    }

    /// The warning line that answers an empty input line (`isEmpty`).
    public static func emptyLine(into w: inout JSONWriter, lineNumber: Int, result: StaticString) {
        problem(into: &w, id: nil, lineNumber: lineNumber, column: 1, severity: .warning,
                message: "empty line (no record)", rule: RuleID.ndjsonEmptyLine, result: result)
    }

    /// The error line that answers a line longer than the reader accepts (`limit` bytes).
    public static func tooLong(into w: inout JSONWriter, lineNumber: Int, limit: Int, result: StaticString) {
        problem(into: &w, id: nil, lineNumber: lineNumber, column: 1, severity: .error,
                message: "the record is longer than \(limit) bytes; it was skipped", rule: RuleID.ndjsonRecord, result: result)
    }

    /// Whether an input line holds no record (only spaces and tabs): it is answered with an
    /// `ndjson-empty-line` warning, so that output line N always answers input line N.
    public static func isEmpty(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
