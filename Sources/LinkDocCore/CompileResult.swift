import Foundation  // NSLock
@_spi(LinkDocInternal) import LinkDocModel

/// What compiling one document gives: the document (nil only when the input could not be read
/// at all) and every diagnostic, in source order. An immutable value; copies share the document.
public struct CompileResult: Sendable {
    /// The document as the emit stage assembled it, nil when the input could not be read.
    private let compiled: CompiledDocument?
    public let diagnostics: [Diagnostic]
    /// The source text as read (normalized), nil when it could not be read.
    public let source: SourceText?
    /// What silenced findings in this document: `diagnostics` are without them already, and lint
    /// leaves out its rules' findings by it.
    public let suppressions: Suppressions

    init(document: AssembledDocument? = nil, diagnostics: [Diagnostic], source: SourceText? = nil,
         suppressions: Suppressions = .none) {
        compiled = document.map(CompiledDocument.init)
        self.diagnostics = diagnostics
        self.source = source
        self.suppressions = suppressions
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The runtime model of the document: nil only when the input could not be read at all.
    /// Built on the first read, once; writing the JSON needs no model, see `writeDocument(to:)`.
    public var document: Document? { compiled?.model }

    /// For each link of `document`, the byte range in `source.bytes` it was written in (from the
    /// links themselves).
    public var linkSources: [Range<Int>] { compiled?.assembled.linkSources ?? [] }

    /// Writes the document's JSON, or `null` where there is none: the same bytes as
    /// `document?.write(to:)`, without building the model.
    @_spi(LinkDocInternal) public func writeDocument(to w: inout JSONWriter) {
        if let compiled { DocumentJSON.write(compiled.assembled, to: &w) } else { w.null() }
    }

    /// The document's compact JSON (as `document?.jsonBytes()`), nil where there is no document.
    public func documentJSON() -> [UInt8]? { compiled?.assembled.jsonBytes() }
}

/// An assembled document and its model, built from it on first use (by whichever thread reads
/// it first; the lock makes that once).
private final class CompiledDocument: @unchecked Sendable {
    let assembled: AssembledDocument
    private let lock = NSLock()
    private var built: Document?

    init(_ assembled: AssembledDocument) { self.assembled = assembled }

    var model: Document {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let model = assembled.document
        built = model
        return model
    }
}
