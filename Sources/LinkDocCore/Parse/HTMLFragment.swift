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
    init(_ source: [UInt8], maxDepth: Int) {
        prepared = PreparedText(source)
        var options = HTMLOptions(maxDepth: maxDepth)
        options.inputIsValidUTF8 = true
        flat = HTMLFlattener.flatten(prepared.bytes, options: options)
    }

    /// From offsets in the flattened text to offsets in the source, for the resolver, which asks
    /// about a document's offsets in nearly ascending order: both maps are walked from where the
    /// last lookup ended.
    func inputOffsets() -> InputOffsets { InputOffsets(flat: flat.offsetCursor(), prepared: prepared.map) }

    /// In a buffer from the thread's scratch; the inline parser keeps it back when done.
    var anchors: [AnchorSpan] {
        let scratch = CompileScratch.current
        var spans = CompileScratch.buffers.take(&scratch.pointee.anchors, minimumCapacity: 0)
        for element in flat.elements {
            guard case .anchor(let href, let title) = element.kind else { continue }
            spans.append(AnchorSpan(range: element.range, href: href, title: title, tagOffset: prepared.sourceOffset(element.sourceOffset)))
        }
        return spans
    }

    /// Styles and images, placed in the resolved text; problems go to the resolver. In buffers
    /// from the thread's scratch, which the assembler keeps back when done.
    func decorations(_ resolver: inout Resolver) -> (styles: [(Range<Int>, Style)], attachments: [(Range<Int>, Attachment)]) {
        let scratch = CompileScratch.current
        var styles = CompileScratch.buffers.take(&scratch.pointee.styles, minimumCapacity: 0)
        var attachments = CompileScratch.buffers.take(&scratch.pointee.attachments, minimumCapacity: 0)
        let placeholder = TextRange(utf16: .init(location: 0, length: 0), scalars: .init(location: 0, length: 0),
                                    utf8: .init(location: 0, length: 0))
        for element in flat.elements {
            let range = resolver.outputOffset(ofInput: element.range.lowerBound)..<resolver.outputOffset(ofInput: element.range.upperBound)
            switch element.kind {
            case .style(let s):
                guard !range.isEmpty, !s.isEmpty else { continue }
                styles.append((range, Style(range: placeholder, bold: s.bold, italic: s.italic, underline: s.underline,
                                            strikethrough: s.strikethrough, baseline: s.baseline.map { $0 == .superscript ? .superscript : .subscript },
                                            color: s.color, backgroundColor: s.backgroundColor, code: s.code,
                                            annotation: s.annotation)))
            case .image(let src, let alt, let width, let height):
                guard !range.isEmpty else { continue }
                let url = src.flatMap { resolver.resourceURL($0, atSource: prepared.sourceOffset(element.sourceOffset)) }
                attachments.append((range, Attachment(range: placeholder, url: url, alt: alt, width: width, height: height)))
            case .anchor, .paragraph:
                continue
            }
        }
        return (styles, attachments)
    }

    /// Done with the flattened text (the resolver has read it): its buffers go to the flattener's
    /// next document on this thread.
    func recycle() { HTMLFlattener.recycle(flat) }

    /// libxml2-side findings, at their place in the source.
    func report(into resolver: inout Resolver) {
        for d in flat.diagnostics {
            let severity: Severity = d.severity == .error ? .error : d.severity == .warning ? .warning : .info
            resolver.report(severity, d.message, d.ruleID, atSource: prepared.sourceOffset(d.sourceOffset))
        }
    }
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
