import LinkDocModel  // TextPosition
import LinkDocScratch

/// Buffers that every document needs and no document keeps, kept by each thread from one
/// document to the next: the parser's pieces and links, the resolver's display text, link
/// drafts and copied runs. Allocating and freeing them per document (each array a malloc, a
/// free and regrowths as it fills) cost more than filling them.
///
/// A document takes a buffer (the scratch is left without it, so a compile that another one
/// interrupts on the same thread would only allocate afresh) and gives it back emptied, its
/// capacity kept; a buffer that grew past `maxKeptBytes` is freed instead, so a huge document
/// leaves no huge buffers behind.
///
/// A struct reached through a per-thread pointer, not a class: the buffers of a class instance
/// would be checked for exclusive access at run time on every take and give-back.
struct CompileScratch {
    var inlines: [Inline] = []
    var links: [LinkSyntax] = []
    var text: [UInt8] = []
    var drafts: [LinkDraft] = []
    var runs: [(input: Int, output: Int, length: Int)] = []
    /// The emit stage's line starts, offsets and positions (DocumentAssembler, PositionTable).
    var lineStarts: [Int] = []
    var offsets: [Int] = []
    var positions: [TextPosition] = []
    /// The assembled document's link places and paragraphs (kept with its text and drafts by
    /// `AssembledDocument.Storage` until the document goes).
    var places: [AssembledDocument.LinkPlace] = []
    var paragraphs: [TextRange] = []
    /// An HTML document's anchors (read by the inline parser) and decorations (read by the
    /// assembler), kept by their reader when done (`keep`).
    var anchors: [AnchorSpan] = []
    var styles: [(Range<Int>, Style)] = []
    var attachments: [(Range<Int>, Attachment)] = []

    /// How buffers are taken and given back; above 256 KB of capacity one is not kept for the
    /// next document.
    static let buffers = KeptBuffers(maxKeptBytes: 256 << 10)

    /// The capacity in bytes of the largest buffer kept (tests: none is above the cap).
    var largestKeptBytes: Int {
        let b = Self.buffers
        return [b.bytes(inlines), b.bytes(links), b.bytes(text), b.bytes(drafts), b.bytes(runs), b.bytes(lineStarts),
                b.bytes(offsets), b.bytes(positions), b.bytes(places), b.bytes(paragraphs), b.bytes(anchors),
                b.bytes(styles), b.bytes(attachments)].max()!
    }

    private static let perThread = PerThread { CompileScratch() }

    /// This thread's scratch.
    static var current: UnsafeMutablePointer<CompileScratch> { perThread.current }
}
