// The only file that talks to libxml2.
//
// We run libxml2's HTML parser (htmlParseDocument on a memory input) with
// our own SAX handler and no DOM. Every callback is forwarded to the
// `Flattener` together with the parser's cursor: the byte offset in the
// input up to which libxml2 has consumed (xmlByteConsumed). libxml2 gives no
// start offsets, so the Flattener reconstructs them from these cursors and the
// source bytes (see SourceScanner.swift). What the cursor means per callback,
// measured on libxml2 2.9.14:
//   startElement   cursor is AT the '>' (or the '/' of "/>") of the start tag
//                  -- or, for the <p> libxml2 invents around top-level text
//                  even with HTML_PARSE_NOIMPLIED, somewhere that has no "<p".
//   endElement     cursor is just past the end tag that triggered it (several
//                  elements may close at one cursor), at the '<' of a start tag
//                  that auto-closed it, or at EOF.
//   characters     cursor is just past the text; for chunks libxml2 flushes
//                  mid-run (>= 1000 bytes) it lags by the last character.
//   comment, cdataBlock, processingInstruction, internalSubset: just past it.
//
// Cost: the callbacks run once per tag and per text chunk, so they hand the
// Flattener libxml2's own buffers (names, text, the attribute array) and
// build no Swift strings or arrays; the Flattener decodes only what it keeps.
//
// Thread safety: a parse uses the context its caller's workspace lends it
// (`HTMLWorkspace`) and nothing else. A pointer to the Flattener travels in the context's
// `_private` field; the Flattener outlives the parse.

internal import CLibXML2
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// `xmlInitParser` must run once, before any parsing, and before several
/// threads parse at once. A global `let` initializer runs exactly once,
/// thread-safely (swift_once).
private let libxmlInitialized: Bool = {
    xmlInitParser()
    return true
}()

/// The attributes of a start tag as libxml2 hands them over: a NULL-terminated
/// array of name, value pairs (a value is NULL for an attribute without
/// "=value"), entity-decoded. Valid only during the startElement callback;
/// names are libxml2's (lowercased for HTML).
struct SAXAttributes {
    let pairs: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    /// The one attribute of a start tag read without libxml2 (SimpleMarkup.swift): an `href`
    /// with this value, in place of `pairs`.
    var href: UnsafeBufferPointer<UInt8>? = nil

    private static let hrefName: StaticString = "href"

    /// Calls `body` with each attribute in source order.
    func forEach(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>?) -> Void) {
        if let href {
            body(UnsafeBufferPointer(start: Self.hrefName.utf8Start, count: Self.hrefName.utf8CodeUnitCount), href)
            return
        }
        guard var cursor = pairs else { return }
        while let name = cursor.pointee {
            body(cString(name), cursor[1].map(cString))
            cursor += 2
        }
    }
}

private func cString(_ pointer: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: pointer, count: Int(xmlStrlen(pointer)))
}

// MARK: - C callbacks (no captures: the Flattener comes from the context)

/// The context's Flattener and cursor. `ctx` is the parser context itself:
/// we leave libxml2's `userData` at its default, the context.
@inline(__always)
private func event(_ ctx: UnsafeMutableRawPointer?, _ body: (inout Flattener, _ cursor: Int) -> Void) {
    guard let ctx else { return }
    let context = ctx.assumingMemoryBound(to: htmlParserCtxt.self)
    guard let flattener = context.pointee._private else { return }
    let cursor = max(0, Int(xmlByteConsumed(context)))
    // Valid for the whole parse: `SAXParser.parse` runs inside the Flattener's
    // `withUnsafeMutablePointer`.
    body(&flattener.assumingMemoryBound(to: Flattener.self).pointee, cursor)
}

private let onStartElement: startElementSAXFunc = { ctx, name, atts in
    guard let name else { return }
    event(ctx) { $0.startElement(name: cString(name), attributes: SAXAttributes(pairs: atts), cursor: $1) }
}

private let onEndElement: endElementSAXFunc = { ctx, _ in
    event(ctx) { $0.endElement(cursor: $1) }
}

private let onCharacters: charactersSAXFunc = { ctx, chars, length in
    guard let chars, length > 0 else { return }
    event(ctx) { $0.characters(UnsafeBufferPointer(start: chars, count: Int(length)), cursor: $1) }
}

private let onCDATA: cdataBlockSAXFunc = { ctx, _, _ in
    event(ctx) { $0.rawText(cursor: $1) }
}

private let onComment: commentSAXFunc = { ctx, _ in
    event(ctx) { $0.comment(cursor: $1) }
}

private let onProcessingInstruction: processingInstructionSAXFunc = { ctx, _, _ in
    event(ctx) { $0.processingInstruction(cursor: $1) }
}

private let onInternalSubset: internalSubsetSAXFunc = { ctx, _, _, _ in
    event(ctx) { $0.doctype(cursor: $1) }
}

/// Swallows libxml2's errors. Installing it (rather than leaving NULL) keeps
/// errors away from any process-wide handler and off stderr; the Flattener
/// derives its own diagnostics from the source instead.
private let onStructuredError: xmlStructuredErrorFunc = { _, _ in }

/// Our SAX handler, the same for every parse (built per parse: a C struct
/// with pointers is not Sendable, and it is a few stores).
private func makeSAXHandler() -> htmlSAXHandler {
    var sax = htmlSAXHandler()
    sax.startElement = onStartElement
    sax.endElement = onEndElement
    sax.characters = onCharacters
    sax.ignorableWhitespace = onCharacters
    sax.cdataBlock = onCDATA
    sax.comment = onComment
    sax.processingInstruction = onProcessingInstruction
    sax.internalSubset = onInternalSubset
    sax.serror = onStructuredError
    // serror is only consulted when the handler claims SAX2.
    sax.initialized = XML_SAX2_MAGIC
    // Everything else (entity resolution, DTD loading, external subsets)
    // stays NULL: nothing is ever fetched or resolved.
    return sax
}

enum SAXParser {
    /// HTML_PARSE_NOIMPLIED: no <html>/<body> wrappers (libxml2 still invents a
    /// <p> around top-level text; the Flattener ignores it).
    /// NONET: never touch the network. IGNORE_ENC: a <meta charset> in the copy
    /// must not switch decoding. NOBLANKS is deliberately NOT set: whitespace
    /// is significant in copy. RECOVER is not needed: the HTML parser never
    /// stops on errors.
    private static let options: Int32 = Int32(
        HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
    )

    /// Parses `input` and reports events to `flattener`; cursors are offsets
    /// in `input`. `input` must be valid UTF-8 without NUL bytes (see
    /// `InputSanitizer`): otherwise libxml2 silently falls back to ISO-8859-1
    /// for the rest of the document. With `simpleMarkup`, markup that needs no HTML
    /// parser is read without libxml2 (SimpleMarkup.swift), to the same events.
    /// `context` is the caller's to reuse: made here when there is none (nil only when libxml2 is
    /// out of memory), and left with no document in it.
    static func parse(_ input: [UInt8], flattener: UnsafeMutablePointer<Flattener>, simpleMarkup: Bool = true,
                      context box: inout ParserContext?) {
        guard !input.isEmpty, input.count < Int(Int32.max) else { return }
        if simpleMarkup && SimpleMarkup.parse(input, flattener: flattener) { return }
        _ = libxmlInitialized
        if box == nil { box = ParserContext() }
        guard let context = box?.pointer else { return }
        // Free the input (libxml2's copy of the document) now, not at the next reset: an idle
        // workspace keeps no document alive.
        defer { while let input = inputPop(context) { xmlFreeInputStream(input) } }
        htmlCtxtReset(context)

        do {
            input.withUnsafeBufferPointer { buffer in
                let start = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                // What htmlCreateMemoryParserCtxt does on a new context: libxml2
                // copies the bytes into its own (NUL-terminated) input buffer.
                guard let inputBuffer = xmlParserInputBufferCreateMem(start, Int32(buffer.count), XML_CHAR_ENCODING_NONE)
                else { return }
                // Give the buffer its spare room now. Near the end of the input
                // libxml2 "grows" it (there is nothing to read, but the first grow
                // makes room for 4000 bytes), and a realloc that moves it in the
                // middle of a name makes htmlParseNameComplex start the name over
                // from there: an unknown entity name of 100+ characters near the
                // end then came out cut or whole depending on the heap. Grown
                // before parsing, the buffer never moves during the parse.
                _ = xmlParserInputBufferGrow(inputBuffer, 4000)
                guard let stream = xmlNewIOInputStream(context, inputBuffer, XML_CHAR_ENCODING_NONE) else {
                    xmlFreeParserInputBuffer(inputBuffer)
                    return
                }
                // inputPush frees the stream itself when it fails.
                guard inputPush(context, stream) >= 0 else { return }

                // Without this the memory input decodes non-ASCII as Latin-1.
                _ = xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)

                // Set per parse: htmlCtxtUseOptions edits the SAX block.
                guard let sax = context.pointee.sax else { return }
                sax.pointee = makeSAXHandler()
                context.pointee.userData = UnsafeMutableRawPointer(context)
                context.pointee._private = UnsafeMutableRawPointer(flattener)
                defer { context.pointee._private = nil }

                _ = htmlCtxtUseOptions(context, options)
                _ = htmlParseDocument(context)
            }
        }
    }
}
