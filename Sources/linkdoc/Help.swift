/// Usage texts for `--help` and `linkdoc help COMMAND`.
enum Help {
    static let overview = """
    linkdoc \(CommandLineTool.version): compiles the tappable copy in apps into link documents (JSON).

    USAGE: linkdoc <command> [options]

    COMMANDS:
      compile   Compile copy (markup and links) into a JSON link document
      help      Show help for a command

    OPTIONS:
      -h, --help     Show this help
      -V, --version  Show the version

    Exit codes: 0 success (warnings allowed), 1 the input has errors,
    2 a usage, I/O or configuration error.
    Run 'linkdoc help <command>' for a command's options.

    """

    static let compile = """
    USAGE: linkdoc compile [FILE…|-] [--manifest FILE] [-o FILE] [--pretty] [--verbose]

    Compiles each FILE (or standard input, with '-' or no FILE) into a link document:
    the display text with the markup removed, and every link with its kind, text,
    ranges in UTF-16, Unicode scalars and UTF-8, ASCII URL and typed payload.
    With one input the document is printed as JSON; with several, one JSON line per
    input: {"file": …, "document": …}.

    OPTIONS:
      -m, --manifest FILE  The manifest (agreements, mentions, schemes, options).
                           Default: linkdoc.json in the input's folder or a parent.
      -o, --output FILE    Write to FILE (atomically) instead of standard output.
      --pretty             Indent the JSON.
      --verbose            Also print info diagnostics (e.g. encoded URLs).
      -q, --quiet          Print errors only.

    Diagnostics go to standard error as 'file:line:column: severity: message [rule-id]'.
    The markup is defined in Grammar/linkdoc.ebnf and Grammar/spec.md.

    """

    static func run(_ arguments: [String]) -> ExitStatus {
        switch arguments.first {
        case nil:
            StandardStreams.writeOutput(overview)
        case "compile":
            StandardStreams.writeOutput(compile)
        case "help":
            StandardStreams.writeOutput("USAGE: linkdoc help [COMMAND]\n\nShows help for COMMAND.\n")
        case let other?:
            StandardStreams.writeError("linkdoc: error: no help for unknown command '\(other)'\nRun 'linkdoc --help' for the commands.\n")
            return .usage
        }
        return .success
    }
}
