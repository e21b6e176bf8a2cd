import XCTest
@testable import LinkDocCore

/// PreparedText skips from one backslash or line break to the next; these pin
/// what it does at the places it stops.
final class PreparedTextTests: XCTestCase {
    private func prepared(_ s: String) -> (text: String, map: [Int]) {
        let p = PreparedText(Array(s.utf8))
        return (String(decoding: p.bytes, as: UTF8.self), (0...p.bytes.count).map(p.sourceOffset))
    }

    func testEscapedMarkupBecomesEntities() {
        let (text, map) = prepared(#"a\<b>\&c \\<i> \x"#)
        XCTAssertEqual(text, #"a\&lt;b>\&amp;c \\&lt;i> \x"#)
        XCTAssertEqual(map[2], 2)             // "&lt;" maps to the "<" it replaced
        XCTAssertEqual(map[5], 2)
        XCTAssertEqual(map[6], 3)             // "b" after it is a copy again
    }

    func testDirectiveLinesAreDroppedWithTheirLineBreak() {
        let src = "前\n  <!-- linkdoc-disable rule -->  \n后\\<\n<!--linkdoc-x-->\n<!-- linkdoc-y --> text\n<!-- linkdoc-z -->"
        let (text, _) = prepared(src)
        // "<!--linkdoc-x-->" is a directive too; a line with text after one is not.
        XCTAssertEqual(text, "前\n后\\&lt;\n<!-- linkdoc-y --> text\n")
    }

    func testLongLinesWithoutSpecialBytesAreCopied() {
        let line = String(repeating: "中文 text ", count: 500)
        let src = line + "\n" + line + "\\&" + line
        let (text, map) = prepared(src)
        XCTAssertEqual(text, line + "\n" + line + "\\&amp;" + line)
        XCTAssertEqual(map.last, src.utf8.count)
    }
}
