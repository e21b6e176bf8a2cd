import XCTest
import LinkDocTestSupport
@testable import LinkDocHTML

/// Markup that needs no HTML parser is read without libxml2 (SimpleMarkup.swift). The result must
/// be libxml2's: the same text, elements, diagnostics and source offset for every flat offset,
/// for what the reader takes and for what it hands on to libxml2.
final class SimpleMarkupTests: XCTestCase {
    private func flattened(_ bytes: [UInt8], simpleMarkup: Bool, maxDepth: Int = 64) -> FlattenedResult {
        var options = HTMLOptions(maxDepth: maxDepth)
        options.readsSimpleMarkup = simpleMarkup
        return FlattenedResult(HTMLFlattener.flatten(bytes, options: options))
    }

    /// Whether the reader takes `bytes` itself.
    private func isSimple(_ bytes: [UInt8]) -> Bool { SimpleMarkup.isSimple(bytes) }

    private func assertSameAsLibXML2(_ s: String, maxDepth: Int = 64, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(s.utf8)
        XCTAssertEqual(flattened(bytes, simpleMarkup: true, maxDepth: maxDepth), flattened(bytes, simpleMarkup: false, maxDepth: maxDepth),
                       "\(s.debugDescription)", file: file, line: line)
    }

    func testTheReaderTakesSimpleMarkupAndLeavesTheRest() {
        for s in ["<b>粗</b>", "看<a href=\"https://t.cn/A6xYz12\">点击此处</a>。", "a=1&b=2", "&amp;&lt;&gt;&quot;", "x & y",
                  "<strong>s</strong><em>e</em><i>i</i><u>u</u><s>s</s>"] {
            XCTAssertTrue(isSimple(Array(s.utf8)), s)
        }
        for s in ["<p>x</p>", "<a href='x'>y</a>", "<a href=\"x\" title=\"t\">y</a>", "<a>y</a>", "<B>x</B>", "<b >x</b>",
                  "&nbsp;", "&#38;", "&x;", "1 < 2", "<!-- c -->", "<br>", "tab\u{01}", "&", "&a", "<b>x</b >",
                  "\u{FFFF}", "<a href=\"a&b\">x</a>", "<a href=\"a&lt;b\">x</a>", "<a href=\"a\tb\">x</a>", String(repeating: "长", count: 400),
                  String(repeating: "<b>", count: SimpleMarkup.maxStartTags + 1)] {
            XCTAssertFalse(isSimple(Array(s.utf8)), s.debugDescription)
        }
        // Past the first sixteen bytes the text is read a vector at a time: the same answers.
        let long = String(repeating: "长", count: 7)
        for s in [long + "，。！\t\n" + long, long + "\u{FFE0}\u{FFEF}\u{FFBF}" + long, long + "\u{FF0C}" + long + "<b>x</b>"] {
            XCTAssertTrue(isSimple(Array(s.utf8)), s.debugDescription)
        }
        for s in [long + "\u{FFFE}" + long, long + "，\u{FFFF}" + long, long + "\u{01}" + long, long + "\r" + long,
                  long + "\u{7F}" + long + "\u{1F}"] {
            XCTAssertFalse(isSimple(Array(s.utf8)), s.debugDescription)
        }
    }

    func testHandWrittenCasesFlattenAsLibXML2Does() {
        let cases = [
            "<b>粗</b>", "看<a href=\"https://t.cn/A6xYz12\">点击此处</a>。", " \n <b>lead</b>", "  lead &amp; trail  ",
            "https://www.example.org/a/b?c=1&d=2#frag", "https://www.example.org/a/b?c=1&amp;d=2#frag", "x & y", "&=",
            "&d;", "&d.e-f_g:h=1", "a&b<b>c</b>", "<b>a<i>b</b>c</i>", "</b>stray", "<b>open", "<a href=\"x\">1<a href=\"y\">2</a>",
            "<b><b><b>deep</b></b></b>", "\n\n", " ", "<b> </b> <i>\n</i>", "<a href=\"https://Bücher.example/straße\">Learn more</a>",
            "<a href=\"javascript:alert(1)\">x</a>", "<a href=\"https://www.example.org/a/b?c=1&amp;d=2#frag\">x</a>",
            "<a href=\"https://例子.公司/隐私 政策?页=1\">x</a>", "<a href=\" x \">y</a>", "<a href=\"&amp;\">y</a>", "<b></b>", "<a href=\"x\"></a>", "&lt;b&gt;", "&quot;q&quot;", "tab\there",
            String(repeating: "长", count: 333), String(repeating: "a", count: 999) + "<b>x</b>", String(repeating: "a", count: 1000),
            String(repeating: "<b>x</b>", count: 32), String(repeating: "&amp;x", count: SimpleMarkup.maxKeptTokens),
            String(repeating: "&amp;", count: SimpleMarkup.maxKeptTokens) + "<b>x</b>", "<em>e</em>&amp;<strong>s</strong>", "end&", "end&a", "\u{FFFE}x",
            String(repeating: "，", count: 9) + "\u{FFE0}" + String(repeating: "\t\n", count: 9) + "<b>。</b>",
            String(repeating: "长", count: 7) + "\u{FFFE}" + String(repeating: "长", count: 7),
            "<a href=\"https://e.com/a?b=1&amp;c=2&amp;d=%E4\">x</a>", "<a href=\"https://e.com/&amp\">x</a>", "<a href=\"x\"y\">z</a>",
            "<a href=\"x\">", "<a href=\"x\"", "<a href=\"", "<a href=\"\">x</a>", "<a hreff=\"x\">y</a>", "<a href=\"a\u{7F}b\">x</a>",
        ]
        for s in cases { assertSameAsLibXML2(s) }
        assertSameAsLibXML2("<b><i><u>x</u></i></b>", maxDepth: 2)
    }

    /// Random documents of the pieces the reader takes, and of some it does not.
    func testRandomDocumentsFlattenAsLibXML2Does() {
        let pieces = ["<b>", "</b>", "<i>", "</i>", "<em>", "</em>", "<strong>", "</strong>", "<u>", "</u>", "<s>", "</s>",
                      "<a href=\"https://example.com/a?b=1\">", "<a href=\"x\">", "</a>", "&amp;", "&lt;", "&gt;", "&quot;",
                      "&d=2", "& ", "&x", "&#1;", "&nbsp;", "<br>", "<p>", "</p>", "< ", "文字", "text", " ", "\n", "\t",
                      "《隐私政策》", "😀", "在使用过程中，我们可能会收集", " https://www.example.org/a/b?c=1&d=2#frag ",
                      "<a href=\"https://Bücher.example/straße\">", "<a href=\"a&amp;b c\">", " @小明 ", "#每日一问#", "=", ";", "#", "&", "<", "\u{FFFF}", "<b", "</", "<a href=\"y\" >"]
        var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> Int { generator.nextBits() }
        var simple = 0
        for _ in 0..<4000 {
            var s = ""
            for _ in 0..<(1 + next() % 12) { s += pieces[next() % pieces.count] }
            if isSimple(Array(s.utf8)) { simple += 1 }
            assertSameAsLibXML2(s)
        }
        // The pieces are chosen so that both paths run often.
        XCTAssertGreaterThan(simple, 400)
        XCTAssertLessThan(simple, 3600)
    }
}
