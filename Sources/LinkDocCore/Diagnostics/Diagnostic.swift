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

/// One finding about a document: where, how bad, what, and which rule said so.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    /// One line, without control characters: a line break or tab in it (from a key or value it
    /// quotes) is written as `\n`, `\t`, others as `\u{…}`, so that every reporter's
    /// `file:line:column: …` line stays one line.
    public var message: String {
        get { storedMessage }
        set { storedMessage = Self.oneLine(newValue) }
    }
    private var storedMessage: String
    /// A stable id, as in `[unknown-agreement]`; configuration and suppression use it.
    public var ruleID: String
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

    public init(severity: Severity, message: String, ruleID: String, file: String,
                location: SourceLocation? = nil, sourceLine: String? = nil, sourceLineColumn: Int? = nil) {
        self.severity = severity
        self.storedMessage = Self.oneLine(message)
        self.ruleID = ruleID
        self.file = file
        self.location = location
        self.sourceLine = sourceLine
        self.sourceLineColumn = sourceLineColumn
    }

    /// A diagnostic at `offset` of `source`, with its location and (unless `excerpt` is false) excerpt.
    public init(severity: Severity, message: String, ruleID: String, file: String, at offset: Int, in source: SourceText,
                excerpt wantsExcerpt: Bool = true) {
        let location = source.location(ofOffset: offset)
        guard wantsExcerpt else {
            self.init(severity: severity, message: message, ruleID: ruleID, file: file, location: location)
            return
        }
        let excerpt = source.excerpt(at: location)
        self.init(severity: severity, message: message, ruleID: ruleID, file: file, location: location,
                  sourceLine: excerpt.line, sourceLineColumn: excerpt.column == location.column ? nil : excerpt.column)
    }
}

extension Diagnostic {
    /// `text` with its control characters (C0, DEL, C1, U+2028, U+2029) escaped; the text
    /// itself when it has none, which is nearly always.
    public static func oneLine(_ text: String) -> String {
        func isControl(_ s: Unicode.Scalar) -> Bool {
            s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The rule ids that the compiler itself reports (lint adds its own).
public enum RuleID {
    public static let invalidUTF8 = "invalid-utf8"
    public static let unknownAgreement = "unknown-agreement"
    public static let emptyLinkText = "empty-link-text"
    public static let invalidTarget = "invalid-target"
    public static let mentionTooLong = "mention-too-long"
    public static let topicTooLong = "topic-too-long"
    public static let invalidURL = "invalid-url"
    public static let disallowedScheme = "disallowed-scheme"
    public static let insecureURL = "insecure-url"
    public static let encodedURL = "encoded-url"
    public static let homographHost = "homograph-host"
    public static let documentTooLarge = "document-too-large"
    public static let tooManyLinks = "too-many-links"
    public static let htmlSanitized = "html-sanitized"
    public static let htmlUnknownElement = "html-unknown-element"
    public static let htmlMalformed = "html-malformed"
    public static let htmlDepthLimit = "html-depth-limit"
}
