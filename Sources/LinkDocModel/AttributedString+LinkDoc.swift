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

extension Link {
    /// The URL a tap on the link opens: its own, unless it has none or its kind is in
    /// `schemeKinds` (say `[.agreement]`, to show legal pages in the app); then `scheme`'s
    /// (`myapp://action/expand`, see `LinkScheme`). A web link always keeps its own URL.
    public func tapURL(scheme: LinkScheme?, schemeKinds: Set<LinkKind> = []) -> URL? {
        let own = url.flatMap(URL.init(string:))
        guard let scheme, own == nil || schemeKinds.contains(kind), let schemed = scheme.url(for: target) else { return own }
        return schemed
    }
}

extension Document {
    /// The document as an `AttributedString`: every link run has Foundation's `link`
    /// attribute and linkdoc's kind and payload; style runs carry `style` (nested styles
    /// merged). Fonts and colours are the app's to choose, so the style is kept as the
    /// document states it.
    ///
    /// `link` is the link's own URL; with `linkScheme` (the manifest's `options.linkScheme`),
    /// links without one (actions, mentions without `mentionURL`, topics, app links) get
    /// the scheme's URL too, and so do the kinds in `schemeURLsFor`, so that a stock
    /// `UITextView` or SwiftUI's `openURL` sees every tap (see `Link.tapURL`). The typed
    /// payload stays in `linkTarget` whatever the URL.
    public func attributedString(linkScheme: LinkScheme? = nil, schemeURLsFor schemeKinds: Set<LinkKind> = []) -> AttributedString {
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
                let merged = (run[LinkDocAttributes.StyleKey.self] ?? TextStyle()).merging(style.attributes)
                result[run.range][LinkDocAttributes.StyleKey.self] = merged
            }
        }
        for attachment in attachments {
            guard let r = bounds(attachment.range) else { continue }
            result[r][LinkDocAttributes.AttachmentKey.self] = attachment
        }
        for link in links {
            guard let r = bounds(link.range) else { continue }
            if let url = link.tapURL(scheme: linkScheme, schemeKinds: schemeKinds) { result[r].link = url }
            result[r][LinkDocAttributes.LinkKindKey.self] = link.kind
            result[r][LinkDocAttributes.LinkTargetKey.self] = link.target
        }
        return result
    }

    /// The document as an `NSAttributedString`, for UIKit and AppKit: the same runs as
    /// `attributedString(linkScheme:schemeURLsFor:)`, with Foundation's link attribute
    /// (`NSLink`, a `URL`) and linkdoc's attributes under `NSAttributedString.Key.linkDocKind`,
    /// `.linkDocTarget`, `.linkDocStyle` and `.linkDocAttachment`, holding the same Swift values
    /// (`attributes[.linkDocTarget] as? LinkTarget`). Built run by run rather than with
    /// `NSAttributedString(_:including:)`, which Foundation on Linux does not have, so this
    /// is the same code (and the same tests) on every platform.
    public func nsAttributedString(linkScheme: LinkScheme? = nil, schemeURLsFor schemeKinds: Set<LinkKind> = []) -> NSAttributedString {
        let attributed = attributedString(linkScheme: linkScheme, schemeURLsFor: schemeKinds)
        let result = NSMutableAttributedString(string: text)
        var location = 0
        for run in attributed.runs {
            let length = attributed[run.range].unicodeScalars.reduce(0) { $0 + UTF16.width($1) }
            var attributes: [NSAttributedString.Key: Any] = [:]
            attributes[.linkDocLink] = run[AttributeScopes.FoundationAttributes.LinkAttribute.self]
            attributes[.linkDocKind] = run[LinkDocAttributes.LinkKindKey.self]
            attributes[.linkDocTarget] = run[LinkDocAttributes.LinkTargetKey.self]
            attributes[.linkDocStyle] = run[LinkDocAttributes.StyleKey.self]
            attributes[.linkDocAttachment] = run[LinkDocAttributes.AttachmentKey.self]
            if !attributes.isEmpty { result.addAttributes(attributes, range: NSRange(location: location, length: length)) }
            location += length
        }
        return result
    }
}

extension NSAttributedString.Key {
    /// Foundation's link attribute (UIKit's and AppKit's `.link`, named `NSLink`), spelled from
    /// its AttributedString key because Foundation on Linux has no `.link`.
    public static let linkDocLink = NSAttributedString.Key(AttributeScopes.FoundationAttributes.LinkAttribute.name)
    /// A `LinkKind`.
    public static let linkDocKind = NSAttributedString.Key(LinkDocAttributes.LinkKindKey.name)
    /// A `LinkTarget`, the typed payload.
    public static let linkDocTarget = NSAttributedString.Key(LinkDocAttributes.LinkTargetKey.name)
    /// A `TextStyle`.
    public static let linkDocStyle = NSAttributedString.Key(LinkDocAttributes.StyleKey.name)
    /// An `Attachment`.
    public static let linkDocAttachment = NSAttributedString.Key(LinkDocAttributes.AttachmentKey.name)
}
