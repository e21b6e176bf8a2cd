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

    /// Above this many bytes of capacity a buffer is not kept for the next document.
    static let maxKeptBytes = 256 << 10

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

    /// Takes a buffer out of the scratch (leaving an empty one), with room for `minimumCapacity`.
    static func take<Element>(_ buffer: inout [Element], minimumCapacity: Int) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &buffer)
        taken.reserveCapacity(minimumCapacity)
        return taken
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
