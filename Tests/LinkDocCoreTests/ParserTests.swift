import Foundation
@testable import LinkDocCore
import LinkDocModel
import XCTest
import LinkDocTestSupport

final class SourceTextTests: XCTestCase {
    func testInvalidUTF8IsFoundAtItsByteOffset() {
        let cases: [([UInt8], Int)] = [
            ([0x61, 0xFF], 1),                    // never valid
            ([0xC0, 0xAF], 0),                    // overlong
            ([0xE0, 0x80, 0xAF], 0),              // overlong, three bytes
            ([0xED, 0xA0, 0x80], 0),              // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),        // above U+10FFFF
            ([0x61, 0x62, 0xE4, 0xBD], 2),        // truncated at the end
            ([0xE4, 0x41, 0x41], 0),              // a lead byte without continuation
            (Array("0123456789abcdef".utf8) + [0x80], 16),  // after the ASCII fast path
        ]
        for (bytes, offset) in cases {
            XCTAssertEqual(UTF8Validation.firstInvalidByte(in: bytes), offset, "\(bytes)")
        }
        XCTAssertNil(UTF8Validation.firstInvalidByte(in: Array("好😀\u{10FFFF}é".utf8)))
    }

    func testLocationsAreOneBasedLinesAndScalarColumns() throws {
        let source = try SourceText(name: "a", bytes: Array("ab\r\n请阅读《协议》\r😀x".utf8))
        XCTAssertEqual(source.bytes, Array("ab\n请阅读《协议》\n😀x".utf8))
        let bracket = source.bytes.firstIndex(of: 0xE3)!  // 《
        XCTAssertEqual(source.location(ofOffset: bracket).line, 2)
        XCTAssertEqual(source.location(ofOffset: bracket).column, 4)
        let x = source.bytes.lastIndex(of: UInt8(ascii: "x"))!
        XCTAssertEqual(source.location(ofOffset: x).line, 3)
        XCTAssertEqual(source.location(ofOffset: x).column, 2)
        XCTAssertEqual(source.excerpt(around: bracket).line, "请阅读《协议》")
    }

    func testInvalidByteLocationCountsTheOriginalLines() {
        XCTAssertThrowsError(try SourceText(name: "a", bytes: [0x61, 0x0D, 0x0A, 0x62, 0x63, 0xFF])) { error in
            let invalid = error as! SourceText.InvalidUTF8
            XCTAssertEqual(invalid.byteOffset, 5)
            XCTAssertEqual(invalid.location.line, 2)
            XCTAssertEqual(invalid.location.column, 3)
        }
    }
}

final class RangeConsistencyTests: XCTestCase {
    /// Every link's three ranges name the same characters, its `text`, and fall on
    /// grapheme cluster boundaries, over thousands of generated documents.
    func testRangesAgreeInAllThreeUnits() throws {
        let manifest = try Manifest.load(path: SpecFile.grammarDirectory.appendingPathComponent("spec-manifest.json").path)
        let compiler = Compiler(manifest: manifest)
        let pieces = ["请阅读", "《用户协议》", "《隐私政策》", "《新条款》", "😀", "👨‍👩‍👧", "🇨🇳", "𠮷", "e\u{301}", " @小明 ", "@alice",
                      "#话题#", "C#", " https://example.com/a?b=1 ", "www.example.com", " dpo@example.com ", " 400-820-8820 ",
                      "[展开](action:expand)", "[帮助](https://example.com/help)", "\n", "，", "。", "\\@", "#", "@", "[", "]("]
        var generator = SeededGenerator(seed: 7)
        func next() -> Int { generator.nextBits() }
        var linkCount = 0
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<(3 + next() % 12) { text += pieces[next() % pieces.count] }
            let result = compiler.compile(text)
            let document = try XCTUnwrap(result.document)
            let s = document.text
            var previousEnd = 0
            for link in document.links {
                linkCount += 1
                let u16 = link.range.utf16, sc = link.range.scalars, u8 = link.range.utf8
                XCTAssertGreaterThanOrEqual(u8.location, previousEnd, "links are sorted and do not overlap")
                previousEnd = u8.upperBound
                let a = String(s.utf16[s.utf16.index(s.startIndex, offsetBy: u16.location)..<s.utf16.index(s.startIndex, offsetBy: u16.upperBound)])!
                let scalars = s.unicodeScalars
                let b = String(scalars[scalars.index(scalars.startIndex, offsetBy: sc.location)..<scalars.index(scalars.startIndex, offsetBy: sc.upperBound)])
                let c = String(decoding: Array(s.utf8)[u8.location..<u8.upperBound], as: UTF8.self)
                XCTAssertEqual(a, link.text, text)
                XCTAssertEqual(b, link.text, text)
                XCTAssertEqual(c, link.text, text)
                for offset in [u8.location, u8.upperBound] {
                    let index = s.utf8.index(s.startIndex, offsetBy: offset)
                    XCTAssertNotNil(index.samePosition(in: s), "link edge inside a grapheme cluster in \(text.debugDescription)")
                }
            }
        }
        XCTAssertGreaterThan(linkCount, 5000)
    }
}

/// One test per way to blow the parser up (cmark's pathological tests): each input
/// is large, and a quadratic path would not finish. Assertions are on the output.
final class PathologicalInputTests: XCTestCase {
    let compiler = Compiler(manifest: Manifest(agreements: ["用户协议": .init(title: "用户协议", id: "t", url: "https://example.com/t")]))
    let n = 50_000

    func compile(_ text: String) throws -> Document {
        let result = compiler.compile(text)
        return try XCTUnwrap(result.document)
    }

    func testManyOpeningBrackets() throws {
        let doc = try compile(String(repeating: "《", count: n) + "用户协议》")
        XCTAssertEqual(doc.links.count, 1)
        XCTAssertEqual(doc.links[0].range.scalars.location, n - 1)
    }

    func testManyUnclosedTitles() throws {
        XCTAssertEqual(try compile(String(repeating: "《用户", count: n)).links.count, 0)
    }

    func testManySquareBrackets() throws {
        XCTAssertEqual(try compile(String(repeating: "[", count: n) + "a](https://e.com)").links.count, 1)
        XCTAssertEqual(try compile(String(repeating: "[a](", count: n)).links.count, 0)
        XCTAssertEqual(try compile(String(repeating: "[a]", count: n)).links.count, 0)
        let many = compiler.compile(String(repeating: "[a](https://e.com/(x)) ", count: n))
        XCTAssertEqual(many.document?.links.count, 10_000, "options.maxLinks")
        XCTAssertEqual(many.diagnostics.map(\.ruleID), [RuleID.tooManyLinks])
        // Deeply nested parentheses pair up in one pass; the URL is then too long (32 KiB).
        let nested = compiler.compile("[a](https://e.com/" + String(repeating: "(", count: n) + String(repeating: ")", count: n + 1))
        XCTAssertEqual(nested.document?.links.count, 0)
        XCTAssertEqual(nested.diagnostics.map(\.ruleID), [RuleID.invalidURL])
    }

    func testManyAtSigns() throws {
        XCTAssertEqual(try compile(String(repeating: "@", count: n)).links.count, 0)
        XCTAssertEqual(try compile(String(repeating: "@a", count: n)).links.count, 10_000,
                       "@a@a…: without a host after it, each @ starts the next mention of the chain (up to options.maxLinks)")
        XCTAssertEqual(try compile(String(repeating: "@_", count: n)).links.count, 0, "no name holds a letter")
        XCTAssertEqual(try compile(String(repeating: "@小明", count: 5_000)).links.count, 5_000, "Weibo names side by side")
        XCTAssertEqual(try compile(String(repeating: "a", count: n) + String(repeating: "@", count: n)).links.count, 0)
        XCTAssertEqual(try compile(String(repeating: "a.", count: n) + "a@example.com").links.count, 0, "local part over 64")
        XCTAssertEqual(try compile(String(repeating: "a", count: 64) + "@example.com").links.count, 1)
    }

    func testManyHashes() throws {
        XCTAssertEqual(try compile(String(repeating: "#", count: n)).links.count, 0)
        XCTAssertEqual(try compile(String(repeating: "# a", count: n)).links.count, 0)
        XCTAssertEqual(try compile("#" + String(repeating: "长", count: n) + "#").links.count, 0)
    }

    func testManyBackslashesAndDigits() throws {
        XCTAssertEqual(try compile(String(repeating: "\\", count: n) + "[a](https://e.com)").links.count, 1)
        XCTAssertEqual(try compile(String(repeating: "1", count: n)).links.count, 0)
        XCTAssertEqual(try compile(String(repeating: "1-", count: n)).links.count, 0)
        XCTAssertEqual(try compile(String(repeating: "(010) ", count: n)).links.count, 0)
    }

    func testOneLongURLAndOneLongLine() throws {
        XCTAssertEqual(try compile("https://e.com/" + String(repeating: "a", count: 30_000)).links.count, 1)
        // Over 32 KiB a URL is an error, not a slow path.
        let long = compiler.compile("https://e.com/" + String(repeating: "a", count: n * 4))
        XCTAssertEqual(long.document?.links.count, 0)
        XCTAssert(long.diagnostics.contains { $0.ruleID == RuleID.invalidURL && $0.message.contains("input-too-long") })
        XCTAssertEqual(try compile(String(repeating: "https://", count: n)).links.count, 0)
        XCTAssertEqual(try compile(String(repeating: "文字 ", count: n * 4)).paragraphs.count, 1)
    }

    /// Explicit links are looked for only up to the next <a>; searching the whole
    /// rest of the document each time was quadratic in the number of anchors.
    func testManyAnchors() throws {
        let doc = try compile(String(repeating: "文字<a href=\"https://e.com/\">链接</a>", count: n / 5) + "[a](https://e.com)")
        XCTAssertEqual(doc.links.count, 10_000, "options.maxLinks")
    }

    func testManyLines() throws {
        XCTAssertEqual(try compile(String(repeating: "《用户协议》\n", count: n)).paragraphs.count, n)
    }
}
