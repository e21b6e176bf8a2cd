// What each element name means to linkdoc. One table, so the policy can be
// reviewed in one place.

import LinkDocBase

enum ElementRole: Equatable {
    /// <a href title>
    case anchor
    /// b strong i em u ins s del strike sup sub code cite dfn var tt kbd samp: a fixed style (a
    /// `style` attribute on them is merged in).
    case fixedStyle(TextStyle)
    /// <span style>, <font color>: style from attributes only; without any
    /// supported declaration they are unwrapped silently.
    case attributeStyle
    /// <annotation key="value" …> (Android): a style that carries all its attributes.
    case annotation
    /// <img>: one U+FFFC.
    case image
    /// <br>: "\n".
    case lineBreak
    /// <p>: a paragraph.
    case paragraph
    /// div, section, ul, ol, li, dl, dt, dd, table, tr, blockquote, pre, figure, hr, …: read as
    /// a paragraph is, their text on lines of its own; no diagnostic.
    case block
    /// h1–h6: a block whose text is bold (the size is not kept).
    case heading
    /// td, th: a block whose text follows the row's previous cell after a tab, as a browser
    /// copies a table row.
    case cell
    /// title, meta, link, base: what a page says about itself, not copy. Removed with what it
    /// holds; silently in <head>, with an info outside it.
    case metadata
    /// Removed together with everything inside (html-sanitized: a warning for active or
    /// embedded content, an info for what only styles or stands in for it).
    case dropped
    /// Harmless wrappers: tags removed, text kept, no diagnostic.
    case unwrapped
    /// Anything else: tags removed, text kept, html-unknown-element warning (its meaning is lost).
    case unknown

    /// Whether the element's text is on lines of its own.
    var isBlock: Bool {
        switch self {
        case .paragraph, .block, .heading, .cell: true
        default: false
        }
    }
}

/// The element names the policy below mentions. Any other name is an
/// `ElementName.other` and has the default treatment (unknown, not void, ...).
enum Tag: UInt8, CaseIterable {
    case a, b, strong, i, em, u, ins, s, del, strike, sup, sub, span, font, img, br, p, code
    case cite, dfn, `var`, tt, kbd, samp
    case script, style, iframe, object, embed, template, applet, frame, frameset, noembed, noframes, noscript
    case html, head, body, title, small, big, nobr, wbr, label, data, abbr, time, bdi
    case div, section, article, header, footer, main, nav, aside, center, address, figure, details, summary, hgroup
    case ul, ol, dl, menu, dir, pre, listing, form, fieldset, legend, table
    case h1, h2, h3, h4, h5, h6
    case area, base, basefont, col, hr, input, isindex, keygen, link, meta, param, source, track
    case li, dt, dd, option, optgroup, tr, td, th, thead, tbody, tfoot, colgroup, caption, rt, rp

    /// The element name (the case name).
    var name: String { Self.names[Int(rawValue)] }

    /// The case names, in the order of the cases (written out: reflection,
    /// `String(describing:)`, costs thousands of instructions per name).
    /// `ElementNameTests` checks the two lists agree.
    static let names = [
        "a", "b", "strong", "i", "em", "u", "ins", "s", "del", "strike", "sup", "sub", "span", "font", "img", "br", "p", "code",
        "cite", "dfn", "var", "tt", "kbd", "samp",
        "script", "style", "iframe", "object", "embed", "template", "applet", "frame", "frameset", "noembed", "noframes", "noscript",
        "html", "head", "body", "title", "small", "big", "nobr", "wbr", "label", "data", "abbr", "time", "bdi",
        "div", "section", "article", "header", "footer", "main", "nav", "aside", "center", "address", "figure", "details",
        "summary", "hgroup",
        "ul", "ol", "dl", "menu", "dir", "pre", "listing", "form", "fieldset", "legend", "table",
        "h1", "h2", "h3", "h4", "h5", "h6",
        "area", "base", "basefont", "col", "hr", "input", "isindex", "keygen", "link", "meta", "param", "source", "track",
        "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "colgroup", "caption", "rt", "rp",
    ]

    /// The names packed into integers (`ElementName.packedKey`), sorted: a name
    /// is looked up with a binary search over integers, no String, no hashing.
    private static let byKey: [(key: UInt64, tag: Tag)] = allCases
        .map { (ElementName.packedKey(lowercasing: $0.name.utf8)!, $0) }
        .sorted { $0.key < $1.key }

    /// The tag for a name given as (ASCII) bytes, in any case.
    init?<Name: Collection<UInt8>>(lowercasing name: Name) {
        guard let key = ElementName.packedKey(lowercasing: name) else { return nil }
        let table = Self.byKey
        var lo = 0, hi = table.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if table[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        guard lo < table.count, table[lo].key == key else { return nil }
        self = table[lo].tag
    }
}

/// An element name as the Flattener tracks it: known names by their `Tag`,
/// others by their lowercased bytes (no String unless a message needs one).
enum ElementName: Hashable {
    case known(Tag)
    case other([UInt8])

    /// `name` lowercased (libxml2 reports names lowercased already; names read
    /// from end tags in the source are not).
    init<Name: Collection<UInt8>>(lowercasing name: Name) {
        if let tag = Tag(lowercasing: name) {
            self = .known(tag)
        } else {
            self = .other(name.map(ASCII.lower))
        }
    }

    var string: String {
        switch self {
        case .known(let tag): return tag.name
        case .other(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }

    var tag: Tag? {
        if case .known(let tag) = self { return tag }
        return nil
    }

    /// The lowercased bytes of a name of 1 to 8 bytes as one integer, else nil.
    static func packedKey<Name: Collection<UInt8>>(lowercasing name: Name) -> UInt64? {
        guard !name.isEmpty, name.count <= 8 else { return nil }
        var key: UInt64 = 0
        var shift: UInt64 = 0
        for byte in name {
            key |= UInt64(ASCII.lower(byte)) << shift
            shift += 8
        }
        return key
    }
}

enum Sanitizer {
    /// Names longer than the 8 bytes a `Tag` name packs into, so compared as bytes.
    static let annotationName = Array("annotation".utf8)
    static let blockquoteName = Array("blockquote".utf8)
    static let figcaptionName = Array("figcaption".utf8)

    static func role(of name: ElementName) -> ElementRole {
        guard let tag = name.tag else {
            switch name {
            case .other(annotationName): return .annotation
            case .other(blockquoteName), .other(figcaptionName): return .block
            default: return .unknown
            }
        }
        switch tag {
        case .a: return .anchor
        case .b, .strong: return .fixedStyle(TextStyle(bold: true))
        // <cite>, <dfn> and <var> are italic in browsers and in Android's Html.fromHtml.
        case .i, .em, .cite, .dfn, .var: return .fixedStyle(TextStyle(italic: true))
        case .u, .ins: return .fixedStyle(TextStyle(underline: true))
        case .s, .del, .strike: return .fixedStyle(TextStyle(strikethrough: true))
        case .sup: return .fixedStyle(TextStyle(baseline: .superscript))
        case .sub: return .fixedStyle(TextStyle(baseline: .`subscript`))
        // Monospaced, as `code` is shown.
        case .code, .tt, .kbd, .samp: return .fixedStyle(TextStyle(code: true))
        case .span, .font: return .attributeStyle
        case .img: return .image
        case .br: return .lineBreak
        case .p: return .paragraph
        case .h1, .h2, .h3, .h4, .h5, .h6: return .heading
        case .td, .th: return .cell
        // Blocks of text, as a page lays them out: sections, lists, tables, quotations.
        case .div, .section, .article, .header, .footer, .main, .nav, .aside, .center, .address, .figure,
             .details, .summary, .hgroup, .ul, .ol, .dl, .menu, .dir, .li, .dt, .dd, .pre, .listing, .form,
             .fieldset, .legend, .table, .caption, .thead, .tbody, .tfoot, .tr, .hr:
            return .block
        case .title, .meta, .link, .base:
            return .metadata
        // Active, embedded or stand-in content: never shown, never executed.
        case .script, .style, .iframe, .object, .embed, .template,
             .applet, .frame, .frameset, .noembed, .noframes, .noscript:
            return .dropped
        // Structural wrappers libxml2 or CMS editors produce, and inline tags with
        // no meaning for copy. Their text is kept and their tags disappear without
        // a warning.
        case .html, .head, .body, .small, .big, .nobr, .wbr, .label, .abbr, .time, .bdi, .colgroup, .col,
             // <data> (HTML's machine-readable value; in Android resources, the <Data> that
             // wraps a CDATA section) has no meaning for copy.
             .data:
            return .unwrapped
        default:
            return .unknown
        }
    }

    /// How a dropped element is reported: scripts and what embeds other content are a warning
    /// (they must never reach an app); an inert template and the stand-ins for scripts, frames and
    /// embeds hold nothing that runs, and are an info; a style sheet holds no copy and goes silently.
    static func droppedSeverity(_ name: ElementName) -> Severity? {
        switch name.tag {
        case .style: nil  // a style sheet is never copy: nothing of the text is lost
        case .template, .noscript, .noembed, .noframes: .info
        default: .warning
        }
    }

    /// What may stand in <head>: any other start tag (or text that is not white space) ends a
    /// <head> whose end tag is left out, as in HTML.
    static func belongsInHead(_ name: ElementName) -> Bool {
        switch name.tag {
        case .title, .meta, .link, .base, .basefont, .style, .script, .noscript, .template: true
        default: false
        }
    }

    /// The open elements a start tag of `tag` closes, as HTML leaves their end tags out: the
    /// nearest open element named in `closes`, unless one named in `unlessInside` was opened
    /// after it (a list item of a nested list, a cell of a nested table). Besides these, every
    /// block closes an open <p> that is not inside a table (`paragraphScope`).
    static func impliedEnd(of tag: Tag) -> (closes: [Tag], unlessInside: [Tag])? {
        switch tag {
        case .li: ([.li], [.ul, .ol, .menu, .dir])
        case .dt, .dd: ([.dt, .dd], [.dl])
        case .td, .th: ([.td, .th], [.table])
        case .tr: ([.tr], [.table])
        case .thead, .tbody, .tfoot: ([.thead, .tbody, .tfoot], [.table])
        default: nil
        }
    }

    /// What a block's start does not close a <p> across.
    static let paragraphScope: [Tag] = [.table, .td, .th, .caption]

    /// Document wrappers: invisible even to the whitespace rule, so
    /// "<body><p>a</p>\n</body>" has no trailing newline.
    static func isTransparentWrapper(_ name: ElementName) -> Bool {
        switch name.tag {
        case .html, .head, .body: return true
        default: return false
        }
    }

    /// Elements without content or end tag. Never pushed on the open-element
    /// stack; a `</br>` is a stray end tag.
    static func isVoid(_ name: ElementName) -> Bool {
        switch name.tag {
        case .area, .base, .basefont, .br, .col, .embed, .frame, .hr, .img,
             .input, .isindex, .keygen, .link, .meta, .param, .source, .track, .wbr:
            return true
        default:
            return false
        }
    }

    /// Elements whose end tag HTML allows to omit: closing them implicitly is
    /// not reported as malformed.
    static func hasOptionalEndTag(_ name: ElementName) -> Bool {
        switch name.tag {
        case .p, .li, .dt, .dd, .option, .optgroup, .tr, .td, .th,
             .thead, .tbody, .tfoot, .colgroup, .caption, .rt, .rp,
             .html, .head, .body:
            return true
        default:
            return false
        }
    }

    /// Event-handler attributes (onclick, onerror, …) are dropped with a
    /// warning, on every element. (libxml2 reports attribute names as ASCII.)
    static func isEventHandlerAttribute(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count > 2 && name[0] == UInt8(ascii: "o") && name[1] == UInt8(ascii: "n")
    }
}
