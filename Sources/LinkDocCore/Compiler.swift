@_spi(LinkDocInternal) import LinkDocModel
import LinkDocURL

/// How to compile one document beyond what the manifest says.
public struct CompileOptions: Sendable, Hashable {
    /// What the document is: it decides the detectors' defaults (`Detectors.defaults(for:)`).
    public var inputKind: InputKind
    /// Detector settings of the document itself (an NDJSON record's `detect`), over the manifest's.
    public var detect: DetectorSettings
    /// Whether the bytes are a whole copy file, read from a file or standard input: its final line
    /// ending is then not text (`SourceText.init(name:bytes:isFile:)`).
    public var isFile: Bool
    /// Whether `<!-- linkdoc-disable-next-line … -->` in the text silences findings: not where the
    /// format shows such a comment as text (a catalog's Markdown, an Android value), which silences
    /// with `silenced` instead.
    public var readsSuppressionComments: Bool
    /// Rules silenced in the whole document by the comment the file has for it (`SilencedRules`).
    public var silenced: SilencedRules

    public init(inputKind: InputKind = .copy, detect: DetectorSettings = DetectorSettings(), isFile: Bool = false,
                readsSuppressionComments: Bool = true, silenced: SilencedRules = .none) {
        self.inputKind = inputKind
        self.detect = detect
        self.isFile = isFile
        self.readsSuppressionComments = readsSuppressionComments
        self.silenced = silenced
    }
}

/// The compiler: read → parse → resolve → emit, for one manifest.
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
        var workspace = CompileWorkspace()
        return compile(bytes, name: name, excerpts: excerpts, options: options, workspace: &workspace)
    }

    /// `compile(_:name:excerpts:options:)` with the buffers of `workspace`, for a caller that
    /// compiles one document after another.
    public func compile(_ bytes: [UInt8], name: String, excerpts: Bool = true, options: CompileOptions = CompileOptions(),
                        workspace: inout CompileWorkspace) -> CompileResult {
        switch read(bytes, name: name, isFile: options.isFile) {
        case .unreadable(let d): return CompileResult(diagnostics: [d])
        case .source(let source): return compile(source, excerpts: excerpts, options: options, workspace: &workspace)
        }
    }

    public func compile(_ text: String, name: String = "<string>", options: CompileOptions = CompileOptions()) -> CompileResult {
        compile(Array(text.utf8), name: name, options: options)
    }

    public func compile(_ source: SourceText, excerpts: Bool = true, options: CompileOptions = CompileOptions()) -> CompileResult {
        var workspace = CompileWorkspace()
        return compile(source, excerpts: excerpts, options: options, workspace: &workspace)
    }

    public func compile(_ source: SourceText, excerpts: Bool = true, options: CompileOptions = CompileOptions(),
                        workspace: inout CompileWorkspace) -> CompileResult {
        let (document, diagnostics, suppressions) = run(source, excerpts: excerpts, options: options, workspace: &workspace)
        return CompileResult(document: document, diagnostics: diagnostics, source: source, suppressions: suppressions)
    }

    /// Compiles one document and writes its JSON to `w` (`null` when the input could not be read),
    /// as `compile(…).writeDocument(to:)` would, without a result: the document's buffers go back
    /// to `workspace` once written, and no model is built. Returns the diagnostics, in source order.
    @_spi(LinkDocInternal)
    public func compile(_ bytes: [UInt8], name: String, excerpts: Bool = true, options: CompileOptions = CompileOptions(),
                        workspace: inout CompileWorkspace, writingJSONTo w: inout JSONWriter) -> [Diagnostic] {
        switch read(bytes, name: name, isFile: options.isFile) {
        case .unreadable(let d):
            w.null()
            return [d]
        case .source(let source):
            let (document, diagnostics) = stages(source, excerpts: excerpts, options: options, workspace: &workspace)
            DocumentJSON.write(document, to: &w)
            workspace.reclaim(document)
            // No result keeps the suppressions here, and they only take diagnostics out: a document
            // without any (most records of a stream) has no comment to look for.
            return diagnostics.isEmpty ? diagnostics : suppressions(source, options).filter(diagnostics)
        }
    }

    private enum ReadOutcome {
        case source(SourceText)
        /// Too large, or not UTF-8: no document.
        case unreadable(Diagnostic)
    }

    /// The read stage: the document as source text, or the error that keeps it from being read.
    private func read(_ bytes: [UInt8], name: String, isFile: Bool) -> ReadOutcome {
        let manifest = context.manifest
        guard bytes.count <= manifest.options.maxDocumentBytes else {
            return .unreadable(Diagnostic(severity: .error,
                                       message: "the document is \(bytes.count) bytes, more than the limit of \(manifest.options.maxDocumentBytes) (options.maxDocumentBytes); no document was written for it",
                                       ruleID: RuleID.documentTooLarge, file: name, location: SourceLocation(line: 1, column: 1, offset: 0)))
        }
        do {
            return .source(try SourceText(name: name, bytes: bytes, isFile: isFile))
        } catch {
            return .unreadable(Diagnostic(severity: .error,
                                       message: "the file is not valid UTF-8 (byte offset \(error.byteOffset)); no document was written for it",
                                       ruleID: RuleID.invalidUTF8, file: name, location: error.location))
        }
    }

    /// Parse → resolve → emit, then the diagnostics that suppressions silence taken out: the one
    /// place every input (files, records, localization strings, lint) has them applied.
    private func run(_ source: SourceText, excerpts: Bool, options: CompileOptions,
                     workspace: inout CompileWorkspace) -> (AssembledDocument, [Diagnostic], Suppressions) {
        let (document, diagnostics) = stages(source, excerpts: excerpts, options: options, workspace: &workspace)
        let suppressions = suppressions(source, options)
        return (document, suppressions.filter(diagnostics), suppressions)
    }

    /// What silences findings in `source` compiled with `options`.
    private func suppressions(_ source: SourceText, _ options: CompileOptions) -> Suppressions {
        Suppressions(source, readsComments: options.readsSuppressionComments, whole: options.silenced)
    }

    /// Parse → resolve → emit, each stage lent buffers of `workspace`.
    private func stages(_ source: SourceText, excerpts: Bool, options: CompileOptions,
                        workspace: inout CompileWorkspace) -> (AssembledDocument, [Diagnostic]) {
        // The context's options are lent, not copied: a copy retains each of their tables and
        // releases them again, once per document.
        guard options.detect.isEmpty else {
            return run(source, excerpts: excerpts, parseOptions: context.parseOptions(options), workspace: &workspace)
        }
        if options.inputKind == .localization {
            return run(source, excerpts: excerpts, parseOptions: context.localizationParseOptions, workspace: &workspace)
        }
        return run(source, excerpts: excerpts, parseOptions: context.copyParseOptions, workspace: &workspace)
    }

    /// The stages in order, each in buffers of `workspace` (which lends and takes them back).
    private func run(_ source: SourceText, excerpts: Bool, parseOptions: borrowing ParseOptions,
                     workspace: inout CompileWorkspace) -> (AssembledDocument, [Diagnostic]) {
        let output: (text: [UInt8], links: [LinkDraft], diagnostics: [Diagnostic])
        var styles: [StyleSpan] = [], attachments: [AttachmentSpan] = []
        if HTMLFragment.mayContainHTML(source.bytes) {
            let html = HTMLFragment(source.bytes, maxDepth: context.manifest.options.maxHTMLDepth, workspace: &workspace.html)
            workspace.work &+= html.flat.work
            var anchors = workspace.anchors(of: html)
            var parsed = workspace.parse(html.flat.text, options: parseOptions, anchors: anchors)
            workspace.recycle(anchors: &anchors)
            var resolver = workspace.resolver(input: html.flat.text, inputToSource: html.inputOffsets(), context: context,
                                              detectors: parseOptions.detectors, excerpts: excerpts)
            resolver.report(html.findings)
            resolver.resolve(&parsed, memo: &workspace.meanings)
            workspace.recycle(&parsed)
            (styles, attachments) = workspace.place(html.decorations(), by: &resolver)
            output = workspace.finish(&resolver, source: source)
            html.recycle(into: &workspace.html)
        } else {
            var parsed = workspace.parse(source.bytes, options: parseOptions)
            if parsed.isPlainText {  // most records of a stream: a sentence without links
                output = (workspace.plainText(parsed, input: source.bytes), [], [])
            } else {
                var resolver = workspace.resolver(input: source.bytes, inputToSource: .identity, context: context,
                                                  detectors: parseOptions.detectors, excerpts: excerpts)
                resolver.resolve(&parsed, memo: &workspace.meanings)
                output = workspace.finish(&resolver, source: source)
            }
            workspace.recycle(&parsed)
        }
        // Consumed: the emit stage widens the spans in place, which would copy shared buffers, and
        // the document takes the text and drafts over (a copy would retain them and release them).
        let (text, drafts, diagnostics) = output
        let document = workspace.assemble(text: consume text, links: consume drafts, styles: consume styles,
                                          attachments: consume attachments)
        return (document, diagnostics)
    }
}

/// What a compiler derives from its manifest once: the parser's options, the URL validator
/// (with the manifest's URLs checked) and the byte-keyed tables. Immutable, so shared freely.
final class CompilerContext: Sendable {
    let manifest: Manifest
    /// The parser's options for copy and for localization strings, made once.
    let copyParseOptions: ParseOptions, localizationParseOptions: ParseOptions
    let urls: URLValidator
    let index: ManifestIndex
    /// What an unknown 《title》 reads as, by the manifest's titles and words.
    let agreementTitles: AgreementTitles
    /// `options.baseURL`, parsed once: relative hrefs resolve against it.
    let baseURL: WHATWGURL?

    /// The parser's options for a document: one of the two made once, unless the document sets
    /// detectors of its own (a copy: the compiler lends the two made once when it can).
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
        urls = URLValidator(allowedSchemes: manifest.schemes, maxLength: manifest.options.maxURLLength,
                            knownURLs: manifest.agreements.values.map(\.url).sorted())
        index = ManifestIndex(manifest, urls: urls)
        agreementTitles = AgreementTitles(manifest)
        var copyParseOptions = manifest.parseOptions(for: .copy), localizationParseOptions = manifest.parseOptions(for: .localization)
        copyParseOptions.titleTable = index.titleTable
        localizationParseOptions.titleTable = index.titleTable
        self.copyParseOptions = copyParseOptions
        self.localizationParseOptions = localizationParseOptions
    }
}
