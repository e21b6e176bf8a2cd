@_spi(LinkDocInternal) @testable import LinkDocModel
import XCTest

/// A link whose source lends a `LinkPayload` is written from the payload's JSON, made once
/// (`DocumentJSON.writeLinkMembers(range:payload:)`); it must be what the members written one by
/// one give (the model's links, `withLink`), for every target, with and without URL and tooltip,
/// with strings that need escapes, after any link before it.
final class LinkPayloadJSONTests: XCTestCase {
    /// Link texts short and long, with and without escapes: a short plain one is written with
    /// the rest of its link under one capacity check, any other in three writes.
    private static let linkTexts = ["", "a", "链接", "引\"号", "\n", "一个比十六个字节长得多的链接文字", "long text, then an escape\u{1}",
                                    "《用户服务协议》", "plain ASCII of 17 to 32", "\u{2028}一个长一点的文字", "一个长一点的文字“"]
    private static let strings = ["", "a", "小明", "引号\"与\\反斜杠", "行\n尾\u{1}", "\u{2028}", "https://例子.公司/a?b=1&c=\"2\""]

    private static func targets() -> [LinkTarget] {
        var targets: [LinkTarget] = [.url]
        for s in strings {
            targets += [.agreement(id: s, title: s + "协议"), .mention(name: s, userID: nil), .mention(name: s, userID: "u_" + s),
                        .topic(name: s, id: nil), .topic(name: s, id: s), .email(address: s), .phone(digits: s),
                        .phone(digits: "+86" + s, extension: s), .action(name: s), .appFilled(placeholder: s),
                        .appHandled(fragment: s)]
        }
        return targets
    }

    /// The model as a source that lends payloads.
    private struct PayloadSource: DocumentJSONSource {
        let document: Document
        let payloads: [LinkPayload]
        init(_ document: Document) {
            self.document = document
            payloads = document.links.map { LinkPayload(url: $0.url, tooltip: $0.tooltip, target: $0.target) }
        }
        func withTextUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            Array(document.text.utf8).withUnsafeBufferPointer(body)
        }
        var linkCount: Int { document.links.count }
        func withLinkTextUTF8<R>(at index: Int, in text: UnsafeBufferPointer<UInt8>,
                                 _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            Array(document.links[index].text.utf8).withUnsafeBufferPointer(body)
        }
        func withLink<R>(at index: Int, _ body: (TextRange, String?, String?, LinkTarget) -> R) -> R {
            XCTFail("a source that lends payloads is not asked for the members")
            let link = document.links[index]
            return body(link.range, link.url, link.tooltip, link.target)
        }
        func withLinkPayload<R>(at index: Int, _ body: (TextRange, LinkPayload) -> R) -> R? {
            body(document.links[index].range, payloads[index])
        }
        var styles: [Style] { document.styles }
        var paragraphCount: Int { document.paragraphs.count }
        func paragraphRange(at index: Int) -> TextRange { document.paragraphs[index].range }
        var attachments: [Attachment] { document.attachments }
    }

    func testALinkWrittenFromItsPayloadIsWhatItsMembersGive() {
        var links: [Link] = []
        for (k, target) in Self.targets().enumerated() {
            let url: String? = k % 3 == 0 ? nil : Self.strings[k % Self.strings.count] + "://x"
            let tooltip: String? = k % 4 == 0 ? Self.strings[(k / 4) % Self.strings.count] : nil
            let range = TextRange(utf16: TextSpan(location: k, length: 1), scalars: TextSpan(location: k, length: 1),
                                  utf8: TextSpan(location: 1_000 * k, length: 3))
            links.append(Link(text: Self.linkTexts[k % Self.linkTexts.count] + "\(k)", range: range, url: url, tooltip: tooltip,
                              target: target))
        }
        XCTAssertGreaterThan(links.count, 70)
        // One link a document, and all in one.
        let documents = links.map { Document(text: "x", links: [$0]) } + [Document(text: "全部", links: links)]
        for document in documents {
            var w = JSONWriter(reservingCapacity: 1)
            DocumentJSON.write(PayloadSource(document), to: &w)
            XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), String(decoding: document.jsonBytes(), as: UTF8.self))
        }
    }

    func testAPayloadKeepsWhatItWasMadeOf() {
        let payload = LinkPayload(url: "https://example.com/terms", tooltip: "条款", target: .agreement(id: "terms", title: "用户协议"))
        XCTAssertEqual(payload.url, "https://example.com/terms")
        XCTAssertEqual(payload.tooltip, "条款")
        XCTAssertEqual(payload.target, .agreement(id: "terms", title: "用户协议"))
        XCTAssertEqual(payload.kind, .agreement)
        XCTAssertEqual(String(decoding: payload.json, as: UTF8.self),
                       #","url":"https://example.com/terms","tooltip":"条款","id":"terms","title":"用户协议"}"#)
    }
}
