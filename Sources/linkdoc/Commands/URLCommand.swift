import LinkDocURL

/// `linkdoc url [URL…|-] [--base URL]`: normalizes URLs as linkdoc does for links,
/// one JSON object per line: {"input", "href", "url", "host", "error"}.
enum URLCommand {
    static func run(_ rawArguments: [String]) throws -> ExitStatus {
        let arguments = try Arguments(rawArguments, valued: ["--base"], boolean: ["-h", "--help"], command: "url")
        if arguments.flag("-h", "--help") {
            StandardStreams.writeOutput(Help.url)
            return .success
        }
        let base = arguments.value("--base")
        if let base, WHATWGURL(base) == nil {
            throw UsageError(message: "--base \(base) is not a valid absolute URL", suggestHelp: false)
        }
        var inputs = arguments.positional
        if inputs.isEmpty || inputs == ["-"] {
            let bytes = try StandardStreams.readStandardInput()
            inputs = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
            }
            if inputs.last == "" { inputs.removeLast() }
        }
        var out = ""
        var anyInvalid = false
        for input in inputs {
            let line = urlRecordJSON(input: input, base: base)
            if !line.contains("\"error\":null") { anyInvalid = true }
            out += line + "\n"
        }
        StandardStreams.writeOutput(out)
        return anyInvalid ? .inputErrors : .success
    }
}
