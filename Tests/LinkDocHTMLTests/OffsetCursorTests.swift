import XCTest
@testable import LinkDocHTML

/// `FlatOffsetCursor` starts each lookup where the last one ended; it must answer exactly as
/// the binary search of `FlatHTML.sourceOffset(forFlatOffset:)` in any order of questions.
final class OffsetCursorTests: XCTestCase {
    private static let documents: [String] = [
        "<p>请阅读<a href=\"https://例子.公司/隐私\">隐私中心</a></p>\n<p>第二段 &amp; &lt;more&gt;</p>",
        String(repeating: "a&amp;b<br><i>中</i>&#x4E2D;<img src=x>", count: 200),
        "plain text, no markup at all",
        "",
        "<b>a<i>b</b>c</i>&nosuch; 1 < 2" + String(repeating: "<p>段落</p>", count: 50),
    ]

    private func check(_ flat: FlatHTML, offsets: [Int], file: StaticString = #filePath, line: UInt = #line) {
        var cursor = flat.offsetCursor()
        for offset in offsets {
            XCTAssertEqual(cursor.sourceOffset(forFlatOffset: offset), flat.sourceOffset(forFlatOffset: offset),
                           "flat offset \(offset)", file: file, line: line)
        }
    }

    func testAscendingDescendingAndRandomOrders() {
        var generator = SystemRandomNumberGenerator()
        for document in Self.documents {
            let flat = HTMLFlattener.flatten(Array(document.utf8))
            let all = Array(-2...flat.text.count + 2)
            check(flat, offsets: all)
            check(flat, offsets: all.reversed())
            check(flat, offsets: all.shuffled(using: &generator))
            // Nearly ascending, with jumps back, as a document's links and diagnostics ask.
            var mixed: [Int] = []
            for k in stride(from: 0, through: flat.text.count, by: 3) { mixed += [k, max(0, k - 7), k + 40, k] }
            check(flat, offsets: mixed)
        }
    }
}
