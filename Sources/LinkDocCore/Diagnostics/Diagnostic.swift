@_exported import LinkDocBase

/// One finding about a document: where, how bad, what, and which rule said so.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    /// One line, without control characters: a line break or tab in it (from a key or value it
    /// quotes) is written as `\n`, `\t`, others as `\u{…}`, so that every reporter's
    /// `file:line:column: …` line stays one line.
    public var message: String {
        get { storedMessage }
        set { storedMessage = Escaping.swiftEscaped(newValue, quotes: false) }
    }
    private var storedMessage: String
    /// A stable id, as in `[unknown-agreement]`; configuration and suppression use it.
    public var ruleID: RuleID
    /// The file (or `<stdin>`) the diagnostic is about.
    public var file: String
    /// Where in the file; nil for problems with the file as a whole.
    public var location: SourceLocation?
    /// The text of the line at `location`, for the excerpt under the message; for a very long
    /// line, only a window around `location` (see `SourceText.excerpt(around:)`).
    public var sourceLine: String?
    /// The column of `location` within `sourceLine`, when `sourceLine` is such a window;
    /// nil when it is the whole line (then it is `location.column`).
    public var sourceLineColumn: Int?

    public init(severity: Severity, message: String, ruleID: RuleID, file: String,
                location: SourceLocation? = nil, sourceLine: String? = nil, sourceLineColumn: Int? = nil) {
        self.init(severity: severity, escapedMessage: Escaping.swiftEscaped(message, quotes: false), ruleID: ruleID, file: file,
                  location: location, sourceLine: sourceLine, sourceLineColumn: sourceLineColumn)
    }

    /// `escapedMessage` is a `message` as read back (escaped already): kept as it is.
    private init(severity: Severity, escapedMessage: String, ruleID: RuleID, file: String,
                 location: SourceLocation?, sourceLine: String?, sourceLineColumn: Int?) {
        self.severity = severity
        self.storedMessage = escapedMessage
        self.ruleID = ruleID
        self.file = file
        self.location = location
        self.sourceLine = sourceLine
        self.sourceLineColumn = sourceLineColumn
    }

    /// A diagnostic at `offset` of `source`, with its location and (unless `excerpt` is false) excerpt.
    public init(severity: Severity, message: String, ruleID: RuleID, file: String, at offset: Int, in source: SourceText,
                excerpt wantsExcerpt: Bool = true) {
        self.init(severity: severity, escapedMessage: Escaping.swiftEscaped(message, quotes: false), ruleID: ruleID, file: file,
                  at: offset, in: source, excerpt: wantsExcerpt)
    }

    /// `init(severity:message:ruleID:file:at:in:excerpt:)` with a message escaped already (one
    /// read back from another diagnostic, as the resolver's memo replays them).
    init(severity: Severity, escapedMessage: String, ruleID: RuleID, file: String, at offset: Int, in source: SourceText,
         excerpt wantsExcerpt: Bool) {
        let location = source.location(ofOffset: offset)
        guard wantsExcerpt else {
            self.init(severity: severity, escapedMessage: escapedMessage, ruleID: ruleID, file: file, location: location,
                      sourceLine: nil, sourceLineColumn: nil)
            return
        }
        let excerpt = source.excerpt(at: location)
        self.init(severity: severity, escapedMessage: escapedMessage, ruleID: ruleID, file: file, location: location,
                  sourceLine: excerpt.line, sourceLineColumn: excerpt.column == location.column ? nil : excerpt.column)
    }
}
