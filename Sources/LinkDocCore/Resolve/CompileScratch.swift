#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkDocModel  // TextPosition

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

    /// Above this many bytes of capacity a buffer is not kept for the next document.
    static let maxKeptBytes = 256 << 10

    /// The capacity in bytes of the largest buffer kept (tests: none is above `maxKeptBytes`).
    var largestKeptBytes: Int {
        func bytes<Element>(_ buffer: [Element]) -> Int { buffer.capacity * MemoryLayout<Element>.stride }
        return [bytes(inlines), bytes(links), bytes(text), bytes(drafts), bytes(runs), bytes(lineStarts), bytes(offsets),
                bytes(positions), bytes(places), bytes(paragraphs), bytes(anchors), bytes(styles), bytes(attachments)].max()!
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The destructor frees the thread's scratch when the thread ends.
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let scratch = pointer.assumingMemoryBound(to: CompileScratch.self)
            scratch.deinitialize(count: 1)
            scratch.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed")
        return key
    }()

    /// This thread's scratch.
    static var current: UnsafeMutablePointer<CompileScratch> {
        if let pointer = pthread_getspecific(key) { return pointer.assumingMemoryBound(to: CompileScratch.self) }
        let scratch = UnsafeMutablePointer<CompileScratch>.allocate(capacity: 1)
        scratch.initialize(to: CompileScratch())
        pthread_setspecific(key, scratch)
        return scratch
    }

    /// Takes a buffer out of the scratch (leaving an empty one), emptied, with room for
    /// `minimumCapacity`. A buffer kept by `keep` still holds its elements: they go here.
    static func take<Element>(_ buffer: inout [Element], minimumCapacity: Int) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &buffer)
        // Too small, it would be replaced anyway; and one still shared with a document kept
        // elsewhere (lint keeps every result) is then replaced once, not emptied and regrown.
        if taken.capacity < minimumCapacity { taken = [] }
        taken.removeAll(keepingCapacity: true)
        taken.reserveCapacity(minimumCapacity)
        return taken
    }

    /// Keeps a buffer that its last owner is letting go, as it is (a copy of the reference, so
    /// emptying it now would allocate; `take` empties it once the owner's reference is gone),
    /// unless it is too large to keep or the slot has a larger one.
    static func keep<Element>(_ buffer: [Element], in slot: inout [Element]) {
        guard buffer.capacity * MemoryLayout<Element>.stride <= maxKeptBytes, buffer.capacity > slot.capacity else { return }
        slot = buffer
    }

    /// Gives a buffer back, emptied, with its capacity unless that is too large to keep; `buffer`
    /// is left empty. Moved, not copied: a buffer that is not unique would be emptied by
    /// allocating a new one.
    static func giveBack<Element>(_ buffer: inout [Element], to slot: inout [Element]) {
        guard buffer.capacity * MemoryLayout<Element>.stride <= maxKeptBytes else {
            buffer = []
            return
        }
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &slot)
    }
}
