@testable import LinkDocCore
import LinkDocModel
import XCTest

/// The assembler counts positions eight bytes at a time; these compare it with
/// Swift's own views of the text.
final class PositionTableTests: XCTestCase {
    func testPositionsAgreeWithTheStringViewsAtEveryOffset() {
        let alphabet = ["a", " ", "\n", "é", "中", "“", "😀", "👨‍👩‍👧", "\u{10FFFF}", "\u{7F}", "《"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let length = Int.random(in: 0...30, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            // Every scalar boundary, with repeats.
            var offsets: [Int] = [0]
            var offset = 0
            for scalar in text.unicodeScalars {
                offset += String(scalar).utf8.count
                offsets.append(offset)
            }
            var table = PositionTable(bytes: bytes, ascending: (offsets + offsets.prefix(3)).sorted())
            // Ascending (as links and paragraphs ask), then in any order (as styles may).
            for offset in offsets + offsets.shuffled(using: &generator) {
                let prefix = String(decoding: bytes[..<offset], as: UTF8.self)
                XCTAssertEqual(table[offset], TextPosition(utf16: prefix.utf16.count, scalars: prefix.unicodeScalars.count,
                                                           utf8: offset), "\(text.debugDescription) at \(offset)")
            }
        }
    }

    func testLineStartsFollowEveryLineBreak() {
        for length in 0..<40 {
            for breakAt in Set([0, length / 2, max(length - 1, 0)]) where breakAt < length {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
                bytes[breakAt] = 0x0A
                if length > 9 { bytes[9] = 0x0A }
                let expected = bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
                XCTAssertEqual(DocumentAssembler.lineStarts(bytes), expected, "\(length), \(breakAt)")
            }
        }
    }
}
