@testable import LinkDocCore
import LinkDocModel
import XCTest
import LinkDocTestSupport

/// The assembler counts positions sixteen bytes at a time; these compare it with
/// Swift's own views of the text, and its counting with a byte-by-byte count.
final class PositionTableTests: XCTestCase {
    /// Every stretch of texts around a block's length and of a long one, from bytes that sit on
    /// the edges of the classes counted (and invalid ones: the counts are of bytes, not scalars).
    func testVectorCountsMatchByteCountsOnEveryStretch() {
        var generator = SeededGenerator(seed: 7)
        func next(_ bound: Int) -> Int { generator.next(bound) }
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE2, 0xEF, 0xF0, 0xF4, 0xF7, 0xF8, 0xFF]
        var texts: [[UInt8]] = []
        for length in [0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64] {
            for _ in 0 ..< 6 { texts.append((0 ..< length).map { _ in next(3) == 0 ? UInt8(next(256)) : interesting[next(interesting.count)] }) }
        }
        for text in texts {
            text.withUnsafeBufferPointer { s in
                for start in 0 ... s.count {
                    for end in start ... s.count {
                        let vector = UTF8Census.count(s, from: start, to: end), bytes = UTF8Census.countByBytes(s, from: start, to: end)
                        XCTAssertTrue(vector == bytes, "\(text) \(start)..<\(end): \(vector) vs \(bytes)")
                    }
                }
            }
        }
        // More than 255 blocks in one stretch, so that the lanes are added up before they overflow.
        let long: [UInt8] = (0 ..< 9000).map { (k: Int) -> UInt8 in
            k % 5 == 0 ? 0xF0 : 0x80 | UInt8(truncatingIfNeeded: k & 63)
        }
        long.withUnsafeBufferPointer { s in
            for (start, end) in [(0, 9000), (3, 8999), (0, 255 * 16), (1, 255 * 16 + 1), (17, 4097), (0, 255 * 16 + 15),
                                 (2, 510 * 16 + 9), (8990, 9000), (16, 32)] {
                XCTAssertTrue(UTF8Census.count(s, from: start, to: end) == UTF8Census.countByBytes(s, from: start, to: end),
                              "\(start)..<\(end)")
            }
        }
    }


    func testPositionsAgreeWithTheStringViewsAtEveryOffset() {
        let alphabet = ["a", " ", "\n", "é", "中", "“", "😀", "👨‍👩‍👧", "\u{10FFFF}", "\u{7F}", "《"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let length = Int.random(in: 0...40, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            // Every scalar boundary, with repeats.
            var offsets: [Int] = [0]
            var offset = 0
            for scalar in text.unicodeScalars {
                offset += String(scalar).utf8.count
                offsets.append(offset)
            }
            // Into a buffer of stale positions, as a reused one is.
            let stale = Array(repeating: TextPosition(utf16: 1, scalars: 2, utf8: 3), count: Int.random(in: 0...60, using: &generator))
            var table = PositionTable(bytes: bytes, ascending: (offsets + offsets.prefix(3)).sorted(), buffer: stale)
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

/// Link edges are rounded to clusters on a `String` of the stretch around them, not of
/// the whole text; both must give the same clusters at every offset.
final class GraphemeAlignmentTests: XCTestCase {
    private let alphabet = [
        "a", " ", "\n", "é", "e\u{301}", "\u{301}", "\u{308}", "中", "《", "😀", "👨‍👩‍👧", "👍🏽", "\u{200D}", "\u{FE0F}",
        "🇨🇳", "🇺🇸", "\u{1F1E6}", "©", "©\u{FE0F}", "한", "\u{1100}\u{1161}\u{11A8}", "ก\u{E31}", "क\u{94D}ष", "\u{600}1",
        "Ω", "ж\u{483}", "\r", "\u{7F}",
    ]

    /// `fresh`: a new segmenter for each offset, so that each rounds on a stretch (one
    /// segmenter goes over to the whole text once its stretches add up to the text).
    private func assertSameRounding(_ text: String, fresh: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let label = text.count > 40 ? text.prefix(40).debugDescription + "… (\(bytes.count) bytes)" : text.debugDescription
        var segmenter = GraphemeAlignment.Segmenter(bytes: bytes)
        var offset = 0
        for scalar in text.unicodeScalars {
            offset += String(scalar).utf8.count
            guard !GraphemeAlignment.isSafeBoundary(offset, bytes) else { continue }
            if fresh { segmenter = GraphemeAlignment.Segmenter(bytes: bytes) }
            XCTAssertEqual(segmenter.roundDown(offset), GraphemeAlignment.roundDown(offset, in: text),
                           "down \(label) at \(offset)", file: file, line: line)
            XCTAssertEqual(segmenter.roundUp(offset), GraphemeAlignment.roundUp(offset, in: text),
                           "up \(label) at \(offset)", file: file, line: line)
        }
    }

    func testStretchesRoundAsTheWholeTextDoes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let length = Int.random(in: 0...40, using: &generator)
            // Plain runs between the awkward characters, so that stretches end inside the text.
            assertSameRounding((0..<length).map { _ in
                Bool.random(using: &generator) ? "ab" : alphabet.randomElement(using: &generator)!
            }.joined(), fresh: true)
        }
    }

    /// The characters `isSafeBoundary` takes as plain, tested on every scalar of the BMP (each
    /// twice in a row, the boundary between them asked): ASCII but CR, U+0080–U+02FF, and the CJK
    /// and punctuation ranges its comment lists.
    func testPlainCharactersAreTheListedOnes() {
        let plain: [ClosedRange<UInt32>] = [0x00...0x0C, 0x0E...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029,
                                            0x3031...0x303C, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF60]
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let one = Array(String(scalar).utf8)
            XCTAssertEqual(GraphemeAlignment.isSafeBoundary(one.count, one + one), plain.contains { $0.contains(value) },
                           "U+\(String(value, radix: 16))")
        }
    }

    /// `widen` decides most edges without a segmenter (`isBoundary`: plain characters on both
    /// sides, or a plain one before an emoticon). Each edge it decides so must be a boundary of
    /// the whole text, and every range it widens must come out as rounding on the whole text.
    func testEdgesDecidedWithoutTheSegmenterAreBoundaries() {
        let pieces = ["a", "#", "中", "》", "é", "😀", "🙏", "😐", "🙏🏽", "😀\u{FE0F}", "😀\u{200D}🙏", "\u{200D}", "\u{200D}😀",
                      "\u{301}", "🇨🇳", "\u{600}", "\u{1F650}", "\u{1F5FF}", "\u{1F3FB}", "ก\u{E31}", "\r"]
        var generator = SeededGenerator(seed: 53)
        var beforeEmoticons = 0
        for _ in 0..<3000 {
            let text = (0..<generator.next(10)).map { _ in pieces[generator.next(pieces.count)] }.joined()
            let bytes = Array(text.utf8)
            var starts = [0]
            for scalar in text.unicodeScalars { starts.append(starts.last! + String(scalar).utf8.count) }
            for offset in starts where bytes.withUnsafeBufferPointer({ GraphemeAlignment.isBoundary(offset, $0) }) {
                XCTAssertEqual(GraphemeAlignment.roundUp(offset, in: text), offset, "\(text.debugDescription) at \(offset)")
                if !GraphemeAlignment.isSafeBoundary(offset, bytes) { beforeEmoticons += 1 }
            }
            var segmenter = GraphemeAlignment.Segmenter(bytes: bytes)
            for _ in 0..<4 {
                let a = starts[generator.next(starts.count)], b = starts[generator.next(starts.count)]
                let range = min(a, b)..<max(a, b)
                XCTAssertEqual(GraphemeAlignment.widen(range, in: &segmenter),
                               GraphemeAlignment.roundDown(range.lowerBound, in: text)..<GraphemeAlignment.roundUp(range.upperBound, in: text),
                               "\(text.debugDescription) \(range)")
            }
        }
        XCTAssertGreaterThan(beforeEmoticons, 500)
    }

    /// Runs with no safe boundary longer than a stretch may reach, and more rounding than
    /// the text is long: both go over to the whole text.
    func testLongRunsWithoutPlainBoundaries() {
        for fresh in [false, true] {
            assertSameRounding(String(repeating: "ж\u{483}", count: 400) + "a" + String(repeating: "🇨🇳", count: 100), fresh: fresh)
            assertSameRounding("a" + String(repeating: "\u{301}", count: 700) + "b", fresh: fresh)
            assertSameRounding(String(repeating: "👨‍👩‍👧 ", count: 60), fresh: fresh)
        }
    }
}
