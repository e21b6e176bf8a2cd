#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// linkdoc: the command-line entry point. Each subcommand lives in Commands/.
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
