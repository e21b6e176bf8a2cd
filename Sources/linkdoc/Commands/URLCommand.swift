@_spi(LinkDocInternal) import LinkDocModel
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
            let report = URLReport(input: input, base: base)
            if report.error != nil { anyInvalid = true }
            out += json(report) + "\n"
        }
        StandardStreams.writeOutput(out)
        return anyInvalid ? .inputErrors : .success
    }

    /// One line: the keys in a fixed order, null for what is absent.
    static func json(_ report: URLReport) -> String {
        var w = JSONWriter()
        w.beginObject()
        for (key, value) in [("input", report.input), ("href", report.href), ("url", report.url),
                             ("host", report.host), ("error", report.error)] as [(StaticString, String?)] {
            w.key(key)
            if let value { w.string(value) } else { w.null() }
        }
        w.endObject()
        return w.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
