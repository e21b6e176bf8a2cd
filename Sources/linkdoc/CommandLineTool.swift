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

/// A subcommand: the name it is called by, its line in the overview, its help and what runs it.
struct Command: Sendable {
    let name: String
    let summary: String
    let help: String
    let run: @Sendable ([String]) throws -> ExitStatus
}

enum CommandLineTool {
    static let version = "0.1.0"

    /// Every command, in the order the overview lists them: `run` dispatches by this table, and
    /// `Help` prints the overview's list, each command's help and the suggestion for a typo from it.
    static let commands: [Command] = [
        Command(name: "compile", summary: "Compile copy (markup and links) into a JSON link document",
                help: Help.compile, run: CompileCommand.run),
        Command(name: "lint", summary: "Check copy files for broken links, risky URLs and typography",
                help: Help.lint, run: LintCommand.run),
        Command(name: "rules", summary: "List the lint rules, or explain one", help: Help.rules, run: RulesCommand.run),
        Command(name: "url", summary: "Normalize URLs as linkdoc does for links (WHATWG, IDNA, iOS-safe)",
                help: Help.url, run: URLCommand.run),
        Command(name: "layout", summary: "Lay out copy in a view: lines, height, link rectangles, hit tests",
                help: Help.layout, run: runLayout),
        Command(name: "review", summary: "Write one HTML page that shows every string, its links and findings",
                help: Help.review, run: ReviewCommand.run),
        Command(name: "help", summary: "Show help for a command", help: Help.help, run: Help.run),
    ]

    static func run(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            StandardStreams.writeError(Help.overview)
            return .usage
        }
        do {
            if let command = commands.first(where: { $0.name == first }) {
                return try command.run(Array(arguments.dropFirst()))
            }
            switch first {
            case "-h", "--help":
                StandardStreams.writeOutput(Help.overview)
                return .success
            case "--version", "-V":
                StandardStreams.writeOutput("linkdoc \(version)\n")
                return .success
            default:
                throw UsageError(message: "unknown command '\(first)'" + Spelling.suggestion(for: first, among: commands.map(\.name)))
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

    /// `layout`, which needs the layout core: a linkdoc built without it says how to get it.
    private static func runLayout(_ arguments: [String]) throws -> ExitStatus {
        #if canImport(LinkDocLayout)
        return try LayoutCommand.run(arguments)
        #else
        throw UsageError(message: "this linkdoc was built without the layout core (HarfBuzz and FreeType); "
            + "on a Mac, build it with LINKDOC_LAYOUT=1 and Homebrew's harfbuzz and freetype (README, Set-up)",
                         suggestHelp: false)
        #endif
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
