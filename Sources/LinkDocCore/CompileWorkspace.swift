import LinkDocHTML
import LinkDocModel  // TextPosition

/// What compiling keeps from one document to the next: the buffers every document needs and no
/// document keeps (the parser's pieces and links, the resolver's display text, link drafts and
/// copied runs, the emit stage's line starts, offsets and positions, an HTML document's anchors
/// and decorations, the flattener's arrays and libxml2's context), and the work meter. Owned by
/// whoever compiles one document after another (a worker thread of the NDJSON stream holds one)
/// and lent to `Compiler.compile(_:workspace:)`, which lends it to each stage in turn; a compile
/// without one makes one for the document. Allocating and freeing these arrays per document (each
/// a malloc, a free and regrowths as it fills) cost more than filling them.
///
/// A stage takes a buffer out (`KeptBuffers.take`: emptied, its capacity kept) and the compiler
/// gives it back when the document is done with it; one that grew past `maxKeptBytes` is freed
/// instead, so a huge document leaves no huge buffers behind.
public struct CompileWorkspace {
    var inlines: [Inline] = []
    var links: [LinkSyntax] = []
    var text: [UInt8] = []
    var drafts: [LinkDraft] = []
    var runs: [(input: Int, output: Int, length: Int)] = []
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
