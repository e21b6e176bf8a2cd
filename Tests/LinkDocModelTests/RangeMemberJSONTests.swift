@_spi(LinkDocInternal) @testable import LinkDocModel
import LinkDocTestSupport
import XCTest

/// A link's `"range":{…}` and a paragraph's `{"range":{…}}` are each written under one capacity
/// check (`TextRange.writeMember`, `writeParagraph`); they must write what the plain writer calls
/// write, after any value or none, at any buffer size and for numbers of every length.
final class RangeMemberJSONTests: XCTestCase {
    private static let numbers = [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456, 99_999_999,
                                  Int(Int32.max), Int.max, -1, -10, -100, -10_000, Int.min]

    private static func ranges() -> [TextRange] {
        var generator = SeededGenerator(seed: 4)
        return (0..<400).map { _ in
            func span() -> TextSpan {
                TextSpan(location: numbers[generator.next(numbers.count)], length: numbers[generator.next(numbers.count)])
            }
            return TextRange(utf16: span(), scalars: span(), utf8: span())
        }
    }

    /// Writers with room for nothing, a little, and everything, each with and without a value before.
    private static func writers() -> [JSONWriter] {
        [1, 16, 200, 4096].flatMap { capacity -> [JSONWriter] in
            let empty = JSONWriter(reservingCapacity: capacity)
            var afterValue = empty
            afterValue.beginArray()
            afterValue.int(7)
            return [empty, afterValue]
        }
    }

    func testAMemberWritesTheKeyAndTheRange() {
        assertWritesAsThePlainCalls({ $0.writeMember(to: &$1) }) { range, w in
            w.key("range")
            range.write(to: &w)
        }
    }

    func testAParagraphWritesItsWholeObject() {
        assertWritesAsThePlainCalls({ $0.writeParagraph(to: &$1) }) { range, w in
            w.beginObject()
            w.key("range")
            range.write(to: &w)
            w.endObject()
        }
    }

    /// `fast` against `plain` for every range after every start: the same bytes, and the same
    /// comma before what follows (another member or value).
    private func assertWritesAsThePlainCalls(_ fast: (TextRange, inout JSONWriter) -> Void,
                                             plain: (TextRange, inout JSONWriter) -> Void,
                                             line: UInt = #line) {
        for range in Self.ranges() {
            for start in Self.writers() {
                var expected = start, written = start
                plain(range, &expected)
                fast(range, &written)
                XCTAssertEqual(String(decoding: written.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self), line: line)
                expected.int(1)
                written.int(1)
                XCTAssertEqual(written.bytes, expected.bytes, line: line)
            }
        }
    }
}
