// What each element name means to linkdoc. One table, so the policy can be
// reviewed in one place.

enum ElementRole: Equatable {
    /// <a href title>
    case anchor
    /// b strong i em u ins s del strike sup sub: a fixed style (a `style`
    /// attribute on them is merged in).
    case fixedStyle(HTMLStyle)
    /// <span style>, <font color>: style from attributes only; without any
    /// supported declaration they are unwrapped silently.
    case attributeStyle
    /// <img>: one U+FFFC.
    case image
    /// <br>: "\n".
    case lineBreak
    /// <p>: a paragraph.
    case paragraph
    /// Removed together with everything inside (html-sanitized warning).
    case dropped
    /// Harmless wrappers: tags removed, text kept, no diagnostic.
    case unwrapped
    /// Anything else: tags removed, text kept, html-unknown-element warning.
    case unknown
}

enum Sanitizer {
    static func role(of name: String) -> ElementRole {
        switch name {
        case "a": return .anchor
        case "b", "strong": return .fixedStyle(HTMLStyle(bold: true))
        case "i", "em": return .fixedStyle(HTMLStyle(italic: true))
        case "u", "ins": return .fixedStyle(HTMLStyle(underline: true))
        case "s", "del", "strike": return .fixedStyle(HTMLStyle(strikethrough: true))
        case "sup": return .fixedStyle(HTMLStyle(baseline: .superscript))
        case "sub": return .fixedStyle(HTMLStyle(baseline: .`subscript`))
        case "span", "font": return .attributeStyle
        case "img": return .image
        case "br": return .lineBreak
        case "p": return .paragraph
        default:
            if droppedElements.contains(name) { return .dropped }
            if unwrappedElements.contains(name) { return .unwrapped }
            return .unknown
        }
    }

    /// Active or embedding content: never shown, never executed.
    static let droppedElements: Set<String> = [
        "script", "style", "iframe", "object", "embed", "template",
        "applet", "frame", "frameset", "noembed", "noframes",
    ]

    /// Structural wrappers libxml2 or CMS editors produce, and inline tags with
    /// no meaning for copy. Their text is kept and their tags disappear without
    /// a warning. NOTE: <div> and the sectioning tags do NOT start a new line;
    /// only <p> and <br> do.
    static let unwrappedElements: Set<String> = [
        "html", "head", "body",
        "div", "section", "article", "header", "footer", "main", "nav", "aside",
        "center", "small", "big", "nobr", "wbr", "label",
    ]

    /// Document wrappers: invisible even to the whitespace rule, so
    /// "<body><p>a</p>\n</body>" has no trailing newline.
    static let transparentWrappers: Set<String> = ["html", "head", "body"]

    /// Elements without content or end tag. Never pushed on the open-element
    /// stack; a `</br>` is a stray end tag.
    static let voidElements: Set<String> = [
        "area", "base", "basefont", "br", "col", "embed", "frame", "hr", "img",
        "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Elements whose end tag HTML allows to omit: closing them implicitly is
    /// not reported as malformed.
    static let optionalEndTag: Set<String> = [
        "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th",
        "thead", "tbody", "tfoot", "colgroup", "caption", "rt", "rp",
        "html", "head", "body",
    ]

    /// Event-handler attributes (onclick, onerror, …) are dropped with a
    /// warning, on every element.
    static func isEventHandlerAttribute(_ name: String) -> Bool {
        name.utf8.count > 2 && name.hasPrefix("on")
    }
}
