#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkDocHTML
import LinkDocModel

/// The HTML layer of the parse stage. A document that contains `<` or `&` is
/// flattened by libxml2 (LinkDocHTML): tags become element ranges over the
/// flattened text, which the inline parser then reads like any text, leaving
/// the inside of `<a>` elements alone. A document without them never touches libxml2.
struct HTMLFragment {
    let prepared: PreparedText
    let flat: FlatHTML

    /// Asked of every document, so two memchr scans rather than a byte loop.
    static func mayContainHTML(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "<")), b.count) != nil
                || memchr(base, Int32(UInt8(ascii: "&")), b.count) != nil
        }
    }

    /// `source` is a `SourceText`'s bytes: valid UTF-8 (PreparedText keeps it so).
    init(_ source: [UInt8], maxDepth: Int, workspace: inout HTMLWorkspace) {
        prepared = PreparedText(source)
        var options = HTMLOptions(maxDepth: maxDepth)
        options.inputIsValidUTF8 = true
        flat = HTMLFlattener.flatten(prepared.bytes, options: options, workspace: &workspace)
    }

    /// From offsets in the flattened text to offsets in the source, for the resolver, which asks
    /// about a document's offsets in nearly ascending order: both maps are walked from where the
    /// last lookup ended.
    func inputOffsets() -> InputOffsets { InputOffsets(flat: flat.offsetCursor(), prepared: prepared.map) }

    /// Appends the `<a>` elements, for the inline parser, to `spans`.
    func anchors(into spans: inout [AnchorSpan]) {
        for element in flat.elements {
            guard case .anchor(let href, let title) = element.kind else { continue }
            spans.append(AnchorSpan(range: element.range, href: href, title: title, tagOffset: prepared.sourceOffset(element.sourceOffset)))
        }
    }

    /// The styles and images, with their ranges in the flattened text (the resolver places them
    /// in the display text).
    func decorations() -> HTMLDecorations { HTMLDecorations(elements: flat.elements, prepared: prepared.map) }

    /// libxml2-side findings, at their place in the source.
    var findings: Findings { Findings(diagnostics: flat.diagnostics, prepared: prepared.map) }

    /// The findings, made as they are read (no array, no closure context per document).
    struct Findings: Sequence {
        let diagnostics: [HTMLDiagnostic]
        let prepared: OffsetMap

        struct Iterator: IteratorProtocol {
            fileprivate var rest: IndexingIterator<[HTMLDiagnostic]>
            fileprivate let prepared: OffsetMap

            mutating func next() -> Finding? {
                guard let d = rest.next() else { return nil }
                return (d.severity, d.message, d.ruleID, prepared.sourceOffset(d.sourceOffset))
            }
        }

        func makeIterator() -> Iterator { Iterator(rest: diagnostics.makeIterator(), prepared: prepared) }
    }

    /// A finding as the resolver reports it.
    typealias Finding = (severity: Severity, message: String, ruleID: RuleID, sourceOffset: Int)

    /// Done with the flattened text (the resolver has read it): its buffers go back to `workspace`.
    consuming func recycle(into workspace: inout HTMLWorkspace) { workspace.recycle(flat) }
}

/// An HTML document's styles and images as the flattener left them: ranges in the flattened text,
/// tags at offsets of the prepared text.
struct HTMLDecorations {
    let elements: [HTMLElement]
    let prepared: OffsetMap

    /// Where the element's start tag is in the source.
    func sourceOffset(of element: HTMLElement) -> Int { prepared.sourceOffset(element.sourceOffset) }
}

/// From offsets in what the parser read to offsets in the source: the identity for a document
/// without HTML, else the flattened text's map and then the prepared text's. A value, not a
/// closure, so that each lookup can start where the last one ended (see `FlatOffsetCursor`).
struct InputOffsets {
    private var flat: FlatOffsetCursor?
    private let prepared: OffsetMap
    private var preparedHint = 0

    /// The parser read the source itself.
    static let identity = InputOffsets(flat: nil, prepared: .identity)

    init(flat: FlatOffsetCursor?, prepared: OffsetMap) {
        self.flat = flat
        self.prepared = prepared
    }

    mutating func sourceOffset(_ offset: Int) -> Int {
        guard flat != nil else { return offset }
        return prepared.sourceOffset(flat!.sourceOffset(forFlatOffset: offset), hint: &preparedHint)
    }
}
