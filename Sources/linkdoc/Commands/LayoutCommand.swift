#if canImport(LinkDocLayout)
import Foundation
import LinkDocCore
import LinkDocFormats
import LinkDocLayout
@_spi(LinkDocInternal) import LinkDocModel

/// `linkdoc layout [FILE|-] --width W --size S [--font FILE[#INDEX]] …`: lays out one copy file
/// (or compiled link document) in a view and prints the geometry as JSON (Grammar/layout.schema.json).
enum LayoutCommand {
    static func run(_ rawArguments: [String]) throws -> ExitStatus {
        let arguments = try Arguments(rawArguments, valued: ["--width", "--size", "--font", "--bold-font", "--fallback-font", "--profile",
                                                             "--line-spacing", "--paragraph-spacing", "--line-height-multiple",
                                                             "--min-line-height", "--max-line-height", "--alignment", "--insets",
                                                             "--padding", "--max-lines", "--token", "--token-action", "--hit",
                                                             "--tolerance", "--manifest", "-m", "--language", "--png", "--scale", "--view",
                                                             "--direction", "--line-break-strategy", "--jobs", "-j", "--first-line", "--key", "--variation"],
                                      boolean: ["--pretty", "-h", "--help", "--ndjson", "--quiet", "-q"], command: "layout")
        if arguments.flag("-h", "--help") {
            StandardStreams.writeOutput(Help.layout)
            return .success
        }
        guard arguments.positional.count <= 1 else { throw UsageError(message: "layout takes one input (a file or '-')") }
        let input = arguments.positional.first ?? "-"
        let ndjson = arguments.flag("--ndjson")
        if ndjson {
            guard input == "-" else { throw UsageError(message: "--ndjson reads standard input; it takes no file") }
            try arguments.reject(["--hit"], "does not apply with --ndjson: a record's \"hits\" are its points")
            try arguments.reject(["--png", "--scale"], "does not apply with --ndjson, which writes JSON lines only")
            try arguments.reject(["--pretty"], "does nothing with --ndjson, which writes one compact JSON line per record")
        } else {
            try arguments.reject(["--jobs", "-j", "--first-line"], "applies only to --ndjson (stream mode)")
        }
        var request: LayoutRequest
        if let name = arguments.value("--view") {
            // The view's geometry from the manifest; flags given beside --view override it.
            let found = try CompileCommand.loadManifest(arguments.value("--manifest", "-m"), inputs: [input])
            guard let view = found.manifest.views[name] else {
                let known = found.manifest.views.keys.sorted()
                throw UsageError(message: "--view \(name): the manifest declares no such view"
                                 + (known.isEmpty ? " (it has no \"views\")" : " (its views: \(known.joined(separator: ", ")))"), suggestHelp: false)
            }
            do {
                request = try view.layoutRequest(size: try number(arguments, "--size") ?? view.size, language: nil,
                                                 manifestDirectory: found.manifest.directory)
            } catch {
                throw UsageError(message: "--view \(name): \(error)", suggestHelp: false)
            }
            if let width = try number(arguments, "--width") { request.width = width }
            if arguments.value("--font") != nil || arguments.value("--bold-font") != nil || !arguments.values("--fallback-font").isEmpty {
                request.fonts = try fonts(arguments)
            }
        } else {
            // A stream's records may each give their width and size.
            request = LayoutRequest(width: try number(arguments, "--width", required: !ndjson) ?? 1, fonts: try fonts(arguments),
                                    size: try number(arguments, "--size", required: !ndjson) ?? 1)
        }
        if let profile = arguments.value("--profile") {
            switch profile.lowercased() {
            case "textview", "uitextview": request.profile = .textView
            case "label", "uilabel": request.profile = .label
            default: throw UsageError(message: "--profile \(profile) is not textview or label")
            }
        }
        if let language = arguments.value("--language") {
            guard !language.isEmpty, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw UsageError(message: "--language \(language) is not a language tag such as zh-Hans or en")
            }
            request.language = language
        }
        request.lineSpacing = try number(arguments, "--line-spacing") ?? request.lineSpacing
        request.paragraphSpacing = try number(arguments, "--paragraph-spacing") ?? request.paragraphSpacing
        request.lineHeightMultiple = try number(arguments, "--line-height-multiple") ?? 0
        request.minimumLineHeight = try number(arguments, "--min-line-height") ?? 0
        request.maximumLineHeight = try number(arguments, "--max-line-height") ?? 0
        request.lineFragmentPadding = try number(arguments, "--padding") ?? request.lineFragmentPadding
        if let alignment = arguments.value("--alignment") {
            guard let value = Alignment(rawValue: alignment) else {
                throw UsageError(message: "--alignment \(alignment) is not one of " + Alignment.allCases.map(\.rawValue).joined(separator: ", "))
            }
            request.alignment = value
        }
        if let direction = arguments.value("--direction") {
            guard let value = BaseDirection(rawValue: direction) else {
                throw UsageError(message: "--direction \(direction) is not one of " + BaseDirection.allCases.map(\.rawValue).joined(separator: ", "))
            }
            request.baseDirection = value
        }
        if let strategy = arguments.value("--line-break-strategy") {
            guard let value = LineBreakStrategy(name: strategy) else {
                throw UsageError(message: "--line-break-strategy \(strategy) is not standard, none, or a comma list of push-out and hangul-word-priority")
            }
            request.lineBreakStrategy = value
        }
        if let insets = arguments.value("--insets") {
            let parts = insets.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let t = parts[0], let l = parts[1], let b = parts[2], let r = parts[3], [t, l, b, r].allSatisfy({ $0 >= 0 }) else {
                throw UsageError(message: "--insets \(insets) is not four numbers T,L,B,R (e.g. 8,0,8,0)")
            }
            request.insets = EdgeInsets(top: t, left: l, bottom: b, right: r)
        }
        if let maxLines = arguments.value("--max-lines") {
            guard let value = Int(maxLines), value >= 0 else { throw UsageError(message: "--max-lines \(maxLines) is not a whole number ≥ 0") }
            request.maximumLines = value
        }
        let token = arguments.value("--token") ?? "…"
        guard !token.isEmpty else { throw UsageError(message: "--token is empty: a cut line would not show that text was cut") }
        request.truncationToken = TruncationToken(text: token, action: arguments.value("--token-action"))
        let hasWidth = arguments.value("--view") != nil || arguments.value("--width") != nil
        let hasSize = arguments.value("--view") != nil || arguments.value("--size") != nil
        do {
            // A stream without --width or --size checks the other settings here, its records the rest.
            var checked = request
            if !hasWidth { checked.width = LayoutBounds.length.upperBound }
            if !hasSize { checked.size = 16 }
            try checked.validate()
        } catch {
            let source = arguments.value("--view").map { "--view \($0): " } ?? ""
            throw UsageError(message: source + Self.flag(of: error) + " " + error.message)
        }
        let hits = try arguments.values("--hit").map { spec -> Point in
            let parts = spec.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let x = parts[0], let y = parts[1] else { throw UsageError(message: "--hit \(spec) is not a point X,Y") }
            do {
                try LayoutInputError.check(x, "x", in: LayoutBounds.coordinate)
                try LayoutInputError.check(y, "y", in: LayoutBounds.coordinate)
            } catch {
                throw UsageError(message: "--hit \(spec): \(error)")
            }
            return Point(x: x, y: y)
        }
        let tolerance = try number(arguments, "--tolerance") ?? 2
        do { try LayoutInputError.check(tolerance, "--tolerance", in: LayoutBounds.tolerance) } catch { throw UsageError(message: "\(error)") }
        if ndjson {
            let found = try CompileCommand.loadManifest(arguments.value("--manifest", "-m"), inputs: ["-"])
            let defaults = LayoutStream.Defaults(request: request, hasWidth: hasWidth, hasSize: hasSize, tolerance: tolerance,
                                                 manifest: found.manifest)
            return try LayoutStream.run(defaults: defaults, jobs: try CompileCommand.jobs(arguments.value("--jobs", "-j")),
                                        firstLine: try CompileCommand.firstLine(arguments.value("--first-line")),
                                        progress: ProgressLine(enabled: ProgressLine.wanted(quiet: arguments.flag("--quiet", "-q"))))
        }
        let scale = arguments.value("--scale") ?? "2"
        guard let pngScale = Int(scale), [2, 3].contains(pngScale) else { throw UsageError(message: "--scale \(scale) is not 2 or 3") }
        if arguments.value("--png") == nil && arguments.value("--scale") != nil { throw UsageError(message: "--scale needs --png FILE") }

        let bytes = input == "-" ? try StandardStreams.readStandardInput() : try FileIO.read(path: input)
        let name = input == "-" ? "<stdin>" : input
        var status = ExitStatus.success
        let document: Document
        let format = LocalizationFile.format(forPath: input)
        // Read once: the JSON object of a .json file (or of standard input), whatever it turns out to be.
        let json = Self.jsonObject(bytes, path: input)
        let bundle = input.lowercased().hasSuffix(".json") ? json.flatMap { InputCheck.isBundle($0) ? $0 : nil } : nil
        if let key = arguments.value("--key") {
            guard format != nil || bundle != nil else {
                throw UsageError(message: "--key picks a string of a localization file (.xcstrings, .strings, strings.xml) or of a compiled bundle; \(name) is copy")
            }
            let found = try CompileCommand.loadManifest(arguments.value("--manifest", "-m"), inputs: [input])
            let strings: [(language: String, variation: String, document: Document)]
            if let format {
                let compiled = CompileLocalization.compile(bytes, name: name, format: format, language: nil,
                                                           compiler: Compiler(manifest: found.manifest), reporter: DiagnosticPrinter(),
                                                           progress: ProgressLine(enabled: false))
                if compiled.diagnostics.contains(where: { $0.severity == .error }) { status = .inputErrors }
                strings = compiled.strings.filter { $0.key == key }.map { ($0.language, $0.variation, $0.document) }
            } else {
                strings = try Self.bundleStrings(bundle!, key: key, name: name)
            }
            document = try Self.pick(strings, key: key, language: arguments.value("--language"),
                                     variation: arguments.value("--variation") ?? "", name: name)
        } else if format != nil || bundle != nil {
            throw UsageError(message: "\(name) is " + (bundle != nil ? "a compiled bundle" : "a localization file")
                             + ", not copy: lay out one of its strings with --key KEY [--language L]", suggestHelp: false)
        } else if let json, Set(json.keys).isSuperset(of: ["version", "text", "links"]) {  // a compiled link document
            do {
                document = try Document(jsonData: Data(bytes))
            } catch {
                throw UsageError(message: "\(name): \(error)", suggestHelp: false)
            }
        } else {
            let found = try CompileCommand.loadManifest(arguments.value("--manifest", "-m"), inputs: [input])
            let result = Compiler(manifest: found.manifest).compile(bytes, name: name, options: CompileOptions(isFile: true))
            DiagnosticPrinter().print(result.diagnostics)
            if result.hasErrors { status = .inputErrors }
            guard let compiled = result.document else { return .inputErrors }
            document = compiled
        }
        // The request, the hits and the tolerance were checked above; what is left to throw is a
        // picture too large for memory, which depends on the text's height.
        let layout: TextLayout
        var out: [UInt8]
        do {
            layout = try Typesetter.layout(document, request)
            // The picture first: a file that cannot be written is an I/O error with nothing printed.
            if let path = arguments.value("--png") {
                let image = try PreviewRenderer.render(layout, document: document, request: request, scale: pngScale, tolerance: tolerance)
                try FileIO.writeAtomically(try image.pngData(), to: path)
            }
            out = try LayoutJSON.write(layout, document: document, request: request, hits: hits, tolerance: tolerance)
        } catch let error as LayoutInputError {
            throw UsageError(message: (error.name == "picture" ? "--png: " : "") + error.description, suggestHelp: false)
        }
        if arguments.flag("--pretty") { out = JSONFormatter.prettyPrinted(out) }
        out.append(0x0A)
        StandardStreams.writeOutput(bytes: out)
        return status
    }

    /// The documents of `key` in a compiled bundle, by language and variation.
    private static func bundleStrings(_ bundle: [String: Any], key: String, name: String) throws
        -> [(language: String, variation: String, document: Document)] {
        guard let strings = bundle["strings"] as? [String: Any], let languages = strings[key] as? [String: Any] else { return [] }
        var out: [(language: String, variation: String, document: Document)] = []
        for (language, value) in languages.sorted(by: { $0.key < $1.key }) {
            // A language's value is a document, or an object of variations ("plural.one": document).
            let variations: [(String, Any)] = (value as? [String: Any]).map { $0["text"] != nil ? [("", $0)] : $0.sorted { $0.key < $1.key } } ?? []
            for (variation, object) in variations {
                do {
                    out.append((language, variation, try Document(jsonData: try JSONSerialization.data(withJSONObject: object))))
                } catch {
                    throw UsageError(message: "\(name): the string \(key) (\(language)) is not a link document: \(error)", suggestHelp: false)
                }
            }
        }
        return out
    }

    /// The document of `key` in `language` (the only language, when there is one and none is asked
    /// for) and `variation` ("" for the plain string); a usage error naming what there is otherwise.
    private static func pick(_ strings: [(language: String, variation: String, document: Document)], key: String,
                             language: String?, variation: String, name: String) throws -> Document {
        guard !strings.isEmpty else { throw UsageError(message: "\(name) has no string with the key \(key)", suggestHelp: false) }
        let languages = Array(Set(strings.map(\.language))).sorted()
        guard let chosen = language ?? (languages.count == 1 ? languages[0] : nil) else {
            throw UsageError(message: "the string \(key) of \(name) is in \(languages.joined(separator: ", ")): choose one with --language", suggestHelp: false)
        }
        let inLanguage = strings.filter { $0.language == chosen }
        guard !inLanguage.isEmpty else {
            throw UsageError(message: "the string \(key) of \(name) has no \(chosen) text (it is in \(languages.joined(separator: ", ")))", suggestHelp: false)
        }
        guard let match = inLanguage.first(where: { $0.variation == variation }) else {
            throw UsageError(message: "the string \(key) (\(chosen)) of \(name) has the variations "
                             + inLanguage.map { $0.variation.isEmpty ? "(plain)" : $0.variation }.joined(separator: ", ") + ": choose one with --variation", suggestHelp: false)
        }
        return match.document
    }

    /// The JSON object a .json file (or standard input) holds, when it holds one: a compiled link
    /// document or bundle rather than copy.
    private static func jsonObject(_ bytes: [UInt8], path: String) -> [String: Any]? {
        guard path == "-" || path.lowercased().hasSuffix(".json"), bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "{")
        else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    }

    /// The command-line flag that sets the request's `error.name`.
    private static func flag(of error: LayoutInputError) -> String {
        if error.name.hasPrefix("insets.") { return "--insets (\(error.name.dropFirst("insets.".count)))" }
        let flags = ["width": "--width", "size": "--size", "lineSpacing": "--line-spacing", "paragraphSpacing": "--paragraph-spacing",
                     "lineHeightMultiple": "--line-height-multiple", "minimumLineHeight": "--min-line-height",
                     "maximumLineHeight": "--max-line-height", "lineFragmentPadding": "--padding", "maximumLines": "--max-lines"]
        return flags[error.name] ?? error.name
    }

    private static func number(_ arguments: Arguments, _ name: String, required: Bool = false) throws -> Double? {
        guard let text = arguments.value(name) else {
            if required { throw UsageError(message: "layout needs \(name)") }
            return nil
        }
        guard let value = Double(text), value.isFinite, value >= 0 else { throw UsageError(message: "\(name) \(text) is not a number ≥ 0") }
        return value
    }

    private static func fonts(_ arguments: Arguments) throws -> FontSet {
        func open(_ spec: String, _ flag: String) throws -> OpenTypeFont {
            guard let file = FontFile(parsing: spec) else { throw UsageError(message: "\(flag) \(spec) is not FILE or FILE#INDEX", suggestHelp: false) }
            do { return try OpenTypeFont(file) } catch { throw UsageError(message: "\(flag): \(error)", suggestHelp: false) }
        }
        let fallbackSpecs = arguments.values("--fallback-font")
        let fallbacks = try fallbackSpecs.map { try open($0, "--fallback-font") }
        if let regular = arguments.value("--font") {
            let bold = try arguments.value("--bold-font").map { try open($0, "--bold-font") }
            var set = FontSet(regular: try open(regular, "--font"), bold: bold, fallbacks: fallbacks)
            if fallbackSpecs.isEmpty { set.fallbacks = (try? FontSet.debianDefault())?.fallbacks ?? [] }
            return set
        }
        guard var set = try? FontSet.debianDefault() else {
            throw UsageError(message: "no --font given and the default font \(FontFile.notoSansCJKSC) is not installed "
                + "(Debian: apt-get install fonts-noto-cjk)", suggestHelp: false)
        }
        if let bold = arguments.value("--bold-font") { set.bold = try open(bold, "--bold-font") }
        if !fallbackSpecs.isEmpty { set.fallbacks = fallbacks }
        return set
    }
}
#endif
