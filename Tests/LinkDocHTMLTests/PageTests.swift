import XCTest
import LinkDocTestSupport
import LinkDocBase
import LinkDocHTML

/// Whole pages (the agreement and privacy pages apps ship) and the block elements they are made
/// of: nothing of <head> in the text, blocks on lines of their own, white space as a browser
/// lays it out.
final class PageTests: XCTestCase {
    func testNothingOfTheHeadIsText() {
        let src = """
            <!DOCTYPE html>
            <html lang="zh">
            <head>
              <meta charset="utf-8"><meta name="viewport" content="width=device-width">
              <title>隐私政策 #标题#</title>
              <base href="https://example.com/"><link rel="stylesheet" href="a.css">
              <style>body { color: #4caf50; } h1 { color: #333#; }</style>
              <script>track("#话题#")</script>
              <noscript><link rel="stylesheet" href="b.css"></noscript>
            </head>
            <body><p>正文</p></body>
            </html>
            """
        let f = flatten(src)
        XCTAssertEqual(f.string, "正文")
        // The style sheet goes silently: it holds no copy.
        XCTAssertEqual(f.diagnostics.map(\.ruleID), [RuleID.htmlSanitized, RuleID.htmlSanitized])
        XCTAssertEqual(f.diagnostics.map(\.severity), [.warning, .info])
        XCTAssertEqual(f.diagnostics.map(\.sourceOffset), ["<script>", "<noscript>"].map { byteOffset(of: $0, in: src)! })
        f.assertInvariants(sourceCount: src.utf8.count)
    }

    /// libxml2 drops a <head> that no <html> encloses; it still holds the page's metadata.
    func testHeadWithoutHTMLAndWithoutItsEndTag() {
        XCTAssertEqual(flatten("<head>\n<title>标题</title>\n<meta charset=utf-8>\n<p>正文</p>").string, "正文")
        XCTAssertEqual(flatten("<html><head><title>t</title><b>粗</b> 体").string, "粗 体", "an inline element ends the head too")
        let text = flatten("<html><head><title>t</title>\n  正文 <b>粗</b></html>")
        XCTAssertEqual(text.string, "正文 粗", "text ends the head, its leading white space is the page's")
        XCTAssertTrue(text.diagnostics.isEmpty, "\(text.diagnostics)")
    }

    func testTitleOutsideTheHeadIsAnInfo() {
        let f = flatten("<title>标题</title><p>正文</p>")
        XCTAssertEqual(f.string, "正文")
        XCTAssertEqual(f.diagnostics.map(\.severity), [.info])
        XCTAssertEqual(f.diagnostics.map(\.sourceOffset), [0])
    }

    /// An element that drops what it holds and is never closed drops the rest of the input: said,
    /// not silent.
    func testUnclosedDroppedElementsAreReported() {
        for (tag, rule) in [("title", RuleID.htmlSanitized), ("style", .htmlMalformed), ("noscript", .htmlSanitized)] {
            let f = flatten("前<\(tag)>x<p>后")
            XCTAssertEqual(f.string, "前", tag)
            XCTAssert(f.diagnostics.contains { $0.ruleID == RuleID.htmlMalformed && $0.message.contains("not closed") && $0.sourceOffset == 3 },
                      "\(tag): \(f.diagnostics)")
            XCTAssert(f.diagnostics.contains { $0.ruleID == rule }, tag)
        }
    }

    func testPageWhiteSpaceIsLaidOutAsABrowserDoes() {
        let src = "<html><body>\n  <p>\n    请阅读  <b> 粗 </b>\n    协议\t。<br>\n    下一行  </p>\n  <pre>  保留\n  空白</pre>\n  <b>a</b>\n  <b>b</b>\n</body></html>\n"
        let f = flatten(src)
        XCTAssertEqual(f.string, "请阅读 粗 协议 。\n下一行\n  保留\n  空白\na b")
        XCTAssertEqual(f.styles.map(\.text), ["粗", "a", "b"], "a space inside <b> after a space outside it is none; one held at its end goes after it")
        f.assertInvariants(sourceCount: src.utf8.count)
        // The text maps back to its place in the source.
        let flat = Array(f.text), source = Array(src.utf8)
        let at = byteOffset(of: "协议", in: f.string)!
        XCTAssertEqual(Array(source[f.sourceOffset(forFlatOffset: at)..<f.sourceOffset(forFlatOffset: at) + 6]), Array(flat[at..<at + 6]))
    }

    /// Without a DOCTYPE, <html> or <body> the input is a fragment: its white space is kept.
    func testFragmentWhiteSpaceIsKept() {
        XCTAssertEqual(flatten("<p>\n  a  b\n</p>").string, "\n  a  b\n")
    }

    func testListsAndDefinitionsCloseTheItemBefore() {
        let f = flatten("<ul><li>一<li>二<ul><li>内<li>内二</ul><li>三</ul><dl><dt>术语<dd>解释<dt>又</dl>")
        XCTAssertEqual(f.string, "一\n二\n内\n内二\n三\n术语\n解释\n又")
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
        // A hundred items left open do not nest a hundred deep.
        let long = flatten("<ul>" + String(repeating: "<li><b>项</b>", count: 100) + "</ul>", maxDepth: 8)
        XCTAssertEqual(long.styles.count, 100)
        XCTAssertTrue(long.diagnostics.isEmpty, "\(long.diagnostics)")
    }

    func testTablesSeparateCellsByTabsAndRowsByLines() {
        let f = flatten("前<table><caption>表</caption><thead><tr><th>名<th>值<tbody><tr><td>甲<td><table><tr><td>内<td>层</table><tr><td>乙<td>二</table>后")
        XCTAssertEqual(f.string, "前\n表\n名\t值\n甲\t\n内\t层\n乙\t二\n后", "a table in a cell is a block of lines of its own")
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testABlockClosesAnOpenParagraphButNotAcrossATable() {
        let f = flatten("<p>一<div>二</div><table><tr><td><p>三<div>四</div></td></tr></table>")
        XCTAssertEqual(f.string, "一\n二\n三\n四")
        XCTAssertEqual(f.elements.map(\.kind), [.paragraph, .paragraph])
        XCTAssertEqual(f.elements.map { f.substring($0.range) }, ["一", "三"])
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    /// A block's style attribute covers its text; a <p> keeps its paragraph element beside it.
    func testBlockStyleAttributes() {
        let f = flatten("<p style=\"color: #4caf50\">绿</p><h3 style=\"font-style: italic\">题</h3><li style=\"color: red\">项</li>")
        XCTAssertEqual(f.string, "绿\n题\n项")
        XCTAssertEqual(f.elements.map(\.kind), [.paragraph, .style(TextStyle(color: "#4caf50")),
                                                .style(TextStyle(bold: true, italic: true)), .style(TextStyle(color: "#ff0000"))])
        XCTAssertEqual(f.elements.map { f.substring($0.range) }, ["绿", "绿", "题", "项"])
    }

    /// Random pages of blocks, head elements and white space: the invariants hold and the text
    /// of every block survives.
    func testRandomPagesKeepInvariants() {
        let pieces = ["<html>", "</html>", "<head>", "</head>", "<body>", "</body>", "<title>", "</title>", "<meta charset=x>",
                      "<style>", "</style>", "<li>", "</li>", "<ul>", "</ul>", "<td>", "<tr>", "<table>", "</table>", "<h2>",
                      "</h2>", "<pre>", "</pre>", "<p>", "</p>", "<br>", "<hr>", "<b>", "</b>", " ", "\n  ", "\t", "文", "x",
                      "<!DOCTYPE html>", "&amp;", "&#32;"]
        var generator = SeededGenerator(seed: 0x5DEECE66D)
        for _ in 0..<2_000 {
            var s = ""
            for _ in 0..<Int(generator.state % 30) { s += pieces[generator.next(pieces.count)] }
            let f = flatten(s)
            f.assertInvariants(sourceCount: s.utf8.count)
        }
    }
}
