import LinkDocBase
import LinkDocModel

/// Generates the Swift file of typed accessors that LinkDocPlugin adds to a
/// target: one constant per copy file and per key of each localization table, so
/// that a mistyped name fails at compile time instead of at run time. A key whose
/// source-language text has placeholders, or that has plural variations, is a function
/// of its arguments, typed from the placeholders (`%lld` → `Int`, `%@` → `String` or a
/// `Document`, `%f` → `Double`, in argument order, `%2$@` included); the count of a plural
/// key selects its variation in each language (`LinkDocBundle.document(key:languages:count:)`).
///
///     enum LinkDocStrings {
///         /// privacy-dialog.txt: "请阅读《用户协议》和《隐私政策》…"
///         static let privacyDialog = _linkDocResource(name: "privacy-dialog")         // a LinkDocResource
///         /// Localizable.xcstrings
///         enum Localizable {
///             /// privacy_dialog: "Read the 《Terms of Service》" (en)
///             static let privacyDialog = _linkDocKey(table: "Localizable", key: "privacy_dialog")   // a LinkDocKey
///             /// unread_messages: "%lld unread messages" (en, plural.other)
///             static func unreadMessages(_ count: Swift.Int) -> LinkDocKey { … }
///         }
///     }
///
/// The resource of a file is named after its base name without the extension
/// (`privacy-dialog.json`, `Localizable.json`), after the subfolders of the copy folder
/// it is in, joined by dots (`Copy/onboarding/welcome.txt` → `onboarding.welcome.json`,
/// reached as `LinkDocStrings.Onboarding.welcome`), because a target's resources are one flat
/// folder. A table in several `*.lproj` folders is one resource. The plugin names its
/// outputs the same way. With `access: .public` the accessors are public, for a module
/// whose copy other modules show.
public enum SwiftAccessors {
    public struct Source: Sendable {
        public enum Kind: Sendable {
            /// A copy file, with its text for the doc comment.
            case document(text: String?)
            case table(keys: [Key])
        }
        /// The file (a table's files, comma-separated), for messages.
        public var path: String
        public var kind: Kind
        /// The subfolders of the copy folder that the file is in, outermost first.
        public var folders: [String]

        public init(path: String, kind: Kind, folders: [String] = []) {
            self.path = path
            self.kind = kind
            self.folders = folders
        }

        /// The resource name: the subfolders and the base name without its extension, joined by dots.
        public var resourceName: String { (folders + [Self.resourceName(forPath: path)]).joined(separator: ".") }

        public static func resourceName(forPath path: String) -> String {
            let base = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
            return String(base[..<dot])
        }
    }

    /// One key of a table.
    public struct Key: Sendable {
        public var name: String
        /// The text in the source language (its `plural.other` for a plural key): the doc comment
        /// shows it, and its placeholders are the accessor's parameters.
        public var sourceText: String?
        /// The language of `sourceText`.
        public var sourceLanguage: String?
        /// Whether some language has plural variations (`plural.*`): the accessor takes the count.
        public var isPlural: Bool

        public init(_ name: String, sourceText: String? = nil, sourceLanguage: String? = nil, isPlural: Bool = false) {
            self.name = name
            self.sourceText = sourceText
            self.sourceLanguage = sourceLanguage
            self.isPlural = isPlural
        }
    }

    public enum Access: String, Sendable { case `internal`, `public` }

    /// Where the compiled resources are at run time: a SwiftPM target's `Bundle.module`, or,
    /// in an Xcode target (which has no `Bundle.module`), the bundle that holds the target's
    /// own code: the app's main bundle, or a framework's bundle.
    public enum ResourceBundle: String, Sendable, CaseIterable {
        case module, target

        var expression: String {
            switch self {
            case .module: "Foundation.Bundle.module"
            case .target: "Foundation.Bundle(for: _LinkDocBundleToken.self)"
            }
        }
    }

    /// Two names in one scope that would be the same accessor, or resources whose names differ
    /// only in case: each message names both, as the build error the plugin shows.
    public struct NameCollisions: Error, CustomStringConvertible, Sendable {
        public var messages: [String]
        public var description: String { messages.joined(separator: "\n") }
    }

    /// `linkScheme`: the manifest's `options.linkScheme`, which the accessors' `attributedString`
    /// gives to links without a URL of their own (`myapp://action/expand`, see `LinkScheme`).
    ///
    /// Every accessor's name is a pure function of its key or file name, so an accessor never
    /// moves to another string when keys are added: two keys, files or folders that would get
    /// the same name in one enum, and two resources whose names differ only in case (one file
    /// on a case-insensitive disk), throw `NameCollisions` naming both.
    public static func generate(typeName: String, sources: [Source], access: Access = .internal,
                                resourceBundle: ResourceBundle = .module,
                                linkScheme: String? = nil) throws(NameCollisions) -> String {
        var collisions = resourceCollisions(sources)
        let modifier = access == .public ? "public " : ""
        // The library's types are named with their module (`LinkDocModel.Document`) and the
        // accessors below build their values through private functions named `_linkDoc…`, a
        // spelling no accessor can have (`identifier`): so no table, folder or key name, nor a
        // type of the app's own called `Document`, can shadow what this code refers to.
        var out = """
        // Generated by `linkdoc compile --swift-accessors` (LinkDocPlugin). Do not edit.
        import Foundation
        import LinkDocModel

        /// A compiled copy file among this target's resources.
        \(modifier)struct LinkDocResource: Swift.Hashable, Swift.Sendable {
            \(modifier)let name: Swift.String

            /// The compiled link document.
            \(modifier)func document() throws -> LinkDocModel.Document {
                try LinkDocModel.Document(jsonData: try LinkDocResourceLoader.data(named: name))
            }

            /// The document with every link tappable: links without a URL get one in
            /// `\(typeName).linkScheme`, the manifest's `options.linkScheme`.
            \(modifier)func attributedString() throws -> Foundation.AttributedString {
                try document().attributedString(linkScheme: _linkDocLinkScheme)
            }
        }

        /// A key of a compiled localization table among this target's resources, with the
        /// arguments of its placeholders and the count that selects its plural variation.
        \(modifier)struct LinkDocKey: Swift.Hashable, Swift.Sendable {
            \(modifier)let table: Swift.String
            \(modifier)let key: Swift.String
            \(modifier)var count: Swift.Int? = nil
            \(modifier)var arguments: [LinkDocModel.FormatArgument] = []

            /// The document for `language` (default: the user's preferred languages, then
            /// the table's source language): the variation that `count` selects, or the variation
            /// path given (e.g. "plural.one"), with the arguments filled in.
            \(modifier)func document(language: Swift.String? = nil, variation: Swift.String = "") throws -> LinkDocModel.Document {
                let bundle = try LinkDocResourceLoader.bundle(named: table)
                let languages = language.map { [$0] } ?? Foundation.Locale.preferredLanguages
                let document = if let count, variation.isEmpty {
                    try bundle.document(key: key, languages: languages, count: count)
                } else {
                    try bundle.document(key: key, languages: languages, variation: variation)
                }
                return arguments.isEmpty ? document : try document.formatted(arguments)
            }

            /// `document(language:variation:)` with every link tappable (see `LinkDocResource.attributedString()`).
            \(modifier)func attributedString(language: Swift.String? = nil, variation: Swift.String = "") throws -> Foundation.AttributedString {
                try document(language: language, variation: variation).attributedString(linkScheme: _linkDocLinkScheme)
            }
        }

        enum LinkDocResourceLoader {
            private static let cache = LinkDocModel.LinkDocBundleCache()

            static func data(named name: Swift.String) throws -> Foundation.Data {
                guard let url = \(resourceBundle.expression).url(forResource: name, withExtension: "json") else {
                    throw LinkDocModel.LinkDocBundle.LookupError.missingResource(name)
                }
                return try Foundation.Data(contentsOf: url)
            }

            static func bundle(named name: Swift.String) throws -> LinkDocModel.LinkDocBundle {
                try cache.bundle(named: name) { try LinkDocModel.LinkDocBundle(jsonData: try data(named: name)) }
            }
        }

        \(resourceBundle == .target ? "/// Names the bundle that holds this target's code (`Bundle(for:)`).\nprivate final class _LinkDocBundleToken {}\n" : "")private let _linkDocLinkScheme: LinkDocModel.LinkScheme? = \(linkScheme.map { "LinkDocModel.LinkScheme(\(literal($0)))" } ?? "nil")
        private func _linkDocResource(name: Swift.String) -> LinkDocResource { LinkDocResource(name: name) }
        private func _linkDocKey(table: Swift.String, key: Swift.String, count: Swift.Int? = nil,
                                 arguments: [LinkDocModel.FormatArgument] = []) -> LinkDocKey {
            LinkDocKey(table: table, key: key, count: count, arguments: arguments)
        }


        """
        out += "\(modifier)enum \(typeName) {\n"
        out += "    /// The manifest's options.linkScheme: turn a tapped URL back into its payload with `linkScheme?.target(of: url)`.\n"
        out += "    \(modifier)static let linkScheme = _linkDocLinkScheme\n"
        var root = IdentifierScope(path: typeName)
        _ = root.claim("linkScheme", for: "the manifest's link scheme (\(typeName).linkScheme)")
        members(of: sources, depth: 0, scope: root, indent: "    ", modifier: modifier, into: &out, collisions: &collisions)
        out += "}\n"
        guard collisions.isEmpty else { throw NameCollisions(messages: collisions) }
        return out
    }

    /// Resources are files of one folder: names that differ only in case (`Legal`, `legal`), or
    /// only in how an accent is encoded (String's equality is canonical), are one file on a Mac's disk.
    private static func resourceCollisions(_ sources: [Source]) -> [String] {
        var first: [String: Source] = [:]
        var messages: [String] = []
        for source in sources {
            let folded = String(String.UnicodeScalarView(source.resourceName.unicodeScalars.flatMap { $0.properties.lowercaseMapping.unicodeScalars }))
            if let other = first[folded], other.resourceName == source.resourceName {
                messages.append("\(other.path) and \(source.path) would both be the resource '\(source.resourceName).json'; rename one")
            } else if let other = first[folded] {
                messages.append("\(other.path) and \(source.path) would be the resources '\(other.resourceName).json' and "
                    + "'\(source.resourceName).json', one file on a case-insensitive disk (every Mac); rename one")
            } else {
                first[folded] = source
            }
        }
        return messages
    }

    /// The members of one enum: the sources directly in it, then an enum per subfolder.
    private static func members(of sources: [Source], depth: Int, scope: IdentifierScope, indent: String, modifier: String,
                                into out: inout String, collisions: inout [String]) {
        var scope = scope
        let ordered = sources.sorted { $0.resourceName.utf8.lexicographicallyPrecedes($1.resourceName.utf8) }
        for source in ordered where source.folders.count == depth {
            let base = Source.resourceName(forPath: source.path)
            switch source.kind {
            case .document(let text):
                let name = scope.claim(identifier(base, upper: false), for: "the copy file \(source.path)")
                let file = (source.folders + [source.path.split(separator: "/").last.map(String.init) ?? source.path]).joined(separator: "/")
                out += "\(indent)/// \(comment(file))\(text.map { ": " + quoted($0) } ?? "")\n"
                out += "\(indent)\(modifier)static let \(name) = _linkDocResource(name: \(literal(source.resourceName)))\n"
            case .table(let keys):
                let name = scope.claim(identifier(base, upper: true), for: "the table \(source.path)")
                out += "\(indent)/// \(comment(displayNames(source.path)))\n"
                out += "\(indent)\(modifier)enum \(name) {\n"
                var keyScope = IdentifierScope(path: scope.path + "." + name.trimmingBackticks)
                var seen = Set<[UInt8]>()
                for key in keys.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) where seen.insert(Array(key.name.utf8)).inserted {
                    let member = keyScope.claim(identifier(key.name, upper: false), for: "the key \(literal(key.name))")
                    out += keyAccessor(key, member: member, table: source.resourceName, indent: indent + "    ", modifier: modifier)
                }
                collisions += keyScope.collisions
                out += "\(indent)}\n"
            }
        }
        var folders: [String] = []
        for source in ordered where source.folders.count > depth && !folders.contains(source.folders[depth]) {
            folders.append(source.folders[depth])
        }
        for folder in folders.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let name = scope.claim(identifier(folder, upper: true), for: "the folder \(folder)/")
            out += "\(indent)/// \(comment(folder))/\n"
            out += "\(indent)\(modifier)enum \(name) {\n"
            members(of: sources.filter { $0.folders.count > depth && $0.folders[depth] == folder }, depth: depth + 1,
                    scope: IdentifierScope(path: scope.path + "." + name.trimmingBackticks),
                    indent: indent + "    ", modifier: modifier, into: &out, collisions: &collisions)
            out += "\(indent)}\n"
        }
        collisions += scope.collisions
    }

    /// A key's doc comment and accessor: a constant, or a function of the placeholders' arguments
    /// and the plural count.
    private static func keyAccessor(_ key: Key, member: String, table: String, indent: String, modifier: String) -> String {
        var out = "\(indent)/// \(comment(key.name))"
        if let text = key.sourceText {
            let variation = key.isPlural ? ", plural.other" : ""
            if text != key.name || key.isPlural { out += ": \(quoted(text))" }
            if let language = key.sourceLanguage { out += " (\(comment(language))\(variation))" }
        }
        out += "\n"
        let kinds: [FormatArgumentKind]
        do {
            kinds = try key.sourceText.map(Document.argumentKinds(of:)) ?? []
        } catch {
            // The accessor stays a constant: String(format:) could not fill these placeholders either.
            out += "\(indent)/// No typed arguments: \(comment(error.description)).\n"
            out += "\(indent)\(modifier)static let \(member) = _linkDocKey(table: \(literal(table)), key: \(literal(key.name)))\n"
            return out
        }
        guard !kinds.isEmpty || key.isPlural else {
            out += "\(indent)\(modifier)static let \(member) = _linkDocKey(table: \(literal(table)), key: \(literal(key.name)))\n"
            return out
        }
        // The plural count is the first integer argument, or a parameter of its own when the text has none.
        let countArgument = key.isPlural ? kinds.firstIndex(of: .integer) : nil
        var parameters: [String] = []
        var values: [String] = []
        if key.isPlural && countArgument == nil { parameters.append("count: Swift.Int") }
        for (i, kind) in kinds.enumerated() {
            let name = i == countArgument ? "count" : "arg\(i + 1)"
            switch kind {
            case .text:
                parameters.append("_ \(name): some LinkDocModel.FormatText")
                values.append("\(name).formatArgument")
            case .integer:
                parameters.append("_ \(name): Swift.Int")
                values.append(".int(\(name))")
            case .floatingPoint:
                parameters.append("_ \(name): Swift.Double")
                values.append(".double(\(name))")
            }
        }
        let count = key.isPlural ? "count" : "nil"
        out += "\(indent)\(modifier)static func \(member)(\(parameters.joined(separator: ", "))) -> LinkDocKey {\n"
        out += "\(indent)    _linkDocKey(table: \(literal(table)), key: \(literal(key.name)), count: \(count), arguments: [\(values.joined(separator: ", "))])\n"
        out += "\(indent)}\n"
        return out
    }

    /// A table's files for its doc comment, without the folders above their language folders
    /// (the plugin gives absolute paths): `en.lproj/Legal.strings, zh-Hans.lproj/Legal.strings`.
    static func displayNames(_ paths: String) -> String {
        paths.components(separatedBy: ", ").map { path in
            let parts = path.split(separator: "/")
            guard parts.count >= 2 else { return path }
            let folder = parts[parts.count - 2]
            return folder.hasSuffix(".lproj") || folder.hasPrefix("values") ? "\(folder)/\(parts.last!)" : String(parts.last!)
        }.joined(separator: ", ")
    }

    /// Text quoted on one comment line, cut at 120 characters.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 120 ? text.prefix(119) + "…" : Substring(text)
        return "\"" + comment(String(cut)) + "\""
    }

    /// The names of one enum's members and what each names. A name is never changed to make
    /// room: a second claim of a name is a collision, reported with both owners.
    struct IdentifierScope {
        /// The enum's Swift path, for messages (`LinkDocStrings.Localizable`).
        var path: String
        var owners: [String: String] = [:]
        var collisions: [String] = []

        init(path: String) { self.path = path }

        mutating func claim(_ name: String, for owner: String) -> String {
            let bare = name.trimmingBackticks
            if let other = owners[bare] {
                collisions.append("\(other) and \(owner) would both be \(path).\(bare); rename one")
            } else {
                owners[bare] = owner
            }
            return name
        }
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "some", "any",
    ]

    /// A Swift identifier for a key or file name: words split at anything that is
    /// not a letter or digit, joined in camel case (`privacy-dialog` → `privacyDialog`,
    /// `settings.title` → `settingsTitle`, `隐私弹窗` stays as it is).
    static func identifier(_ raw: String, upper: Bool) -> String {
        var words: [String] = []
        var current = ""
        for scalar in raw.unicodeScalars {
            let ok = scalar.isASCII ? (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                                    : scalar.properties.isXIDContinue
            if ok { current.unicodeScalars.append(scalar) } else if !current.isEmpty { words.append(current); current = "" }
        }
        if !current.isEmpty { words.append(current) }
        var name = ""
        for (n, word) in words.enumerated() {
            let first = word.prefix(1), rest = word.dropFirst()
            if n == 0 && !upper {
                // Keep an all-caps word such as `URL` readable: `URL` → `url`, `OK_button` → `okButton`.
                name += word == word.uppercased() ? word.lowercased() : first.lowercased() + rest
            } else {
                name += first.uppercased() + rest
            }
        }
        if name.isEmpty { name = upper ? "Key" : "key" }
        if let first = name.unicodeScalars.first, !(first.properties.isXIDStart || first == "_") { name = "_" + name }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal of `s`.
    static func literal(_ s: String) -> String {
        "\"" + Escaping.swiftEscaped(s, quotes: true) + "\""
    }

    /// Text safe on one comment line.
    static func comment(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 }))
    }
}

private extension String {
    var trimmingBackticks: String { hasPrefix("`") ? String(dropFirst().dropLast()) : self }
}
