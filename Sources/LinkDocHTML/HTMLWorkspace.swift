internal import CLibXML2
@_spi(Bytes) import LinkDocBase  // KeptBuffers

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

    /// The flattener's arrays, emptied: the flat text (with room for `textCapacity` bytes), the
    /// stack of open elements (`takeBack(stack:)` takes it back when the document is flattened),
    /// the elements and the offset map (the result's: `recycle(_:)` takes them back).
    mutating func lend(textCapacity: Int) -> (text: [UInt8], stack: [Flattener.OpenElement], elements: [HTMLElement], offsets: OffsetMap) {
        let b = Self.buffers
        return (b.take(&text, minimumCapacity: textCapacity), b.take(&stack), b.take(&elements), b.take(&offsets))
    }

    mutating func takeBack(stack: inout [Flattener.OpenElement]) {
        Self.buffers.giveBack(&stack, to: &self.stack)
    }

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
