// The only file that drives libxml2's XML parser (LinkDocHTML drives its HTML
// parser). No Foundation here: see Sources/CLibXML2/shim.h for why.
//
// We run xmlParseDocument on a memory context with our own SAX2 handler and no
// DOM, and record only what a reader of resource files needs: element starts
// and ends, the DOCTYPE and its entity declarations, and problems, each with the parser's cursor (the byte
// offset in the input that libxml2 has consumed, xmlByteConsumed). Text is not
// recorded: callers take the bytes between a start and an end tag from their
// own input, which keeps exact offsets for every byte (libxml2's `characters`
// callbacks lag behind the text they deliver). What the cursor means, measured
// on libxml2 2.9.14:
//   start          AT the '>' of the start tag, or at the '/' of "/>"
//   end            just past the '>' of the end tag (just past "/>" for an
//                  empty element); in recovery, wherever libxml2 closed it
//   doctype        just after the DOCTYPE's name and external id (at '[' or '>')
//   entity decl.   just past the declaration's '>'
//   problem        where the parser stood when it noticed (for an entity
//                  reference: just past its ';' -- we move it back to the '&')
//
// Hardening (XXE, billion laughs): libxml2 never expands or loads an entity.
// - XML_PARSE_NOENT is off, so references stay references; our getEntity and
//   getParameterEntity return NULL, so no declared entity is ever found (the
//   reference becomes an "Entity 'x' not defined" problem and contributes no
//   text), and nothing can expand, nested or not.
// - Entity declarations are reported as they are written (`XMLEntityDeclaration`):
//   the reader decides what, if anything, a reference stands for. A reference to
//   an internal general entity that the DOCTYPE declares is its business, so
//   libxml2's "not defined" problem about it is not reported; any other stays.
// - No DTDLOAD/DTDATTR/DTDVALID; externalSubset and resolveEntity stay NULL.
// - XML_PARSE_NONET, and a process-wide external entity loader that refuses
//   everything (libxml2 2.9 has no per-context loader), installed once.
// - No XML_PARSE_HUGE: libxml2's default limits hold (depth 256, 10 MB per
//   text node or CDATA section, 50,000-byte names); past them it stops.
// - XML_PARSE_RECOVER: after a well-formedness error libxml2 keeps delivering
//   events, so one typo does not lose the rest of the file.

internal import CLibXML2

/// A qualified name with the namespace that libxml2 resolved for it.
public struct XMLName: Sendable, Equatable {
    public var prefix: String?
    public var local: String
    /// The namespace URI, nil when none is bound (or the prefix is undeclared).
    public var uri: String?

    public var qualified: String { prefix.map { $0 + ":" + local } ?? local }
}

public struct XMLAttribute: Sendable, Equatable {
    public var name: XMLName
    /// The attribute value as libxml2 normalized it (predefined and character
    /// references decoded).
    public var value: String
}

/// Something wrong in the document, as libxml2 reported it.
public struct XMLProblem: Sendable, Equatable {
    public enum Kind: Sendable { case syntax, entity }
    public var kind: Kind
    public var isWarning: Bool
    /// libxml2's message, without its trailing line break.
    public var message: String
}

/// An `<!ENTITY …>` of the DOCTYPE's internal subset, as written (never loaded or expanded).
public struct XMLEntityDeclaration: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `<!ENTITY name "text">`: `text` is its replacement text, character references
        /// decoded and entity references left as written (XML 1.0, 4.5).
        case internalGeneral(text: [UInt8])
        /// `<!ENTITY name SYSTEM "uri">` (or `PUBLIC`), parsed or not (`NDATA`).
        case externalGeneral
        /// `<!ENTITY % name …>`, internal or external.
        case parameter
    }
    public var name: String
    public var kind: Kind
    public var publicID: String?
    public var systemID: String?
}

public struct XMLEvent: Sendable {
    public enum Kind: Sendable {
        case start(name: XMLName, attributes: [XMLAttribute])
        case end
        /// A `<!DOCTYPE …>`, with the external DTD it names, if any (never loaded); `cursor` is
        /// the offset of its `<`.
        case doctype(publicID: String?, systemID: String?)
        /// An entity declaration of the DOCTYPE; `cursor` is the offset of its `<`.
        case entityDeclaration(XMLEntityDeclaration)
        case problem(XMLProblem)
        /// Where libxml2 stopped: the input's end, or earlier when it gave up
        /// (a NUL byte, a limit, too deep nesting).
        case endOfInput
    }
    public var kind: Kind
    /// A byte offset in the input; see the top of this file for its meaning per kind.
    public var cursor: Int
}

public enum XMLEventParser {
    /// Problems beyond this many are counted, not recorded (a file of a million
    /// `&x;` must not make a million diagnostics).
    public static let maxProblems = 100

    /// Parses `input` (UTF-8; an encoding declaration is ignored) and returns its
    /// events in document order. Never fails: problems are events.
    public static func parse(_ input: [UInt8]) -> [XMLEvent] {
        _ = libxmlReady
        guard input.count < Int(Int32.max) else {
            return [XMLEvent(kind: .problem(XMLProblem(kind: .syntax, isWarning: false, message: "the file is too large to parse (2 GB or more)")), cursor: 0),
                    XMLEvent(kind: .endOfInput, cursor: 0)]
        }
        let session = Session(input: input)
        withExtendedLifetime(session) {
            input.withUnsafeBufferPointer { buffer in
                // An empty array may have no base address; libxml2 wants a pointer.
                let empty: [CChar] = [0]
                empty.withUnsafeBufferPointer { emptyBuffer in
                    let start = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? emptyBuffer.baseAddress!
                    // libxml2 copies the bytes into its own input buffer.
                    guard let ctxt = xmlCreateMemoryParserCtxt(start, Int32(buffer.count)) else { return }
                    defer {
                        // In SAX mode libxml2 may still build a stub document (for
                        // "expat compatibility" when it sees entity declarations);
                        // freeing the context does not free it.
                        if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc); ctxt.pointee.myDoc = nil }
                        xmlFreeParserCtxt(ctxt)
                    }
                    session.context = ctxt
                    var sax = xmlSAXHandler()
                    sax.initialized = XML_SAX2_MAGIC  // startElementNs and serror need SAX2
                    sax.startElementNs = onStart
                    sax.endElementNs = onEnd
                    sax.internalSubset = onDoctype
                    sax.entityDecl = onEntityDeclaration
                    sax.getEntity = noEntity
                    sax.getParameterEntity = noEntity
                    sax.serror = onError
                    // Everything else stays NULL: no text, no external subset, no
                    // resolveEntity.
                    guard let saxPointer = ctxt.pointee.sax else { return }
                    saxPointer.pointee = sax
                    ctxt.pointee.userData = Unmanaged.passUnretained(session).toOpaque()
                    _ = xmlCtxtUseOptions(ctxt, options)
                    // The caller's bytes are UTF-8 whatever the declaration says
                    // (LocalizationText transcodes UTF-16 first).
                    _ = xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8)
                    _ = xmlParseDocument(ctxt)
                    session.events.append(XMLEvent(kind: .endOfInput, cursor: session.cursor))
                    session.context = nil
                }
            }
        }
        if session.droppedProblems > 0 {
            let p = XMLProblem(kind: .syntax, isWarning: false, message: "\(session.droppedProblems) more XML problems are not shown")
            session.events.insert(XMLEvent(kind: .problem(p), cursor: session.events.last?.cursor ?? 0), at: session.events.count - 1)
        }
        return session.events
    }

    /// No NOENT, no DTDLOAD/DTDATTR/DTDVALID, no HUGE, no NOCDATA (see the top).
    /// NOERROR/NOWARNING keep libxml2 from printing; problems reach `onError`.
    private static let options = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
}

/// `xmlInitParser` once, before any parse; and the loader that refuses to load
/// anything. A global `let` initializer runs exactly once, thread-safely.
private let libxmlReady: Bool = {
    xmlInitParser()
    xmlSetExternalEntityLoader(refuseToLoad)
    return true
}()

private let refuseToLoad: xmlExternalEntityLoader = { _, _, _ in nil }

/// State of one parse, reached from the callbacks through `userData`.
private final class Session {
    let input: [UInt8]
    var context: xmlParserCtxtPtr?
    var events: [XMLEvent] = []
    var problems = 0
    var droppedProblems = 0
    /// The internal general entities declared so far: references to them are the reader's.
    var internalEntities: Set<String> = []
    /// The last problem was libxml2's "not defined" about one of them, not reported.
    var skippedInternalReference = false
    /// The cursor of the last event: a declaration starts after it.
    var lastCursor = 0

    func append(_ event: XMLEvent) {
        events.append(event)
        lastCursor = max(lastCursor, event.cursor)
    }

    init(input: [UInt8]) { self.input = input }

    var cursor: Int {
        guard let context else { return 0 }
        return min(max(0, Int(xmlByteConsumed(context))), input.count)
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> Session? {
        pointer.map { Unmanaged<Session>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The offset of the first `<!ENTITY` from the last event's cursor on, before `end`.
    func declarationStart(before end: Int) -> Int? {
        let keyword = Array("<!ENTITY".utf8)
        var i = min(lastCursor, end)
        while i + keyword.count <= end {
            if input[i] == keyword[0] && input[i..<i + keyword.count].elementsEqual(keyword) { return i }
            i += 1
        }
        return nil
    }

    /// The offset of the nearest `byte` at or before `offset - 1`, looking back at most `limit` bytes.
    func lastIndex(of byte: UInt8, before offset: Int, limit: Int) -> Int? {
        var i = offset - 1
        while i >= 0 && i >= offset - limit {
            if input[i] == byte { return i }
            i -= 1
        }
        return nil
    }
}

private func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    pointer.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0))), as: UTF8.self) }
}

private func name(_ local: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) -> XMLName {
    XMLName(prefix: string(prefix), local: string(local) ?? "", uri: string(uri))
}

private let onStart: startElementNsSAX2Func = { ctx, local, prefix, uri, _, _, attributeCount, _, attributes in
    guard let session = Session.from(ctx) else { return }
    var list: [XMLAttribute] = []
    if let attributes, attributeCount > 0 {
        // Five pointers per attribute: local name, prefix, URI, value start, value end.
        for n in 0..<Int(attributeCount) {
            let a = attributes + 5 * n
            var value = ""
            if let start = a[3], let end = a[4], end >= start {
                value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            }
            list.append(XMLAttribute(name: name(a[0], a[1], a[2]), value: value))
        }
    }
    session.append(XMLEvent(kind: .start(name: name(local, prefix, uri), attributes: list), cursor: session.cursor))
}

private let onEnd: endElementNsSAX2Func = { ctx, _, _, _ in
    guard let session = Session.from(ctx) else { return }
    session.append(XMLEvent(kind: .end, cursor: session.cursor))
}

private let onDoctype: internalSubsetSAXFunc = { ctx, _, publicID, systemID in
    guard let session = Session.from(ctx) else { return }
    let cursor = session.cursor
    session.append(XMLEvent(kind: .doctype(publicID: string(publicID), systemID: string(systemID)),
                            cursor: session.lastIndex(of: UInt8(ascii: "<"), before: cursor, limit: 4096) ?? cursor))
}

private let onEntityDeclaration: entityDeclSAXFunc = { ctx, name, type, publicID, systemID, content in
    guard let session = Session.from(ctx), let name = string(name) else { return }
    let kind: XMLEntityDeclaration.Kind
    switch xmlEntityType(UInt32(type)) {
    case XML_INTERNAL_GENERAL_ENTITY:
        let text = content.map { Array(UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0)))) } ?? []
        kind = .internalGeneral(text: text)
        session.internalEntities.insert(name)
    case XML_INTERNAL_PARAMETER_ENTITY, XML_EXTERNAL_PARAMETER_ENTITY:
        kind = .parameter
    default:
        kind = .externalGeneral
    }
    let cursor = session.cursor
    let declaration = XMLEntityDeclaration(name: name, kind: kind, publicID: string(publicID), systemID: string(systemID))
    session.append(XMLEvent(kind: .entityDeclaration(declaration), cursor: session.declarationStart(before: cursor) ?? cursor))
    // The next declaration starts after this one's end, not after its start.
    session.lastCursor = max(session.lastCursor, cursor)
}

private let noEntity: getEntitySAXFunc = { _, _ in nil }

/// libxml2's error codes that are about entities (a reference to one, which is
/// never found since we find none, or a problem in a declaration).
private let entityCodes: Set<Int32> = Set([
    XML_ERR_UNDECLARED_ENTITY, XML_WAR_UNDECLARED_ENTITY, XML_ERR_ENTITY_LOOP, XML_ERR_ENTITY_IS_EXTERNAL,
    XML_ERR_ENTITY_IS_PARAMETER, XML_ERR_ENTITY_NOT_STARTED, XML_ERR_ENTITY_NOT_FINISHED, XML_ERR_ENTITY_PE_INTERNAL,
    XML_ERR_ENTITY_BOUNDARY, XML_ERR_UNPARSED_ENTITY, XML_ERR_ENTITY_PROCESSING, XML_WAR_ENTITY_REDEFINED,
    XML_ERR_NO_DTD,
].map { Int32($0.rawValue) })

/// "Entity 'x' not defined", as an error or a warning.
private let undeclaredEntityCodes: Set<Int32> = Set([XML_ERR_UNDECLARED_ENTITY, XML_WAR_UNDECLARED_ENTITY].map { Int32($0.rawValue) })

private let onError: xmlStructuredErrorFunc = { ctx, error in
    guard let session = Session.from(ctx), let error else { return }
    // A reference to an internal entity the DOCTYPE declares: the reader's to expand or refuse.
    // Past 10,000 references libxml2 takes those it could not find for a loop and says so after
    // each: that is about the same reference.
    let code = Int32(error.pointee.code)
    if undeclaredEntityCodes.contains(code),
       let name = string(UnsafePointer(error.pointee.str1).map { UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self) }),
       session.internalEntities.contains(name) {
        session.skippedInternalReference = true
        return
    }
    if code == Int32(XML_ERR_ENTITY_LOOP.rawValue) && session.skippedInternalReference { return }
    session.skippedInternalReference = false
    session.problems += 1
    guard session.problems <= XMLEventParser.maxProblems else {
        session.droppedProblems += 1
        return
    }
    let e = error.pointee
    var message = string(UnsafePointer(e.message).map { UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self) }) ?? "XML error"
    while message.last == "\n" || message.last == " " { message.removeLast() }
    let isEntity = entityCodes.contains(Int32(e.code))
    var cursor = session.cursor
    // A reference is reported just past its ';': point at its '&' (or '%').
    if isEntity, cursor > 0, session.input[cursor - 1] == UInt8(ascii: ";") {
        let amp = session.lastIndex(of: UInt8(ascii: "&"), before: cursor, limit: 256)
        let percent = session.lastIndex(of: UInt8(ascii: "%"), before: cursor, limit: 256)
        if let start = [amp, percent].compactMap({ $0 }).max() { cursor = start }
    }
    let problem = XMLProblem(kind: isEntity ? .entity : .syntax, isWarning: e.level == XML_ERR_WARNING, message: message)
    session.append(XMLEvent(kind: .problem(problem), cursor: cursor))
}

/// An element's content in the input, from the cursors of its start and end events (see the top of
/// this file): what a reader takes as the element's text, byte for byte.
public enum XMLElementContent {
    /// Where the content starts: after the start tag's `>`, which the start event's cursor is on;
    /// `isEmpty` for an empty element (`<string/>`: the cursor is on the `/`).
    public static func start(cursor: Int, in b: [UInt8]) -> (offset: Int, isEmpty: Bool) {
        let isEmpty = cursor < b.count && b[cursor] == UInt8(ascii: "/")
        return (cursor < b.count && b[cursor] == UInt8(ascii: ">") ? cursor + 1 : cursor, isEmpty)
    }

    /// Where the content ends: at the `<` of the end tag that the end event's cursor is just past,
    /// or at the cursor itself when libxml2 closed the element without one (in recovery).
    public static func end(cursor: Int, in b: [UInt8]) -> Int {
        guard cursor > 0, cursor <= b.count, b[cursor - 1] == UInt8(ascii: ">") else { return cursor }
        var lt = cursor - 2
        while lt >= 0 && cursor - 1 - lt <= 4096 && b[lt] != UInt8(ascii: "<") { lt -= 1 }
        guard lt >= 0, b[lt] == UInt8(ascii: "<"), lt + 1 < b.count, b[lt + 1] == UInt8(ascii: "/") else { return cursor }
        return lt
    }
}
