import LinkDocCore
import LinkDocFormats
@_spi(LinkDocInternal) import LinkDocModel

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

    /// `inputs` with every folder that holds localization files or language folders (`*.lproj`,
    /// Android `values*`) replaced by its localization files (`LocalizationTable.files(inFolder:)`);
    /// other inputs as they are. `walked` are the files found in folders, which must be regular
    /// files when read; a FIFO, socket or device there, and a localization file linkdoc cannot
    /// read (`.stringsdict`), is left out with a note naming it.
    static func expandingFolders(_ inputs: [String]) -> (inputs: [String], walked: Set<String>) {
        var expanded: [String] = []
        var walked = Set<String>()
        for input in inputs {
            guard input != "-", let found = LocalizationTable.files(inFolder: input) else { expanded.append(input); continue }
            for (path, what) in found.special {
                StandardStreams.writeError("linkdoc: note: \(path) is \(what), not a file: it is not read\n")
            }
            for (path, why) in found.unread {
                StandardStreams.writeError("linkdoc: note: \(path) is not compiled: \(why)\n")
            }
            expanded += found.files
            walked.formUnion(found.files)
        }
        return (expanded, walked)
    }

    /// A table's files compiled and merged: nil when none could be read.
    struct CompiledTable {
        var bundle: CompiledLocalization?
        var status: ExitStatus
    }

    /// Reads and compiles every file of a table into one bundle. A file that cannot be read
    /// is reported and the others still compile (the exit status says so).
    static func compile(_ table: LocalizationTable, language: String?, compiler: Compiler, reporter: DiagnosticPrinter,
                        walked: Set<String>) -> CompiledTable {
        var status = ExitStatus.success
        var parts: [CompiledLocalization] = []
        for file in table.files {
            guard let format = LocalizationFile.format(forPath: file) else { continue }
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(path: file, regularOnly: walked.contains(file))
            } catch {
                StandardStreams.writeError("linkdoc: error: \(InputCheck.explain(error, path: file))\n")
                status = .usage
                continue
            }
            let compiled = compile(bytes, name: file, format: format, language: language, compiler: compiler,
                                   reporter: reporter, progress: ProgressLine(enabled: false))
            if compiled.hasErrors && status == .success { status = .inputErrors }
            parts.append(compiled)
        }
        guard !parts.isEmpty else { return CompiledTable(bundle: nil, status: status) }
        let merged = CompiledLocalization.merging(parts)
        // Only what merging found is new; each file's own diagnostics were printed as it compiled.
        let printed = Set(parts.flatMap(\.diagnostics))
        reporter.print(merged.diagnostics.filter { !printed.contains($0) })
        return CompiledTable(bundle: merged, status: status)
    }

    /// Writes `DIR/LANGUAGE.json` for each language, all or none (`FileIO.writeAll`): a failed
    /// write leaves the old set whole. False, after saying why, when the set cannot be written.
    static func writeSplit(_ compiled: CompiledLocalization, to directory: String, pretty: Bool) -> Bool {
        do {
            try FileIO.makeDirectory(directory)
            try FileIO.writeAll(BundleWriter.split(compiled).map { language, json in
                var bytes = pretty ? JSONFormatter.prettyPrinted(json) : json
                bytes.append(0x0A)
                return (path: directory + "/" + language + ".json", bytes: bytes)
            })
            return true
        } catch {
            StandardStreams.writeError("linkdoc: error: cannot write \(error); no file of the set was changed\n")
            return false
        }
    }
}

/// `linkdoc compile --swift-accessors FILE [--swift-type NAME] INPUT…`: the
/// typed accessors that LinkDocPlugin adds to a target (see SwiftAccessors).
/// Nothing is compiled (the plugin's per-file commands do that and report the
/// diagnostics), so this only reads the keys of localization files.
enum CompileAccessors {
    /// `copyFolder`: copy files under it get accessors nested by subfolder (`--swift-copy-folder`);
    /// `linkScheme`: the `--manifest`'s `options.linkScheme`, for the accessors' `attributedString`.
    static func run(inputs: [String], output: String, typeName: String, copyFolder: String?, access: SwiftAccessors.Access,
                    resourceBundle: SwiftAccessors.ResourceBundle, linkScheme: String?) throws -> ExitStatus {
        guard !inputs.contains("-") else { throw UsageError(message: "--swift-accessors needs files, not standard input") }
        guard isIdentifier(typeName) else { throw UsageError(message: "--swift-type: '\(typeName)' is not a Swift type name") }
        var sources: [SwiftAccessors.Source] = []
        for table in LocalizationTable.group(inputs) {
            if let format = LocalizationFile.format(forPath: table.files[0]) {
                var files: [LocalizationFile] = []
                for file in table.files {
                    files.append(LocalizationFile.read(try read(file), name: file, format: format, language: LocalizationFile.language(forPath: file)))
                }
                sources.append(.init(path: table.files.joined(separator: ", "), kind: .table(keys: keys(of: files))))
            } else {
                // The file's own compile command reports a file it cannot read; here it only loses its comment.
                let text = (try? FileIO.read(path: table.files[0])).map { String(decoding: $0, as: UTF8.self) }
                sources.append(.init(path: table.files[0], kind: .document(text: text),
                                     folders: subfolders(of: table.files[0], under: copyFolder)))
            }
        }
        let swift: [UInt8]
        do {
            swift = Array(try SwiftAccessors.generate(typeName: typeName, sources: sources, access: access,
                                                          resourceBundle: resourceBundle, linkScheme: linkScheme).utf8)
        } catch {
            // Nothing is written: the build stops here, with every collision named, rather than
            // compile accessors that silently point at other strings.
            for message in error.messages { StandardStreams.writeError("linkdoc: error: \(message)\n") }
            return .inputErrors
        }
        // Unchanged accessors are not rewritten, so the target's Swift code is not rebuilt for nothing.
        if let existing = try? FileIO.read(path: output), existing == swift { return .success }
        do {
            try FileIO.writeAtomically(swift, to: output)
        } catch {
            throw UsageError(message: "cannot write \(error)", suggestHelp: false)
        }
        return .success
    }

    private static func read(_ path: String) throws -> [UInt8] {
        do { return try FileIO.read(path: path) } catch { throw UsageError(message: "\(error)", suggestHelp: false) }
    }

    /// The keys of a table's files, each with its text in the source language: a catalog's
    /// `sourceLanguage`, else `en`, else `Base`, else the first language in code point order;
    /// its plain string, else its `plural.other`, else its first variation.
    static func keys(of files: [LocalizationFile]) -> [SwiftAccessors.Key] {
        var byKey: [String: [LocalizedString]] = [:]
        var order: [String] = []
        for file in files {
            for string in file.strings {
                if byKey[string.key] == nil { order.append(string.key) }
                byKey[string.key, default: []].append(string)
            }
        }
        let declared = files.lazy.compactMap(\.sourceLanguage).first
        return order.map { name in
            let strings = byKey[name]!
            let languages = Set(strings.map(\.language))
            let source = declared.flatMap { languages.contains($0) ? $0 : nil }
                ?? ["en", "Base"].first(where: languages.contains)
                ?? languages.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }!
            let inSource = strings.filter { $0.language == source }
            let text = (inSource.first { $0.variation.isEmpty } ?? inSource.first { $0.variation == "plural.other" }
                        ?? inSource.min { $0.variation.utf8.lexicographicallyPrecedes($1.variation.utf8) })
                .map { String(decoding: $0.value, as: UTF8.self) }
            return SwiftAccessors.Key(name, sourceText: text, sourceLanguage: source,
                                      isPlural: strings.contains { $0.variation.hasPrefix("plural.") })
        }
    }

    /// The folders between `copyFolder` and the file (`Copy/onboarding/welcome.txt` → `["onboarding"]`).
    static func subfolders(of path: String, under copyFolder: String?) -> [String] {
        guard let copyFolder else { return [] }
        let prefix = copyFolder.hasSuffix("/") ? copyFolder : copyFolder + "/"
        guard path.hasPrefix(prefix) else { return [] }
        return path.dropFirst(prefix.count).split(separator: "/").dropLast().map(String.init)
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) else { return false }
        return s.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
    }
}
