import LinkDocCore
import LinkDocXML

/// The internal entities an Android resource file declares in its DOCTYPE, which aapt2 expands
/// in its values (templates name the app and the agreements once this way):
///
///     <!DOCTYPE resources [
///         <!ENTITY app_name "Foo">
///         <!ENTITY terms "&app_name; Terms of Service">
///     ]>
///     <string name="title">Read the &terms;</string>          → "Read the Foo Terms of Service"
///
/// An entity's text is read as the value around it is (markup, references, Android's escapes),
/// and maps to its reference's `&`. Within bounds, each an `xml-entity` error past it:
/// - `maxDeclarations` internal entities a file: later ones are not read;
/// - `maxTextBytes` of an entity's text, as declared and with the entities it refers to expanded;
/// - `maxDepth` levels of entities in an entity's text (`&terms;` above goes through two);
/// - `maxExpandedBytes` that the references of a file add to its values, all together: from the
///   reference that would pass it on, every reference of the file stands for nothing.
/// A reference to an entity refused so, to one that refers to itself or to an undeclared or
/// external one, stands for nothing, with an error at the reference. Nothing is ever loaded:
/// external entities (`SYSTEM "file:…"`) and parameter entities (`%x;`) are refused at their
/// declaration, and libxml2 reports references to them as it reports undeclared ones (see
/// XMLEventParser). References are expanded in values only, not in the attributes of resource
/// elements (`<string name="&x;">`), which are reported.
package struct AndroidEntities {
    package static let maxDeclarations = 256
    package static let maxTextBytes = 4096
    package static let maxDepth = 4
    package static let maxExpandedBytes = 1 << 20
    /// Errors about references beyond this many in a file are counted, not reported one by one.
    package static let maxReportedReferences = 100

    private enum Entity {
        /// Declared; its text not yet expanded.
        case declared(text: [UInt8])
        /// Being expanded: a reference to it now is a cycle.
        case expanding
        /// Its text expanded, and the levels of entities that took (1: it refers to none).
        case expanded(text: [UInt8], depth: Int)
        /// Why it stands for nothing.
        case refused(String)
    }

    /// The internal general entities, by name.
    private var entities: [String: Entity] = [:]
    private var declarations = 0
    /// The external general entities, by name, with where they point (for libxml2's reports).
    private var external: [String: String] = [:]
    /// What references have added to the file's values so far.
    private var expandedBytes = 0
    /// A reference found the budget spent: every later one stands for nothing.
    private var budgetSpent = false
    private var referencesReported = 0
    /// Errors about references left unreported past `maxReportedReferences`.
    private(set) var unreportedReferences = 0

    var isEmpty: Bool { entities.isEmpty }

    /// Whether `name` is an internal entity of the file (its references are expanded or refused here).
    func isDeclared(_ name: String) -> Bool { entities[name] != nil }

    /// Where the external entity `name` points, if the file declares one.
    func externalTarget(of name: String) -> String? { external[name] }

    /// Reads a declaration; what to report at it, if anything.
    mutating func declare(_ declaration: XMLEntityDeclaration) -> (Severity, String)? {
        let name = declaration.name
        let target = [declaration.publicID.map { "PUBLIC \"\($0)\"" }, declaration.systemID.map { "SYSTEM \"\($0)\"" }]
            .compactMap { $0 }.joined(separator: " ")
        switch declaration.kind {
        case .parameter:
            return (.error, "the parameter entity %\(name); is not read: parameter entities are never expanded or loaded")
        case .externalGeneral:
            guard entities[name] == nil, external[name] == nil else { return Self.redeclared(name) }
            external[name] = target
            return (.error, "the external entity &\(name); (\(target)) is never loaded: its references stand for nothing")
        case .internalGeneral(let text):
            // XML binds a name to its first declaration.
            guard entities[name] == nil, external[name] == nil else { return Self.redeclared(name) }
            declarations += 1
            if declarations > Self.maxDeclarations {
                entities[name] = .refused("it is one of more than \(Self.maxDeclarations) entities the file declares, which are not read")
                return (.error, "more than \(Self.maxDeclarations) entities are declared: &\(name); is not read, and its references stand for nothing")
            }
            if text.count > Self.maxTextBytes {
                entities[name] = .refused("its text is \(text.count) bytes, more than \(Self.maxTextBytes)")
                return (.error, "the text of &\(name); is \(text.count) bytes, more than \(Self.maxTextBytes): it is not read, and its references stand for nothing")
            }
            entities[name] = .declared(text: text)
            return nil
        }
    }

    private static func redeclared(_ name: String) -> (Severity, String) {
        (.warning, "the entity &\(name); is declared again; the first declaration is used, as in XML")
    }

    /// What a reference to the internal entity `name` in a value stands for.
    enum Use {
        case text([UInt8])
        /// Nothing; with the error to report, unless the file's reports are past their bound.
        case nothing(report: String?)
    }

    /// The text a reference in a value to the internal entity `name` stands for, spent from the file's budget.
    mutating func use(_ name: String) -> Use {
        guard !budgetSpent else { return .nothing(report: nil) }
        switch expand(name) {
        case .failure(let refusal):
            return .nothing(report: referenceReport("the entity reference &\(name); is not expanded: \(refusal.reason); it stands for nothing"))
        case .success(let (text, _)):
            guard expandedBytes + text.count <= Self.maxExpandedBytes else {
                budgetSpent = true
                return .nothing(report: "the entity reference &\(name); is not expanded: the file's entity references have added \(expandedBytes) bytes to its values, and may add \(Self.maxExpandedBytes); this one and every later one stand for nothing")
            }
            expandedBytes += text.count
            return .text(text)
        }
    }

    private mutating func referenceReport(_ message: String) -> String? {
        referencesReported += 1
        guard referencesReported <= Self.maxReportedReferences else {
            unreportedReferences += 1
            return nil
        }
        return message
    }

    struct Refusal: Error { let reason: String }

    /// The text of `name` with the entities it refers to expanded, and the levels that took:
    /// worked out once per entity (a reference to a refused one refuses the one it is in).
    private mutating func expand(_ name: String) -> Result<([UInt8], Int), Refusal> {
        switch entities[name] {
        case .expanded(let text, let depth)?:
            return .success((text, depth))
        case .refused(let reason)?:
            return .failure(Refusal(reason: reason))
        case .expanding?:
            return .failure(Refusal(reason: "it refers to &\(name);, which refers to itself"))
        case nil:
            return .failure(Refusal(reason: Self.undeclared(name, external: external[name])))
        case .declared(let declared)?:
            entities[name] = .expanding
            let result = expandText(declared)
            switch result {
            case .success(let (text, depth)): entities[name] = .expanded(text: text, depth: depth)
            case .failure(let refusal): entities[name] = .refused(refusal.reason)
            }
            return result
        }
    }

    private mutating func expandText(_ declared: [UInt8]) -> Result<([UInt8], Int), Refusal> {
        let content = XMLContent(b: declared, xliffPrefixes: [])
        let references = content.entityReferences(in: content.pieces(0..<declared.count)) { _ in true }
        var text: [UInt8] = []
        var depth = 1
        var copied = 0
        for reference in references {
            text += declared[copied..<reference.range.lowerBound]
            copied = reference.range.upperBound
            guard entities[reference.name] != nil else {
                return .failure(Refusal(reason: Self.undeclared(reference.name, external: external[reference.name])))
            }
            switch expand(reference.name) {
            case .failure(let refusal):
                return .failure(refusal)
            case .success(let (inner, innerDepth)):
                depth = max(depth, innerDepth + 1)
                guard depth <= Self.maxDepth else {
                    return .failure(Refusal(reason: "its text goes through more than \(Self.maxDepth) levels of entities"))
                }
                text += reference.inTag ? Self.attributeEscaped(inner) : inner
            }
            guard text.count <= Self.maxTextBytes else { return .failure(Self.tooLong) }
        }
        text += declared[copied...]
        guard text.count <= Self.maxTextBytes else { return .failure(Self.tooLong) }
        return .success((text, depth))
    }

    private static let tooLong = Refusal(reason: "its text, with the entities it refers to expanded, is more than \(maxTextBytes) bytes")

    private static func undeclared(_ name: String, external: String?) -> String {
        if let external { return "it refers to &\(name);, an external entity (\(external)), which is never loaded" }
        return "it refers to &\(name);, which the file does not declare"
    }

    /// `text` as it may stand in a quoted attribute value of a tag in a value: its quotes and `<`
    /// escaped, so that it stays inside the value (its references are the HTML layer's to decode).
    static func attributeEscaped(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "<") }) else { return text }
        var out: [UInt8] = []
        for c in text {
            switch c {
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&#39;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            default: out.append(c)
            }
        }
        return out
    }
}
