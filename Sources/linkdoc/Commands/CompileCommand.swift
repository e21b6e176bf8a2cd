import Foundation
import LinkDocCore
import LinkDocFormats
@_spi(LinkDocInternal) import LinkDocModel

/// `linkdoc compile [FILE…|-] [--manifest FILE] [-o FILE] [--pretty] [--verbose]`
///
/// Copy files compile to a document each; `.xcstrings`, `.strings` and Android
/// `strings.xml` files to a bundle (CompileLocalization); `--ndjson` streams records (CompileStream);
/// `--swift-accessors` writes LinkDocPlugin's accessors (CompileAccessors).
enum CompileCommand {
    static func run(_ rawArguments: [String]) throws -> ExitStatus {
        let arguments = try Arguments(rawArguments, valued: ["--manifest", "-m", "-o", "--output", "--split", "--language", "--lang",
                                                             "--jobs", "-j", "--first-line", "--swift-accessors", "--swift-type", "--swift-copy-folder",
                                                             "--swift-bundle"],
                                      boolean: ["--pretty", "--verbose", "--quiet", "-q", "-h", "--help", "--ndjson", "--swift-public", "--no-manifest"],
                                      command: "compile")
        if arguments.flag("-h", "--help") {
            StandardStreams.writeOutput(Help.compile)
            return .success
        }
        let (inputs, walked) = CompileLocalization.expandingFolders(arguments.positional.isEmpty ? ["-"] : arguments.positional)
        if inputs.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "standard input ('-') can be read only once") }
        if arguments.value("--swift-accessors") != nil {
            try arguments.reject(["-o", "--output", "--split", "--language", "--jobs", "-j", "--ndjson", "--pretty"],
                                 "does nothing with --swift-accessors, which writes only the accessors file")
        } else {
            try arguments.reject(["--swift-type", "--swift-copy-folder", "--swift-public", "--swift-bundle"], "goes with --swift-accessors OUT.swift")
        }
        if !arguments.flag("--ndjson") {
            try arguments.reject(["--jobs", "-j"], "applies only to --ndjson (stream mode); a file list compiles on one thread")
            try arguments.reject(["--first-line"], "applies only to --ndjson (stream mode), whose error lines carry line numbers")
        } else {
            try arguments.reject(["--pretty"], "does nothing with --ndjson, which writes one compact JSON line per record")
            try arguments.reject(["--language"], "does nothing with --ndjson; a record's \"kind\" says what it is")
        }
        if !arguments.flag("--ndjson") && !inputs.contains(where: { [.strings, .androidStrings].contains(LocalizationFile.format(forPath: $0)) }) {
            try arguments.reject(["--language"], "applies only to a .strings or Android strings.xml input")
        }
        if let output = arguments.value("--swift-accessors") {
            return try CompileAccessors.run(inputs: inputs, output: output,
                                            typeName: arguments.value("--swift-type") ?? "LinkDocStrings",
                                            copyFolder: arguments.value("--swift-copy-folder"),
                                            access: arguments.flag("--swift-public") ? .public : .internal,
                                            resourceBundle: try arguments.value("--swift-bundle").map { name in
                                                guard let bundle = SwiftAccessors.ResourceBundle(rawValue: name) else {
                                                    throw UsageError(message: "--swift-bundle: '\(name)' is not module or target")
                                                }
                                                return bundle
                                            } ?? .module,
                                            linkScheme: try arguments.value("--manifest", "-m").map { try ManifestFinder.load($0, namedBy: "--manifest") }?
                                                .options.linkScheme)
        }

        // --no-manifest: no linkdoc.json is looked for (a pipeline's task, whose working folder
        // is not the project's); nothing is known about agreements or mentions.
        if arguments.flag("--no-manifest") { try arguments.reject(["--manifest", "-m"], "cannot be used with --no-manifest") }
        let found = arguments.flag("--no-manifest") ? ManifestFinder.Found(manifest: Manifest(), path: nil, searched: nil)
            : try loadManifest(arguments.value("--manifest", "-m"), inputs: inputs)
        let manifest = found.manifest
        let compiler = Compiler(manifest: manifest)
        let verbose = arguments.flag("--verbose")
        if verbose {
            StandardStreams.writeError("linkdoc: note: " + (found.path.map { "using the manifest \($0)" } ?? found.missingNote) + "\n")
        }
        // Without a manifest every agreement is unknown: say why once, where the first such warning is.
        let reporter = DiagnosticPrinter(showInfo: verbose, quiet: arguments.flag("--quiet", "-q"),
                                         missingManifestNote: found.path == nil && !verbose ? found.missingNote : nil,
                                         language: try MessageLanguageChoice.language(arguments.value("--lang")))
        reporter.print(manifest.warnings)
        let progressWanted = ProgressLine.wanted(quiet: arguments.flag("--quiet", "-q"))

        if arguments.flag("--ndjson") {
            guard inputs == ["-"] else { throw UsageError(message: "--ndjson reads standard input; it takes no files") }
            guard arguments.value("-o", "--output") == nil, arguments.value("--split") == nil else {
                throw UsageError(message: "--ndjson writes to standard output; -o and --split do not apply")
            }
            return try CompileStream.run(compiler: compiler, jobs: try jobs(arguments.value("--jobs", "-j")),
                                         firstLine: try firstLine(arguments.value("--first-line")), includeInfo: arguments.flag("--verbose"), progress: ProgressLine(enabled: progressWanted))
        }
        // One table in several language folders compiles to one bundle (LocalizationTable).
        let tables = LocalizationTable.group(inputs)
        if arguments.value("--language") != nil, tables.contains(where: { $0.files.count > 1 }) {
            throw UsageError(message: "--language names the language of one file; the files of a table take theirs from their folders")
        }
        let split = arguments.value("--split")
        if split != nil {
            guard tables.count == 1, LocalizationFile.format(forPath: tables[0].files[0]) != nil else {
                throw UsageError(message: "--split needs exactly one localization file or table (.xcstrings, .strings or Android strings.xml)")
            }
            guard arguments.value("-o", "--output") == nil else { throw UsageError(message: "--split and -o cannot be used together") }
        }

        var status = ExitStatus.success
        var outputs: [(name: String, json: [UInt8]?, isBundle: Bool)] = []
        let progress = ProgressLine(enabled: progressWanted && tables.count > 1, noun: "files")
        for (n, table) in tables.enumerated() {
            if table.files.count > 1 {
                let compiled = CompileLocalization.compile(table, language: nil, compiler: compiler, reporter: reporter, walked: walked)
                if compiled.status != .success && status == .success { status = compiled.status }
                if let split, let bundle = compiled.bundle {
                    return CompileLocalization.writeSplit(bundle, to: split, pretty: arguments.flag("--pretty")) ? status : .usage
                }
                outputs.append((table.files[0], compiled.bundle.map(BundleWriter.bundle), true))
                progress.update(done: n + 1, errors: status == .success ? 0 : 1)
                continue
            }
            let input = table.files[0]
            let name = input == "-" ? "<stdin>" : input
            let bytes: [UInt8]
            do {
                bytes = input == "-" ? try StandardStreams.readStandardInput()
                                     : try FileIO.read(path: input, regularOnly: walked.contains(input))
                if let refusal = InputCheck.refusal(of: bytes, path: input) { throw refusal }
            } catch {
                // A file that cannot be read (or is not copy) is an I/O error; the other files still compile.
                StandardStreams.writeError("linkdoc: error: \(InputCheck.explain(error, path: input))\n")
                status = .usage
                outputs.append((name, nil, false))
                continue
            }
            if let format = LocalizationFile.format(forPath: input) {
                let compiled = CompileLocalization.compile(bytes, name: name, format: format, language: arguments.value("--language"),
                                                           compiler: compiler, reporter: reporter,
                                                           progress: ProgressLine(enabled: progressWanted && inputs.count == 1, noun: "strings"))
                if compiled.hasErrors && status == .success { status = .inputErrors }
                if let split {
                    return CompileLocalization.writeSplit(compiled, to: split, pretty: arguments.flag("--pretty")) ? status : .usage
                }
                outputs.append((name, BundleWriter.bundle(compiled), true))
            } else {
                let result = compiler.compile(bytes, name: name, options: CompileOptions(isFile: true))
                reporter.print(result.diagnostics)
                if result.diagnostics.contains(where: { $0.severity == .error }) && status == .success { status = .inputErrors }
                outputs.append((name, result.documentJSON(), false))
            }
            progress.update(done: n + 1, errors: status == .success ? 0 : 1)
        }
        progress.finish(done: tables.count, errors: status == .success ? 0 : 1)

        let pretty = arguments.flag("--pretty")
        var out: [UInt8]
        if tables.count == 1 {
            guard let json = outputs[0].json else { return status }
            out = pretty ? JSONFormatter.prettyPrinted(json) : json
            out.append(0x0A)
        } else {
            // Several inputs: one JSON line per input, in argument order.
            out = []
            for (name, json, isBundle) in outputs {
                var w = JSONWriter()
                w.beginObject()
                w.key("file"); w.string(name)
                w.key(isBundle ? "bundle" : "document")
                if let json { w.raw(json) } else { w.null() }
                w.endObject()
                out.append(contentsOf: pretty ? JSONFormatter.prettyPrinted(w.bytes) : w.bytes)
                out.append(0x0A)
            }
        }
        // `-o -` is standard output, as `-` as an input is standard input.
        if let path = arguments.value("-o", "--output"), path != "-" {
            do {
                try FileIO.writeAtomically(out, to: path)
            } catch {
                StandardStreams.writeError("linkdoc: error: cannot write \(error)\n")
                return .usage
            }
        } else {
            StandardStreams.writeOutput(bytes: out)
        }
        return status
    }

    /// `--jobs N`: 1 to 256 threads; the default is the number of cores.
    static func jobs(_ value: String?) throws -> Int {
        guard let value else { return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
        guard let n = Int(value), (1...256).contains(n) else { throw UsageError(message: "--jobs needs a number from 1 to 256") }
        return n
    }

    /// `--first-line N`: the number of the stream's first line in the whole input, for an engine
    /// that feeds one part of an input to each linkdoc (default 1).
    static func firstLine(_ value: String?) throws -> Int {
        guard let value else { return 1 }
        guard let n = Int(value), n >= 1 else { throw UsageError(message: "--first-line needs a line number from 1") }
        return n
    }

    /// `--manifest`, or else `linkdoc.json` in the first input's folder or a parent
    /// (the working directory for standard input). No manifest is fine: nothing
    /// is then known about agreements or mentions, and `missingNote` says where it looked.
    static func loadManifest(_ explicit: String?, inputs: [String]) throws -> ManifestFinder.Found {
        if let explicit { return .init(manifest: try ManifestFinder.load(explicit, namedBy: "--manifest"), path: explicit, searched: nil) }
        let first = inputs.first { $0 != "-" }
        return try ManifestFinder.find(forInput: first ?? "-")
    }
}

/// Inputs that `compile` refuses, with what to run instead.
enum InputCheck {
    struct Refusal: Error, CustomStringConvertible { let description: String }

    /// `error` from reading `path`, with a hint for a folder.
    static func explain(_ error: Error, path: String) -> String {
        guard let failure = error as? FileIO.Failure, failure.reason == "is a directory" else { return "\(error)" }
        return "\(failure); compile takes files: run 'linkdoc lint \(path)' to check every file in a folder, "
            + "or name a .xcstrings, .strings or strings.xml file, or a folder that holds them or *.lproj or values* folders, to compile it into a bundle (--split DIR for one file per language)"
    }

    /// A `.json` input that is a manifest or a link document, not copy: compiling it would
    /// make its JSON the display text.
    static func refusal(of bytes: [UInt8], path: String) -> Refusal? {
        guard path.lowercased().hasSuffix(".json"),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        let keys = Set(object.keys)
        if let key = Manifest.contentKeys.first(where: keys.contains) {
            return Refusal(description: "\(path) is a manifest (it has \"\(key)\"), not copy; pass it with --manifest \(path) and compile the copy files")
        }
        if keys.isSuperset(of: ["version", "text", "links"]) {
            return Refusal(description: "\(path) is a compiled link document (version, text, links), not copy; compile the copy it was made from")
        }
        if isBundle(object) {
            return Refusal(description: "\(path) is a compiled bundle (version, strings), not copy; compile the localization file it was made from")
        }
        return nil
    }

    /// A compiled bundle (Grammar/bundle.schema.json): "version" and an object of "strings".
    static func isBundle(_ object: [String: Any]) -> Bool {
        object["version"] != nil && object["strings"] is [String: Any] && object["text"] == nil
    }
}

/// Finding and loading manifests, the same for `compile` and `lint`.
enum ManifestFinder {
    struct Found {
        var manifest: Manifest
        /// The manifest's file; nil when none was found.
        var path: String?
        /// The folder whose parents were searched, when no manifest was given.
        var searched: String?

        /// Where linkdoc looked for a manifest and how to pass one.
        var missingNote: String { ManifestFinder.missingNote(searched: searched ?? ".") }
    }

    static func missingNote(searched: String) -> String {
        let absolute = URL(fileURLWithPath: searched, isDirectory: true).standardizedFileURL.path
        return "no manifest found (looked for linkdoc.json in \(absolute) and its parents), so no agreement or mention is known; pass one with --manifest FILE"
    }

    /// `linkdoc.json` in the folder of `input` (the working directory for standard input) or a parent.
    static func find(forInput input: String) throws -> Found {
        let folder = input == "-" ? "." : (input as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        guard let path = Manifest.discover(startingAt: directory) else { return Found(manifest: .empty, path: nil, searched: directory) }
        return Found(manifest: try load(path, namedBy: nil), path: path, searched: directory)
    }

    /// Loads `path`; `namedBy` says who named it (`--manifest`, a configuration file), for a path that does not exist.
    static func load(_ path: String, namedBy: String?) throws -> Manifest {
        if let namedBy, !FileManager.default.fileExists(atPath: path) {
            throw UsageError(message: "the manifest \(path) (from \(namedBy)) does not exist", suggestHelp: false)
        }
        do {
            return try Manifest.load(path: path)
        } catch {
            throw UsageError(message: "\(error.place): invalid manifest: \(error.message)", suggestHelp: false)
        }
    }
}

/// Prints diagnostics to standard error, gcc-style, with the source line and a caret.
struct DiagnosticPrinter {
    var showInfo = false
    var quiet = false
    /// Printed once, after the first unknown-agreement warning: no manifest was found.
    var missingManifestNote: String? = nil
    /// The language of the messages (`--lang`, the locale): the message catalogue's by rule id.
    var language = MessageLanguage.english

    private final class Once: @unchecked Sendable { var done = false }
    private let noted = Once()

    func print(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            if d.severity == .info && !showInfo { continue }
            if quiet && d.severity != .error { continue }
            var d = d
            d.message = MessageCatalogue.message(d.message, rule: d.ruleID, in: language)
            StandardStreams.writeError(DiagnosticFormatter.format(d) + "\n")
            if let note = missingManifestNote, d.ruleID == RuleID.unknownAgreement, !noted.done {
                noted.done = true
                StandardStreams.writeError("linkdoc: note: \(note)\n")
            }
        }
    }
}
