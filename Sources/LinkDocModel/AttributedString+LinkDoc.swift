import Foundation

/// Attributes that carry linkdoc's typed payloads inside an `AttributedString`,
/// next to Foundation's standard `link` attribute (which carries the URL).
public enum LinkDocAttributes {
    /// The kind of the link that covers a run.
    public enum LinkKindKey: AttributedStringKey {
        public typealias Value = LinkKind
        public static let name = "linkdoc.kind"
    }

    /// The typed payload of the link that covers a run.
    public enum LinkTargetKey: AttributedStringKey {
        public typealias Value = LinkTarget
        public static let name = "linkdoc.target"
    }

    /// A style run's attributes as the document states them (bold, colours, …);
    /// the app maps them to its fonts and colours.
    public enum StyleKey: AttributedStringKey {
        public typealias Value = TextStyle
        public static let name = "linkdoc.style"
    }

    /// The `<img>` an attachment character stands for.
    public enum AttachmentKey: AttributedStringKey {
        public typealias Value = Attachment
        public static let name = "linkdoc.attachment"
    }
}

/// The style part of a `Style`, without its range.
public struct TextStyle: Hashable, Sendable {
    public var bold: Bool?
    public var italic: Bool?
    public var underline: Bool?
    public var strikethrough: Bool?
    public var baseline: Style.Baseline?
    public var color: String?
    public var backgroundColor: String?
    public var code: Bool?
    /// Overlapping annotations' attributes together (the later one's win a clash).
    public var annotation: [String: String]?

    /// Later styles override earlier ones where they set a value.
    func merging(_ other: TextStyle) -> TextStyle {
        TextStyle(bold: other.bold ?? bold, italic: other.italic ?? italic,
                  underline: other.underline ?? underline, strikethrough: other.strikethrough ?? strikethrough,
                  baseline: other.baseline ?? baseline, color: other.color ?? color,
                  backgroundColor: other.backgroundColor ?? backgroundColor, code: other.code ?? code,
                  annotation: annotation.map { mine in other.annotation.map { mine.merging($0) { $1 } } ?? mine } ?? other.annotation)
    }
}

extension Style {
    public var textStyle: TextStyle {
        TextStyle(bold: bold, italic: italic, underline: underline, strikethrough: strikethrough,
                  baseline: baseline, color: color, backgroundColor: backgroundColor, code: code, annotation: annotation)
    }
}

extension AttributeScopes {
    /// `AttributeScopes.linkDoc`: linkdoc's attributes plus Foundation's.
    public struct LinkDocScope: AttributeScope {
        public let linkKind: LinkDocAttributes.LinkKindKey
        public let linkTarget: LinkDocAttributes.LinkTargetKey
        public let style: LinkDocAttributes.StyleKey
        public let attachment: LinkDocAttributes.AttachmentKey
        public let foundation: AttributeScopes.FoundationAttributes
    }

    public var linkDoc: LinkDocScope.Type { LinkDocScope.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.LinkDocScope, T>
    ) -> T { self[T.self] }
}

extension Document {
    /// The document as an `AttributedString`: every link run has Foundation's `link`
    /// attribute (where the link has a URL) and linkdoc's kind and payload; style runs
    /// carry `style` (nested styles merged). Fonts and colours are the app's to choose,
    /// so the style is kept as the document states it.
    public func attributedString() -> AttributedString {
        var result = AttributedString(text)
        func bounds(_ range: TextRange) -> Range<AttributedString.Index>? {
            let scalars = result.unicodeScalars
            guard range.scalars.location >= 0, range.scalars.upperBound <= scalars.count else { return nil }
            let lower = scalars.index(scalars.startIndex, offsetBy: range.scalars.location)
            let upper = scalars.index(lower, offsetBy: range.scalars.length)
            return lower..<upper
        }
        for style in styles {
            guard let r = bounds(style.range) else { continue }
            // Styles may nest; merge with what an enclosing style already set.
            for run in result[r].runs {
                let merged = (run[LinkDocAttributes.StyleKey.self] ?? TextStyle()).merging(style.textStyle)
                result[run.range][LinkDocAttributes.StyleKey.self] = merged
            }
        }
        for attachment in attachments {
            guard let r = bounds(attachment.range) else { continue }
            result[r][LinkDocAttributes.AttachmentKey.self] = attachment
        }
        for link in links {
            guard let r = bounds(link.range) else { continue }
            if let url = link.url.flatMap(URL.init(string:)) { result[r].link = url }
            result[r][LinkDocAttributes.LinkKindKey.self] = link.kind
            result[r][LinkDocAttributes.LinkTargetKey.self] = link.target
        }
        return result
    }
}
