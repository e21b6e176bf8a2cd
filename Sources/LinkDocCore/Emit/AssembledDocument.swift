@_spi(LinkDocInternal) import LinkDocModel

/// A compiled document as the emit stage leaves it: the display text as bytes,
/// each link as the resolver's draft with its range in the three units, styles,
/// paragraphs and attachments. Its JSON (`DocumentJSON.write`, the same writer as
/// the model's) is written straight from these, so a compile that only wants the
/// JSON, such as the NDJSON stream, makes no `String` of the text or of the link
/// texts and no `Document`; `document` builds the model for callers that want it.
struct AssembledDocument: Sendable {
    /// Where a kept link lies; its payload and its source range stay in the resolver's draft.
    struct LinkPlace: Sendable {
        var draft: Int
        var range: TextRange
    }

    // Variables so that the workspace takes the buffers back by moving them out
    // (`CompileWorkspace.reclaim`), not by copying each reference.
    /// The display text: valid UTF-8 (the source was validated when read, and the
    /// resolver writes whole scalars).
    var text: [UInt8]
    /// Every link the resolver made, kept or not (widening may drop one).
    var drafts: [LinkDraft]
    /// The links of the document, in order.
    var links: [LinkPlace]
    var styles: [Style]
    var paragraphs: [TextRange]
    var attachments: [Attachment]

    /// For each link, the byte range in the source it was written in.
    var linkSources: [Range<Int>] { links.map { drafts[$0.draft].source } }

    /// The runtime model of this document.
    var document: Document {
        let links = text.withUnsafeBufferPointer { bytes in
            self.links.map { place in
                let utf8 = place.range.utf8
                // Decoding the bytes costs less than slicing a `String` (whose index checks cost more than validating).
                let linkText = String(decoding: UnsafeBufferPointer(rebasing: bytes[utf8.location..<utf8.upperBound]),
                                      as: UTF8.self)
                let payload = drafts[place.draft].payload
                return Link(text: linkText, range: place.range, url: payload.url, tooltip: payload.tooltip, target: payload.target)
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
    func withLink<R>(at index: Int,
                     _ body: (_ range: TextRange, _ url: String?, _ tooltip: String?, _ target: LinkTarget) -> R) -> R {
        let place = links[index]
        let payload = drafts[place.draft].payload
        return body(place.range, payload.url, payload.tooltip, payload.target)
    }
    func withLinkPayload<R>(at index: Int, _ body: (_ range: TextRange, _ payload: LinkPayload) -> R) -> R? {
        let place = links[index]
        return body(place.range, drafts[place.draft].payload)
    }
    var paragraphCount: Int { paragraphs.count }
    func paragraphRange(at index: Int) -> TextRange { paragraphs[index] }
}
