#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// linkdoc: the command-line entry point. Each subcommand lives in Commands/.
var status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
if let code = StandardStreams.outputError {
    // e.g. `linkdoc compile x.txt > out.json` on a full disk: say so, never exit 0.
    StandardStreams.writeError("linkdoc: error: cannot write standard output: \(FileIO.errnoText(code))\n")
    status = .usage
}
exit(status.rawValue)
