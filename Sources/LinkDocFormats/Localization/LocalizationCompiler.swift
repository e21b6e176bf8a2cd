import LinkDocCore
import LinkDocModel

/// One compiled string of a localization file.
public struct CompiledString: Sendable {
    public var key: String
    public var language: String
    public var variation: String
    public var document: Document
}

/// A compiled localization file: every string's document, and every diagnostic
/// (the file's own and the compiler's, all positioned in the file).
public struct CompiledLocalization: Sendable {
    public var source: String
    /// Every file compiled into this one (a table's files, see `LocalizationTable`); `[source]` for one file.
    public var sources: [String]
    public var sourceLanguage: String?
    public var strings: [CompiledString]
    public var diagnostics: [Diagnostic]

    public init(source: String, sources: [String]? = nil, sourceLanguage: String?, strings: [CompiledString], diagnostics: [Diagnostic]) {
        self.source = source
        self.sources = sources ?? [source]
        self.sourceLanguage = sourceLanguage
        self.strings = strings
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension Compiler {
    /// Compiles every string of a localization file. Diagnostics of the compiler,
    /// which are about positions inside a string value, are moved to the file's
    /// line and column, and name the key, language and variation.
    public func compile(_ file: LocalizationFile, progress: ((Int) -> Void)? = nil) -> CompiledLocalization {
        var compiled: [CompiledString] = []
        compiled.reserveCapacity(file.strings.count)
        var diagnostics = file.diagnostics
        // One workspace for the file's strings: the stages' buffers are kept from one to the next.
        var workspace = CompileWorkspace()
        for (n, string) in file.strings.enumerated() {
            let result = compile(string.value, name: file.text.name, options: file.compileOptions(for: string), workspace: &workspace)
            diagnostics += result.diagnostics.map { file.text.place($0, of: string) }
            // A value is always valid UTF-8 here (readers repair bad bytes), so the
            // compiler always gives a document; the fallback only keeps this total.
            var document = result.document ?? .empty
            if file.format == .xcstrings { document.dropLinksInCode() }
            compiled.append(CompiledString(key: string.key, language: string.language, variation: string.variation,
                                           document: document))
            if let progress, n & 255 == 255 { progress(n + 1) }
        }
        diagnostics.sort { ($0.location?.offset ?? -1) < ($1.location?.offset ?? -1) }
        return CompiledLocalization(source: file.text.name, sourceLanguage: file.sourceLanguage,
                                    strings: compiled, diagnostics: diagnostics)
    }
}

extension Document {
    /// SwiftUI shows a Markdown code span literally: a URL, address or number inside one is
    /// not a link there, so none is made here (see `CatalogMarkdown`).
    mutating func dropLinksInCode() {
        let code = styles.filter { $0.code == true }.map(\.range.utf8)
        guard !code.isEmpty else { return }
        links.removeAll { link in
            let r = link.range.utf8
            return code.contains { $0.location < r.location + r.length && r.location < $0.location + $0.length }
        }
    }
}
