import XCTest
import Dispatch
import LinkDocHTML

final class ScaleTests: XCTestCase {
    private static func mixedDocument(targetBytes: Int) -> String {
        let unit = "<p>请阅读<a href=\"https://例子.公司/隐私?a=1&amp;b=2\">隐私中心</a>和《用户协议》，"
            + "<b>粗体</b> <span style=\"color:#f00\">红</span> A&amp;B 年龄<18岁 @小明 #话题#<br>"
            + "第二行 <img src=\"x.png\" alt=\"图\"> 结尾</p>\n"
        var s = ""
        s.reserveCapacity(targetBytes + unit.utf8.count)
        while s.utf8.count < targetBytes { s += unit }
        return s
    }

    func testMultiMegabyteDocument() {
        let unit = Self.mixedDocument(targetBytes: 1)
        let src = Self.mixedDocument(targetBytes: 4 << 20)
        let units = src.utf8.count / unit.utf8.count
        let f = flatten(src)
        let one = flatten(unit)
        XCTAssertEqual(one.string, "请阅读隐私中心和《用户协议》，粗体 红 A&B 年龄<18岁 @小明 #话题#\n第二行 \u{FFFC} 结尾")
        XCTAssertEqual(one.elements.count, 5)   // p, a, b, span, img
        XCTAssertEqual(f.text.count, units * one.text.count + (units - 1))   // "\n" between paragraphs
        XCTAssertEqual(f.elements.count, units * 5)
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics.prefix(3))")
        // The last unit maps back into the last unit of the source.
        let lastAnchor = f.elements[f.elements.count - 4]
        XCTAssertEqual(lastAnchor.sourceOffset, src.utf8.count - unit.utf8.count + byteOffset(of: "<a", in: unit)!)
        XCTAssertEqual(f.sourceOffset(forFlatOffset: lastAnchor.range.lowerBound),
                       src.utf8.count - unit.utf8.count + byteOffset(of: "隐私中心", in: unit)!)
        f.assertInvariants(sourceCount: src.utf8.count)
    }

    func testConcurrentFlatteningIsDeterministic() {
        let docs = [
            Self.mixedDocument(targetBytes: 200_000),
            "<b>a<i>b</b>c</i><script>x</script><blink>y</blink>&nosuch; 1 < 2",
            String(repeating: "<i>", count: 5_000) + "深",
        ]
        let expected = docs.map { flatten($0) }
        let runs = 24
        let collector = ResultCollector()
        DispatchQueue.concurrentPerform(iterations: runs) { i in
            let doc = i % docs.count
            let f = flatten(docs[doc])
            let same = f.text == expected[doc].text && f.elements == expected[doc].elements
                && f.diagnostics == expected[doc].diagnostics
            collector.record(same)
        }
        XCTAssertEqual(collector.results.count, runs)
        XCTAssertTrue(collector.results.allSatisfy { $0 })
    }
}

/// A tiny mutex-protected collector (no Foundation: a serial DispatchQueue).
final class ResultCollector: @unchecked Sendable {
    private let queue = DispatchQueue(label: "results")
    private var storage: [Bool] = []
    func record(_ value: Bool) { queue.sync { storage.append(value) } }
    var results: [Bool] { queue.sync { storage } }
}
