/// Text attributes of a run (from HTML inline tags, and a String Catalog's Markdown). Only
/// what the source sets is present.
public struct Style: Hashable, Sendable {
    public enum Baseline: String, Sendable { case superscript, `subscript` }

    public var range: TextRange
    public var bold: Bool?
    public var italic: Bool?
    public var underline: Bool?
    public var strikethrough: Bool?
    public var baseline: Baseline?
    /// `#rrggbb` or `#rrggbbaa`.
    public var color: String?
    public var backgroundColor: String?
    /// Code (`<code>`, a Markdown code span): shown monospaced.
    public var code: Bool?
    /// An Android `<annotation>` span: its attributes, which the app interprets (a link, a font).
    public var annotation: [String: String]?

    public init(range: TextRange, bold: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil,
                strikethrough: Bool? = nil, baseline: Baseline? = nil, color: String? = nil,
                backgroundColor: String? = nil, code: Bool? = nil, annotation: [String: String]? = nil) {
        self.range = range
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
}

/// A paragraph of the display text. Like `NSString.paragraphRange(for:)`, the range
/// includes the line break that ends it, except for the last paragraph.
public struct Paragraph: Hashable, Sendable {
    public var range: TextRange
    public init(range: TextRange) { self.range = range }
}

/// An inline image (HTML `<img>`). It occupies one U+FFFC character of the text,
/// as `NSTextAttachment` does.
public struct Attachment: Hashable, Sendable {
    public var range: TextRange
    /// The iOS-safe image URL, when the source gave a usable one.
    public var url: String?
    public var alt: String?
    public var width: Int?
    public var height: Int?

    public init(range: TextRange, url: String?, alt: String?, width: Int?, height: Int?) {
        self.range = range
        self.url = url
        self.alt = alt
        self.width = width
        self.height = height
    }
}

/// A compiled link document, version 1 of the JSON contract (see Grammar/document.schema.json).
public struct Document: Hashable, Sendable {
    public static let formatVersion = 1

    /// The display text: markup removed, line breaks normalized to LF.
    public var text: String
    /// Sorted by position; no two overlap.
    public var links: [Link]
    public var styles: [Style]
    public var paragraphs: [Paragraph]
    public var attachments: [Attachment]

    public init(text: String, links: [Link] = [], styles: [Style] = [], paragraphs: [Paragraph] = [],
                attachments: [Attachment] = []) {
        self.text = text
        self.links = links
        self.styles = styles
        self.paragraphs = paragraphs
        self.attachments = attachments
    }

    public static let empty = Document(text: "")
}
