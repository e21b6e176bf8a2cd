import Foundation
import LinkDocURL

/// The manifest: what the copy's names mean (Grammar/manifest.schema.json).
///
///     {"agreements": {"用户协议": "https://example.com/terms",
///                     "隐私政策": {"url": "https://example.com/privacy", "id": "privacy"}},
///      "mentions": {"小明": "u_10001"},
///      "schemes": ["https", "http", "mailto", "tel", "myapp"],
///      "topics": {"双十一": "t_1111"},
///      "options": {"includeAgreementBrackets": true, "maxTopicLength": 64,
///                  "mentionURL": "myapp://user/{id}", "topicURL": "myapp://topic/{name}",
///                  "detect": {"mentions": "known", "topics": "on", "urls": "on", "emails": "on", "phones": "off"}}}
public struct Manifest: Sendable {
    /// The top-level keys that say what a manifest file holds (besides `$schema` and `lint`): a
    /// JSON file with one of them is a manifest.
    public static let contentKeys = ["agreements", "mentions", "topics", "schemes", "options", "views"]

    public struct Agreement: Hashable, Sendable {
        public var title: String
        /// The manifest's id, or the title when the manifest gives none.
        public var id: String
        public var url: String

        public init(title: String, id: String, url: String) {
            self.title = title
            self.id = id
            self.url = url
        }
    }

    public struct Options: Hashable, Sendable {
        /// Whether an agreement link's range covers 《 and 》 too.
        public var includeAgreementBrackets = true
        public var maxTopicLength = 64
        public var maxMentionLength = 30
        /// URL templates for mentions and topics: `{id}` and `{name}` are replaced, percent-encoded.
        public var mentionURL: String? = nil
        public var topicURL: String? = nil
        /// Which detectors run; what it leaves out is the input kind's default (`Detectors.defaults(for:)`).
        public var detect = DetectorSettings()
        /// HTML elements nested deeper than this are an error (their text is kept).
        public var maxHTMLDepth = 64
        /// A larger document is an error and yields no document.
        public var maxDocumentBytes = 16 * 1024 * 1024
        /// Links beyond this many in one document stay text, with an error.
        public var maxLinks = 10_000
        /// A longer URL (in UTF-8 bytes) is invalid.
        public var maxURLLength = 32 * 1024
        /// An absolute http(s) URL that relative hrefs (`/status/1`, `faq.html`, `?q=1`) resolve
        /// against; without it they are invalid URLs. Fragment-only and empty hrefs stay the
        /// app's (`LinkTarget.appHandled`) even with a base.
        public var baseURL: String? = nil
        /// The app's URL scheme (lowercased) for links without a URL of their own, applied at run
        /// time by `Document.attributedString(linkScheme:)` and LinkDocPlugin's accessors
        /// (`myapp://action/expand`, see `LinkScheme`); documents are compiled the same with or without it.
        public var linkScheme: String? = nil
        /// For lint's unknown-agreement: 《titles》 that are never agreements (a book, a game),
        /// and title endings besides the built-in ones that make a title one (说明, 约定).
        public var ignoredTitles: [String] = []
        public var agreementWords: [String] = []

        public init() {}
    }

    /// By title.
    public var agreements: [String: Agreement]
    /// Mention name → user id.
    public var mentions: [String: String]
    /// Topic name → topic id: the known topics (for `detect.topics: "known"`), with their ids.
    public var topics: [String: String]
    /// URL schemes that links may use, lowercased.
    public var schemes: [String]
    public var options: Options
    /// Named view profiles (ManifestView), for `linkdoc layout --view` and the fits-lines and
    /// small-tap-target lint rules.
    public var views: [String: ManifestView] = [:]
    /// The manifest file's folder, that font paths of views are relative to (nil: not read from a file).
    public var directory: String? = nil
    /// What is usable but probably not what the author meant (a refused scheme in `schemes`),
    /// found when the manifest file was read; the commands print them.
    public var warnings: [Diagnostic] = []

    public static let defaultSchemes = ["https", "http", "mailto", "tel"]

    public init(agreements: [String: Agreement] = [:], mentions: [String: String] = [:], topics: [String: String] = [:],
                schemes: [String] = Manifest.defaultSchemes, options: Options = Options(), views: [String: ManifestView] = [:]) {
        self.views = views
        self.agreements = agreements
        self.mentions = mentions
        self.topics = topics
        self.schemes = schemes
        self.options = options
    }

    public static let empty = Manifest()

    /// The same manifest in storage of its own: every string, array and dictionary newly
    /// allocated, none shared with `self`. Equal to `self` in every value.
    ///
    /// For a compiler per thread (`Compiler.independentCopy`): a copy of a struct shares its
    /// buffers, and each use of a shared buffer from two threads (a retain and a release, which
    /// are atomic writes to the object) moves its cache line from one core to the other.
    public func independentCopy() -> Manifest {
        func fresh(_ s: String) -> String { String(decoding: Array(s.utf8), as: UTF8.self) }
        var agreements: [String: Agreement] = [:]
        agreements.reserveCapacity(self.agreements.count)
        for (title, a) in self.agreements {
            agreements[fresh(title)] = Agreement(title: fresh(a.title), id: fresh(a.id), url: fresh(a.url))
        }
        var mentions: [String: String] = [:]
        mentions.reserveCapacity(self.mentions.count)
        for (name, id) in self.mentions { mentions[fresh(name)] = fresh(id) }
        var topics: [String: String] = [:]
        topics.reserveCapacity(self.topics.count)
        for (name, id) in self.topics { topics[fresh(name)] = fresh(id) }
        var options = self.options
        options.mentionURL = options.mentionURL.map(fresh)
        options.topicURL = options.topicURL.map(fresh)
        options.baseURL = options.baseURL.map(fresh)
        options.linkScheme = options.linkScheme.map(fresh)
        var copy = Manifest(agreements: agreements, mentions: mentions, topics: topics, schemes: schemes.map(fresh), options: options)
        copy.views = views
        copy.directory = directory
        return copy
    }

    /// The parser's options for documents of `kind`.
    public func parseOptions(for kind: InputKind) -> ParseOptions {
        ParseOptions(agreementTitles: Set(agreements.keys), maxTopicLength: options.maxTopicLength,
                     maxMentionLength: options.maxMentionLength, detectors: options.detect.resolved(for: kind))
    }
}

/// A manifest that cannot be used, with the JSON path of the problem.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let message: String
    /// Where in the file, for JSON that does not parse.
    public var location: SourceLocation? = nil
    /// `file`, or `file:line:column` when the place is known.
    public var place: String { location.map { "\(file):\($0.line):\($0.column)" } ?? file }
    public var description: String { "\(place): error: invalid manifest: \(message)" }
}

extension Manifest {
    /// Reads a manifest file.
    public static func load(path: String) throws(ManifestError) -> Manifest {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ManifestError(file: path, message: "the file does not exist")
        }
        guard !isDirectory.boolValue else { throw ManifestError(file: path, message: "is a folder, not a manifest file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError(file: path, message: "cannot read the file")
        }
        return try parse(data, file: path)
    }

    public static func parse(_ data: Data, file: String) throws(ManifestError) -> Manifest {
        if let comma = JSONSyntaxError.trailingComma(in: data) {
            throw ManifestError(file: file, message: "not valid JSON (\(comma.reason))", location: comma.location)
        }
        do {
            var manifest = try JSONDecoder().decode(ManifestFile.self, from: data).manifest
            manifest.warnings = refusedSchemeWarnings(manifest.schemes, data: data, file: file)
            manifest.directory = file.lastIndex(of: "/").map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
            return manifest
        } catch let error as ManifestFile.Problem {
            throw ManifestError(file: file, message: error.message)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            guard let syntax = JSONSyntaxError.find(in: data) else {
                throw ManifestError(file: file, message: "not valid JSON (\(Self.describe(context)))")
            }
            throw ManifestError(file: file, message: "not valid JSON (\(syntax.reason))", location: syntax.location)
        } catch let error as DecodingError {
            throw ManifestError(file: file, message: Self.describe(error))
        } catch {
            throw ManifestError(file: file, message: "\(error)")
        }
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return underlying ?? context.debugDescription
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(ManifestFile.describeType(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(ManifestFile.describeType(type)), found null"
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "\(at.isEmpty ? "" : at + ": ")missing \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return "\(path(context)): \(describe(context))"
        @unknown default:
            return "\(error)"
        }
    }

    /// A warning for each of `schemes` that links never use whatever the manifest says
    /// (`alwaysDisallowedSchemes`), at its string in the file: listing it changes nothing, and
    /// an author who lists it expects links that will not come.
    private static func refusedSchemeWarnings(_ schemes: [String], data: Data, file: String) -> [Diagnostic] {
        let refused = schemes.filter { alwaysDisallowedSchemes.contains($0) }
        guard !refused.isEmpty else { return [] }
        let bytes = [UInt8](data)
        let source = try? SourceText(name: file, bytes: bytes)
        let schemesKey = bytes.firstRange(of: Array("\"schemes\"".utf8))?.upperBound ?? 0
        return refused.map { scheme in
            let message = "schemes lists \"\(scheme)\", which linkdoc always refuses (script, embedded data or local files); links with it stay text"
            // The scheme's string after the "schemes" key, in any case (the list is lowercased).
            let needle = Array("\"\(scheme)\"".utf8)
            let lowered = bytes.map { ASCII.lower($0) }
            let offset = lowered[schemesKey...].firstRange(of: needle)?.lowerBound
            guard let source, let offset else {
                return Diagnostic(severity: .warning, message: message, ruleID: RuleID.disallowedScheme, file: file)
            }
            return Diagnostic(severity: .warning, message: message, ruleID: RuleID.disallowedScheme, file: file, at: offset, in: source)
        }
    }

    static func isSchemeName(_ s: String) -> Bool {
        guard let first = s.utf8.first, ASCII.isLetter(first) else { return false }
        return s.utf8.allSatisfy { ASCII.isLetterOrDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// Finds `linkdoc.json` in `directory` or the nearest parent that has one.
    public static func discover(startingAt directory: String) -> String? {
        nearestFile(named: "linkdoc.json", startingAt: directory)
    }

    /// The path of `name` in `directory` or in the nearest parent folder that has it.
    /// Configuration files are found this way, as git and SwiftLint find theirs.
    public static func nearestFile(named name: String, startingAt directory: String) -> String? {
        var url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
