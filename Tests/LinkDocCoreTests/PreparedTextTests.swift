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

    /// The resolver looks offsets up with a hint (`OffsetMap.sourceOffset(_:hint:)`): the same
    /// answers as the binary search, whatever the order of the questions.
    func testHintedLookupsAgreeWithTheBinarySearch() {
        let src = String(repeating: "中\\<x\\&y\n<!-- linkdoc-z -->\ntext ", count: 40) + "end"
        let p = PreparedText(Array(src.utf8))
        let all = Array(-1...p.bytes.count + 1)
        var generator = SystemRandomNumberGenerator()
        for order in [all, all.reversed(), all.shuffled(using: &generator), all.flatMap { [$0, max(0, $0 - 30), $0 + 50] }] {
            var hint = 0
            for offset in order {
                XCTAssertEqual(p.map.sourceOffset(offset, hint: &hint), p.map.sourceOffset(offset), "offset \(offset)")
            }
        }
    }

    /// Without a backslash or a comment the source is shared as it is; the loop over lines gives
    /// the same text and map for a document that only looks close to needing it.
    func testUnchangedDocumentsKeepTheirBytesAndAnIdentityMap() {
        for src in ["", "plain 中文\n<b>x</b>", "<!x> <! -- > <!-", "a <!-- comment --> b\n<!--x-->", "<",
                    "line\n  <!-- linkdoc-not-alone --> text"] {
            let (text, map) = prepared(src)
            XCTAssertEqual(text, src, src)
            XCTAssertEqual(map, Array(0...src.utf8.count), src)
        }
    }
}
