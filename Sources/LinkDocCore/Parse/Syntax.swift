import LinkDocURL

/// The parse stage's output: what the markup says, with source offsets, before the
/// manifest gives it meaning. Offsets are byte offsets into `SourceText.bytes`.

/// A piece of display text: the source bytes it is copied from. Escapes and markup
/// are already stripped, so a run of display text is a list of slices.
///
/// Nearly always one slice, so the first is kept inline and only further ones take an
/// array: an array per link was most of the parser's allocations.
struct TextSlices: Equatable, Sendable, Sequence {
    private var first: Range<Int>? = nil
    private var rest: [Range<Int>] = []

    init() {}

    init(_ slice: Range<Int>) { first = slice }

    var isEmpty: Bool { first == nil }

    /// The only slice, when there is exactly one (the usual case).
    var single: Range<Int>? { rest.isEmpty ? first : nil }

    mutating func append(_ slice: Range<Int>) {
        if first == nil { first = slice } else { rest.append(slice) }
    }

    /// `body` with each slice, in order, as `for slice in` gives them: without an iterator, which
    /// holds a copy of the slices (a retain and release of `rest` a loop, for every link).
    @inline(__always)
    func forEachSlice(_ body: (Range<Int>) -> Void) {
        guard let first else { return }
        body(first)
        if !rest.isEmpty { for slice in rest { body(slice) } }
    }

    /// The bytes of all slices.
    var byteCount: Int {
        var count = 0
        forEachSlice { count &+= $0.count }
        return count
    }

    struct Iterator: IteratorProtocol {
        fileprivate let slices: TextSlices
        fileprivate var position = 0

        mutating func next() -> Range<Int>? {
            defer { position += 1 }
            return position == 0 ? slices.first : position - 1 < slices.rest.count ? slices.rest[position - 1] : nil
        }
    }

    func makeIterator() -> Iterator { Iterator(slices: self) }
}

/// How a link was written.
enum LinkSyntaxKind: Equatable, Sendable {
    /// `[display](target "title")`; `target` has its escapes removed and is trimmed; `title`
    /// (CommonMark's link title, in `"…"`, `'…'` or `(…)`) becomes the link's tooltip.
    case explicit(target: String, targetRange: Range<Int>, title: String?)
    /// `《title》` whose title the manifest knows: the manifest's agreement, found by the title's
    /// bytes (no string is made for it); nil when the parse options name titles only.
    case agreement(ManifestIndex.Entry?)
    /// `@name`: the name is the display text after the `@` (made a string only when the resolver
    /// needs one: most mentions repeat, and the memo knows them by their bytes).
    case mention
    /// `#name#`: the name is the display text between the `#`s (its escapes removed, as the
    /// display's are).
    case topic
    /// A bare `http://` or `https://` URL.
    case bareURL
    /// A bare `www.` address; it links to `https://` + the text.
    case bareWWW
    /// `<scheme:…>`, CommonMark's autolink: its target is its display text, as an explicit link's.
    case angleAutolink
    case email
    /// A number found in the text, with its extension if it has one.
    case phone(TelNumber)
    /// An HTML `<a>`: its `href` is a target like an explicit link's. `tagOffset`
    /// is where its start tag is in the source (not in the parser's input).
    case htmlAnchor(href: String?, title: String?, tagOffset: Int)
}

struct LinkSyntax: Equatable, Sendable {
    var kind: LinkSyntaxKind
    /// The display text the link will cover.
    var display: TextSlices
    /// The whole construct in the source, markup included.
    var source: Range<Int>
}

/// A piece of the document in order: trivially copyable (a link is an index into
/// `ParsedDocument.links`), so walking the pieces retains nothing.
enum Inline: Equatable, Sendable {
    /// Display text copied from the source.
    case text(Range<Int>)
    /// `ParsedDocument.links[index]`.
    case link(index: Int)
}

/// A `《title》` whose title the manifest does not know: it stays text, and the
/// resolver warns about it.
struct BookTitle: Equatable, Sendable {
    var title: String
    var source: Range<Int>
}

/// An `<a>` element of an HTML document, as a range of the parser's input.
struct AnchorSpan: Equatable, Sendable {
    var range: Range<Int>
    var href: String?
    var title: String?
    /// Byte offset of the `<a` in the source.
    var tagOffset: Int
}

struct ParsedDocument: Sendable {
    var inlines: [Inline]
    /// The links that `inlines` refers to, in order.
    var links: [LinkSyntax]
    var bookTitles: [BookTitle] = []
    /// `[](…)` and similar: syntax that forms no link, and why.
    var notes: [ParseNote] = []

    /// Whether the parser found nothing for the resolver to give a meaning or report: the
    /// document is its text pieces (`CompileWorkspace.plainText`).
    var isPlainText: Bool { links.isEmpty && bookTitles.isEmpty && notes.isEmpty }
}

struct ParseNote: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case emptyLinkText, mentionTooLong(limit: Int), topicTooLong(limit: Int) }
    var kind: Kind
    var source: Range<Int>
}
