// The only file that talks to libxml2.
//
// We run libxml2's HTML parser (htmlParseDocument on a memory context) with
// our own SAX handler and no DOM. Every callback is forwarded to a
// `SAXEventHandler` together with the parser's cursor: the byte offset in the
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
// Thread safety: no globals. Swift state travels through the context's
// `userData` as an unretained `Unmanaged` reference that outlives the parse.

internal import CLibXML2

/// Receives libxml2's SAX events with the cursor (absolute byte offset in the
/// caller's input) at the time of the callback.
protocol SAXEventHandler: AnyObject {
    func startElement(name: [UInt8], attributes: [(name: String, value: String?)], cursor: Int)
    func endElement(cursor: Int)
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, cursor: Int)
    /// Raw text of <script>/<style> (libxml2 parses those as CDATA).
    func rawText(cursor: Int)
    func comment(cursor: Int)
    func processingInstruction(cursor: Int)
    func doctype(cursor: Int)
}

/// `xmlInitParser` must run once, before any parsing, and before several
/// threads parse at once. A global `let` initializer runs exactly once,
/// thread-safely (swift_once).
private let libxmlInitialized: Bool = {
    xmlInitParser()
    return true
}()

/// Bridges one parse to a handler. Lives for the duration of `parse`.
private final class SAXSession {
    unowned let handler: SAXEventHandler
    var context: htmlParserCtxtPtr?
    /// Offset of the bytes handed to libxml2 within the caller's input.
    let baseOffset: Int

    init(handler: SAXEventHandler, baseOffset: Int) {
        self.handler = handler
        self.baseOffset = baseOffset
    }

    var cursor: Int {
        guard let context else { return baseOffset }
        let consumed = Int(xmlByteConsumed(context))
        return baseOffset + max(0, consumed)
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> SAXSession? {
        guard let pointer else { return nil }
        return Unmanaged<SAXSession>.fromOpaque(pointer).takeUnretainedValue()
    }
}

private func bytes(of cString: UnsafePointer<xmlChar>?) -> [UInt8] {
    guard let cString else { return [] }
    let length = Int(xmlStrlen(cString))
    return Array(UnsafeBufferPointer(start: cString, count: length))
}

private func string(of cString: UnsafePointer<xmlChar>?) -> String? {
    guard let cString else { return nil }
    let length = Int(xmlStrlen(cString))
    return String(decoding: UnsafeBufferPointer(start: cString, count: length), as: UTF8.self)
}

// MARK: - C callbacks (no captures: state comes from userData)

private let onStartElement: startElementSAXFunc = { ctx, name, atts in
    guard let session = SAXSession.from(ctx) else { return }
    var attributes: [(name: String, value: String?)] = []
    if var cursor = atts {
        // NULL-terminated array of name, value pairs; a value may be NULL
        // (attribute without "=value").
        while let attrName = cursor.pointee {
            let value = cursor.advanced(by: 1).pointee
            attributes.append((name: string(of: attrName) ?? "", value: string(of: value)))
            cursor = cursor.advanced(by: 2)
        }
    }
    session.handler.startElement(name: bytes(of: name), attributes: attributes, cursor: session.cursor)
}

private let onEndElement: endElementSAXFunc = { ctx, _ in
    guard let session = SAXSession.from(ctx) else { return }
    session.handler.endElement(cursor: session.cursor)
}

private let onCharacters: charactersSAXFunc = { ctx, chars, length in
    guard let session = SAXSession.from(ctx), let chars, length > 0 else { return }
    session.handler.characters(UnsafeBufferPointer(start: chars, count: Int(length)), cursor: session.cursor)
}

private let onCDATA: cdataBlockSAXFunc = { ctx, _, _ in
    guard let session = SAXSession.from(ctx) else { return }
    session.handler.rawText(cursor: session.cursor)
}

private let onComment: commentSAXFunc = { ctx, _ in
    guard let session = SAXSession.from(ctx) else { return }
    session.handler.comment(cursor: session.cursor)
}

private let onProcessingInstruction: processingInstructionSAXFunc = { ctx, _, _ in
    guard let session = SAXSession.from(ctx) else { return }
    session.handler.processingInstruction(cursor: session.cursor)
}

private let onInternalSubset: internalSubsetSAXFunc = { ctx, _, _, _ in
    guard let session = SAXSession.from(ctx) else { return }
    session.handler.doctype(cursor: session.cursor)
}

/// Swallows libxml2's errors. Installing it (rather than leaving NULL) keeps
/// errors away from any process-wide handler and off stderr; the Flattener
/// derives its own diagnostics from the source instead.
private let onStructuredError: xmlStructuredErrorFunc = { _, _ in }

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

    /// Parses `input[range]` and reports events to `handler`. Cursors are
    /// absolute offsets in `input`. `input` must be valid UTF-8 without NUL
    /// bytes (see `InputSanitizer`): otherwise libxml2 silently falls back to
    /// ISO-8859-1 for the rest of the document.
    static func parse(_ input: [UInt8], range: Range<Int>, handler: SAXEventHandler) {
        _ = libxmlInitialized
        guard !range.isEmpty, range.count < Int(Int32.max) else { return }

        let session = SAXSession(handler: handler, baseOffset: range.lowerBound)
        withExtendedLifetime(session) {
            input.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let start = UnsafeRawPointer(base + range.lowerBound).assumingMemoryBound(to: CChar.self)
                // libxml2 copies the bytes into its own input buffer.
                guard let ctxt = htmlCreateMemoryParserCtxt(start, Int32(range.count)) else { return }
                defer { htmlFreeParserCtxt(ctxt) }
                session.context = ctxt

                // Without this the memory context decodes non-ASCII as Latin-1.
                _ = xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8)

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
                // Everything else (entity resolution, DTD loading, external
                // subsets) stays NULL: nothing is ever fetched or resolved.
                guard let saxPointer = ctxt.pointee.sax else { return }
                saxPointer.pointee = sax
                ctxt.pointee.userData = Unmanaged.passUnretained(session).toOpaque()

                _ = htmlCtxtUseOptions(ctxt, options)
                _ = htmlParseDocument(ctxt)
                session.context = nil
            }
        }
    }
}
