@testable import LinkDocModel
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
        for range in Self.ranges() {
            for start in Self.writers() {
                var plain = start
                plain.key("range")
                range.write(to: &plain)
                var member = start
                range.writeMember(to: &member)
                XCTAssertEqual(String(decoding: member.bytes, as: UTF8.self), String(decoding: plain.bytes, as: UTF8.self))
                // What follows is another member or value: the comma must come as it would.
                plain.int(1)
                member.int(1)
                XCTAssertEqual(member.bytes, plain.bytes)
            }
        }
    }

    func testAParagraphWritesItsWholeObject() {
        for range in Self.ranges() {
            for start in Self.writers() {
                var plain = start
                plain.beginObject()
                plain.key("range")
                range.write(to: &plain)
                plain.endObject()
                var paragraph = start
                range.writeParagraph(to: &paragraph)
                XCTAssertEqual(String(decoding: paragraph.bytes, as: UTF8.self), String(decoding: plain.bytes, as: UTF8.self))
                plain.int(1)
                paragraph.int(1)
                XCTAssertEqual(paragraph.bytes, plain.bytes)
            }
        }
    }
}
