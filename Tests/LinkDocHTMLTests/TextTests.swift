import XCTest
import LinkDocBase
import LinkDocHTML

final class TextTests: XCTestCase {
    func testEntitiesDecodedWithTheFullHTMLSet() {
        let f = flatten("&amp; &lt; &gt; &quot; &#39; &apos;|&nbsp;|&#x4E2D;&#20013;&#X56FD; &copy;&hellip;&mdash;&euro;&hearts;&alpha;")
        XCTAssertEqual(f.string, "& < > \" ' '|\u{A0}|中中国 ©…—€♥α")
    }

    func testNumericReferenceWithoutSemicolonIsDecoded() {
        XCTAssertEqual(flatten("A&#66C").string, "ABC")
    }

    func testLiteralLessThanStaysText() {
        for s in ["年龄<18岁", "1 < 2", "a<", "<", "x <= y", "<<>>", "a</>b", "a</ b>c", "<中文>", "a<!x>b", "<3 你"] {
            let f = flatten(s)
            XCTAssertEqual(f.string, s, s.debugDescription)
            XCTAssertTrue(f.elements.isEmpty, s)
            f.assertInvariants(sourceCount: s.utf8.count)
        }
    }

    func testLiteralLessThanNextToMarkup() {
        let f = flatten("<b>年龄<18岁</b>及《协议》")
        XCTAssertEqual(f.string, "年龄<18岁及《协议》")
        XCTAssertEqual(f.styles.map(\.text), ["年龄<18岁"])
    }

    func testBareAmpersandStaysText() {
        for s in ["A&B", "&&", "AT&T", "&", "a & b", "?a=1&b=2", "&nosuch;", "&#xZZ;", "&#0;", "&#;", "&#x;", "a&#xD800;b"] {
            let f = flatten(s)
            XCTAssertEqual(f.string, s, s.debugDescription)
            f.assertInvariants(sourceCount: s.utf8.count)
        }
    }

    func testBareAmpersandInsideElements() {
        let f = flatten("<a href=\"?a=1&b=2&nosuch;\">R&D &nosuch; &#xZZ;</a>")
        XCTAssertEqual(f.string, "R&D &nosuch; &#xZZ;")
        // Attribute values: libxml2 keeps an unknown entity verbatim.
        XCTAssertEqual(f.elements.map(\.kind), [.anchor(href: "?a=1&b=2&nosuch;", title: nil)])
    }

    func testLightweightMarkupPassesThroughUntouched() {
        let s = "@小明 #话题# [链接](https://x.y/?a=1) 《用户协议》"
        XCTAssertEqual(flatten(s).string, s)
        XCTAssertEqual(flatten(s + "&amp;").string, s + "&")
    }

    func testSourceOffsetsOfElementsAndDiagnosticsAcrossLines() {
        let src = "第一行文字\n第二行 <b>粗体</b>\n第三行<blink>闪</blink> <a href=\"u\" onclick=\"x\">链</a>"
        let f = flatten(src)
        XCTAssertEqual(f.string, "第一行文字\n第二行 粗体\n第三行闪 链")
        XCTAssertEqual(f.elements.map(\.sourceOffset), [byteOffset(of: "<b>", in: src)!, byteOffset(of: "<a ", in: src)!])
        XCTAssertEqual(f.diagnostics.map(\.ruleID), [RuleID.htmlUnknownElement, RuleID.htmlSanitized])
        XCTAssertEqual(f.diagnostics.map(\.sourceOffset), [byteOffset(of: "<blink>", in: src)!, byteOffset(of: "onclick", in: src)!])
    }

    func testFlatToSourceOffsetMapping() {
        let src = "前&amp;后<b>粗体</b>\n尾&#x4E2D;!"
        let f = flatten(src)
        XCTAssertEqual(f.string, "前&后粗体\n尾中!")
        let flat = f.string
        func check(_ flatNeedle: String, _ sourceNeedle: String, line: UInt = #line) {
            let offset = byteOffset(of: flatNeedle, in: flat)!
            XCTAssertEqual(f.sourceOffset(forFlatOffset: offset), byteOffset(of: sourceNeedle, in: src), flatNeedle, line: line)
        }
        check("前", "前")
        check("&", "&amp;")
        check("后", "后")
        check("粗", "粗")
        check("体", "体")
        check("\n", "\n")
        check("尾", "尾")
        check("中", "&#x4E2D;")
        check("!", "!")
        XCTAssertEqual(f.sourceOffset(forFlatOffset: f.text.count), src.utf8.count)
        XCTAssertEqual(f.sourceOffset(forFlatOffset: -5), 0)
        f.assertInvariants(sourceCount: src.utf8.count)
    }

    func testOffsetsInsideLongTextRuns() {
        // libxml2 hands long runs over in chunks of ~1000 bytes; offsets must stay exact.
        let run = String(repeating: "中文abc", count: 600)   // 5400 bytes
        let src = "<p>" + run + "</p><b>" + run + "</b>"
        let f = flatten(src)
        XCTAssertEqual(f.string, run + "\n" + run)
        for flatOffset in stride(from: 0, to: run.utf8.count, by: 97) {
            XCTAssertEqual(f.sourceOffset(forFlatOffset: flatOffset), flatOffset + 3)
            let second = run.utf8.count + 1 + flatOffset
            XCTAssertEqual(f.sourceOffset(forFlatOffset: second), run.utf8.count + 3 + 4 + 3 + flatOffset)
        }
        XCTAssertEqual(f.styles.map(\.text), [run])
    }

    func testLeadingWhitespaceThatLibxml2SkipsIsKept() {
        let f = flatten(" \n 开头<b>x</b>")
        XCTAssertEqual(f.string, " \n 开头x")
        XCTAssertEqual(f.sourceOffset(forFlatOffset: 3), 3)
    }
}
