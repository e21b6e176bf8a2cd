import LinkDocBase
// Apps name a style's attributes without importing linkdoc's base module; nothing else of it is
// re-exported (its byte tools, rule ids and message catalogue are linkdoc's own business).
@_exported import struct LinkDocBase.TextStyle

/// A style run of the document: text attributes (from HTML inline tags, a String Catalog's
/// Markdown) on a range. `style.bold` reads and writes `style.attributes.bold`.
@dynamicMemberLookup
public struct Style: Hashable, Sendable {
    public typealias Baseline = TextStyle.Baseline

    public var range: TextRange
    public var attributes: TextStyle

    public init(range: TextRange, attributes: TextStyle) {
        self.range = range
        self.attributes = attributes
    }

    public init(range: TextRange, bold: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil,
                strikethrough: Bool? = nil, baseline: Baseline? = nil, color: String? = nil,
                backgroundColor: String? = nil, code: Bool? = nil, annotation: [String: String]? = nil) {
        self.init(range: range, attributes: TextStyle(bold: bold, italic: italic, underline: underline,
                                                      strikethrough: strikethrough, baseline: baseline, color: color,
                                                      backgroundColor: backgroundColor, code: code, annotation: annotation))
    }

    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<TextStyle, Value>) -> Value {
        get { attributes[keyPath: keyPath] }
        set { attributes[keyPath: keyPath] = newValue }
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
