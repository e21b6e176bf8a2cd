import XCTest
import LinkDocBase
import LinkDocHTML

final class SanitizerTests: XCTestCase {
    private func assertDropped(_ tag: String, _ src: String, expected: String, severity: Severity = .warning,
                               file: StaticString = #filePath, line: UInt = #line) {
        let f = flatten(src)
        XCTAssertEqual(f.string, expected, tag, file: file, line: line)
        let warnings = f.diagnostics(RuleID.htmlSanitized)
        XCTAssertEqual(warnings.count, 1, "\(tag): \(f.diagnostics)", file: file, line: line)
        XCTAssertEqual(warnings.first?.severity, severity, file: file, line: line)
        XCTAssertEqual(warnings.first?.sourceOffset, byteOffset(of: "<" + tag, in: src), tag, file: file, line: line)
        XCTAssertTrue(warnings.first?.message.contains(tag) ?? false, file: file, line: line)
        XCTAssertTrue(f.elements.isEmpty, "\(tag): \(f.elements)", file: file, line: line)
    }

    func testScriptDroppedWithContent() {
        assertDropped("script", "前<script>if (a < b && c) { alert('<b>x</b>') }</script>后", expected: "前后")
    }

    func testScriptContentCannotCloseOuterElements() {
        let f = flatten("<b>粗<script>x</b>y<img src=x onerror=alert(1)></script>体</b>")
        XCTAssertEqual(f.string, "粗体")
        XCTAssertEqual(f.styles.map(\.text), ["粗体"])
        XCTAssertEqual(f.diagnostics(RuleID.htmlSanitized).count, 1, "\(f.diagnostics)")
    }

    /// A style sheet holds no copy: it goes without a diagnostic.
    func testStyleDroppedWithContent() {
        let f = flatten("a<style type=\"text/css\">p { color: red }</style>b")
        XCTAssertEqual(f.string, "ab")
        XCTAssertEqual(f.diagnostics, [])
        XCTAssertTrue(f.elements.isEmpty)
    }

    func testIframeDroppedWithContent() {
        assertDropped("iframe", "a<iframe src=\"https://evil\">fallback <b>text</b></iframe>b", expected: "ab")
    }

    func testObjectDroppedWithContent() {
        assertDropped("object", "a<object data=x.swf><param name=a value=b>alt</object>b", expected: "ab")
    }

    func testEmbedDropped() {
        assertDropped("embed", "a<embed src=x.swf>b", expected: "ab")
    }

    func testTemplateDroppedWithContent() {
        assertDropped("template", "a<template><p>hidden</p></template>b", expected: "ab", severity: .info)
    }

    func testNoscriptDroppedWithContent() {
        assertDropped("noscript", "a<noscript>请启用 JavaScript <b>#话题#</b></noscript>b", expected: "ab", severity: .info)
    }

    /// A comment is never shown: it goes without a diagnostic.
    func testCommentDropped() {
        let src = "第一<!-- 注释 <b>不要</b> -->第二"
        let f = flatten(src)
        XCTAssertEqual(f.string, "第一第二")
        XCTAssertEqual(f.diagnostics, [])
        XCTAssertTrue(f.elements.isEmpty)
    }

    func testUnterminatedCommentDropsRestWithWarning() {
        let f = flatten("可见<!-- 未结束 <b>x</b>")
        XCTAssertEqual(f.string, "可见")
        XCTAssertEqual(f.diagnostics(RuleID.htmlSanitized).map(\.sourceOffset), [6])
    }

    func testEventHandlerAttributesDroppedWithWarningAtAttribute() {
        let src = "<a href=\"/x\" onclick=\"steal()\" title=t ONMOUSEOVER=y>链接</a><img src=a.png onerror='x'>"
        let f = flatten(src)
        XCTAssertEqual(f.string, "链接\u{FFFC}")
        XCTAssertEqual(f.elements.map(\.kind), [
            .anchor(href: "/x", title: "t"),
            .image(src: "a.png", alt: nil, width: nil, height: nil),
        ])
        let warnings = f.diagnostics(RuleID.htmlSanitized)
        XCTAssertEqual(warnings.map(\.sourceOffset), [
            byteOffset(of: "onclick", in: src)!, byteOffset(of: "ONMOUSEOVER", in: src)!, byteOffset(of: "onerror", in: src)!,
        ])
        XCTAssertTrue(warnings.allSatisfy { $0.severity == .warning })
        XCTAssertTrue(warnings[0].message.contains("onclick"))
    }

    func testUnknownElementKeepsTextWithWarningNamingTheTag() {
        let src = "闪<blink>烁</blink>字"
        let f = flatten(src)
        XCTAssertEqual(f.string, "闪烁字")
        XCTAssertTrue(f.elements.isEmpty)
        let w = f.diagnostics(RuleID.htmlUnknownElement)
        XCTAssertEqual(w.count, 1)
        XCTAssertEqual(w.first?.sourceOffset, 3)
        XCTAssertTrue(w.first?.message.contains("<blink>") ?? false)
    }

    /// Headings, lists, rules and divs are blocks: their text on lines of its own, a heading's
    /// bold, and no diagnostic.
    func testBlockElementsReadAsParagraphs() {
        let f = flatten("<h1>标题</h1><ul><li>一</li><li>二</li></ul><hr>尾<div class=x>a</div><div>b</div>")
        XCTAssertEqual(f.string, "标题\n一\n二\n尾\na\nb")
        XCTAssertEqual(f.styles.map(\.text), ["标题"])
        XCTAssertEqual(f.styles.map(\.style), [TextStyle(bold: true)])
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    /// Elements whose meaning the document cannot carry keep their text, with a warning.
    func testElementsWhoseMeaningIsLostAreReported() {
        let f = flatten("<q>引</q><mark>亮</mark><ruby>汉<rt>hàn</rt></ruby><button>按</button><video>视</video>")
        XCTAssertEqual(f.string, "引亮汉hàn按视")
        XCTAssertEqual(f.diagnostics(RuleID.htmlUnknownElement).map(\.message).map { $0.prefix(14) },
                       ["unsupported el", "unsupported el", "unsupported el", "unsupported el", "unsupported el", "unsupported el"])
        XCTAssertEqual(f.diagnostics.count, 6, "\(f.diagnostics)")
    }

    /// What Android's Html.fromHtml and browsers show in italics or monospaced is a style.
    func testPresentationalElementsAreStyles() {
        let f = flatten("<cite>c</cite><dfn>d</dfn><var>v</var><tt>t</tt><kbd>k</kbd><samp>s</samp><abbr title=x>a</abbr><time>9</time>")
        XCTAssertEqual(f.string, "cdvtksa9")
        XCTAssertEqual(f.styles.map(\.style), [TextStyle(italic: true), TextStyle(italic: true), TextStyle(italic: true),
                                                TextStyle(code: true), TextStyle(code: true), TextStyle(code: true)])
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testProcessingInstructionDropped() {
        let f = flatten("a<?php echo 1 ?>b")
        XCTAssertEqual(f.string, "ab")
        XCTAssertEqual(f.diagnostics(RuleID.htmlSanitized).map(\.sourceOffset), [1])
    }
}
