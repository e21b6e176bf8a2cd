@_spi(Bytes) import LinkDocBase  // KeptBuffers
import LinkDocHTML
import LinkDocModel  // TextPosition

/// What compiling keeps from one document to the next: the buffers every document needs and no
/// document keeps (the parser's pieces and links, the resolver's display text, link drafts and
/// copied runs, the emit stage's line starts, offsets and positions, an HTML document's anchors
/// and decorations, the flattener's arrays and libxml2's context), and the work meter. Owned by
/// whoever compiles one document after another (a worker thread of the NDJSON stream holds one)
/// and lent to `Compiler.compile(_:workspace:)`, which runs each stage through it; a compile
/// without one makes one for the document. Allocating and freeing these arrays per document (each
/// a malloc, a free and regrowths as it fills) cost more than filling them.
///
/// The workspace alone takes a buffer out of its slot (`KeptBuffers.take`: emptied, its capacity
/// kept) and puts it back: its methods below run each stage in buffers they lend it, and take
/// them back when the document is done with them (the document's own in `reclaim`). A stage only
/// fills what it is lent. A buffer that grew past `maxKeptBytes` is freed instead, so a huge
/// document leaves no huge buffers behind.
public struct CompileWorkspace {
    var inlines: [Inline] = []
    var links: [LinkSyntax] = []
    var text: [UInt8] = []
    var drafts: [LinkDraft] = []
    var runs: [DisplayText.Run] = []
    var lineStarts: [Int] = []
    var offsets: [Int] = []
    var positions: [TextPosition] = []
    var places: [AssembledDocument.LinkPlace] = []
    var paragraphs: [TextRange] = []
    var anchors: [AnchorSpan] = []
    var styles: [StyleSpan] = []
    var attachments: [AttachmentSpan] = []
    var html = HTMLWorkspace()
    /// The meanings of the links resolved so far (the resolve stage's; see `LinkMeaningMemo`).
    var meanings = LinkMeaningMemo()

    /// Bytes examined by every stage's own scans (the inline parser, the HTML flattener but not
    /// libxml2, the resolver's copies and lookups, the emit stage's counting), summed over the
    /// documents compiled with this workspace: a deterministic work measure for
    /// Tests/LinkDocCoreTests/WorkGrowthTests.swift.
    var work = 0

    public init() {}

    /// How buffers are taken and given back; above 256 KB of capacity one is not kept for the
    /// next document.
    static let buffers = KeptBuffers(maxKeptBytes: 256 << 10)

    // MARK: - The stages, in buffers of this workspace

    /// The parse stage: the document's pieces and links in buffers of this workspace, which
    /// `recycle(_:)` takes back once the document is resolved.
    mutating func parse(_ bytes: [UInt8], options: ParseOptions, anchors: [AnchorSpan] = [], skimming: Bool = true) -> ParsedDocument {
        // Room for a typical document's pieces and links without regrowing (each regrowth copies
        // every element).
        var parsed = ParsedDocument(inlines: Self.buffers.take(&inlines, minimumCapacity: 16),
                                    links: Self.buffers.take(&links, minimumCapacity: 8))
        InlineParser.parse(bytes, options: options, anchors: anchors, into: &parsed, work: &work, skimming: skimming)
        return parsed
    }

    /// Takes back the pieces and links of a document that is resolved.
    mutating func recycle(_ parsed: inout ParsedDocument) {
        Self.buffers.giveBack(&parsed.inlines, to: &inlines)
        Self.buffers.giveBack(&parsed.links, to: &links)
    }

    /// An HTML document's `<a>` elements, for the parser, in a buffer of this workspace, which
    /// `recycle(anchors:)` takes back once the document is parsed.
    mutating func anchors(of html: HTMLFragment) -> [AnchorSpan] {
        var spans = Self.buffers.take(&anchors)
        html.anchors(into: &spans)
        return spans
    }

    mutating func recycle(anchors spans: inout [AnchorSpan]) {
        Self.buffers.giveBack(&spans, to: &anchors)
    }

    /// A resolver whose link drafts and display-text runs are buffers of this workspace, which
    /// `finish(_:source:)` takes back.
    mutating func resolver(input: [UInt8], inputToSource: InputOffsets, context: CompilerContext, detectors: Detectors,
                           excerpts: Bool = true) -> Resolver {
        // Room for a typical document's links and runs without regrowing.
        Resolver(input: input, inputToSource: inputToSource, context: context, detectors: detectors, excerpts: excerpts,
                 links: Self.buffers.take(&drafts, minimumCapacity: 8), runs: Self.buffers.take(&runs, minimumCapacity: 16))
    }

    /// An HTML document's styles and images placed by `resolver` (once the document is resolved),
    /// in buffers of this workspace, which `assemble` takes back.
    mutating func place(_ decorations: HTMLDecorations, by resolver: inout Resolver) -> (styles: [StyleSpan], attachments: [AttachmentSpan]) {
        var placed = (styles: Self.buffers.take(&styles), attachments: Self.buffers.take(&attachments))
        resolver.place(decorations, styles: &placed.styles, attachments: &placed.attachments)
        return placed
    }

    /// What `resolver` made, its display text written into a buffer of this workspace (the
    /// document's, which `reclaim` takes back); its runs are taken back now.
    mutating func finish(_ resolver: inout Resolver, source: SourceText) -> (text: [UInt8], links: [LinkDraft], diagnostics: [Diagnostic]) {
        var finished = resolver.finish(source: source, work: &work)
        var text = Self.buffers.take(&self.text, minimumCapacity: finished.display.count)
        finished.display.write(from: resolver.input, into: &text)
        var used = finished.display.removeRuns()
        Self.buffers.giveBack(&used, to: &runs)
        return (text, finished.links, finished.diagnostics)
    }

    /// The display text of a document that `parsed.isPlainText` (its text pieces), in a buffer of
    /// this workspace: what a resolver's `finish` would give, with no links and no diagnostics,
    /// without making one (its set-up and its end cost more than the rest of a short document's
    /// compile).
    mutating func plainText(_ parsed: borrowing ParsedDocument, input: [UInt8]) -> [UInt8] {
        var text = Self.buffers.take(&self.text, minimumCapacity: input.count)
        work &+= DisplayText.writePlain(parsed.inlines, from: input, into: &text)
        return text
    }

    /// The emit stage: the document's links and paragraphs in buffers of this workspace, which
    /// `reclaim` takes back; the styles and attachments, and the stage's working arrays, are taken
    /// back now.
    mutating func assemble(text: consuming [UInt8], links drafts: consuming [LinkDraft], styles: consuming [StyleSpan] = [],
                           attachments: consuming [AttachmentSpan] = []) -> AssembledDocument {
        let b = Self.buffers
        // The offsets and positions serve only a document's styles and images.
        let decorated = !styles.isEmpty || !attachments.isEmpty
        var scratch = DocumentAssembler.Scratch(lineStarts: b.take(&lineStarts), offsets: decorated ? b.take(&offsets) : [],
                                                positions: decorated ? b.take(&positions) : [])
        let places = b.take(&self.places, minimumCapacity: drafts.count)
        let document = DocumentAssembler.assemble(text: text, links: drafts, styles: &styles, attachments: &attachments,
                                                  places: places, paragraphs: b.take(&paragraphs), scratch: &scratch, work: &work)
        b.giveBack(&scratch.lineStarts, to: &lineStarts)
        b.giveBack(&scratch.offsets, to: &offsets)
        b.giveBack(&scratch.positions, to: &positions)
        b.giveBack(&styles, to: &self.styles)
        b.giveBack(&attachments, to: &self.attachments)
        return document
    }

    /// Takes back the arrays of a document that nobody holds any more (the stream's, once its
    /// JSON is written).
    mutating func reclaim(_ document: consuming AssembledDocument) {
        let b = Self.buffers
        // Moved out of the document; a slot's buffer is emptied when next taken.
        b.giveBack(&document.text, to: &self.text)
        b.giveBack(&document.drafts, to: &self.drafts)
        b.giveBack(&document.links, to: &self.places)
        b.giveBack(&document.paragraphs, to: &self.paragraphs)
    }

    /// The capacity in bytes of the largest buffer kept (tests: none is above the cap).
    var largestKeptBytes: Int {
        let b = Self.buffers
        return [b.bytes(inlines), b.bytes(links), b.bytes(text), b.bytes(drafts), b.bytes(runs), b.bytes(lineStarts),
                b.bytes(offsets), b.bytes(positions), b.bytes(places), b.bytes(paragraphs), b.bytes(anchors),
                b.bytes(styles), b.bytes(attachments)].max()!
    }
}
