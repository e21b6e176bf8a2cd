import LinkDocCore
import LinkDocFormats
import LinkDocModel

/// `linkdoc compile Localizable.xcstrings` / `en.lproj/Localizable.strings` /
/// `res/values-zh-rCN/strings.xml`:
/// every string of the file compiled, as one bundle (Grammar/bundle.schema.json)
/// or, with `--split DIR`, one file per language.
enum CompileLocalization {
    /// Reads and compiles one localization file; diagnostics are printed here.
    static func compile(_ bytes: [UInt8], name: String, format: LocalizationFile.Format, language: String?,
                        compiler: Compiler, reporter: DiagnosticPrinter, progress: ProgressLine) -> CompiledLocalization {
        let file = LocalizationFile.read(bytes, name: name, format: format,
                                         language: language ?? LocalizationFile.language(forPath: name),
                                         siblings: name == "<stdin>" ? nil : { AndroidResourceFolder.siblingFiles(of: name) })
        let compiled = compiler.compile(file) { done in progress.update(done: done, errors: 0) }
        progress.finish(done: compiled.strings.count, errors: compiled.diagnostics.filter { $0.severity == .error }.count)
        reporter.print(compiled.diagnostics)
        return compiled
    }

    /// Writes `DIR/LANGUAGE.json` for each language, each atomically.
    static func writeSplit(_ compiled: CompiledLocalization, to directory: String, pretty: Bool) throws {
        try FileIO.makeDirectory(directory)
        for (language, json) in BundleWriter.split(compiled) {
            var bytes = pretty ? JSONFormatter.prettyPrinted(json) : json
            bytes.append(0x0A)
            try FileIO.writeAtomically(bytes, to: directory + "/" + language + ".json")
        }
    }
}

/// `linkdoc compile --swift-accessors FILE [--swift-type NAME] INPUT…`: the
/// typed accessors that LinkDocPlugin adds to a target (see SwiftAccessors).
/// Nothing is compiled (the plugin's per-file commands do that and report the
/// diagnostics), so this only reads the keys of localization files.
enum CompileAccessors {
    static func run(inputs: [String], output: String, typeName: String) throws -> ExitStatus {
        guard !inputs.contains("-") else { throw UsageError(message: "--swift-accessors needs files, not standard input") }
        guard isIdentifier(typeName) else { throw UsageError(message: "--swift-type: '\(typeName)' is not a Swift type name") }
        var sources: [SwiftAccessors.Source] = []
        for input in inputs {
            if let format = LocalizationFile.format(forPath: input) {
                let bytes: [UInt8]
                do { bytes = try FileIO.read(path: input) } catch { throw UsageError(message: "\(error)", suggestHelp: false) }
                let file = LocalizationFile.read(bytes, name: input, format: format, language: "und")
                sources.append(.init(path: input, kind: .table(keys: file.strings.map(\.key))))
            } else {
                sources.append(.init(path: input, kind: .document))
            }
        }
        var seen: [String: String] = [:]
        for source in sources {
            if let other = seen[source.resourceName] {
                throw UsageError(message: "\(other) and \(source.path) would both be the resource '\(source.resourceName).json'; rename one", suggestHelp: false)
            }
            seen[source.resourceName] = source.path
        }
        let swift = Array(SwiftAccessors.generate(typeName: typeName, sources: sources).utf8)
        // Unchanged accessors are not rewritten, so the target's Swift code is not rebuilt for nothing.
        if let existing = try? FileIO.read(path: output), existing == swift { return .success }
        do {
            try FileIO.writeAtomically(swift, to: output)
        } catch {
            throw UsageError(message: "cannot write \(error)", suggestHelp: false)
        }
        return .success
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) else { return false }
        return s.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
    }
}
