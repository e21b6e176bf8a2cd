internal import CLibXML2
import LinkDocBase

/// What flattening keeps from one document to the next, owned by the caller and lent to each
/// `HTMLFlattener.flatten(_:options:workspace:)`: the flattener's arrays and libxml2's parser
/// context. New arrays were a malloc, a free and regrowths per document, and a new context
/// (with its SAX block, name dictionary and stacks) cost a good part of libxml2's time on short
/// fragments. A compiler holds one inside its own workspace (LinkDocCore's `CompileWorkspace`),
/// one per thread that compiles.
public struct HTMLWorkspace {
    var stack: [Flattener.OpenElement] = []
    var topmostKnown: [Int] = []
    var text: [UInt8] = []
    var offsets = OffsetMap()
    var elements: [HTMLElement] = []
    var parser: ParserContext?

    public init() {}

    /// How buffers are taken and given back; above 64 KB of capacity one is not kept.
    static let buffers = KeptBuffers(maxKeptBytes: 64 << 10)

    /// Keeps a flat result's text, offset map and elements for the next `flatten` (the
    /// caller is done with it). A result used after this stays valid (its arrays are copied on
    /// write as ever), but then the next flatten allocates them afresh.
    public mutating func recycle(_ flat: FlatHTML) {
        var text = flat.text, offsets = flat.offsetMap.runs, elements = flat.elements
        Self.buffers.giveBack(&text, to: &self.text)
        Self.buffers.giveBack(&offsets, to: &self.offsets)
        Self.buffers.giveBack(&elements, to: &self.elements)
    }

    /// The capacity in bytes of the largest buffer kept (tests: none is above the cap).
    var largestKeptBytes: Int {
        let b = Self.buffers
        return [b.bytes(stack), b.bytes(topmostKnown), b.bytes(text), offsets.storageBytes, b.bytes(elements)].max()!
    }

    /// The largest buffer a workspace keeps, in bytes.
    static var maxKeptBytes: Int { buffers.maxKeptBytes }
}

/// libxml2's parser context, reused from document to document: `htmlCtxtReset` puts a used
/// context back to the state of a new one (its dictionary of names is kept, which only saves
/// work). Freed with its owner.
final class ParserContext {
    let pointer: htmlParserCtxtPtr

    init?() {
        guard let pointer = htmlNewParserCtxt() else { return nil }
        self.pointer = pointer
    }

    deinit { htmlFreeParserCtxt(pointer) }

    /// A context whose dictionary holds more names than this (many distinct tag and attribute
    /// names) is freed rather than kept, so a long run over odd input cannot grow it without bound.
    static let maxDictionaryNames = 4096

    var isWorthKeeping: Bool {
        (pointer.pointee.dict.map { Int(xmlDictSize($0)) } ?? 0) <= Self.maxDictionaryNames
    }
}

/// How a workspace hands out and takes back its buffers, keeping none larger than
/// `maxKeptBytes`, so that a workspace holds little after one huge document. The compiler's
/// workspace (LinkDocCore) keeps its buffers the same way.
///
/// Public and inlinable, not `package`: the compiler's module calls these for arrays of its own
/// element types, and only an inlinable generic function is sure to be specialized across modules
/// (an unspecialized `removeAll(keepingCapacity:)` costs a metadata lookup and a thousand
/// instructions a call).
public struct KeptBuffers: Sendable {
    public let maxKeptBytes: Int

    public init(maxKeptBytes: Int) { self.maxKeptBytes = maxKeptBytes }

    /// Takes a buffer out of its slot (leaving an empty one), emptied, with room for
    /// `minimumCapacity`.
    @inlinable
    public func take<Element>(_ slot: inout [Element], minimumCapacity: Int = 0) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &slot)
        // Too small, it would be replaced anyway; one still shared with a result kept elsewhere
        // is then replaced once, not emptied and regrown.
        if taken.capacity < minimumCapacity {
            taken = []
            taken.reserveCapacity(minimumCapacity)
        } else if taken.count > 4 {
            taken.removeAll(keepingCapacity: true)
        } else {
            // Every document takes a dozen buffers, most holding a few elements (or none): popped
            // one by one, they cost a fraction of `removeAll(keepingCapacity:)`, whose general
            // `replaceSubrange` checks the buffer and moves the (empty) tail through memmove.
            while !taken.isEmpty { taken.removeLast() }
        }
        return taken
    }

    /// Puts a buffer back in its slot as it is, unless it is too large to keep or the slot holds
    /// a larger one (a stage that had nothing to fill gives back an empty array); `buffer` is left
    /// empty. It is emptied when next taken, not now: whoever gave it back may still hold a copy
    /// of the reference (a result's array), and emptying a buffer that is not unique allocates a
    /// new one.
    @inlinable
    public func giveBack<Element>(_ buffer: inout [Element], to slot: inout [Element]) {
        guard bytes(buffer) <= maxKeptBytes, buffer.capacity >= slot.capacity else {
            buffer = []
            return
        }
        swap(&buffer, &slot)
        buffer = []
    }

    /// `take(_:minimumCapacity:)` for an offset map's storage (emptied by the map made on it).
    func take(_ slot: inout OffsetMap) -> OffsetMap {
        var taken = OffsetMap()
        swap(&taken, &slot)
        return taken
    }

    /// `giveBack(_:to:)` for an offset map's storage.
    func giveBack(_ map: inout OffsetMap, to slot: inout OffsetMap) {
        guard map.storageBytes <= maxKeptBytes, map.storageBytes >= slot.storageBytes else {
            map = OffsetMap()
            return
        }
        swap(&map, &slot)
        map = OffsetMap()
    }

    /// The bytes a buffer's capacity takes (tests check that none kept is above the cap).
    @inlinable
    public func bytes<Element>(_ buffer: [Element]) -> Int { buffer.capacity * MemoryLayout<Element>.stride }
}
