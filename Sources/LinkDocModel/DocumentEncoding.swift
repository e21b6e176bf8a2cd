/// The JSON form of a document (version 1). The member order written here is the
/// contract documented in Grammar/document.schema.json; change both together.
///
/// The format is written in one place, `DocumentJSON.write`, from any
/// `DocumentJSONSource`: the public model (`Document`) is one source, and the
/// compiler's own assembled document (display text as bytes, link texts as slices
/// of it) is another, so that a compile can write its JSON without building the
/// model's strings and arrays first.
extension Document {
    /// The compact JSON of this document, without a trailing newline.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: text.utf8.count * 2 + 64 * links.count + 64)
        write(to: &writer)
        return writer.bytes
    }

    @_spi(LinkDocInternal) public func write(to w: inout JSONWriter) {
        DocumentJSON.write(ModelJSONSource(document: self), to: &w)
    }
}

/// What the JSON of a document is written from: its parts, by index, with every
/// string given as UTF-8 bytes so that a source needs no `String` for them.
///
/// The model's payloads (`url`, `tooltip`, `LinkTarget`) and its `Style` and
/// `Attachment` values are shared by all sources: the compiler makes those before
/// the emit stage anyway.
@_spi(LinkDocInternal) public protocol DocumentJSONSource {
    /// Calls `body` with the display text as valid UTF-8.
    func withTextUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    var linkCount: Int { get }
    /// Calls `body` with the text of link `index` as valid UTF-8. `text` is what
    /// `withTextUTF8` gives, for a source whose link texts are slices of it.
    func withLinkTextUTF8<R>(at index: Int, in text: UnsafeBufferPointer<UInt8>,
                             _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    /// Calls `body` with the range and payload of link `index`: one call (and one look-up of
    /// the link) for all that its members are written from.
    func withLink<R>(at index: Int,
                     _ body: (_ range: TextRange, _ url: String?, _ tooltip: String?, _ target: LinkTarget) -> R) -> R
    /// Calls `body` with the range and payload of link `index` when the source holds its links'
    /// payloads as `LinkPayload`s (whose JSON is written already); nil, without calling it, when
    /// not (then `withLink` gives the payload).
    func withLinkPayload<R>(at index: Int, _ body: (_ range: TextRange, _ payload: LinkPayload) -> R) -> R?
    var styles: [Style] { get }
    var paragraphCount: Int { get }
    func paragraphRange(at index: Int) -> TextRange
    var attachments: [Attachment] { get }
}

extension DocumentJSONSource {
    @_spi(LinkDocInternal) public func withLinkPayload<R>(at index: Int, _ body: (_ range: TextRange, _ payload: LinkPayload) -> R) -> R? { nil }
}

/// The one writer of the document JSON.
@_spi(LinkDocInternal) public enum DocumentJSON {
    /// Writes `document` as one JSON object. Inlinable so that a module with its own
    /// source (the compiler's) gets a copy specialized to it: direct calls, no
    /// protocol witnesses per link.
    @inlinable
    public static func write<Source: DocumentJSONSource>(_ document: Source, to writer: inout JSONWriter) {
        writer.withExclusiveBuffer { w in write(document, exclusively: &w) }
    }

    /// `write(_:to:)` on a writer inside `withExclusiveBuffer`: nothing here copies the writer.
    @inlinable
    static func write<Source: DocumentJSONSource>(_ document: Source, exclusively w: inout JSONWriter) {
        // The brackets and keys between the values are written as fixed text, each run under one
        // capacity check: a short document is mostly those.
        document.withTextUTF8 { text in
            writeOpening(to: &w)
            w.string(utf8: text)
            w.fixed(#","links":["#)
            for i in 0..<document.linkCount { writeLink(i, of: document, text: text, to: &w) }
            let styles = document.styles
            if styles.isEmpty {
                // Most documents have no styles: the empty array and the keys around it in one run.
                w.fixed(#"],"styles":[],"paragraphs":["#)
            } else {
                w.fixed(#"],"styles":["#)
                for style in styles { style.write(to: &w) }
                w.fixed(#"],"paragraphs":["#)
            }
            for i in 0..<document.paragraphCount { document.paragraphRange(at: i).writeParagraph(to: &w) }
            // Left out when there are none: a document without images has no "attachments" member.
            let attachments = document.attachments
            if !attachments.isEmpty {
                w.fixed(#"],"attachments":["#)
                for attachment in attachments { attachment.write(to: &w) }
            }
            w.fixed("]}")
        }
    }

    /// `{"version":1,"text":`, with which every document begins, under one capacity check.
    @usableFromInline
    static func writeOpening(to w: inout JSONWriter) {
        w.opening(reserving: 19 + JSONWriter.Cursor.maxDecimalLength) { c in
            c.ascii(#"{"version":"#)
            c.int(Document.formatVersion)
            c.ascii(#","text":"#)
        }
    }

    @inlinable
    static func writeLink<Source: DocumentJSONSource>(_ i: Int, of document: Source, text: UnsafeBufferPointer<UInt8>,
                                                      to w: inout JSONWriter) {
        let written: Void? = document.withLinkPayload(at: i) { range, payload in
            document.withLinkTextUTF8(at: i, in: text) { writeLink(text: $0, range: range, payload: payload, to: &w) }
        }
        guard written == nil else { return }
        document.withLink(at: i) { range, url, tooltip, target in
            writeLinkOpening(target.kind, to: &w)
            document.withLinkTextUTF8(at: i, in: text) { w.string(utf8: $0) }
            writeLinkMembers(range: range, url: url, tooltip: tooltip, target: target, to: &w)
        }
    }

    /// What follows a link's text, to the end of its object. Not generic, so that the member
    /// names, known here, fold to stores, and the payload is read where it is lent.
    @usableFromInline
    static func writeLinkMembers(range: TextRange, url: String?, tooltip: String?, target: LinkTarget,
                                 to w: inout JSONWriter) {
        range.writeMember(to: &w)
        writeLinkPayload(url: url, tooltip: tooltip, target: target, to: &w)
    }

    /// The members after a link's range, to the end of its object: what `LinkPayload.json` holds.
    static func writeLinkPayload(url: String?, tooltip: String?, target: LinkTarget, to w: inout JSONWriter) {
        w.member("url", url)
        w.member("tooltip", tooltip)
        target.forEachMember { key, value in
            if let value { w.key(key); w.string(value) }
        }
        w.endObject()
    }

    /// A link's whole object from its text, its range and its payload's members, written once
    /// before (`LinkPayload.json`): under one capacity check when the text is short and needs no
    /// escape, as most link texts are.
    @usableFromInline
    static func writeLink(text: UnsafeBufferPointer<UInt8>, range: TextRange, payload: LinkPayload, to w: inout JSONWriter) {
        let opening = linkOpening(payload.kind)
        payload.json.withUnsafeBufferPointer { json in
            let fused = w.value(opening, shortString: text, tailLength: 9 + TextRange.maxJSONLength + json.count) { c in
                c.ascii(#","range":"#)
                range.write(to: &c)
                c.ascii(json)
            }
            guard !fused else { return }
            w.opening(reserving: opening.utf8CodeUnitCount) { $0.ascii(opening) }
            w.string(utf8: text)
            range.writeMember(followedBy: json, to: &w)
        }
    }

    /// `{"kind":"…","text":`, with which every link begins, under one capacity check.
    @usableFromInline
    static func writeLinkOpening(_ kind: LinkKind, to w: inout JSONWriter) {
        let opening = linkOpening(kind)
        w.opening(reserving: opening.utf8CodeUnitCount) { $0.ascii(opening) }
    }

    /// A link's opening, `{"kind":"…","text":`. The names are `LinkKind`'s raw values, spelled
    /// out here so that the opening is a constant (making the raw value's `String` cost more than
    /// the rest of the opening).
    static func linkOpening(_ kind: LinkKind) -> StaticString {
        switch kind {
        case .agreement: #"{"kind":"agreement","text":"#
        case .mention: #"{"kind":"mention","text":"#
        case .topic: #"{"kind":"topic","text":"#
        case .url: #"{"kind":"url","text":"#
        case .email: #"{"kind":"email","text":"#
        case .phone: #"{"kind":"phone","text":"#
        case .action: #"{"kind":"action","text":"#
        case .app: #"{"kind":"app","text":"#
        }
    }
}

/// The public model as a source of its JSON.
struct ModelJSONSource: DocumentJSONSource {
    let document: Document

    func withTextUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUTF8(of: document.text, body)
    }
    var linkCount: Int { document.links.count }
    func withLinkTextUTF8<R>(at index: Int, in text: UnsafeBufferPointer<UInt8>,
                             _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // A link's own text, not a slice of the display text: a model built by hand
        // may hold any text there, and its JSON says what it holds.
        withUTF8(of: document.links[index].text, body)
    }
    func withLink<R>(at index: Int,
                     _ body: (_ range: TextRange, _ url: String?, _ tooltip: String?, _ target: LinkTarget) -> R) -> R {
        let link = document.links[index]
        return body(link.range, link.url, link.tooltip, link.target)
    }
    var styles: [Style] { document.styles }
    var paragraphCount: Int { document.paragraphs.count }
    func paragraphRange(at index: Int) -> TextRange { document.paragraphs[index].range }
    var attachments: [Attachment] { document.attachments }

    /// A string's UTF-8 in place (native and small strings), or from a contiguous copy (bridged ones).
    private func withUTF8<R>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguous = string
        return contiguous.withUTF8(body)
    }
}

extension TextRange {
    /// The longest JSON of a range: its fixed text and six numbers.
    static var maxJSONLength: Int { 38 + 6 * JSONWriter.Cursor.maxDecimalLength }

    /// `{"utf16":[L,N],"scalars":[L,N],"utf8":[L,N]}`: written under one capacity
    /// check, since every link, style, paragraph and attachment has one.
    @_spi(LinkDocInternal) public func write(to w: inout JSONWriter) {
        w.value(reserving: Self.maxJSONLength) { write(to: &$0) }
    }

    /// `"range":{…}`, the member every link has, under one capacity check with its name.
    func writeMember(to w: inout JSONWriter) {
        w.value(reserving: 8 + Self.maxJSONLength) { c in
            c.ascii(#""range":"#)
            write(to: &c)
        }
    }

    /// `"range":{…}` and `json` (which needs no escaping), under one capacity check.
    func writeMember(followedBy json: UnsafeBufferPointer<UInt8>, to w: inout JSONWriter) {
        w.value(reserving: 8 + Self.maxJSONLength + json.count) { c in
            c.ascii(#""range":"#)
            write(to: &c)
            c.ascii(json)
        }
    }

    /// `{"range":{…}}`, a paragraph's whole object (a paragraph has nothing else).
    @_spi(LinkDocInternal) @usableFromInline
    func writeParagraph(to w: inout JSONWriter) {
        w.value(reserving: 10 + Self.maxJSONLength) { c in
            c.ascii(#"{"range":"#)
            write(to: &c)
            c.byte(UInt8(ascii: "}"))
        }
    }

    fileprivate func write(to c: inout JSONWriter.Cursor) {
        c.ascii(#"{"utf16":["#); utf16.write(to: &c)
        c.ascii(#"],"scalars":["#); scalars.write(to: &c)
        c.ascii(#"],"utf8":["#); utf8.write(to: &c)
        c.ascii("]}")
    }
}

extension TextSpan {
    /// `L,N` (location and length) inside the brackets its range writes.
    func write(to c: inout JSONWriter.Cursor) {
        c.int(location)
        c.byte(UInt8(ascii: ","))
        c.int(length)
    }
}

extension Style {
    @_spi(LinkDocInternal) @usableFromInline
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("range"); range.write(to: &w)
        let attributes = self.attributes
        w.member("bold", attributes.bold)
        w.member("italic", attributes.italic)
        w.member("underline", attributes.underline)
        w.member("strikethrough", attributes.strikethrough)
        w.member("baseline", attributes.baseline?.rawValue)
        w.member("color", attributes.color)
        w.member("backgroundColor", attributes.backgroundColor)
        w.member("code", attributes.code)
        if let annotation = attributes.annotation {
            // Sorted by name: the same input gives the same bytes.
            w.key("annotation"); w.beginObject()
            for (name, value) in annotation.sorted(by: { $0.key < $1.key }) { w.key(name); w.string(value) }
            w.endObject()
        }
        w.endObject()
    }
}

extension Attachment {
    @_spi(LinkDocInternal) @usableFromInline
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("range"); range.write(to: &w)
        w.member("url", url)
        w.member("alt", alt)
        w.member("width", width)
        w.member("height", height)
        w.endObject()
    }
}
