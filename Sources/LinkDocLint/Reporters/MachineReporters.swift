import LinkDocCore
@_spi(LinkDocInternal) import LinkDocModel

/// `{"version": 1, "files": N, "diagnostics": [...], "summary": {...}}`
public struct JSONReporter: LintReporter {
    public static let name = "json"
    public init() {}

    public func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.key("version"); w.int(1)
        w.key("files"); w.int(files.count)
        w.key("diagnostics"); w.beginArray()
        for d in files.lazy.flatMap(\.diagnostics) {
            w.beginObject()
            w.key("file"); w.string(d.diagnostic.file)
            w.member("line", d.diagnostic.location?.line)
            w.member("column", d.diagnostic.location?.column)
            w.key("severity"); w.string(d.diagnostic.severity.rawValue)
            w.key("rule"); w.string(d.diagnostic.ruleID.rawValue)
            w.key("message"); w.string(d.diagnostic.message)
            w.key("fixable"); w.bool(d.fix != nil)
            w.endObject()
        }
        w.endArray()
        let t = Tally(files)
        w.key("summary"); w.beginObject()
        w.key("errors"); w.int(t.errors)
        w.key("warnings"); w.int(t.warnings)
        w.key("infos"); w.int(t.infos)
        w.endObject()
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self) + "\n"
    }
}

/// SARIF 2.1.0, with rule metadata, for code-scanning tools.
public struct SARIFReporter: LintReporter {
    public static let name = "sarif"
    public init() {}

    static func level(_ s: Severity?) -> String {
        switch s {
        case .error?: "error"
        case .warning?: "warning"
        case .info?: "note"
        case nil: "none"
        }
    }

    public func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String {
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var w = JSONWriter()
        w.beginObject()
        w.key("$schema"); w.string("https://json.schemastore.org/sarif-2.1.0.json")
        w.key("version"); w.string("2.1.0")
        w.key("runs"); w.beginArray(); w.beginObject()
        w.key("tool"); w.beginObject(); w.key("driver"); w.beginObject()
        w.key("name"); w.string("linkdoc")
        w.key("rules"); w.beginArray()
        for rule in rules {
            w.beginObject()
            w.key("id"); w.string(rule.id.rawValue)
            w.key("shortDescription"); w.beginObject(); w.key("text"); w.string(rule.summary); w.endObject()
            w.key("fullDescription"); w.beginObject(); w.key("text"); w.string(rule.rationale); w.endObject()
            w.key("defaultConfiguration"); w.beginObject()
            w.key("enabled"); w.bool(rule.defaultSeverity != nil)
            w.key("level"); w.string(Self.level(rule.defaultSeverity ?? .warning))
            w.endObject()
            w.key("help"); w.beginObject(); w.key("text"); w.string("Run 'linkdoc rules \(rule.id)' for examples."); w.endObject()
            w.endObject()
        }
        w.endArray()
        w.endObject(); w.endObject()
        w.key("columnKind"); w.string("unicodeCodePoints")
        w.key("results"); w.beginArray()
        for d in files.lazy.flatMap(\.diagnostics) {
            w.beginObject()
            w.key("ruleId"); w.string(d.diagnostic.ruleID.rawValue)
            if let i = index[d.diagnostic.ruleID] { w.key("ruleIndex"); w.int(i) }
            w.key("level"); w.string(Self.level(d.diagnostic.severity))
            w.key("message"); w.beginObject(); w.key("text"); w.string(d.diagnostic.message); w.endObject()
            w.key("locations"); w.beginArray(); w.beginObject()
            w.key("physicalLocation"); w.beginObject()
            w.key("artifactLocation"); w.beginObject(); w.key("uri"); w.string(Self.uri(d.diagnostic.file)); w.endObject()
            if let location = d.diagnostic.location {
                w.key("region"); w.beginObject()
                w.key("startLine"); w.int(location.line)
                w.key("startColumn"); w.int(location.column)
                w.endObject()
            }
            w.endObject(); w.endObject(); w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject(); w.endArray()
        w.endObject()
        return String(decoding: JSONFormatter.prettyPrinted(w.bytes), as: UTF8.self) + "\n"
    }

    /// A relative URI reference, percent-encoded where URIs need it.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || "-._~/".utf8.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}

/// GitHub Actions workflow commands: `::warning file=…,line=…,col=…,title=…::message`.
public struct GitHubReporter: LintReporter {
    public static let name = "github"
    public init() {}

    public func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String {
        var out = ""
        for d in files.lazy.flatMap(\.diagnostics) {
            let command = d.diagnostic.severity == .error ? "error" : d.diagnostic.severity == .warning ? "warning" : "notice"
            var properties = "file=\(Self.property(d.diagnostic.file))"
            if let l = d.diagnostic.location { properties += ",line=\(l.line),col=\(l.column)" }
            properties += ",title=\(Self.property("linkdoc " + d.diagnostic.ruleID.rawValue))"
            out += "::\(command) \(properties)::\(Self.data(d.diagnostic.message + " [" + d.diagnostic.ruleID.rawValue + "]"))\n"
        }
        return out
    }

    /// Escaping as the workflow-command syntax requires.
    static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

/// Checkstyle XML, which many CI tools read.
public struct CheckstyleReporter: LintReporter {
    public static let name = "checkstyle"
    public init() {}

    public func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in files {
            out += "  <file name=\"\(Self.escape(file.file))\">\n"
            for d in file.diagnostics {
                let line = d.diagnostic.location?.line ?? 0, column = d.diagnostic.location?.column ?? 0
                out += "    <error line=\"\(line)\" column=\"\(column)\" severity=\"\(d.diagnostic.severity.rawValue)\" message=\"\(Self.escape(d.diagnostic.message))\" source=\"linkdoc.\(d.diagnostic.ruleID)\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    static func escape(_ s: String) -> String {
        Escaping.replacingScalars(s) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\n": "&#10;"
            case "\t": "&#9;"
            // XML 1.0 has no other control characters at all.
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): "\u{FFFD}"
            default: nil
            }
        }
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
