import LinkDocModel
import LinkDocURL
import Foundation

/// The manifest's JSON shape, decoded strictly: unknown keys are errors, so a
/// typo in a manifest fails the build instead of silently doing nothing.
struct ManifestFile: Decodable {
    let manifest: Manifest

    struct Problem: Error { let message: String }

    /// Any key, so that unknown keys can be named in errors.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func describeType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        case is [String].Type, is [Any].Type: "an array"
        default: String(describing: type).contains("Dictionary") ? "an object" : "a value of type \(type)"
        }
    }

    static func rejectUnknownKeys(_ container: KeyedDecodingContainer<AnyKey>, known: [String], at path: String) throws {
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            let place = path.isEmpty ? "" : path + "."
            throw Problem(message: "unknown key \"\(place)\(unknown)\" (known: \(known.filter { $0 != "$schema" }.joined(separator: ", ")))")
        }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try Self.rejectUnknownKeys(c, known: ["$schema"] + Manifest.contentKeys + ["lint"], at: "")
        var manifest = Manifest()

        if c.contains(AnyKey("agreements")) {
            let entries = try c.decode([String: AgreementEntry].self, forKey: AnyKey("agreements"))
            var titleForID: [String: String] = [:]
            for (title, entry) in entries.sorted(by: { $0.key < $1.key }) {
                guard !title.isEmpty else { throw Problem(message: "agreements: a title is empty") }
                let agreement = Manifest.Agreement(title: title, id: entry.id ?? title, url: entry.url)
                if let other = titleForID[agreement.id] {
                    throw Problem(message: "agreements: 《\(other)》 and 《\(title)》 share the id \"\(agreement.id)\"")
                }
                titleForID[agreement.id] = title
                manifest.agreements[title] = agreement
            }
        }
        if c.contains(AnyKey("mentions")) {
            manifest.mentions = try c.decode([String: String].self, forKey: AnyKey("mentions"))
        }
        if c.contains(AnyKey("topics")) {
            manifest.topics = try c.decode([String: String].self, forKey: AnyKey("topics"))
        }
        if c.contains(AnyKey("schemes")) {
            manifest.schemes = try c.decode([String].self, forKey: AnyKey("schemes")).map { $0.lowercased() }
            if let bad = manifest.schemes.first(where: { !Manifest.isSchemeName($0) }) {
                throw Problem(message: "schemes: \"\(bad)\" is not a URL scheme name")
            }
        }
        if c.contains(AnyKey("options")) {
            manifest.options = try c.decode(OptionsEntry.self, forKey: AnyKey("options")).options
        }
        if c.contains(AnyKey("views")) {
            manifest.views = try c.decode([String: ViewEntry].self, forKey: AnyKey("views")).mapValues(\.view)
        }
        self.manifest = manifest
    }

    /// `"https://…"` or `{"url": "https://…", "id": "privacy"}`.
    struct AgreementEntry: Decodable {
        let url: String
        let id: String?

        init(from decoder: Decoder) throws {
            if let url = try? decoder.singleValueContainer().decode(String.self) {
                self.url = url
                self.id = nil
                return
            }
            guard let c = try? decoder.container(keyedBy: AnyKey.self) else {
                let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
                throw Problem(message: "\(path): expected a URL string or an object {\"url\", \"id\"}")
            }
            let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
            try ManifestFile.rejectUnknownKeys(c, known: ["url", "id"], at: path)
            url = try c.decode(String.self, forKey: AnyKey("url"))
            id = try c.decodeIfPresent(String.self, forKey: AnyKey("id"))
            if id?.isEmpty == true { throw Problem(message: "\(path).id: must not be empty") }
        }
    }

    struct OptionsEntry: Decodable {
        let options: Manifest.Options

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            try ManifestFile.rejectUnknownKeys(c, known: ["includeAgreementBrackets", "maxTopicLength", "maxMentionLength",
                                                          "mentionURL", "topicURL", "detect", "autolink", "maxHTMLDepth",
                                                          "maxDocumentBytes", "maxLinks", "maxURLLength", "baseURL", "linkScheme",
                                                          "ignoredTitles", "agreementWords"], at: "options")
            var o = Manifest.Options()
            o.includeAgreementBrackets = try c.decodeIfPresent(Bool.self, forKey: AnyKey("includeAgreementBrackets")) ?? true
            for key in ["maxTopicLength", "maxMentionLength", "maxHTMLDepth"] where c.contains(AnyKey(key)) {
                let n = try c.decode(Int.self, forKey: AnyKey(key))
                guard (1...1000).contains(n) else { throw Problem(message: "options.\(key): must be from 1 to 1000") }
                switch key {
                case "maxTopicLength": o.maxTopicLength = n
                case "maxMentionLength": o.maxMentionLength = n
                default: o.maxHTMLDepth = n
                }
            }
            let limits: [(String, ClosedRange<Int>, WritableKeyPath<Manifest.Options, Int>)] = [
                ("maxDocumentBytes", 1...(1 << 30), \.maxDocumentBytes), ("maxLinks", 1...10_000_000, \.maxLinks),
                ("maxURLLength", 16...(1 << 20), \.maxURLLength),
            ]
            for (key, range, path) in limits where c.contains(AnyKey(key)) {
                let n = try c.decode(Int.self, forKey: AnyKey(key))
                guard range.contains(n) else { throw Problem(message: "options.\(key): must be from \(range.lowerBound) to \(range.upperBound)") }
                o[keyPath: path] = n
            }
            o.ignoredTitles = try c.decodeIfPresent([String].self, forKey: AnyKey("ignoredTitles")) ?? []
            o.agreementWords = try c.decodeIfPresent([String].self, forKey: AnyKey("agreementWords")) ?? []
            o.mentionURL = try c.decodeIfPresent(String.self, forKey: AnyKey("mentionURL"))
            o.topicURL = try c.decodeIfPresent(String.self, forKey: AnyKey("topicURL"))
            if let base = try c.decodeIfPresent(String.self, forKey: AnyKey("baseURL")) {
                guard let url = WHATWGURL(base), url.scheme == "https" || url.scheme == "http" else {
                    throw Problem(message: "options.baseURL: \"\(base)\" is not an absolute http or https URL")
                }
                o.baseURL = url.href
            }
            if let name = try c.decodeIfPresent(String.self, forKey: AnyKey("linkScheme")) {
                guard let scheme = LinkScheme(name) else {
                    throw Problem(message: "options.linkScheme: \"\(name)\" is not a URL scheme of the app's own "
                                  + "(a letter, then letters, digits, '+', '-', '.'; not http, https, mailto, tel, sms, file, javascript, data, vbscript)")
                }
                o.linkScheme = scheme.name
            }
            // `autolink` (urls, emails, phones: true or false) is the older spelling of `detect`.
            if c.contains(AnyKey("autolink")) {
                let a = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("autolink"))
                try ManifestFile.rejectUnknownKeys(a, known: ["urls", "emails", "phones"], at: "options.autolink")
                for key in ["urls", "emails", "phones"] where a.contains(AnyKey(key)) {
                    o.detect.set(key, bool: try a.decode(Bool.self, forKey: AnyKey(key)))
                }
            }
            if c.contains(AnyKey("detect")) {
                let d = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("detect"))
                try ManifestFile.rejectUnknownKeys(d, known: DetectorSettings.names, at: "options.detect")
                for key in DetectorSettings.names where d.contains(AnyKey(key)) {
                    if let flag = try? d.decode(Bool.self, forKey: AnyKey(key)) {
                        o.detect.set(key, bool: flag)
                    } else if let problem = o.detect.set(key, string: try d.decode(String.self, forKey: AnyKey(key))) {
                        throw Problem(message: "options.detect." + problem)
                    }
                }
            }
            options = o
        }
    }
}
