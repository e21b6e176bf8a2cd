import XCTest
import LinkDocBase
import LinkDocHTML

final class ElementTests: XCTestCase {
    func testAnchorWithHrefAndTitleInsideLightweightMarkup() {
        let src = "请阅读<a href=\"https://例子.公司/隐私?a=1&amp;b=2\" title=\"隐私 &quot;中心&quot;\">隐私中心</a>和《用户协议》"
        let f = flatten(src)
        XCTAssertEqual(f.string, "请阅读隐私中心和《用户协议》")
        XCTAssertEqual(f.elements.count, 1)
        let a = f.elements[0]
        XCTAssertEqual(a.kind, .anchor(href: "https://例子.公司/隐私?a=1&b=2", title: "隐私 \"中心\""))
        XCTAssertEqual(f.substring(a.range), "隐私中心")
        XCTAssertEqual(a.sourceOffset, byteOffset(of: "<a", in: src))
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testAnchorHrefIsDecodedButNotValidated() {
        let f = flatten("<a href=\"jav&#x09;ascript:alert(1)\">x</a><a href>y</a><a>z</a>")
        XCTAssertEqual(f.elements.map(\.kind), [
            .anchor(href: "jav\tascript:alert(1)", title: nil),
            .anchor(href: "", title: nil),
            .anchor(href: nil, title: nil),
        ])
        XCTAssertEqual(f.string, "xyz")
    }

    /// Without href, `name` or `id` make an <a> a named anchor: no element (its text stays text),
    /// an info; any other <a> without href is an anchor the compiler makes an app link of.
    func testNamedAnchorsAreNoAnchors() {
        let src = "<a name=\"top\">一</a><A ID=faq>二</A><a class=\"x\">三</a><a id=\"y\" href=\"#top\">四</a>"
        let f = flatten(src)
        XCTAssertEqual(f.string, "一二三四")
        XCTAssertEqual(f.elements.map(\.kind), [.anchor(href: nil, title: nil), .anchor(href: "#top", title: nil)])
        XCTAssertEqual(f.elements.map { f.substring($0.range) }, ["三", "四"])
        XCTAssertEqual(f.diagnostics.map(\.severity), [.info, .info])
        XCTAssertEqual(f.diagnostics.map(\.ruleID), [RuleID.htmlUnknownElement, RuleID.htmlUnknownElement])
        XCTAssertEqual(f.diagnostics.map(\.sourceOffset), [0, byteOffset(of: "<A", in: src)!])
        XCTAssert(f.diagnostics[0].message.contains("named anchor"), f.diagnostics[0].message)
    }

    /// An href dropped for its NUL takes the anchor with it: no link of nothing, no named anchor.
    func testAnchorWhoseHrefIsDroppedIsNoAnchor() {
        let f = flatten("<a name=\"n\" href=\"https://a.example&#0;.b.example/\">x</a>")
        XCTAssertEqual(f.elements, [])
        XCTAssertEqual(f.diagnostics.map(\.ruleID), [RuleID.htmlMalformed])
    }

    func testUppercaseTagsAndAttributes() {
        let f = flatten("<A HREF='u' TITLE=t>x</A><B>y</B>")
        XCTAssertEqual(f.elements.map(\.kind), [.anchor(href: "u", title: "t"), .style(TextStyle(bold: true))])
        XCTAssertEqual(f.string, "xy")
    }

    func testFixedStyleElements() {
        let cases: [(String, TextStyle)] = [
            ("b", TextStyle(bold: true)), ("strong", TextStyle(bold: true)),
            ("i", TextStyle(italic: true)), ("em", TextStyle(italic: true)),
            ("u", TextStyle(underline: true)), ("ins", TextStyle(underline: true)),
            ("s", TextStyle(strikethrough: true)), ("del", TextStyle(strikethrough: true)),
            ("strike", TextStyle(strikethrough: true)),
            ("sup", TextStyle(baseline: .superscript)), ("sub", TextStyle(baseline: .subscript)),
        ]
        for (tag, style) in cases {
            let f = flatten("前<\(tag)>中</\(tag)>后")
            XCTAssertEqual(f.string, "前中后", tag)
            XCTAssertEqual(f.elements, [HTMLElement(kind: .style(style), range: 3..<6, sourceOffset: 3)], tag)
            XCTAssertTrue(f.diagnostics.isEmpty, "\(tag): \(f.diagnostics)")
        }
    }

    func testNestedStylesHaveNestedRanges() {
        let f = flatten("<b>粗<i>斜</i></b>")
        XCTAssertEqual(f.string, "粗斜")
        XCTAssertEqual(f.elements.map(\.range), [0..<6, 3..<6])
    }

    func testSpanInlineStyle() {
        let f = flatten("<span style=\"color: red; background-color:#0F0; font-weight: 700; font-style: italic; text-decoration: underline line-through\">x</span>")
        XCTAssertEqual(f.elements, [HTMLElement(
            kind: .style(TextStyle(bold: true, italic: true, underline: true, strikethrough: true,
                                   color: "#ff0000", backgroundColor: "#00ff00")),
            range: 0..<1, sourceOffset: 0)])
        let g = flatten("<span style='font-weight:normal;COLOR:RGB(0,0,255) !important;vertical-align:super;margin:0'>y</span>")
        XCTAssertEqual(g.elements.map(\.kind), [.style(TextStyle(bold: false, baseline: .superscript, color: "#0000ff"))])
        let h = flatten("<span style=\"font-weight: bold\">z</span>")
        XCTAssertEqual(h.elements.map(\.kind), [.style(TextStyle(bold: true))])
    }

    func testSpanWithoutSupportedStyleIsUnwrappedSilently() {
        let f = flatten("<span>a</span><span style=\"font-size: 12px; color: nonsense\">b</span>")
        XCTAssertEqual(f.string, "ab")
        XCTAssertTrue(f.elements.isEmpty)
        XCTAssertTrue(f.diagnostics.isEmpty)
    }

    func testFontColor() {
        let f = flatten("<font color=\"#F00\">红</font><font color=blue style=\"font-weight:bold\">蓝</font><font face=x>无</font>")
        XCTAssertEqual(f.string, "红蓝无")
        XCTAssertEqual(f.elements.map(\.kind), [
            .style(TextStyle(color: "#ff0000")),
            .style(TextStyle(bold: true, color: "#0000ff")),
        ])
        XCTAssertEqual(f.elements.map(\.range), [0..<3, 3..<6])
    }

    func testStyleAttributeMergesIntoFixedStyle() {
        let f = flatten("<b style=\"color:#123456\">x</b>")
        XCTAssertEqual(f.elements.map(\.kind), [.style(TextStyle(bold: true, color: "#123456"))])
    }

    func testLineBreaks() {
        let f = flatten("一<br>二<br/>三<BR />四")
        XCTAssertEqual(f.string, "一\n二\n三\n四")
        XCTAssertTrue(f.elements.isEmpty)
        XCTAssertTrue(f.diagnostics.isEmpty)
    }

    func testImageIsOneObjectReplacementCharacter() {
        let src = "看<img src=\"a.png?x=1&amp;y=2\" alt=\"图 &amp; 文\" width=\"120px\" height=40>图"
        let f = flatten(src)
        XCTAssertEqual(f.string, "看\u{FFFC}图")
        XCTAssertEqual(f.elements, [HTMLElement(
            kind: .image(src: "a.png?x=1&y=2", alt: "图 & 文", width: 120, height: 40),
            range: 3..<6, sourceOffset: 3)])
        let g = flatten("<img src=x width=wide>")
        XCTAssertEqual(g.elements.map(\.kind), [.image(src: "x", alt: nil, width: nil, height: nil)])
    }

    func testParagraphsAreSeparatedByOneNewline() {
        let f = flatten("<p>第一段</p>\n\n<p>第二段</p>\n")
        XCTAssertEqual(f.string, "第一段\n第二段")
        XCTAssertEqual(f.elements.map(\.kind), [.paragraph, .paragraph])
        XCTAssertEqual(f.elements.map { f.substring($0.range) }, ["第一段", "第二段"])
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testParagraphsAndSurroundingText() {
        let f = flatten("前言<p>一</p><p>二</p>结尾")
        XCTAssertEqual(f.string, "前言\n一\n二\n结尾")
        XCTAssertEqual(f.elements.map { f.substring($0.range) }, ["一", "二"])
        // Text that already ends/starts with a newline needs no extra one.
        let g = flatten("前言\n<p>一</p>\n结尾")
        XCTAssertEqual(g.string, "前言\n一\n结尾")
    }

    func testNoLeadingOrTrailingParagraphSeparator() {
        let f = flatten("\n<p>a</p>\n")
        XCTAssertEqual(f.string, "a")
        XCTAssertEqual(f.elements.first?.range, 0..<1)
        let g = flatten("<body>\n<p>a</p>\n</body>\n")
        XCTAssertEqual(g.string, "a")
        XCTAssertTrue(g.diagnostics.isEmpty, "\(g.diagnostics)")
    }

    func testElementOpenedAfterParagraphStartsAfterSeparator() {
        let f = flatten("<p>a</p><b>b</b>")
        XCTAssertEqual(f.string, "a\nb")
        XCTAssertEqual(f.styles.map(\.text), ["b"])
    }

    func testOmittedParagraphEndTagIsNotMalformed() {
        let f = flatten("<p>a<p>b")
        XCTAssertEqual(f.string, "a\nb")
        XCTAssertEqual(f.elements.map(\.range), [0..<1, 2..<3])
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testParagraphInsideBoldKeepsBoldAroundIt() {
        // libxml2's HTML 4 rules would close <b> at <p>; we keep the author's structure.
        let f = flatten("<b><p>x</p></b>y")
        XCTAssertEqual(f.string, "x\ny")
        XCTAssertEqual(f.styles.map(\.text), ["x"])
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testWhitespaceAndNewlinesInTextAreKept() {
        let f = flatten("  第一行\n  第二行 <b> 粗 </b>\n\n末尾  ")
        XCTAssertEqual(f.string, "  第一行\n  第二行  粗 \n\n末尾  ")
        XCTAssertEqual(f.styles.map(\.text), [" 粗 "])
    }

    func testHarmlessWrappersAreUnwrappedSilently() {
        let f = flatten("<html><body><div>a</div>\n<section>b</section><small>c</small></body></html>")
        XCTAssertEqual(f.string, "a\nb\nc", "a section is a block; <small> is unwrapped")
        XCTAssertTrue(f.elements.isEmpty)
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testDoctypeIsIgnored() {
        let f = flatten("<!DOCTYPE html><p>x</p>")
        XCTAssertEqual(f.string, "x")
        XCTAssertTrue(f.diagnostics.isEmpty)
    }

    func testMetaCharsetDoesNotChangeDecoding() {
        let f = flatten("<meta charset=\"iso-8859-1\">中文<b>粗</b>")
        XCTAssertEqual(f.string, "中文粗")
        XCTAssertEqual(f.styles.map(\.text), ["粗"])
    }
}
