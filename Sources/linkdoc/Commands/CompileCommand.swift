import Foundation
import LinkDocCore
import LinkDocModel

/// `linkdoc compile [FILE…|-] [--manifest FILE] [-o FILE] [--pretty] [--verbose]`
enum CompileCommand {
    static func run(_ rawArguments: [String]) throws -> ExitStatus {
        let arguments = try Arguments(rawArguments, valued: ["--manifest", "-m", "-o", "--output"],
                                      boolean: ["--pretty", "--verbose", "--quiet", "-q", "-h", "--help"],
                                      command: "compile")
        if arguments.flag("-h", "--help") {
            StandardStreams.writeOutput(Help.compile)
            return .success
        }
        let inputs = arguments.positional.isEmpty ? ["-"] : arguments.positional
        if inputs.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "standard input ('-') can be read only once") }

        let compiler = Compiler(manifest: try loadManifest(arguments.value("--manifest", "-m"), inputs: inputs))
        let reporter = DiagnosticPrinter(showInfo: arguments.flag("--verbose"), quiet: arguments.flag("--quiet", "-q"))

        var status = ExitStatus.success
        var outputs: [(name: String, json: [UInt8]?)] = []
        for input in inputs {
            let name = input == "-" ? "<stdin>" : input
            let bytes: [UInt8]
            do {
                bytes = input == "-" ? try StandardStreams.readStandardInput() : try FileIO.read(path: input)
            } catch {
                // A file that cannot be read is an I/O error; the other files still compile.
                StandardStreams.writeError("linkdoc: error: \(error)\n")
                status = .usage
                outputs.append((name, nil))
                continue
            }
            let result = compiler.compile(bytes, name: name)
            reporter.print(result.diagnostics)
            if result.hasErrors && status == .success { status = .inputErrors }
            outputs.append((name, result.document?.jsonBytes()))
        }

        let pretty = arguments.flag("--pretty")
        var out: [UInt8]
        if inputs.count == 1 {
            guard let json = outputs[0].json else { return status }
            out = pretty ? JSONFormatter.prettyPrinted(json) : json
            out.append(0x0A)
        } else {
            // Several inputs: one JSON line per input, in argument order.
            out = []
            for (name, json) in outputs {
                var w = JSONWriter()
                w.beginObject()
                w.key("file"); w.string(name)
                w.key("document")
                if let json { w.raw(json) } else { w.null() }
                w.endObject()
                out.append(contentsOf: pretty ? JSONFormatter.prettyPrinted(w.bytes) : w.bytes)
                out.append(0x0A)
            }
        }
        if let path = arguments.value("-o", "--output") {
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

    /// `--manifest`, or else `linkdoc.json` in the first input's folder or a parent
    /// (the working directory for standard input). No manifest is fine: nothing
    /// is then known about agreements or mentions.
    static func loadManifest(_ explicit: String?, inputs: [String]) throws -> Manifest {
        let path: String?
        if let explicit {
            path = explicit
        } else {
            let first = inputs.first { $0 != "-" }
            let directory = first.map { ($0 as NSString).deletingLastPathComponent } ?? "."
            path = Manifest.discover(startingAt: directory.isEmpty ? "." : directory)
        }
        guard let path else { return .empty }
        do {
            return try Manifest.load(path: path)
        } catch {
            throw UsageError(message: "\(error.file): invalid manifest: \(error.message)", suggestHelp: false)
        }
    }
}

/// Prints diagnostics to standard error, gcc-style, with the source line and a caret.
struct DiagnosticPrinter {
    var showInfo = false
    var quiet = false

    func print(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            if d.severity == .info && !showInfo { continue }
            if quiet && d.severity != .error { continue }
            StandardStreams.writeError(DiagnosticFormatter.format(d) + "\n")
        }
    }
}
