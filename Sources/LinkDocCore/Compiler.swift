import LinkDocModel
import LinkDocURL

/// What compiling one document gives: the document (nil only when the input could
/// not be read at all) and every diagnostic, in source order.
public struct CompileResult: Sendable {
    /// The document as the emit stage assembled it, which writes its JSON without
    /// the model; `document` (Emit/AssembledDocument.swift) builds the model from it.
    var assembled: AssembledDocument?
    /// A document set through `document`, which takes the assembled one's place.
    var replacedDocument: Document? = nil
    public var diagnostics: [Diagnostic]
    /// The source text as read (normalized), nil when it could not be read.
    public var source: SourceText?
    /// For each link of `document`, the byte range in `source.bytes` it was written in.
    /// Made from the assembled document when asked for (the NDJSON stream never asks): an
    /// array built for every document was one allocation per document for nothing.
    public var linkSources: [Range<Int>] {
        get { replacedLinkSources ?? assembled?.linkSources ?? [] }
        set { replacedLinkSources = newValue }
    }
    /// Link sources set through `linkSources` (or kept when `document` is replaced).
    var replacedLinkSources: [Range<Int>]? = nil
    /// Bytes examined by the parse stage's own scans (inline parser and HTML flattener, not
    /// libxml2): a deterministic work measure for Tests/LinkDocCoreTests/WorkGrowthTests.swift.
    var parseWork = 0

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// How to compile one document beyond what the manifest says.
public struct CompileOptions: Sendable, Hashable {
    /// What the document is: it decides the detectors' defaults (`Detectors.defaults(for:)`).
    public var inputKind: InputKind
    /// Detector settings of the document itself (an NDJSON record's `detect`), over the manifest's.
    public var detect: DetectorSettings

    public init(inputKind: InputKind = .copy, detect: DetectorSettings = DetectorSettings()) {
        self.inputKind = inputKind
        self.detect = detect
    }
}

/// The compiler: read → parse → resolve → validate → emit, for one manifest.
/// It holds no per-document state, so one instance may compile on many threads.
public struct Compiler: Sendable {
    /// All that is known before any document, in one shared object: copying a compiler (the
    /// stream compiler does, per record) and making a resolver per document then retain one
    /// reference, not every table of the manifest.
    private let context: CompilerContext

    public var manifest: Manifest { context.manifest }

    public init(manifest: Manifest = .empty) {
        context = CompilerContext(manifest)
    }

    /// A compiler that gives the same results and shares no object with this one: its manifest
    /// is copied into storage of its own and everything derived from it (parser options, URL
    /// checks and their cache, the byte-keyed tables) is derived again.
    ///
    /// One compiler may compile on many threads, but every document retains and releases the
    /// shared objects (the context, the manifest's strings, the URL cache and its lock), and
    /// those atomic writes from two cores bounce the objects' cache lines between them: a
    /// thread that compiles many documents should have a copy of its own.
    public func independentCopy() -> Compiler {
        Compiler(manifest: context.manifest.independentCopy())
    }

    /// Compiles one document from its raw bytes; `name` is used in diagnostics. Without
    /// `excerpts`, diagnostics have no `sourceLine` (for callers that never print one, such as
    /// the NDJSON stream: an excerpt costs more than the rest of its diagnostic).
    public func compile(_ bytes: [UInt8], name: String, excerpts: Bool = true, options: CompileOptions = CompileOptions()) -> CompileResult {
        let manifest = context.manifest
        guard bytes.count <= manifest.options.maxDocumentBytes else {
            let d = Diagnostic(severity: .error,
                               message: "the document is \(bytes.count) bytes, more than the limit of \(manifest.options.maxDocumentBytes) (options.maxDocumentBytes); no document was written for it",
                               ruleID: RuleID.documentTooLarge, file: name, location: SourceLocation(line: 1, column: 1, offset: 0))
            return CompileResult(assembled: nil, diagnostics: [d], source: nil)
        }
        let source: SourceText
        do {
            source = try SourceText(name: name, bytes: bytes)
        } catch {
            let d = Diagnostic(severity: .error,
                               message: "the file is not valid UTF-8 (byte offset \(error.byteOffset)); no document was written for it",
                               ruleID: RuleID.invalidUTF8, file: name, location: error.location)
            return CompileResult(assembled: nil, diagnostics: [d], source: nil)
        }
        return compile(source, excerpts: excerpts, options: options)
    }

    public func compile(_ text: String, name: String = "<string>", options: CompileOptions = CompileOptions()) -> CompileResult {
        compile(Array(text.utf8), name: name, options: options)
    }

    public func compile(_ source: SourceText, excerpts: Bool = true, options: CompileOptions = CompileOptions()) -> CompileResult {
        let parseOptions = context.parseOptions(options)
        var resolver: Resolver
        var styles: [(Range<Int>, Style)] = []
        var attachments: [(Range<Int>, Attachment)] = []
        var work = 0
        if HTMLFragment.mayContainHTML(source.bytes) {
            let html = HTMLFragment(source.bytes, maxDepth: context.manifest.options.maxHTMLDepth)
            let parsed = InlineParser.parse(html.flat.text, options: parseOptions, anchors: html.anchors)
            work = html.flat.work + parsed.work
            resolver = Resolver(source: source, input: html.flat.text, inputToSource: html.inputOffsets(),
                                context: context, detectors: parseOptions.detectors, excerpts: excerpts)
            html.report(into: &resolver)
            resolver.resolve(parsed)
            (styles, attachments) = html.decorations(&resolver)
            html.recycle()
        } else {
            let parsed = InlineParser.parse(source.bytes, options: parseOptions)
            work = parsed.work
            resolver = Resolver(source: source, input: source.bytes, inputToSource: .identity, context: context,
                                detectors: parseOptions.detectors, excerpts: excerpts)
            resolver.resolve(parsed)
        }
        let output = resolver.takeOutput()
        let assembled = DocumentAssembler.assemble(text: output.text, links: output.links,
                                                   styles: styles, attachments: attachments)
        let diagnostics = resolver.takeDiagnosticsInSourceOrder()
        resolver.recycle()
        return CompileResult(assembled: assembled, diagnostics: diagnostics, source: source, parseWork: work)
    }
}

/// What a compiler derives from its manifest once: the parser's options, the URL validator
/// (with the manifest's URLs checked) and the byte-keyed tables. Immutable, so shared freely.
final class CompilerContext: Sendable {
    let manifest: Manifest
    /// The parser's options for copy and for localization strings, made once.
    private let copyParseOptions: ParseOptions, localizationParseOptions: ParseOptions
    let urls: URLValidator
    let index: ManifestIndex
    /// `options.baseURL`, parsed once: relative hrefs resolve against it.
    let baseURL: WHATWGURL?

    /// The parser's options for a document: one of the two made once, unless the document sets
    /// detectors of its own.
    func parseOptions(_ options: CompileOptions) -> ParseOptions {
        var parseOptions = options.inputKind == .localization ? localizationParseOptions : copyParseOptions
        if !options.detect.isEmpty {
            parseOptions.detectors = manifest.options.detect.overridden(by: options.detect).resolved(for: options.inputKind)
        }
        return parseOptions
    }

    init(_ manifest: Manifest) {
        self.manifest = manifest
        baseURL = manifest.options.baseURL.flatMap { WHATWGURL($0) }
        copyParseOptions = manifest.parseOptions(for: .copy)
        localizationParseOptions = manifest.parseOptions(for: .localization)
        urls = URLValidator(allowedSchemes: manifest.schemes, maxLength: manifest.options.maxURLLength,
                            knownURLs: manifest.agreements.values.map(\.url).sorted())
        index = ManifestIndex(manifest, urls: urls)
    }
}
