import LinkDocCore
import LinkDocXML

/// Reads Android string resources (`res/values*/strings.xml`):
///
///     <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
///         <string name="privacy">请阅读《用户协议》</string>          → key privacy
///         <string-array name="tips"><item>…</item><item>…</item></string-array>
///                                                                     → tips: item.0, item.1
///         <plurals name="unread"><item quantity="one">…</item></plurals>
///                                                                     → unread: plural.one
///     </resources>
///
/// Also `<item type="string" name="…">` (a string), `translatable="false"`
/// strings (compiled like the others) and `product="tablet"` (variation
/// `product.tablet`, before any `item.N` or `plural.X`; the default product has
/// none). Other resources (`<color>`, `<dimen>`, `<style>`, `<array>`,
/// `<integer-array>`, …) are skipped.
///
/// A value that is a resource reference is not text of its own: `@string/name` (a string,
/// or an array or plurals item, that aliases another string) gets the value of the string
/// `name`, looked up in this file, then in the other files of its folder set (`siblings`:
/// the other `*.xml` files of its folder and of the default `values/` folder, as aapt2
/// merges them), as Android does at run time. A reference that cannot be resolved
/// (`@string/missing`, `@android:string/ok`, `?attr/x`, `@null`) is reported
/// (`android-reference`) and its value left out, never dropped without a word.
///
/// libxml2's XML parser (LinkDocXML, which never expands or loads an entity) gives the
/// structure; each value's text is decoded from the file's own bytes by
/// `AndroidValueDecoder` (XML references, the DOCTYPE's internal entities as
/// `AndroidEntities` bounds them, CDATA, inline tags, Android escapes and
/// whitespace), so every diagnostic points at the right line and column.
///
/// The language is the caller's (from the `values-…` folder, or `--language`);
/// when that is `und`, a `tools:locale="en"` on `<resources>` (what Android lint
/// reads for the default folder) gives it. A file of the default `values/`
/// folder is the fallback for every locale, so its language is also the
/// bundle's `sourceLanguage`.
///
/// Malformed XML: libxml2 reports (`xml-syntax`, with the position where it
/// noticed) and recovers, and what it recovers is read: a value whose end tag is
/// missing runs to the next end tag that closes it (with a warning if another
/// resource starts inside it) or to where libxml2 stopped. libxml2 stops for
/// good at a NUL byte and past its limits (nesting deeper than 256, 10 MB in
/// one text node); the strings before that are kept.
enum AndroidStringsReader {
    static let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"
    static let toolsNamespace = "http://schemas.android.com/tools"

    /// The strings of a folder with configuration qualifiers (`values-night`) are variations of
    /// their keys (`config.night`, `config.night.plural.one`; `AndroidResourceFolder`).
    static func read(_ raw: [UInt8], name: String, language: String,
                     siblings: (() -> [(name: String, bytes: [UInt8])])? = nil) -> LocalizationFile {
        var file = readAsDefault(raw, name: name, language: language, siblings: siblings)
        if let configuration = AndroidResourceFolder.configuration(forPath: name) {
            for index in file.strings.indices {
                let variation = file.strings[index].variation
                file.strings[index].variation = "config." + configuration + (variation.isEmpty ? "" : "." + variation)
            }
        }
        return file
    }

    /// The file's strings with their variations as a folder without configuration gives them,
    /// which is how `@string/` references are looked up across the folder set.
    private static func readAsDefault(_ raw: [UInt8], name: String, language: String,
                                      siblings: (() -> [(name: String, bytes: [UInt8])])?) -> LocalizationFile {
        let text = LocalizationText(name: name, bytes: raw)
        var walker = Walker(text: text, language: language)
        walker.walk(XMLEventParser.parse(text.bytes))
        walker.reportUnreportedEntityReferences()
        walker.resolveReferences(siblings: siblings)
        let sourceLanguage = AndroidResourceFolder.isDefaultResources(path: name) ? walker.language : nil
        var diagnostics = text.diagnostics + walker.diagnostics
        diagnostics = diagnostics.enumerated().sorted {
            let a = $0.element.location?.offset ?? -1, b = $1.element.location?.offset ?? -1
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
        return LocalizationFile(format: .androidStrings, text: text, sourceLanguage: sourceLanguage,
                                strings: walker.strings, diagnostics: diagnostics)
    }

    struct Walker {
        let text: LocalizationText
        let b: [UInt8]
        var language: String
        var strings: [LocalizedString] = []
        /// The resource each string belongs to (`string/name`, `plurals/name@tablet`),
        /// parallel to `strings`, so a duplicate resource replaces all of its strings.
        var owners: [String] = []
        var diagnostics: [Diagnostic] = []
        /// Where each resource (and each plural quantity) was first defined.
        var seen: [String: Int] = [:]
        var xliffPrefixes: Set<[UInt8]> = [Array("xliff".utf8)]
        /// The open elements, by what they are to us (libxml2's nesting, one frame per element).
        var stack: [Role] = []
        /// Values that are resource references, resolved once the whole file is read.
        var references: [Reference] = []
        /// What the XML comment right before the resource being read silences (`LocalizedString.silenced`).
        var resourceSilenced = SilencedRules.none
        /// The internal entities the DOCTYPE declares, which values' references expand.
        var entities = AndroidEntities()
        /// Where the last entity error was, for the count of those left unreported.
        var lastEntityReport = 0

        struct Reference {
            let key: String
            let variation: String
            let owner: String
            /// As written: `@string/name`, `@null`, `?attr/x`.
            let spelled: String
            /// Where it is in the file.
            let offset: Int
            /// What the comment before its resource silences (`resourceSilenced`).
            let silenced: SilencedRules
        }

        init(text: LocalizationText, language: String) {
            self.text = text
            self.b = text.bytes
            self.language = language
        }

        enum Role {
            case root
            /// A `<string>`, or an `<item>` of an array or plurals: its content is a value.
            case value(key: String, variation: String, owner: String, contentStart: Int, selfClosing: Bool)
            case array(key: String, product: String, owner: String, count: Int)
            case plurals(key: String, product: String, owner: String)
            /// An element inside a value (`<b>`, `<xliff:g>`): part of its text.
            case inline
            case ignored
            /// A value (and what is open inside it) that was ended at a resource
            /// that started inside it; its end event is ignored.
            case closedEarly
        }

        mutating func walk(_ events: [XMLEvent]) {
            // When libxml2 halts (a limit, a NUL byte) its final cursor may be reset;
            // the furthest cursor it reported is where it really stopped.
            var furthest = 0
            for event in events {
                furthest = max(furthest, event.cursor)
                switch event.kind {
                case .start(let name, let attributes):
                    start(name, attributes, cursor: event.cursor)
                case .end:
                    if let open = stack.popLast() { end(open, contentEnd: contentEnd(closedAt: event.cursor)) }
                case .doctype(let publicID, let systemID):
                    // Its internal subset's entities are read (below); an external DTD never is.
                    if publicID != nil || systemID != nil {
                        let target = [publicID.map { "PUBLIC \"\($0)\"" }, systemID.map { "SYSTEM \"\($0)\"" }].compactMap { $0 }.joined(separator: " ")
                        problem(.error, "the DOCTYPE names an external DTD (\(target)), which is never loaded",
                                rule: RuleID.xmlEntity, at: event.cursor)
                    }
                case .entityDeclaration(let declaration):
                    if let (severity, message) = entities.declare(declaration) {
                        problem(severity, message, rule: RuleID.xmlEntity, at: event.cursor)
                    }
                case .problem(let p):
                    xmlProblem(p, at: event.cursor)
                case .endOfInput:
                    // Elements libxml2 never closed (it reported why): values run to where it stopped.
                    while let open = stack.popLast() { end(open, contentEnd: furthest) }
                }
            }
        }

        // MARK: Elements

        mutating func start(_ name: XMLName, _ attributes: [XMLAttribute], cursor: Int) {
            func attribute(_ local: String, uri: String? = nil) -> String? {
                attributes.first { $0.name.local == local && $0.name.uri == uri }?.value
            }
            let tagStart = lastIndex(of: UInt8(ascii: "<"), before: cursor) ?? cursor
            if !entities.isEmpty, !isInsideValue { reportEntityReferences(inTag: tagStart..<cursor, name: name) }
            // Frames ended early (below) are still open to libxml2, not to us.
            var parent = stack.lastIndex { if case .closedEarly = $0 { false } else { true } }
            if name.uri == nil && ["string", "string-array", "array", "plurals", "item"].contains(name.local),
               let v = stack.lastIndex(where: { if case .value = $0 { true } else { false } }) {
                // A resource inside a value: the value's end tag is missing, and libxml2
                // nests what follows inside it. End the value here and read this element
                // as the value's sibling; libxml2's end events still pop our frames 1:1.
                if case .value(let key, let variation, _, _, _) = stack[v] {
                    problem(.warning, "\(place(key, variation)): <\(name.local)> inside the value; its end tag is probably missing, so the value ends here",
                            rule: RuleID.androidResource, at: tagStart)
                }
                end(stack[v], contentEnd: tagStart)
                for i in v..<stack.count { stack[i] = .closedEarly }
                parent = v > 0 ? v - 1 : nil
            }
            var role = Role.ignored
            switch parent.map({ stack[$0] }) {
            case nil:
                role = .root
                if name.local != "resources" || name.uri != nil {
                    problem(.error, "the root element is <\(name.qualified)>; Android string resources are in <resources>",
                            rule: RuleID.androidResource, at: tagStart)
                }
                if language == "und", let locale = attribute("locale", uri: AndroidStringsReader.toolsNamespace),
                   LocalizationFile.isLanguageTag(locale) {
                    language = locale
                }
            case .root?:
                guard name.uri == nil else { break }
                let product = attribute("product").flatMap { $0.isEmpty || $0 == "default" ? nil : $0 } ?? ""
                let isString = name.local == "string" || (name.local == "item" && attribute("type") == "string")
                // `<array>` is a typed array: its items may be strings (copy) or colors, drawables, ….
                let isArray = name.local == "string-array" || name.local == "array"
                guard isString || isArray || name.local == "plurals" else { break }
                guard let key = attribute("name"), !key.isEmpty else {
                    problem(.error, "<\(name.local)> has no name attribute; it is skipped", rule: RuleID.androidResource, at: tagStart)
                    break
                }
                let kind = isString ? "string" : name.local
                let owner = kind + "/" + key + (product.isEmpty ? "" : "@" + product)
                duplicate(owner, place(key, product.isEmpty ? "" : "product." + product), replacing: owner, at: tagStart)
                let prefix = product.isEmpty ? "" : "product." + product
                resourceSilenced = silenced(byCommentBefore: tagStart)
                if isString {
                    role = value(key: key, variation: prefix, owner: owner, cursor: cursor)
                } else if isArray {
                    role = .array(key: key, product: prefix, owner: owner, count: 0)
                } else {
                    role = .plurals(key: key, product: prefix, owner: owner)
                }
            case .array(let key, let product, let owner, let count)?:
                if name.local == "item" && name.uri == nil {
                    stack[parent!] = .array(key: key, product: product, owner: owner, count: count + 1)
                    role = value(key: key, variation: join(product, "item.\(count)"), owner: owner, cursor: cursor)
                } else {
                    problem(.error, "\(place(key)): <\(name.qualified)> in an array; only <item> is read",
                            rule: RuleID.androidResource, at: tagStart)
                }
            case .plurals(let key, let product, let owner)?:
                guard name.local == "item" && name.uri == nil else {
                    problem(.error, "\(place(key)): <\(name.qualified)> in <plurals>; only <item quantity=\"…\"> is read",
                            rule: RuleID.androidResource, at: tagStart)
                    break
                }
                guard let quantity = attribute("quantity") else {
                    problem(.error, "\(place(key)): a plurals <item> has no quantity attribute; it is skipped",
                            rule: RuleID.androidResource, at: tagStart)
                    break
                }
                if !XCStringsReader.pluralCategories.contains(quantity) {
                    problem(.warning, "\(place(key)): \"\(quantity)\" is not a plural quantity (zero, one, two, few, many, other); it will never be chosen",
                            rule: RuleID.pluralCategory, at: tagStart)
                }
                let variation = join(product, "plural." + quantity)
                let itemOwner = owner + "#" + quantity
                duplicate(itemOwner, "quantity \"\(quantity)\" in \(place(key))", replacing: itemOwner, at: tagStart)
                role = value(key: key, variation: variation, owner: itemOwner, cursor: cursor)
            case .value?, .inline?:
                role = .inline
                if name.uri == AndroidStringsReader.xliffNamespace, let prefix = name.prefix {
                    xliffPrefixes.insert(Array(prefix.utf8))
                }
            case .ignored?, .closedEarly?:
                break
            }
            stack.append(role)
        }

        func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }

        /// Whether an element starting now is inside a value (part of its text).
        var isInsideValue: Bool {
            switch stack.last { case .value?, .inline?: true; default: false }
        }

        /// References to the file's internal entities in the attributes of a resource element
        /// (`<string name="&x;">`): libxml2 reads the attribute without them, and only values
        /// expand entities, so each is an error.
        mutating func reportEntityReferences(inTag tag: Range<Int>, name: XMLName) {
            let content = XMLContent(b: b, xliffPrefixes: xliffPrefixes)
            for reference in content.entityReferences(in: [.tag(tag)], isDeclared: { entities.isDeclared($0) }) {
                problem(.error, "the entity reference &\(reference.name); in an attribute of <\(name.qualified)> is not expanded (entities are expanded in values only); the attribute is read without it",
                        rule: RuleID.xmlEntity, at: reference.range.lowerBound)
            }
        }

        /// The entity errors past `AndroidEntities.maxReportedReferences`, counted in one.
        mutating func reportUnreportedEntityReferences() {
            guard entities.unreportedReferences > 0 else { return }
            problem(.error, "\(entities.unreportedReferences) more entity references that are not expanded are not shown",
                    rule: RuleID.xmlEntity, at: lastEntityReport)
        }

        /// How messages name a string: `key "unread" (zh-CN, plural.one)`, as `LocalizedString.label` does.
        func place(_ key: String, _ variation: String = "") -> String {
            "key \"\(key)\" (\(language)\(variation.isEmpty ? "" : ", " + variation))"
        }

        /// A value starts after its start tag's '>' (libxml2's cursor is on it), or
        /// is empty when the tag ends with "/>".
        func value(key: String, variation: String, owner: String, cursor: Int) -> Role {
            let content = XMLElementContent.start(cursor: cursor, in: b)
            return .value(key: key, variation: variation, owner: owner, contentStart: content.offset, selfClosing: content.isEmpty)
        }

        /// The start of the end tag that libxml2's cursor is just past, or the
        /// cursor itself when libxml2 closed the element without one.
        func contentEnd(closedAt cursor: Int) -> Int { XMLElementContent.end(cursor: cursor, in: b) }

        mutating func end(_ role: Role, contentEnd: Int) {
            guard case .value(let key, let variation, let owner, let contentStart, let selfClosing) = role else { return }
            let content = selfClosing ? contentStart..<contentStart : contentStart..<max(contentStart, contentEnd)
            let label = place(key, variation)
            var decoder = AndroidValueDecoder(text: text, xliffPrefixes: xliffPrefixes, label: label, start: content.lowerBound)
            var pieces = decoder.pieces(content, entities: &entities)
            // So far the decoder has reported only the entities it did not expand.
            if let last = decoder.diagnostics.last?.location?.offset { lastEntityReport = last }
            let hasTags = pieces.contains { if case .tag = $0 { true } else { false } }
            if !hasTags {
                pieces = AndroidValueDecoder.trimmed(pieces, bytes: decoder.b)
                if isResourceReference(pieces, bytes: decoder.b), case .text(let r) = pieces[0] {
                    diagnostics += decoder.diagnostics
                    let spelled = String(decoding: decoder.b[r], as: UTF8.self)
                    // An item of a typed <array> that names a color, a drawable or a dimension is no
                    // copy; its string items are, and keep their positions (item.N).
                    if owner.hasPrefix("array/") && Self.stringName(spelled) == nil { return }
                    references.append(Reference(key: key, variation: variation, owner: owner, spelled: spelled,
                                                offset: decoder.fileOffset(r.lowerBound), silenced: resourceSilenced))
                    return
                }
            }
            decoder.decode(pieces)
            diagnostics += decoder.diagnostics
            strings.append(LocalizedString(key: key, language: language, variation: variation,
                                           value: decoder.builder.bytes, map: decoder.builder.map, silenced: resourceSilenced))
            owners.append(owner)
        }

        /// The rules a `<!-- linkdoc-disable-next-line … -->` silences that stands before `tagStart`
        /// with only white space between: libxml2's events have no comments, and one inside a value
        /// is dropped with them, so the resource's own comment is read from the bytes.
        func silenced(byCommentBefore tagStart: Int) -> SilencedRules {
            var end = tagStart
            while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(b[end - 1]) { end -= 1 }
            guard end >= 7, b[(end - 3)..<end].elementsEqual("-->".utf8) else { return .none }
            // A comment has no "--" inside, so the last "<!--" before its end is its start.
            var open = end - 7
            while open >= 0 && !b[open..<(open + 4)].elementsEqual("<!--".utf8) { open -= 1 }
            guard open >= 0 else { return .none }
            return SilencedRules(comment: String(decoding: b[(open + 4)..<(end - 3)], as: UTF8.self))
        }

        /// `@string/name`, `@android:string/ok`, `?attr/name`, `@null`, `@empty`:
        /// aapt2 reads these as references to other resources, not as text.
        func isResourceReference(_ pieces: [AndroidValueDecoder.Piece], bytes b: [UInt8]) -> Bool {
            guard pieces.count == 1, case .text(let r) = pieces[0], r.count >= 2,
                  b[r.lowerBound] == UInt8(ascii: "@") || b[r.lowerBound] == UInt8(ascii: "?") else { return false }
            let rest = b[r.lowerBound + 1..<r.upperBound]
            let allowed = rest.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || "_.:/+*".utf8.contains($0)
            }
            return allowed && (rest.contains(UInt8(ascii: "/")) || rest.elementsEqual("null".utf8) || rest.elementsEqual("empty".utf8))
        }

        /// Gives each `@string/name` reference the value of `name`: a string of this file (its
        /// default product, which may itself be a reference: chains resolve), else of the first
        /// sibling file that has it. Siblings are read only when a reference is left. A value from
        /// this file keeps its map (diagnostics point at the string referred to); one from a
        /// sibling maps to the reference, the only place in this file it comes from.
        mutating func resolveReferences(siblings: (() -> [(name: String, bytes: [UInt8])])?) {
            var progress = true
            while progress && !references.isEmpty {
                progress = false
                references.removeAll { reference in
                    guard let name = Self.stringName(reference.spelled),
                          let target = strings.indices.first(where: { owners[$0] == "string/" + name }) else { return false }
                    strings.append(LocalizedString(key: reference.key, language: language, variation: reference.variation,
                                                   value: strings[target].value, map: strings[target].map, spelling: .alias,
                                                   silenced: reference.silenced))
                    owners.append(reference.owner)
                    progress = true
                    return true
                }
            }
            guard !references.isEmpty else { return }
            let others = references.contains { Self.stringName($0.spelled) != nil }
                ? (siblings?() ?? []).map { AndroidStringsReader.readAsDefault($0.bytes, name: $0.name, language: language, siblings: nil) } : []
            for reference in references {
                let place = place(reference.key, reference.variation)
                if let name = Self.stringName(reference.spelled),
                   let found = others.lazy.compactMap({ $0.strings.first { $0.key == name && $0.variation == "" } }).first {
                    var map = SourceMap(start: reference.offset)
                    map.add(value: 0, file: reference.offset, literal: false)
                    strings.append(LocalizedString(key: reference.key, language: language, variation: reference.variation,
                                                   value: found.value, map: map, spelling: .alias, silenced: reference.silenced))
                    owners.append(reference.owner)
                    continue
                }
                let why = Self.stringName(reference.spelled) != nil
                    ? "no string of that name is in this file or the other files of its folder and of values/"
                    : reference.spelled.hasPrefix("@android:") ? "it names one of Android's own resources, which linkdoc does not have"
                    : reference.spelled.hasPrefix("?") ? "it names a theme attribute, known only at run time"
                    : reference.spelled == "@null" || reference.spelled == "@empty" ? "it stands for no value"
                    : "it is not a string resource"
                problem(.warning, "\(place): \(reference.spelled) is a resource reference that cannot be resolved (\(why)); the value is left out",
                        rule: RuleID.androidReference, at: reference.offset)
            }
            references = []
        }

        /// `name` of `@string/name` (also `@+string/name`), else nil.
        static func stringName(_ spelled: String) -> String? {
            for prefix in ["@string/", "@+string/"] where spelled.hasPrefix(prefix) {
                let name = spelled.dropFirst(prefix.count)
                return name.isEmpty ? nil : String(name)
            }
            return nil
        }

        /// A resource (or plural quantity) defined twice: the later one is used.
        mutating func duplicate(_ id: String, _ what: String, replacing owner: String, at offset: Int) {
            if let first = seen[id] {
                let line = text.location(of: first).line
                problem(.warning, "duplicate \(what) (first defined on line \(line)); the later value is used",
                        rule: RuleID.duplicateKey, at: offset)
                let keep = owners.indices.filter { owners[$0] != owner && !owners[$0].hasPrefix(owner + "#") }
                strings = keep.map { strings[$0] }
                owners = keep.map { owners[$0] }
                references.removeAll { $0.owner == owner || $0.owner.hasPrefix(owner + "#") }
                // The replaced plurals' quantities are no duplicates of the new one's.
                seen = seen.filter { !$0.key.hasPrefix(owner + "#") }
            }
            seen[id] = offset
        }

        var enclosingValue: (key: String, variation: String)? {
            for role in stack.reversed() {
                if case .value(let key, let variation, _, _, _) = role { return (key, variation) }
            }
            return nil
        }

        // MARK: Problems

        mutating func xmlProblem(_ p: XMLProblem, at offset: Int) {
            let place = enclosingValue.map { self.place($0.key, $0.variation) + ": " } ?? ""
            switch p.kind {
            case .entity:
                var message = "only the internal entities a DOCTYPE declares are read (\(p.message)); nothing was expanded or loaded"
                if offset < b.count, b[offset] == UInt8(ascii: "&") || b[offset] == UInt8(ascii: "%") {
                    var end = offset + 1
                    while end < b.count, end - offset < 64, b[end] != UInt8(ascii: ";") { end += 1 }
                    if end < b.count && b[end] == UInt8(ascii: ";") {
                        let reference = String(decoding: b[offset...end], as: UTF8.self)
                        let name = String(decoding: b[offset + 1..<end], as: UTF8.self)
                        let why = b[offset] == UInt8(ascii: "%") ? "parameter entities are never expanded or loaded"
                            : entities.externalTarget(of: name).map { "it is an external entity (\($0)), which is never loaded" }
                            ?? "the file declares no entity of that name"
                        message = "the entity reference \(reference) is not expanded: \(why), so it stands for nothing"
                    }
                }
                problem(.error, place + message, rule: RuleID.xmlEntity, at: offset)
            case .syntax:
                problem(p.isWarning ? .warning : .error, place + "malformed XML: " + p.message, rule: RuleID.xmlSyntax, at: offset)
            }
        }

        mutating func problem(_ severity: Severity, _ message: String, rule: RuleID, at offset: Int) {
            diagnostics.append(text.diagnostic(severity, message, rule: rule, at: offset))
        }

        func lastIndex(of byte: UInt8, before offset: Int, limit: Int = .max) -> Int? {
            var i = min(offset, b.count) - 1
            while i >= 0 && offset - i <= limit {
                if b[i] == byte { return i }
                i -= 1
            }
            return nil
        }
    }
}
