import Foundation
import LinkDocModel
import XCTest

/// `Document.formatted(_:)`: the text String(format:) gives, and every range still exact in
/// UTF-16 units, scalars and UTF-8 bytes.
final class FormattingTests: XCTestCase {
    typealias R = LinkSchemeTests

    /// The text of a plain document is String(format:)'s, for the same format and values.
    func testTextMatchesStringFormat() throws {
        let family = "👩‍👩‍👧", flag = "🇨🇳", name = "小明"
        let cases: [(String, [FormatArgument], [CVarArg])] = [
            ("%@ 邀请你加入 %@", [.string(family), .string(name)], [family, name]),
            ("%1$@ 和 %2$@，又是 %1$@", [.string(flag), .string("e\u{301}")], [flag, "e\u{301}"]),
            ("%2$@ 在 %1$@ 之后", [.string("一"), .string("二")], ["一", "二"]),
            ("%d 条未读，共 %lld 条，完成 100%%", [.int(3), .int(1 << 40)], [3, 1 << 40]),
            ("%2$lld/%1$lld 😀", [.int(7), .int(9)], [7, 9]),
            ("%05d|%-4d|%+d|%x|%X|%o|%ld|%i|%u", [.int(42), .int(7), .int(3), .int(255), .int(255), .int(8), .int(Int.max), .int(-5), .int(12)],
             [42, 7, 3, 255, 255, 8, Int.max, -5, 12]),
            ("%.2f %e %g %5.1f%%", [.double(3.14159), .double(1234.5), .double(0.0001), .double(99.96)], [3.14159, 1234.5, 0.0001, 99.96]),
            ("%@ has %d 👍", [.int(12), .int(5)], ["12", 5]),
            ("没有占位符", [], []),
            ("%%%@%%", [.string(family)], [family]),
        ]
        for (format, arguments, values) in cases {
            let document = Document(text: format, paragraphs: [Paragraph(range: R.range(format, format))])
            let filled = try document.formatted(arguments)
            XCTAssertEqual(filled.text, String(format: format, arguments: values), format)
            try assertExact(filled, format)
        }
    }

    /// Links and styles before, after and around placeholders keep covering their text.
    func testRangesMoveAndWiden() throws {
        let text = "%@ 请阅读《用户协议》😀 %2$@的主页 %%"
        let numbered = text.replacingOccurrences(of: "%@ ", with: "%1$@ ")
        let document = Document(text: numbered, links: [
            Link(text: "《用户协议》", range: R.range(numbered, "《用户协议》"), url: "https://example.com/terms",
                 target: .agreement(id: "terms", title: "用户协议")),
            Link(text: "%2$@的主页", range: R.range(numbered, "%2$@的主页"), url: nil, target: .action(name: "profile")),
        ], styles: [Style(range: R.range(numbered, "😀"), bold: true), Style(range: R.range(numbered, "%1$@"), italic: true)],
           paragraphs: [Paragraph(range: R.range(numbered, numbered))])
        let filled = try document.formatted(["👩‍👩‍👧👩‍👩‍👧", "Zoë 🇨🇳"])
        XCTAssertEqual(filled.text, String(format: numbered, "👩‍👩‍👧👩‍👩‍👧", "Zoë 🇨🇳"))
        XCTAssertEqual(filled.links.map(\.text), ["《用户协议》", "Zoë 🇨🇳的主页"])
        XCTAssertEqual(filled.styles.map { slice(filled.text, $0.range) }, ["👩‍👩‍👧👩‍👩‍👧", "😀"])
        try assertExact(filled, numbered)
        XCTAssertEqual(filled.links[0].range, R.range(filled.text, "《用户协议》"), "the agreement moved by the family emoji's units")
    }

    /// A document argument (a mention) brings its link; line breaks in arguments start paragraphs.
    func testDocumentArgumentsAndLineBreaks() throws {
        let mention = Document(text: "@小明", links: [Link(text: "@小明", range: R.range("@小明", "@小明"), url: nil,
                                                           target: .mention(name: "小明", userID: "u_1"))],
                               paragraphs: [Paragraph(range: R.range("@小明", "@小明"))])
        let template = "😀 %@ 赞了你的 %@\n第二段 [展开]"
        let document = Document(text: template, links: [
            Link(text: "[展开]", range: R.range(template, "[展开]"), url: nil, target: .action(name: "expand")),
        ], paragraphs: [Paragraph(range: R.range(template, "😀 %@ 赞了你的 %@\n")), Paragraph(range: R.range(template, "第二段 [展开]"))])
        let filled = try document.formatted([.document(mention), "照片\n和视频"])
        XCTAssertEqual(filled.text, "😀 @小明 赞了你的 照片\n和视频\n第二段 [展开]")
        XCTAssertEqual(filled.links.map(\.target), [.mention(name: "小明", userID: "u_1"), .action(name: "expand")])
        XCTAssertEqual(filled.links.map(\.text), ["@小明", "[展开]"])
        XCTAssertEqual(filled.paragraphs.map { slice(filled.text, $0.range) }, ["😀 @小明 赞了你的 照片\n", "和视频\n", "第二段 [展开]"])
        try assertExact(filled, template)
        let runs = filled.attributedString().runs.compactMap { $0[LinkDocAttributes.LinkTargetKey.self] }
        XCTAssertEqual(runs, filled.links.map(\.target))
    }

    func testProblemsAreErrorsNotWrongRanges() {
        func error(_ text: String, _ arguments: [FormatArgument], links: [Link] = []) -> FormatError? {
            do { _ = try Document(text: text, links: links).formatted(arguments); return nil } catch { return error as? FormatError }
        }
        XCTAssertEqual(error("%@ %@", ["a"]), .missingArgument(2))
        XCTAssertEqual(error("%d", ["a"]), .wrongType(placeholder: "%d", argument: 1))
        XCTAssertEqual(error("%@", [.double(1.5)]), .wrongType(placeholder: "%@", argument: 1))
        XCTAssertEqual(error("%1$@ %@", ["a", "b"]), .mixedNumbering)
        XCTAssertEqual(error("😀 %s", ["a"]), .unsupportedPlaceholder("%s", utf16Offset: 3))
        XCTAssertEqual(error("%5@", ["a"]), .unsupportedPlaceholder("%5@", utf16Offset: 0))
        XCTAssertEqual(error("100%", []), .unsupportedPlaceholder("%", utf16Offset: 3))
        XCTAssertEqual(error("%#@count@", []), .unsupportedPlaceholder("%#@", utf16Offset: 0))
        let inner = Document(text: "@a", links: [Link(text: "@a", range: R.range("@a", "@a"), url: nil, target: .mention(name: "a", userID: nil))])
        XCTAssertEqual(error("[%@]", [.document(inner)], links: [Link(text: "[%@]", range: R.range("[%@]", "[%@]"), url: nil,
                                                                          target: .action(name: "x"))]), .nestedLink(argument: 1))
        XCTAssertEqual(error("《协议》%@", ["\u{301}x"], links: [Link(text: "《协议》", range: R.range("《协议》%@", "《协议》"), url: nil,
                                                                     target: .action(name: "x"))]), .splitsCharacter(argument: 1),
                       "a combining mark would join 》 and put the link's end inside a character")
        XCTAssertNil(error("%@ %@", ["a", "b", "unused"]), "extra arguments are ignored, as String(format:) ignores them")
    }

    /// Every range slices to the same text in all three units, links' `text` is their slice,
    /// paragraphs tile the text, and no edge falls inside a character.
    private func assertExact(_ d: Document, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let ranges = d.links.map(\.range) + d.styles.map(\.range) + d.paragraphs.map(\.range) + d.attachments.map(\.range)
        var boundaries: Set<Int> = [0]
        var u16 = 0
        for c in d.text { u16 += c.utf16.count; boundaries.insert(u16) }
        for r in ranges {
            let byUTF16 = String(decoding: Array(d.text.utf16)[r.utf16.location..<r.utf16.upperBound], as: UTF16.self)
            let byScalars = String(String.UnicodeScalarView(Array(d.text.unicodeScalars)[r.scalars.location..<r.scalars.upperBound]))
            let byUTF8 = String(decoding: Array(d.text.utf8)[r.utf8.location..<r.utf8.upperBound], as: UTF8.self)
            XCTAssertEqual(byUTF16, byScalars, context, file: file, line: line)
            XCTAssertEqual(byUTF16, byUTF8, context, file: file, line: line)
            XCTAssert(boundaries.contains(r.utf16.location) && boundaries.contains(r.utf16.upperBound), "\(context): \(r)", file: file, line: line)
        }
        for link in d.links { XCTAssertEqual(link.text, slice(d.text, link.range), context, file: file, line: line) }
        var end = 0
        for p in d.paragraphs {
            XCTAssertEqual(p.range.utf16.location, end, "\(context): paragraphs tile the text", file: file, line: line)
            end = p.range.utf16.upperBound
        }
        XCTAssertEqual(end, d.text.utf16.count, "\(context): paragraphs tile the text", file: file, line: line)
    }

    private func slice(_ text: String, _ r: TextRange) -> String {
        String(decoding: Array(text.utf16)[r.utf16.location..<r.utf16.upperBound], as: UTF16.self)
    }
}
