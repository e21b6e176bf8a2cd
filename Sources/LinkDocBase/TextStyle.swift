/// Text attributes of a run, as the source states them (HTML inline tags, inline CSS, a String
/// Catalog's Markdown): only what the source sets is present, `nil` means "not set here". The
/// HTML flattener produces them, `Style` (LinkDocModel) places them on a range of the document,
/// and an `AttributedString` carries them per run.
public struct TextStyle: Hashable, Sendable {
    /// Codable for the document's JSON (`"baseline": "superscript"`).
    public enum Baseline: String, Sendable, Codable { case superscript, `subscript` }

    public var bold: Bool?
    public var italic: Bool?
    public var underline: Bool?
    public var strikethrough: Bool?
    public var baseline: Baseline?
    /// `#rrggbb` or `#rrggbbaa`, normalized.
    public var color: String?
    public var backgroundColor: String?
    /// Code (`<code>`, a Markdown code span): shown monospaced.
    public var code: Bool?
    /// An Android `<annotation key="value" …>` span: its attributes by name as the source spells
    /// them, which the app interprets (a link, a font).
    public var annotation: [String: String]?

    public init(bold: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil,
                strikethrough: Bool? = nil, baseline: Baseline? = nil,
                color: String? = nil, backgroundColor: String? = nil,
                code: Bool? = nil, annotation: [String: String]? = nil) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.baseline = baseline
        self.color = color
        self.backgroundColor = backgroundColor
        self.code = code
        self.annotation = annotation
    }

    /// True when nothing is set (a bare `<span>`). Field by field: comparing with `TextStyle()`
    /// made an empty style and compared its strings and dictionary too.
    public var isEmpty: Bool {
        bold == nil && italic == nil && underline == nil && strikethrough == nil && baseline == nil
            && color == nil && backgroundColor == nil && code == nil && annotation == nil
    }

    /// `other`'s settings override these where it sets something: an inner element's over an
    /// outer one's, a later style run's over an earlier one's. Annotations are merged, `other`'s
    /// attributes winning a clash.
    public func merging(_ other: TextStyle) -> TextStyle {
        TextStyle(bold: other.bold ?? bold, italic: other.italic ?? italic,
                  underline: other.underline ?? underline, strikethrough: other.strikethrough ?? strikethrough,
                  baseline: other.baseline ?? baseline, color: other.color ?? color,
                  backgroundColor: other.backgroundColor ?? backgroundColor, code: other.code ?? code,
                  annotation: annotation.map { mine in other.annotation.map { mine.merging($0) { $1 } } ?? mine } ?? other.annotation)
    }
}
