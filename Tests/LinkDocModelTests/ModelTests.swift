import Foundation
import LinkDocModel
import XCTest

final class JSONWriterTests: XCTestCase {
    func testEscapesQuotesBackslashesAndControlCharacters() {
        var w = JSONWriter()
        w.string("a\"b\\c\nd\te\u{1}f\u{7F}\u{2028}中")
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #""a\"b\\c\nd\te\u0001f\u007f\u2028中""#)
    }

    func testObjectsArraysAndNumbers() {
        var w = JSONWriter()
        w.beginObject()
        w.key("a"); w.int(-12)
        w.key("b"); w.beginArray(); w.int(0); w.bool(true); w.null(); w.endArray()
        w.member("c", nil as String?)
        w.member("d", "x")
        w.endObject()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #"{"a":-12,"b":[0,true,null],"d":"x"}"#)
    }

    func testPrettyPrintingKeepsStringsAndFlatArrays() {
        let compact = Array(#"{"a":[1,2],"b":{"c":"x,{y}:\"z\""},"e":[]}"#.utf8)
        let pretty = String(decoding: JSONFormatter.prettyPrinted(compact), as: UTF8.self)
        XCTAssertEqual(pretty, "{\n  \"a\": [1, 2],\n  \"b\": {\n    \"c\": \"x,{y}:\\\"z\\\"\"\n  },\n  \"e\": []\n}")
    }
}

final class DocumentTests: XCTestCase {
    static func range(_ u16: Int, _ u16len: Int, _ sc: Int, _ sclen: Int, _ u8: Int, _ u8len: Int) -> TextRange {
        TextRange(utf16: TextSpan(location: u16, length: u16len), scalars: TextSpan(location: sc, length: sclen),
                  utf8: TextSpan(location: u8, length: u8len))
    }

    /// A document with every kind of link and member.
    static let sample = Document(
        text: "😀请阅读《用户协议》@小明",
        links: [
            Link(text: "《用户协议》", range: range(5, 6, 4, 6, 13, 18), url: "https://example.com/terms",
                 target: .agreement(id: "terms", title: "用户协议")),
            Link(text: "@小明", range: range(11, 3, 10, 3, 31, 7), url: nil, target: .mention(name: "小明", userID: "u_1")),
        ],
        styles: [Style(range: range(0, 2, 0, 1, 0, 4), bold: true, color: "#ff0000")],
        paragraphs: [Paragraph(range: range(0, 14, 0, 13, 0, 38))],
        attachments: [Attachment(range: range(0, 2, 0, 1, 0, 4), url: "https://example.com/a.png", alt: "a", width: 10, height: nil)])

    func testJSONRoundTripIsByteIdentical() throws {
        let bytes = Self.sample.jsonBytes()
        let decoded = try Document(jsonData: Data(bytes))
        XCTAssertEqual(decoded, Self.sample)
        XCTAssertEqual(decoded.jsonBytes(), bytes)
    }

    func testEveryLinkKindRoundTrips() throws {
        let targets: [LinkTarget] = [.agreement(id: "a", title: "t"), .mention(name: "n", userID: nil),
                                     .mention(name: "n", userID: "u"), .topic(name: "t", id: nil), .topic(name: "t", id: "i"),
                                     .url, .email(address: "a@b.cn"), .phone(digits: "+8613800138000"), .action(name: "expand")]
        for target in targets {
            let doc = Document(text: "x", links: [Link(text: "x", range: Self.range(0, 1, 0, 1, 0, 1),
                                                       url: target == .url ? "https://e.com" : nil, target: target)])
            let decoded = try Document(jsonData: Data(doc.jsonBytes()))
            XCTAssertEqual(decoded, doc, "\(target)")
            XCTAssertEqual(decoded.links.first?.kind, target.kind)
        }
    }

    func testRejectsAnotherVersion() {
        let json = #"{"version":2,"text":"","links":[],"styles":[],"paragraphs":[]}"#
        XCTAssertThrowsError(try Document(jsonData: Data(json.utf8))) { error in
            XCTAssert("\(error)".contains("version 2"), "\(error)")
        }
    }

    func testEmptyDocumentJSON() {
        XCTAssertEqual(String(decoding: Document.empty.jsonBytes(), as: UTF8.self),
                       #"{"version":1,"text":"","links":[],"styles":[],"paragraphs":[]}"#)
    }

    func testAttributedStringCarriesLinksAndPayloads() {
        let attributed = Self.sample.attributedString()
        XCTAssertEqual(String(attributed.characters), Self.sample.text)
        var linkedTexts: [String] = []
        var urls: [URL?] = []
        var kinds: [LinkKind] = []
        var targets: [LinkTarget] = []
        for run in attributed.runs {
            guard let kind = run[LinkDocAttributes.LinkKindKey.self] else { continue }
            linkedTexts.append(String(attributed[run.range].characters))
            urls.append(run.link)
            kinds.append(kind)
            if let target = run[LinkDocAttributes.LinkTargetKey.self] { targets.append(target) }
        }
        XCTAssertEqual(linkedTexts, ["《用户协议》", "@小明"])
        XCTAssertEqual(urls, [URL(string: "https://example.com/terms"), nil], "a link without a URL has no link attribute")
        XCTAssertEqual(kinds, [.agreement, .mention])
        XCTAssertEqual(targets, [.agreement(id: "terms", title: "用户协议"), .mention(name: "小明", userID: "u_1")])

        let first = attributed.runs.first!
        XCTAssertEqual(String(attributed[first.range].characters), "😀")
        XCTAssertEqual(first[LinkDocAttributes.StyleKey.self]?.bold, true)
        XCTAssertEqual(first[LinkDocAttributes.StyleKey.self]?.color, "#ff0000")
        XCTAssertEqual(first[LinkDocAttributes.AttachmentKey.self]?.alt, "a")
    }

    func testScopeIsReachableByDynamicMember() {
        var attributed = AttributedString("x")
        attributed.linkDoc.linkKind = .topic
        XCTAssertEqual(attributed.runs.first?[LinkDocAttributes.LinkKindKey.self], .topic)
    }
}
