@_spi(LinkDocInternal) @testable import LinkDocModel
import XCTest

/// `DocumentJSON.write` checks the writer's buffer unique once per document (`withExclusiveBuffer`)
/// rather than at every value: it must write what the per-write checks write, and must leave every
/// copy of the writer, taken before or after, with its own bytes.
final class JSONWriterExclusiveTests: XCTestCase {
    private static func span(_ location: Int, _ length: Int) -> TextRange {
        let s = TextSpan(location: location, length: length)
        return TextRange(utf16: s, scalars: s, utf8: s)
    }

    /// Documents of many sizes, with long strings, escapes and every optional member, so that
    /// writes grow the buffer at many different points.
    private static func documents() -> [Document] {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "长", "\"", "\\", "\n", "\u{2028}", "“x”", "😀", String(repeating: "y", count: 300), ""]
        func text(_ n: Int) -> String { (0..<n).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        var documents: [Document] = []
        for size in [0, 1, 2, 5, 20, 100] {
            let links = (0..<size).map { k -> Link in
                let targets: [LinkTarget] = [.url, .mention(name: text(2), userID: k % 2 == 0 ? nil : text(1)),
                                             .agreement(id: text(1), title: text(3)), .phone(digits: "123", extension: "9")]
                return Link(text: text(k % 4), range: span(k, 1), url: k % 3 == 0 ? nil : text(2),
                            tooltip: k % 2 == 0 ? text(1) : nil, target: targets[k % targets.count])
            }
            documents.append(Document(
                text: text(size * 3), links: links,
                styles: (0..<size / 2).map { Style(range: span($0, 2), bold: true, color: $0 % 2 == 0 ? text(1) : nil) },
                paragraphs: (0..<size).map { Paragraph(range: span($0, 1)) },
                attachments: (0..<size / 3).map { Attachment(range: span($0, 1), url: text(1), alt: nil, width: $0, height: nil) }))
        }
        return documents
    }

    func testAnExclusiveWriteWritesWhatCheckedWritesDo() {
        for document in Self.documents() {
            for capacity in [1, 16, 64, 4096] {
                var checked = JSONWriter(reservingCapacity: capacity)
                checked.int(7)
                // The same writer without `withExclusiveBuffer`: every write asks whether the buffer is shared.
                DocumentJSON.write(ModelJSONSource(document: document), exclusively: &checked)
                XCTAssertFalse(checked.bufferIsExclusive)
                var exclusive = JSONWriter(reservingCapacity: capacity)
                exclusive.int(7)
                DocumentJSON.write(ModelJSONSource(document: document), to: &exclusive)
                XCTAssertFalse(exclusive.bufferIsExclusive)
                XCTAssertEqual(exclusive.bytes, checked.bytes)
            }
        }
    }

    func testCopiesAroundADocumentWriteKeepTheirBytes() {
        let document = Self.documents()[3]
        var w = JSONWriter(reservingCapacity: 1 << 16)  // roomy: no write grows the buffer
        w.beginArray()
        let before = w
        document.write(to: &w)
        let after = w
        w.int(1)
        w.endArray()
        let json = document.jsonBytes()
        XCTAssertEqual(before.bytes, Array("[".utf8))
        XCTAssertEqual(after.bytes, Array("[".utf8) + json)
        XCTAssertEqual(w.bytes, Array("[".utf8) + json + Array(",1]".utf8))
        // A write into a copy made after the document must not show in the writer it came from.
        var copy = after
        copy.int(2)
        XCTAssertEqual(after.bytes, Array("[".utf8) + json)
        XCTAssertEqual(copy.bytes, Array("[".utf8) + json + Array(",2".utf8))
    }
}
