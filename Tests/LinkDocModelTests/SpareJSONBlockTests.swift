@testable import LinkDocModel
import XCTest

/// A writer's block becomes the thread's spare when the writer goes, and the next writer takes
/// it (`SpareJSONBlock`): what a writer writes must not depend on the block it got, copies of a
/// writer must stay apart, and a large block must not be kept.
final class SpareJSONBlockTests: XCTestCase {
    private func written(_ values: [String]) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 16)
        w.beginArray()
        for v in values { w.string(v) }
        w.endArray()
        return w.bytes
    }

    func testWritersAfterOthersWriteTheSame() {
        let small = ["a", "b\"c", "长"], large = (0..<2_000).map { "value \($0) \\ 值" }
        let expectedSmall = written(small), expectedLarge = written(large)
        for _ in 0..<3 {
            XCTAssertEqual(written(large), expectedLarge)
            XCTAssertEqual(written(small), expectedSmall)
        }
        XCTAssertEqual(String(decoding: expectedSmall, as: UTF8.self), #"["a","b\"c","长"]"#)
    }

    func testACopyOfAWriterKeepsItsBytes() {
        var w = JSONWriter()
        w.beginArray(); w.int(1)
        let copy = w
        w.int(2); w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "[1,2]")
        XCTAssertEqual(String(decoding: copy.bytes, as: UTF8.self), "[1")
    }

    func testALargeBlockIsNotKept() {
        do {
            var w = JSONWriter(reservingCapacity: SpareJSONBlock.maxCapacity * 2)
            w.string(String(repeating: "x", count: SpareJSONBlock.maxCapacity + 1))
        }
        if let (block, capacity) = SpareJSONBlock.take(minimumCapacity: 0) {
            XCTAssertLessThanOrEqual(capacity, SpareJSONBlock.maxCapacity)
            block.deallocate()
        }
        // The spare taken above is gone: the next writer allocates its own.
        XCTAssertEqual(written(["z"]), Array(#"["z"]"#.utf8))
    }
}
