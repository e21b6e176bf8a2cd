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
           linkdoc compile Localizable.xcstrings|FILE.strings [--split DIR] [--language LANG]
           linkdoc compile --ndjson [--jobs N] < records.ndjson
           linkdoc compile --swift-accessors OUT.swift [--swift-type NAME] FILE…

    Compiles each FILE (or standard input, with '-' or no FILE) into a link document:
    the display text with the markup removed, and every link with its kind, text,
    ranges in UTF-16, Unicode scalars and UTF-8, ASCII URL and typed payload.
    With one input the document is printed as JSON; with several, one JSON line per
    input: {"file": …, "document": …} ({"file": …, "bundle": …} for localization files).

    Localization files are picked by extension. A String Catalog (.xcstrings) or a
    .strings file (UTF-8 or UTF-16) compiles into one bundle: every key's document in
    every language and variation (plural.one, device.ipad.plural.other, …), described
    by Grammar/bundle.schema.json. Diagnostics name the key and language and point
    at the line and column in the localization file.

    OPTIONS:
      -m, --manifest FILE  The manifest (agreements, mentions, schemes, options).
                           Default: linkdoc.json in the input's folder or a parent.
      -o, --output FILE    Write to FILE (atomically) instead of standard output.
      --pretty             Indent the JSON.
      --verbose            Also print info diagnostics (e.g. encoded URLs).
      -q, --quiet          Print errors only, and no progress line.
      --split DIR          With one localization file: write DIR/LANGUAGE.json for
                           each language instead of one bundle (each atomically).
      --language LANG      The language of a .strings file. Default: from its
                           LANG.lproj folder, else "und".
      --ndjson             Stream mode: read records {"id": "…", "text": "…",
                           "manifest": {…}?} from standard input, one per line, and
                           write one result line per input line, in input order:
                           {"id", "document", "diagnostics": [{"line", "column",
                           "severity", "message", "rule"}]}. A bad record gives
                           {"id": …|null, "line": N, "document": null, …}; an empty
                           line gives such a line with a warning. Exit code 1 when
                           any record has errors.
      -j, --jobs N         Compiling threads for --ndjson (default: the number of
                           cores). The output is the same for every N.
      --swift-accessors OUT.swift
                           Instead of compiling, write Swift accessors for the
                           files and their keys (used by LinkDocPlugin).
      --swift-type NAME    The accessors' enum (default LinkDocStrings).

    When standard error is a terminal, a batch that runs longer than half a second
    shows a progress line (documents, rate, errors) unless --quiet is given.

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
