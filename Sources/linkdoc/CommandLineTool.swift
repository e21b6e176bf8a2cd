import LinkDocCore

/// Exit codes, the same for every subcommand.
enum ExitStatus: Int32 {
    /// Success; warnings are allowed.
    case success = 0
    /// The input has errors (or warnings under `--strict`).
    case inputErrors = 1
    /// A usage, I/O or configuration error.
    case usage = 2
}

/// A problem with how linkdoc was called or with its files: a message and exit code 2.
struct UsageError: Error {
    let message: String
    /// Whether to point the user at `--help`.
    var suggestHelp = true
}

enum CommandLineTool {
    static let version = "0.1.0"

    static func run(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            StandardStreams.writeError(Help.overview)
            return .usage
        }
        do {
            switch first {
            case "compile":
                return try CompileCommand.run(Array(arguments.dropFirst()))
            case "lint":
                return try LintCommand.run(Array(arguments.dropFirst()))
            case "url":
                return try URLCommand.run(Array(arguments.dropFirst()))
            case "rules":
                return try RulesCommand.run(Array(arguments.dropFirst()))
            case "review":
                return try ReviewCommand.run(Array(arguments.dropFirst()))
            case "layout":
                #if canImport(LinkDocLayout)
                return try LayoutCommand.run(Array(arguments.dropFirst()))
                #else
                throw UsageError(message: "this linkdoc was built without the layout core (HarfBuzz and FreeType); "
                    + "on a Mac, build it with LINKDOC_LAYOUT=1 and Homebrew's harfbuzz and freetype (README, Set-up)",
                                 suggestHelp: false)
                #endif
            case "help":
                return Help.run(Array(arguments.dropFirst()))
            case "-h", "--help":
                StandardStreams.writeOutput(Help.overview)
                return .success
            case "--version", "-V":
                StandardStreams.writeOutput("linkdoc \(version)\n")
                return .success
            default:
                throw UsageError(message: "unknown command '\(first)'"
                    + Spelling.suggestion(for: first, among: ["compile", "lint", "url", "rules", "layout", "review", "help"]))
            }
        } catch let error as UsageError {
            StandardStreams.writeError("linkdoc: error: \(error.message)\n"
                + (error.suggestHelp ? "Run 'linkdoc --help' for usage.\n" : ""))
            return .usage
        } catch {
            StandardStreams.writeError("linkdoc: error: \(error)\n")
            return .usage
        }
    }
}

/// A small argument scanner: flags with values (`-o FILE`, `--manifest=FILE`),
/// boolean switches, and positional arguments (`-` is positional: standard input).
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    /// Every value of each valued flag, in order, for the flags that may be repeated (`--hit`).
    private var repeatedValues: [String: [String]] = [:]
    private var switches: Set<String> = []

    /// `valued` and `boolean` list every accepted spelling; anything else starting
    /// with `-` is an unknown flag.
    init(_ arguments: [String], valued: Set<String>, boolean: Set<String>, command: String) throws {
        var i = 0
        var onlyPositional = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" { onlyPositional = true; continue }
            var name = argument
            var inlineValue: String? = nil
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            if valued.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                    values[name] = arguments[i]
                    i += 1
                }
                repeatedValues[name, default: []].append(values[name]!)
            } else if boolean.contains(name) && inlineValue == nil {
                switches.insert(name)
            } else {
                let known = (valued.union(boolean)).filter { $0.hasPrefix("--") }.sorted()
                throw UsageError(message: "unknown option '\(argument)' for 'linkdoc \(command)'" + Spelling.suggestion(for: name, among: known))
            }
        }
    }

    /// A flag that would do nothing here is an error, not silently ignored: the first of
    /// `names` that was given (as spelled), with `reason`.
    func reject(_ names: [String], _ reason: String) throws {
        if let given = names.first(where: { values[$0] != nil || switches.contains($0) }) {
            throw UsageError(message: "\(given) \(reason)")
        }
    }

    func value(_ names: String...) -> String? { names.lazy.compactMap { values[$0] }.first }
    /// Every value given to `name`, in order (a repeatable flag).
    func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }
    func flag(_ names: String...) -> Bool { names.contains { switches.contains($0) } }
}
