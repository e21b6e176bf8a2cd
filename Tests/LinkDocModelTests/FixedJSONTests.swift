@_spi(LinkDocInternal) @testable import LinkDocModel
import LinkDocTestSupport
import XCTest

/// `JSONWriter.fixed` writes a run of brackets and keys under one capacity check, and the document
/// writer is made of such runs: each must write what the structure and key calls it stands for
/// write, after any value or none, at any buffer size, and leave the same comma for what follows.
final class FixedJSONTests: XCTestCase {
    /// Writers with room for nothing, a little, and everything, after nothing, an opening and a value.
    private static func writers() -> [JSONWriter] {
        [1, 8, 16, 4096].flatMap { capacity -> [JSONWriter] in
            let empty = JSONWriter(reservingCapacity: capacity)
            var afterOpening = empty
            afterOpening.beginArray()
            var afterValue = afterOpening
            afterValue.int(7)
            return [empty, afterOpening, afterValue]
        }
    }

    /// The writers after which `json` stands for its calls: a text with its own leading comma
    /// follows a value; a closing bracket follows an opening or a value; any other text, anything.
    private static func writers(for json: StaticString) -> [JSONWriter] {
        switch json.utf8Start[0] {
        case UInt8(ascii: ","): writers().filter { $0.needsComma }
        case UInt8(ascii: "]"), UInt8(ascii: "}"): writers().filter { $0.count > 0 }
        default: writers()
        }
    }

    /// Each fixed text of the stream and the document writers, with the calls it stands for.
    private static var cases: [(StaticString, (inout JSONWriter) -> Void)] { [
        (#"{"id":"#, { $0.beginObject(); $0.key("id") }),
        (#"{"line":"#, { $0.beginObject(); $0.key("line") }),
        (#","document":"#, { $0.key("document") }),
        (#","document":null,"diagnostics":["#, { $0.key("document"); $0.null(); $0.key("diagnostics"); $0.beginArray() }),
        (#","links":["#, { $0.key("links"); $0.beginArray() }),
        (#"],"styles":["#, { $0.endArray(); $0.key("styles"); $0.beginArray() }),
        (#"],"attachments":["#, { $0.endArray(); $0.key("attachments"); $0.beginArray() }),
        (#""links":["#, { $0.key("links"); $0.beginArray() }),
        ("[", { $0.beginArray() }),
        ("{", { $0.beginObject() }),
        ("]}", { $0.endArray(); $0.endObject() }),
        ("}", { $0.endObject() }),
    ] }

    func testFixedTextWritesWhatItsCallsWrite() {
        for (json, plain) in Self.cases {
            for start in Self.writers(for: json) {
                for exclusive in [false, true] {
                    var expected = start, written = start
                    plain(&expected)
                    if exclusive { written.withExclusiveBuffer { $0.fixed(json) } } else { written.fixed(json) }
                    XCTAssertEqual(String(decoding: written.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self),
                                   "\(json)")
                    expected.int(1)
                    written.int(1)
                    XCTAssertEqual(written.bytes, expected.bytes, "\(json) then a value")
                }
            }
        }
    }

    /// A text that ends a line of JSON lines leaves the next value without a comma, as the first of its line.
    func testALineBreakStartsALineWithoutAComma() {
        for start in Self.writers() {
            var w = start
            w.fixed("]}\n")
            w.fixed(#"{"id":"#)
            w.null()
            XCTAssertEqual(w.bytes, start.bytes + Array("]}\n{\"id\":null".utf8))
        }
    }

    /// A copy of the writer taken before a fixed write keeps its bytes (the write replaces a shared buffer).
    func testACopyKeepsItsBytes() {
        var w = JSONWriter(reservingCapacity: 4096)
        w.beginArray()
        let copy = w
        w.fixed(#"],"styles":["#)
        XCTAssertEqual(copy.bytes, Array("[".utf8))
        XCTAssertEqual(w.bytes, Array(#"[],"styles":["#.utf8))
    }

    /// `DocumentJSON.write` against the document written by the plain structure and key calls
    /// (its links, styles, paragraphs and attachments by the writers they share), for generated
    /// documents with and without each kind of part.
    func testADocumentIsWrittenAsThePlainCallsWriteIt() {
        var generator = SeededGenerator(seed: 5)
        let pieces = ["a", "长", "\"", "\\", "\n", "“x”", "😀", ""]
        func text(_ n: Int) -> String { (0..<n).map { _ in pieces[generator.next(pieces.count)] }.joined() }
        func span() -> TextRange {
            let s = TextSpan(location: generator.next(1_000), length: generator.next(200))
            return TextRange(utf16: s, scalars: s, utf8: s)
        }
        for _ in 0..<300 {
            let links = (0..<generator.next(4)).map { _ in
                Link(text: text(2), range: span(), url: generator.next(2) == 0 ? nil : text(3), tooltip: nil, target: .url)
            }
            let document = Document(
                text: text(generator.next(6)), links: links,
                styles: (0..<generator.next(3)).map { _ in Style(range: span(), bold: true) },
                paragraphs: (0..<generator.next(3)).map { _ in Paragraph(range: span()) },
                attachments: (0..<generator.next(3)).map { _ in Attachment(range: span(), url: text(1), alt: nil, width: 3, height: nil) })
            for start in Self.writers() {
                var expected = start, written = start
                Self.plainWrite(document, to: &expected)
                document.write(to: &written)
                XCTAssertEqual(String(decoding: written.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self))
                expected.int(1)
                written.int(1)
                XCTAssertEqual(written.bytes, expected.bytes)
            }
        }
    }

    private static func plainWrite(_ document: Document, to w: inout JSONWriter) {
        let source = ModelJSONSource(document: document)
        w.beginObject()
        w.key("version"); w.int(Document.formatVersion)
        w.key("text"); w.string(document.text)
        w.key("links"); w.beginArray()
        source.withTextUTF8 { text in
            for i in document.links.indices { DocumentJSON.writeLink(i, of: source, text: text, to: &w) }
        }
        w.endArray()
        w.key("styles"); w.beginArray()
        for style in document.styles { style.write(to: &w) }
        w.endArray()
        w.key("paragraphs"); w.beginArray()
        for paragraph in document.paragraphs { paragraph.range.writeParagraph(to: &w) }
        w.endArray()
        if !document.attachments.isEmpty {
            w.key("attachments"); w.beginArray()
            for attachment in document.attachments { attachment.write(to: &w) }
            w.endArray()
        }
        w.endObject()
    }
}
