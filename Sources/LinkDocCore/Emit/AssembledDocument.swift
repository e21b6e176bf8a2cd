import LinkDocModel

/// A compiled document as the emit stage leaves it: the display text as bytes,
/// each link as the resolver's draft with its range in the three units, styles,
/// paragraphs and attachments. Its JSON (`DocumentJSON.write`, the same writer as
/// the model's) is written straight from these, so a compile that only wants the
/// JSON, such as the NDJSON stream, makes no `String` of the text or of the link
/// texts and no `Document`; `document` builds the model for callers that want it.
struct AssembledDocument: Sendable {
    /// Where a kept link lies; its payload stays in the resolver's draft.
    struct LinkPlace: Sendable {
        var draft: Int
        var range: TextRange
    }

    /// The document's arrays, in one object: a copy of the document (a result is copied on its
    /// way to the caller and into the JSON writer) retains one reference, not six. It gives the
    /// text, drafts, link places and paragraphs to the thread's scratch when the last copy of the
    /// document goes, for the next document's resolver and assembler: these four arrays were
    /// four mallocs and frees per document (a result line of `compile --ndjson` holds its
    /// document only until the line is written). A document kept longer (lint keeps every
    /// result) just leaves the scratch to allocate afresh. A final class with constants only, so
    /// reading them needs no exclusivity check.
    final class Storage: Sendable {
        /// The display text: valid UTF-8 (the source was validated when read, and the
        /// resolver writes whole scalars).
        let text: [UInt8]
        /// Every link the resolver made, kept or not (widening may drop one).
        let drafts: [LinkDraft]
        /// The links of the document, in order.
        let links: [LinkPlace]
        let styles: [Style]
        let paragraphs: [TextRange]
        let attachments: [Attachment]

        init(text: [UInt8], drafts: [LinkDraft], links: [LinkPlace], styles: [Style], paragraphs: [TextRange],
             attachments: [Attachment]) {
            self.text = text
            self.drafts = drafts
            self.links = links
            self.styles = styles
            self.paragraphs = paragraphs
            self.attachments = attachments
        }

        deinit {
            let scratch = CompileScratch.current
            CompileScratch.buffers.keep(text, in: &scratch.pointee.text)
            CompileScratch.buffers.keep(drafts, in: &scratch.pointee.drafts)
            CompileScratch.buffers.keep(links, in: &scratch.pointee.places)
            CompileScratch.buffers.keep(paragraphs, in: &scratch.pointee.paragraphs)
        }
    }
    let storage: Storage

    var text: [UInt8] { storage.text }
    var drafts: [LinkDraft] { storage.drafts }
    var links: [LinkPlace] { storage.links }
    var styles: [Style] { storage.styles }
    var paragraphs: [TextRange] { storage.paragraphs }
    var attachments: [Attachment] { storage.attachments }

    init(text: [UInt8], drafts: [LinkDraft], links: [LinkPlace], styles: [Style], paragraphs: [TextRange],
         attachments: [Attachment]) {
        storage = Storage(text: text, drafts: drafts, links: links, styles: styles, paragraphs: paragraphs,
                          attachments: attachments)
    }

    /// For each link, the byte range in the source it was written in.
    var linkSources: [Range<Int>] { links.map { drafts[$0.draft].source } }

    /// The runtime model of this document.
    var document: Document {
        let links = text.withUnsafeBufferPointer { bytes in
            self.links.map { place in
                let draft = drafts[place.draft]
                let utf8 = place.range.utf8
                // Decoding the bytes costs less than slicing a `String` (whose index checks cost more than validating).
                let linkText = String(decoding: UnsafeBufferPointer(rebasing: bytes[utf8.location..<utf8.upperBound]),
                                      as: UTF8.self)
                return Link(text: linkText, range: place.range, url: draft.url, tooltip: draft.tooltip, target: draft.target)
            }
        }
        return Document(text: String(decoding: text, as: UTF8.self), links: links, styles: styles,
                        paragraphs: paragraphs.map(Paragraph.init(range:)), attachments: attachments)
    }

    /// The compact JSON, as `document.jsonBytes()` gives it.
    func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: text.count * 2 + 64 * links.count + 64)
        DocumentJSON.write(self, to: &writer)
        return writer.bytes
    }
}

extension AssembledDocument: DocumentJSONSource {
    func withTextUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { text.withUnsafeBufferPointer(body) }
    var linkCount: Int { links.count }
    func withLinkTextUTF8<R>(at index: Int, in text: UnsafeBufferPointer<UInt8>,
                             _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let utf8 = links[index].range.utf8
        return body(UnsafeBufferPointer(rebasing: text[utf8.location..<utf8.upperBound]))
    }
    func linkRange(at index: Int) -> TextRange { links[index].range }
    func linkURL(at index: Int) -> String? { drafts[links[index].draft].url }
    func linkTooltip(at index: Int) -> String? { drafts[links[index].draft].tooltip }
    func linkTarget(at index: Int) -> LinkTarget { drafts[links[index].draft].target }
    var paragraphCount: Int { paragraphs.count }
    func paragraphRange(at index: Int) -> TextRange { paragraphs[index] }
}

extension CompileResult {
    /// The runtime model of the document: nil only when the input could not be read
    /// at all. Built from the compiler's assembled document on each read (keep it
    /// where it is wanted more than once); writing the JSON needs no model, see
    /// `writeDocument(to:)`. Setting it replaces the document.
    public var document: Document? {
        get { assembled?.document ?? replacedDocument }
        set {
            // The link sources stay what they were, as when they were stored.
            if replacedLinkSources == nil, let assembled { replacedLinkSources = assembled.linkSources }
            assembled = nil
            replacedDocument = newValue
        }
    }

    /// Writes the document's JSON, or `null` where there is none: the same bytes as
    /// `document?.write(to:)`, without building the model.
    public func writeDocument(to w: inout JSONWriter) {
        if let assembled {
            DocumentJSON.write(assembled, to: &w)
        } else if let replacedDocument {
            replacedDocument.write(to: &w)
        } else {
            w.null()
        }
    }

    /// The document's compact JSON (as `document?.jsonBytes()`), nil where there is no document.
    public func documentJSON() -> [UInt8]? {
        if let assembled { return assembled.jsonBytes() }
        return replacedDocument?.jsonBytes()
    }
}
