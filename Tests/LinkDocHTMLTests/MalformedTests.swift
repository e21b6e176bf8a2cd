import XCTest
import LinkDocTestSupport
import LinkDocBase
import LinkDocHTML

final class MalformedTests: XCTestCase {
    func testMisnestedTagsKeepReadingOrder() {
        let src = "<b>a<i>b</b>c</i>d"
        let f = flatten(src)
        XCTAssertEqual(f.string, "abcd")
        XCTAssertEqual(f.styles.map(\.style), [TextStyle(bold: true), TextStyle(italic: true)])
        XCTAssertEqual(f.styles.map(\.text), ["ab", "b"])
        let m = f.diagnostics(RuleID.htmlMalformed)
        // <i> closed by </b>, and the stray </i>.
        XCTAssertEqual(m.map(\.sourceOffset), [byteOffset(of: "<i>", in: src)!, byteOffset(of: "</i>", in: src)!])
        XCTAssertTrue(m.allSatisfy { $0.severity == .warning })
    }

    func testUnclosedTagRunsToEndOfInput() {
        let f = flatten("前<b>粗体到结尾")
        XCTAssertEqual(f.string, "前粗体到结尾")
        XCTAssertEqual(f.styles.map(\.text), ["粗体到结尾"])
        XCTAssertEqual(f.diagnostics(RuleID.htmlMalformed).map(\.sourceOffset), [3])
    }

    func testStrayEndTagIsIgnoredWithWarning() {
        let f = flatten("甲</b>乙</span>丙")
        XCTAssertEqual(f.string, "甲乙丙")
        XCTAssertEqual(f.diagnostics(RuleID.htmlMalformed).map(\.sourceOffset), [3, 10])
    }

    func testEndTagWithJunkStillCloses() {
        let f = flatten("<b>x</b foo=1>y")
        XCTAssertEqual(f.string, "xy")
        XCTAssertEqual(f.styles.map(\.text), ["x"])
    }

    func testUnterminatedStartTagAtEnd() {
        let f = flatten("文字<b")
        XCTAssertEqual(f.string, "文字")
        let g = flatten("q<a href=\"x")
        XCTAssertEqual(g.string, "q")
        XCTAssertEqual(g.elements.map(\.kind), [.anchor(href: "x", title: nil)])
        XCTAssertFalse(g.diagnostics(RuleID.htmlMalformed).isEmpty)
    }

    func testNestedAnchorClosesOuterAnchor() {
        let f = flatten("<a href=1>一<a href=2>二</a>三</a>")
        XCTAssertEqual(f.string, "一二三")
        XCTAssertEqual(f.elements.map { f.substring($0.range) }, ["一", "二"])
        XCTAssertEqual(f.diagnostics(RuleID.htmlMalformed).count, 2, "\(f.diagnostics)")   // outer <a> + stray </a>
    }

    func testDepthLimitKeepsTextAndReportsOnce() {
        let f = flatten("<b><i><u><s>深</s></u></i></b>", maxDepth: 2)
        XCTAssertEqual(f.string, "深")
        XCTAssertEqual(f.elements.count, 2)
        let d = f.diagnostics(RuleID.htmlDepthLimit)
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.severity, .error)
        XCTAssertEqual(d.first?.sourceOffset, 6)
        XCTAssertTrue(f.diagnostics(RuleID.htmlMalformed).isEmpty)
    }

    func testHundredThousandNestedElements() {
        let n = 100_000
        let src = String(repeating: "<b>", count: n) + "深" + String(repeating: "</b>", count: n) + "尾"
        let f = flatten(src)
        XCTAssertEqual(f.string, "深尾")
        XCTAssertEqual(f.elements.count, 64)
        XCTAssertTrue(f.elements.allSatisfy { $0.range == 0..<3 })
        XCTAssertEqual(f.diagnostics(RuleID.htmlDepthLimit).count, 1)
        XCTAssertEqual(f.diagnostics(RuleID.htmlDepthLimit).first?.sourceOffset, 64 * 3)
        XCTAssertTrue(f.diagnostics(RuleID.htmlMalformed).isEmpty)
        f.assertInvariants(sourceCount: src.utf8.count)
    }

    func testHundredThousandUnclosedElements() {
        let n = 100_000
        let src = String(repeating: "<i>", count: n) + "x"
        let f = flatten(src)
        XCTAssertEqual(f.string, "x")
        XCTAssertEqual(f.elements.count, 64)
        // Capped: not 100,000 diagnostics.
        XCTAssertLessThan(f.diagnostics.count, 300)
        XCTAssertEqual(f.diagnostics(RuleID.htmlDepthLimit).count, 1)
        XCTAssertFalse(f.diagnostics(RuleID.htmlMalformed).isEmpty)
    }

    func testInvalidUTF8AndNULNeverSwitchDecoding() {
        var bytes = Array("前".utf8) + [0xFF, 0x00, 0xC3] + Array("<b>中文</b>".utf8) + [0xE4, 0xB8]
        let f = HTMLFlattener.flatten(bytes)
        XCTAssertEqual(f.string, "前???中文??")
        XCTAssertEqual(f.styles.map(\.text), ["中文"])
        bytes = [0x3C, 0x00, 0x62, 0x3E]
        _ = HTMLFlattener.flatten(bytes)
        _ = HTMLFlattener.flatten([])
        XCTAssertEqual(HTMLFlattener.flatten([]).text, [])
    }

    func testControlCharactersAreDroppedConsistently() {
        let f = flatten("\u{01}a\u{02}b<b>\u{03}c</b>")
        XCTAssertEqual(f.string, "abc")
        XCTAssertEqual(f.styles.map(\.text), ["c"])
    }

    func testRandomTagSoupNeverCrashesAndKeepsInvariants() {
        let pieces = ["<b>", "</b>", "<i>", "</i>", "<p>", "</p>", "<a href=\"x&amp;y\">", "</a>", "<br>", "<img src=x>",
                      "<script>", "</script>", "<!--", "-->", "<", ">", "&", "&amp;", "&#x4E2D;", "&#xZZ;", "&nosuch;",
                      "文字", "text", " ", "\n", "</", "<div>", "</div>", "<span style=\"color:red\">", "</span>",
                      "<blink>", "\"", "'", "=", "<iframe>", "</iframe>", "<?x?>", "<!DOCTYPE html>", "\u{0}", "é"]
        var generator = SeededGenerator(seed: 0x9E3779B97F4A7C15)
        for _ in 0..<2_000 {
            var s = ""
            let count = Int(generator.state % 40)
            for _ in 0..<count { s += pieces[generator.next(pieces.count)] }
            let f = flatten(s)
            f.assertInvariants(sourceCount: s.utf8.count)
            // Anything that looks like text in a tag-free input comes back verbatim.
            if !s.contains("<") && !s.contains("&") && !s.contains("\u{0}") {
                XCTAssertEqual(f.string, s)
            }
        }
    }
}
