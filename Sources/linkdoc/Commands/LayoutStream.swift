#if canImport(LinkDocLayout)
import Foundation
@_spi(LinkDocInternal) import LinkDocCore
@_spi(LinkDocInternal) import LinkDocFormats
import LinkDocLayout
@_spi(LinkDocInternal) import LinkDocModel

/// `linkdoc layout --ndjson [--jobs N]`: one record per line, one result line per input line, in
/// input order, through the RecordStream pipeline (the same windows, bounded memory, error lines
/// and `--first-line` as `compile --ndjson`). A record:
///
///     {"id": "a1", "text": "请阅读《用户协议》", "view": {"width": 270, "size": 16, "profile": "label"}, "hits": [[40, 10]]}
///     {"id": "a2", "document": {"version": …, "text": …, "links": […]}, "view": "dialog"}
///
/// `text` is copy, compiled as `linkdoc compile` compiles it (with the manifest); `document` is a
/// compiled link document. `view` is an object of the request's settings (the names of a
/// manifest view's, plus the layout's own), or the name of a manifest view; the command line's
/// settings are the defaults an object's settings override. The result:
///
///     {"id":"a1","layout":{…as `linkdoc layout` prints…},"diagnostics":[…]}
///
/// and a record that cannot be laid out gives `{"id":…,"line":N,"layout":null,"diagnostics":[…]}`.
enum LayoutStream {
    /// What every record starts from: the command line's request (its fonts and settings; its
    /// width and size only where the command line gave them, else each record's view must), the
    /// hit tolerance, and the manifest with its views.
    struct Defaults: Sendable {
        var request: LayoutRequest
        var hasWidth: Bool, hasSize: Bool
        var tolerance: Double
        var manifest: Manifest
    }

    /// The keys a record's "view" object may have, so that a misspelt one is an error, not ignored.
    static let viewKeys: Set<String> = ["width", "size", "profile", "insets", "padding", "lineSpacing", "paragraphSpacing",
                                        "lineHeightMultiple", "minLineHeight", "maxLineHeight", "alignment", "direction",
                                        "lineBreakStrategy", "maxLines", "token", "tokenAction", "language"]
    static let recordKeys: Set<String> = ["id", "text", "document", "view", "hits", "tolerance"]

    /// A record that cannot be laid out, and why.
    struct RecordError: Error {
        var id: String?
        var message: String
    }

    final class Worker: RecordWorker, @unchecked Sendable {
        let defaults: Defaults
        let compiler: Compiler
        /// The compiler's buffers, kept from one record to the next (a new set per record was a
        /// fifth of a short record's time, in its allocations and releases).
        private var workspace = CompileWorkspace()
        /// The requests of the manifest's views, by name.
        private var views: [String: Result<LayoutRequest, RecordError>] = [:]

        init(defaults: Defaults, hasPeers: Bool) {
            self.defaults = defaults
            let compiler = Compiler(manifest: defaults.manifest)
            self.compiler = hasPeers ? compiler.independentCopy() : compiler
        }

        func answer(_ lines: Range<Int>, of window: LineWindowReader.Window, maxRecordBytes: Int, into output: inout JSONWriter) -> Int {
            var errors = 0
            window.bytes.withUnsafeBufferPointer { bytes in
                for index in lines {
                    let number = window.firstLineNumber + index
                    switch window.lines[index] {
                    case .bytes(let range):
                        if answer(UnsafeBufferPointer(rebasing: bytes[range]), lineNumber: number, into: &output) { errors += 1 }
                    case .tooLong:
                        StreamLine.tooLong(into: &output, lineNumber: number, limit: maxRecordBytes, result: "layout")
                        errors += 1
                    }
                }
            }
            return errors
        }

        /// Writes one line's result line; returns whether it reports an error.
        func answer(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into w: inout JSONWriter) -> Bool {
            if StreamLine.isEmpty(line) {
                StreamLine.emptyLine(into: &w, lineNumber: lineNumber, result: "layout")
                return false
            }
            do {
                return try layOut(line, into: &w)
            } catch {
                StreamLine.problem(into: &w, id: error.id, lineNumber: lineNumber, column: 1, severity: .error,
                                   message: error.message, rule: .ndjsonRecord, result: "layout")
                return true
            }
        }

        private func layOut(_ line: UnsafeBufferPointer<UInt8>, into w: inout JSONWriter) throws(RecordError) -> Bool {
            guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: line)) as? [String: Any] else {
                throw RecordError(id: nil, message: "the line is not a JSON object")
            }
            let id: String?
            switch object["id"] {
            case nil, is NSNull: id = nil
            case let value as String: id = value
            default: throw RecordError(id: nil, message: "\"id\" is not a string")
            }
            func fail(_ message: String) -> RecordError { RecordError(id: id, message: message) }
            if let unknown = object.keys.sorted().first(where: { !LayoutStream.recordKeys.contains($0) }) {
                throw fail("unknown key \"\(unknown)\" (a record has " + LayoutStream.recordKeys.sorted().joined(separator: ", ") + ")")
            }
            let request = try self.request(for: object["view"], fail)
            var hits: [Point] = []
            if let value = object["hits"] {
                guard let list = value as? [Any] else { throw fail("\"hits\" is not a list of [x, y] points") }
                for item in list {
                    guard let pair = item as? [Any], pair.count == 2, let x = Self.number(pair[0]), let y = Self.number(pair[1]) else {
                        throw fail("\"hits\" is not a list of [x, y] points")
                    }
                    do {
                        try LayoutInputError.check(x, "hits x", in: LayoutBounds.coordinate)
                        try LayoutInputError.check(y, "hits y", in: LayoutBounds.coordinate)
                    } catch { throw fail(error.description) }
                    hits.append(Point(x: x, y: y))
                }
            }
            var tolerance = defaults.tolerance
            if let value = object["tolerance"] {
                guard let number = Self.number(value) else { throw fail("\"tolerance\" is not a number") }
                do { try LayoutInputError.check(number, "tolerance", in: LayoutBounds.tolerance) } catch { throw fail(error.description) }
                tolerance = number
            }
            let document: Document
            var diagnostics: [Diagnostic] = []
            switch (object["text"], object["document"]) {
            case (let text as String, nil):
                let result = compiler.compile(Array(text.utf8), name: "<record>", excerpts: false, workspace: &workspace)
                diagnostics = result.diagnostics
                guard let compiled = result.document else {
                    throw fail(diagnostics.first { $0.severity == .error }.map { "the copy does not compile: \($0.message)" } ?? "the copy does not compile")
                }
                document = compiled
            case (nil, let value?) where value is [String: Any]:
                do {
                    document = try Document(jsonData: try JSONSerialization.data(withJSONObject: value))
                } catch {
                    throw fail("\"document\" is not a link document: \(error)")
                }
            default:
                throw fail("a record has \"text\" (a string of copy) or \"document\" (a link document), one of them")
            }
            if request.truncationToken.text.isEmpty { throw fail("\"token\" is empty: a cut line would not show that text was cut") }
            let json: [UInt8]
            do {
                let layout = try Typesetter.layout(document, request)
                json = try LayoutJSON.write(layout, document: document, request: request, hits: hits, tolerance: tolerance)
            } catch {
                throw fail(error.description)
            }
            w.fixed(#"{"id":"#)
            if let id { w.string(id) } else { w.null() }
            w.fixed(#","layout":"#)
            w.raw(json)
            w.fixed(#","diagnostics":["#)
            var isError = false
            for d in diagnostics where d.severity != .info {
                if d.severity == .error { isError = true }
                StreamLine.diagnostic(line: d.location?.line ?? 1, column: d.location?.column ?? 1, severity: d.severity,
                                      message: d.message, rule: d.ruleID, into: &w)
            }
            w.fixed("]}\n")
            return isError
        }

        /// The request a record's "view" asks for: a manifest view by name, or the defaults with the
        /// object's settings.
        private func request(for view: Any?, _ fail: (String) -> RecordError) throws(RecordError) -> LayoutRequest {
            if let name = view as? String {
                if let cached = views[name] { return try cached.get() }
                let made: Result<LayoutRequest, RecordError>
                if let view = defaults.manifest.views[name] {
                    do {
                        made = .success(try view.layoutRequest(size: view.size, language: nil, manifestDirectory: defaults.manifest.directory))
                    } catch {
                        made = .failure(fail("the view \"\(name)\": \(error)"))
                    }
                } else {
                    made = .failure(fail("the manifest declares no view \"\(name)\""))
                }
                views[name] = made
                return try made.get()
            }
            var request = defaults.request
            guard let settings = view else {
                guard defaults.hasWidth, defaults.hasSize else { throw fail("no \"view\": give one, or --width and --size") }
                return request
            }
            guard let object = settings as? [String: Any] else { throw fail("\"view\" is not an object nor a view's name") }
            if let unknown = object.keys.sorted().first(where: { !LayoutStream.viewKeys.contains($0) }) {
                throw fail("\"view\" has an unknown setting \"\(unknown)\" (it has " + LayoutStream.viewKeys.sorted().joined(separator: ", ") + ")")
            }
            func number(_ key: String) throws(RecordError) -> Double? {
                guard let value = object[key] else { return nil }
                guard let number = Self.number(value) else { throw fail("\"\(key)\" is not a number") }
                return number
            }
            func text(_ key: String) throws(RecordError) -> String? {
                guard let value = object[key] else { return nil }
                guard let string = value as? String else { throw fail("\"\(key)\" is not a string") }
                return string
            }
            if let value = try number("width") { request.width = value }
            if let value = try number("size") { request.size = value }
            guard object["width"] != nil || defaults.hasWidth else { throw fail("\"view\" has no \"width\" and the command line none") }
            guard object["size"] != nil || defaults.hasSize else { throw fail("\"view\" has no \"size\" and the command line none") }
            if let value = try text("profile") {
                switch value {
                case "label": request.profile = .label
                case "textview": request.profile = .textView
                default: throw fail("\"profile\" \(value) is not label or textview")
                }
            }
            if let value = object["insets"] {
                guard let list = value as? [Any], list.count == 4, case let numbers = list.compactMap(Self.number), numbers.count == 4 else {
                    throw fail("\"insets\" is not four numbers [top, left, bottom, right]")
                }
                request.insets = EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
            }
            if let value = try number("padding") { request.lineFragmentPadding = value }
            if let value = try number("lineSpacing") { request.lineSpacing = value }
            if let value = try number("paragraphSpacing") { request.paragraphSpacing = value }
            if let value = try number("lineHeightMultiple") { request.lineHeightMultiple = value }
            if let value = try number("minLineHeight") { request.minimumLineHeight = value }
            if let value = try number("maxLineHeight") { request.maximumLineHeight = value }
            if let value = try text("alignment") {
                guard let alignment = Alignment(rawValue: value) else { throw fail("\"alignment\" \(value) is not one of natural, left, center, right") }
                request.alignment = alignment
            }
            if let value = try text("direction") {
                guard let direction = BaseDirection(rawValue: value) else { throw fail("\"direction\" \(value) is not one of natural, ltr, rtl") }
                request.baseDirection = direction
            }
            if let value = try text("lineBreakStrategy") {
                guard let strategy = LineBreakStrategy(name: value) else {
                    throw fail("\"lineBreakStrategy\" \(value) is not standard, none, or a comma list of push-out and hangul-word-priority")
                }
                request.lineBreakStrategy = strategy
            }
            if let value = try number("maxLines") {
                guard value == value.rounded(), let lines = Int(exactly: value) else { throw fail("\"maxLines\" is not a whole number") }
                request.maximumLines = lines
            }
            if let value = try text("token") { request.truncationToken.text = value }
            if let value = try text("tokenAction") { request.truncationToken.action = value }
            if let value = try text("language") { request.language = value }
            do { try request.validate() } catch { throw fail(error.description) }
            return request
        }

        /// A JSON number, not a Boolean: JSONSerialization gives both as NSNumber, a Boolean with
        /// the Objective-C type "c".
        static func number(_ value: Any) -> Double? {
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
            return number.doubleValue
        }
    }

    static func run(defaults: Defaults, jobs: Int, firstLine: Int, progress: ProgressLine) throws -> ExitStatus {
        try RecordStream.run(jobs: jobs, firstLine: firstLine, progress: progress) { hasPeers in
            Worker(defaults: defaults, hasPeers: hasPeers)
        }
    }
}
#endif
