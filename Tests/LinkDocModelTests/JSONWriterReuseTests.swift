@_spi(LinkDocInternal) @testable import LinkDocModel
import XCTest

/// A writer emptied by `removeAll` writes the next value into the block it kept: what it writes
/// must not depend on what it wrote before, a copy taken before must keep its bytes, and a block
/// that grew past `maxKeptCapacity` must not be kept.
final class JSONWriterReuseTests: XCTestCase {
    private func write(_ values: [String], to w: inout JSONWriter) -> [UInt8] {
        w.removeAll()
        w.beginArray()
        for v in values { w.string(v) }
        w.endArray()
        return w.bytes
    }

    func testAnEmptiedWriterWritesAsANewOne() {
        let small = ["a", "b\"c", "长"], large = (0..<2_000).map { "value \($0) \\ 值" }
        var fresh = JSONWriter(reservingCapacity: 16)
        let expectedSmall = write(small, to: &fresh)
        fresh = JSONWriter(reservingCapacity: 16)
        let expectedLarge = write(large, to: &fresh)
        var reused = JSONWriter(reservingCapacity: 16)
        for _ in 0..<3 {
            XCTAssertEqual(write(large, to: &reused), expectedLarge)
            XCTAssertEqual(write(small, to: &reused), expectedSmall)
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
        w.removeAll()
        w.int(3)
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "3")
        XCTAssertEqual(String(decoding: copy.bytes, as: UTF8.self), "[1")
    }

    func testALargeBlockIsNotKept() {
        var w = JSONWriter()
        w.string(String(repeating: "x", count: JSONWriter.maxKeptCapacity + 1))
        XCTAssertGreaterThan(w.buffer.capacity, JSONWriter.maxKeptCapacity)
        w.removeAll()
        XCTAssertLessThanOrEqual(w.buffer.capacity, JSONWriter.maxKeptCapacity)
        w.string("z")
        XCTAssertEqual(w.bytes, Array(#""z""#.utf8))
    }
}
