@testable import LinkDocCore
@_spi(Bytes) import LinkDocBase
import XCTest
import LinkDocTestSupport

/// The read stage's one-pass scan (validation, CR, line starts, scalar checkpoints) against
/// the plain byte-by-byte definitions, on texts that put every kind of byte at every
/// position of the scan's eight-byte words and around its checkpoints.
final class TextScanTests: XCTestCase {
    /// Byte-by-byte strict UTF-8 validation (RFC 3629), the definition the scan must meet.
    private func referenceInvalidOffset(_ s: [UInt8]) -> Int? {
        var i = 0
        while i < s.count {
            let b0 = s[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; hi = 0x9F
            case 0xF0: length = 4; lo = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; hi = 0x8F
            default: return i
            }
            guard i + 1 < s.count, s[i + 1] >= lo, s[i + 1] <= hi else { return i }
            for k in 2..<length where !(i + k < s.count && s[i + k] & 0xC0 == 0x80) { return i }
            i += length
        }
        return nil
    }

    private func check(_ bytes: [UInt8], stride: Int, file: StaticString = #filePath, line: UInt = #line) {
        let scan = bytes.withUnsafeBufferPointer { TextScan($0, checkpointStride: stride) }
        let invalid = referenceInvalidOffset(bytes)
        XCTAssertEqual(scan.invalidOffset, invalid, "\(bytes)", file: file, line: line)
        guard invalid == nil else { return }
        XCTAssertEqual(scan.hasCR, bytes.contains(0x0D), "\(bytes)", file: file, line: line)
        var lines = [0], checkpoints: [Int] = [], scalars = 0
        for (i, b) in bytes.enumerated() {
            if i % stride == 0 && i > 0 { checkpoints.append(scalars) }  // none stored for offset 0
            if b & 0xC0 != 0x80 { scalars += 1 }
            if b == 0x0A { lines.append(i + 1) }
        }
        // Only a line longer than a block (with its line break) needs checkpoints.
        let lineLengths = zip(lines, lines.dropFirst() + [bytes.count]).map { $1 - $0 }
        if !lineLengths.contains(where: { $0 > stride }) { checkpoints = [] }
        let table = scan.lines
        XCTAssertEqual((0..<table.lineCount).map(table.lineStart), lines, "\(bytes)", file: file, line: line)
        XCTAssertEqual((0..<table.checkpointCount).map(table.checkpoint), checkpoints, "\(bytes)", file: file, line: line)
    }

    /// Columns counted with the checkpoints, or from the line start where no line needs them,
    /// against counting every scalar from the line start.
    func testColumnsAreTheScalarsFromTheLineStart() {
        let pieces = ["a", "好", "😀", "é", "\n", " ", String(repeating: "x", count: 300), String(repeating: "协", count: 120)]
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<300 {
            let text = (0..<generator.next(12)).map { _ in pieces[generator.next(pieces.count)] }.joined()
            let source = try! SourceText(name: "t", bytes: Array(text.utf8))
            let bytes = source.bytes
            var line = 1, column = 1
            for offset in 0...bytes.count {
                if offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
                    XCTAssertEqual(source.location(ofOffset: offset), SourceLocation(line: line, column: column, offset: offset),
                                   text.debugDescription)
                    column += 1
                }
                if offset < bytes.count && bytes[offset] == 0x0A { line += 1; column = 1 }
            }
        }
    }

    func testEveryPieceAtEveryPositionOfTwoWords() {
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], Array("好".utf8), Array("é".utf8), Array("😀".utf8),
            Array("\u{FFFF}".utf8), Array("\u{E000}".utf8), Array("\u{800}".utf8), Array("\u{D7FF}".utf8),
            [0xFF], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xE4, 0xBD], [0xE4, 0x41], [0xF0, 0x9F, 0x98], [0xC3],
            // Around the F0 path: the lowest and highest it takes, an overlong form, a bad third or fourth byte.
            Array("\u{10000}".utf8), Array("\u{3FFFF}".utf8), Array("\u{40000}".utf8), Array("\u{10FFFF}".utf8),
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x9F, 0x41, 0x80], [0xF0, 0x9F, 0x98, 0xC0], [0xF0, 0xC0, 0x80, 0x80],
        ]
        let filler = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for piece in pieces {
            for position in 0...16 {
                for tail in [0, 1, 7, 20] {
                    let bytes = Array(filler[0..<position]) + piece + Array(filler[0..<tail])
                    for stride in [4, 8, 16, 512] { check(bytes, stride: stride) }
                    // After a CJK run, as well as after ASCII.
                    let cjk = Array("请阅读协议".utf8)
                    check(cjk + bytes, stride: 8)
                    check(Array(cjk[0..<position % cjk.count]) + bytes, stride: 16)
                }
            }
        }
    }

    /// Each piece at every offset of the first three 64-byte windows, in ASCII and in CJK text,
    /// in texts long enough for whole windows and for the last window read from the end.
    func testEveryPieceAtEveryPositionOfThreeWindows() {
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D], [0x09], [0x00], [0x7F], Array("好".utf8), Array("é".utf8), Array("😀".utf8), Array("\u{FFFF}".utf8),
            Array("\u{800}".utf8), Array("\u{D7FF}".utf8), Array("\u{1000}".utf8), [0xFF], [0x80], [0xE0, 0x80, 0xAF],
            [0xED, 0xA0, 0x80], [0xE4, 0xBD], [0xE4, 0x41], [0xE4, 0xBD, 0xE4], [0xC3], [0xF0, 0x9F, 0x98],
        ]
        let ascii = Array(String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789", count: 6).utf8)
        let cjk = Array(String(repeating: "请阅读协议好", count: 12).utf8)
        for filler in [ascii, cjk] {
            for piece in pieces {
                for position in 0...140 {
                    var head = Array(filler[0..<position])
                    // Keep the CJK head whole sequences: the piece goes after the last whole one.
                    if filler == cjk { head.removeLast(position % 3) }
                    for tail in [0, 2, 40, 90] {
                        let bytes = head + piece + Array(filler[0..<tail])
                        check(bytes, stride: 512)
                        check(bytes, stride: 37)
                    }
                }
            }
        }
    }

    /// The window's prefix against a walk of the fast forms sequence by sequence, on random
    /// windows, from every offset of the last window (as read near a text's end).
    func testWindowPrefixAgreesWithTheWalk() {
        // The prefix of `w` by the definition, and whether a byte the fast forms do not take
        // (rather than the end of what is available) ends it.
        func walk(_ w: ArraySlice<UInt8>, available: Int) -> (Int, Bool) {
            let w = Array(w)
            var j = 0
            while j < available {
                let b = w[j]
                if b >= 0x20 && b < 0x80 { j += 1; continue }
                guard (0xE1...0xEF).contains(b) && b != 0xED else { return (j, true) }
                let continued = (1...2).map { j + $0 < available && w[j + $0] & 0xC0 == 0x80 }
                if continued[0] && continued[1] { j += 3; continue }
                let cutByTheEnd = (1...2).allSatisfy { j + $0 >= available || w[j + $0] & 0xC0 == 0x80 }
                return (j, !cutByTheEnd)
            }
            return (j, false)
        }
        let alphabet: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array("好".utf8), Array("好".utf8), Array("好".utf8), Array("\u{FFFF}".utf8),
            [0x0A], [0x09], Array("é".utf8), Array("😀".utf8), [0xE0, 0xA0, 0x80], [0xED, 0x80, 0x80], [0x80], [0xE5], [0xFF],
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            while bytes.count < TextScan.Window.size { bytes += alphabet[generator.next(alphabet.count)] }
            bytes = Array(bytes[0..<TextScan.Window.size])
            bytes.withUnsafeBufferPointer { b in
                let whole = TextScan.Window.prefix(b.baseAddress!, shift: 0, available: b.count)
                let expected = walk(bytes[...], available: bytes.count)
                XCTAssertEqual(whole.bytes, expected.0, "\(bytes)")
                XCTAssertEqual(whole.stopped, expected.1, "\(bytes)")
                for shift in 1..<b.count {
                    let got = TextScan.Window.prefix(b.baseAddress!, shift: shift, available: b.count - shift)
                    let expected = walk(bytes[shift...], available: b.count - shift)
                    XCTAssertEqual(got.bytes, expected.0, "\(bytes) from \(shift)")
                    XCTAssertEqual(got.stopped, expected.1, "\(bytes) from \(shift)")
                }
            }
        }
    }

    /// Runs of CJK (three-byte sequences, read fifteen bytes a test) with each byte in turn
    /// replaced by one that breaks or changes the sequence, after a prefix of every length.
    func testLongThreeByteRunsWithOneByteChangedAnywhere() {
        let run = Array(String(repeating: "请阅读协议好", count: 4).utf8) + Array("\u{E000}\u{FFFF}\u{1000}\u{CFFF}".utf8)
        for prefix in 0..<4 {
            let head = Array("ab好".utf8)[0..<prefix]
            for position in 0..<run.count {
                for replacement: UInt8 in [0x41, 0x0A, 0x80, 0xBF, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xFF] {
                    var bytes = Array(head) + run
                    bytes[prefix + position] = replacement
                    for stride in [4, 16, 512] { check(bytes, stride: stride) }
                }
            }
            for stride in [4, 5, 16, 17, 512] { check(Array(head) + run, stride: stride) }
        }
    }

    func testRandomTextsAgreeWithTheDefinitions() {
        let alphabet: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), [0x0A], [0x0D], Array("《".utf8), Array("好".utf8), Array("😀".utf8),
            Array("é".utf8), [0xEF, 0xBB, 0xBF], Array("abcdefgh".utf8),
        ]
        var generator = SeededGenerator(seed: 42)
        func next(_ bound: Int) -> Int { generator.next(bound) }
        for round in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(120) { bytes += alphabet[next(alphabet.count)] }
            if round % 3 == 0, !bytes.isEmpty { bytes[next(bytes.count)] = UInt8(truncatingIfNeeded: next(256)) }
            for stride in [4, 5, 8, 16, 64] { check(bytes, stride: stride) }
        }
    }

    /// The column count (sixteen bytes a vector, lanes added up every 255 vectors, then words,
    /// then bytes) against the byte-by-byte count, on every range of texts of mixed bytes, and
    /// on runs long enough for a lane to pass 255 (all continuation bytes).
    func testScalarCountAgreesWithTheByteByByteCount() {
        let alphabet: [[UInt8]] = [Array("a".utf8), Array("好".utf8), Array("😀".utf8), Array("é".utf8), [0x7F], [0x80], [0xE2], [0xF0], [0x0A]]
        var generator = SeededGenerator(seed: 11)
        func next(_ bound: Int) -> Int { generator.next(bound) }
        for _ in 0..<40 {
            var bytes: [UInt8] = []
            while bytes.count < 80 { bytes += alphabet[next(alphabet.count)] }
            for lower in 0..<bytes.count {
                for upper in lower...bytes.count {
                    XCTAssertEqual(SourceText.scalarCount(bytes, lower..<upper), Self.plainScalarCount(bytes, lower..<upper), "\(bytes) \(lower)..<\(upper)")
                }
            }
        }
        for length in [255 * 16 - 1, 255 * 16, 255 * 16 + 1, 255 * 16 + 17, 3 * 255 * 16 + 5] {
            for fill: UInt8 in [0x80, 0xBF, 0x41, 0xE5] {
                let bytes = [UInt8](repeating: fill, count: length)
                XCTAssertEqual(SourceText.scalarCount(bytes, 0..<length), Self.plainScalarCount(bytes, 0..<length), "\(fill) × \(length)")
                XCTAssertEqual(SourceText.scalarCount(bytes, 3..<length), Self.plainScalarCount(bytes, 3..<length), "\(fill) × \(length)")
            }
        }
    }

    /// A file drops its final line ending, as a value does not: the rest, and every offset's line and
    /// column, are the same.
    func testSourceTextMatchesTheNormalizedText() throws {
        for text in ["", "a", "\r", "\r\n", "\n\n", "a\r\r\n", "\u{FEFF}a\r\nb\rc\n", "\u{FEFF}", "\u{FEFF}\r\n",
                     String(repeating: "好\r\n", count: 400), String(repeating: "ab😀\n", count: 300),
                     // Lines longer than a checkpoint block, and columns on both sides of one block's length.
                     String(repeating: "好a😀é", count: 200) + "\n" + String(repeating: "x", count: 511) + "好\n" + String(repeating: "é", count: 700)]
                     + [String(repeating: "x", count: 511), String(repeating: "x", count: 1023)].map({ $0 + "\n" }) {
            for isFile in [false, true] {
                try checkSourceText(text, isFile: isFile)
            }
        }
    }

    private func checkSourceText(_ text: String, isFile: Bool) throws {
        let source = try SourceText(name: "t", bytes: Array(text.utf8), isFile: isFile)
        var expected = Array(text.utf8)
        if expected.starts(with: [0xEF, 0xBB, 0xBF]) { expected.removeFirst(3) }
        expected = Array(String(decoding: expected, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n").utf8)
        if isFile && expected.last == 0x0A { expected.removeLast() }
        XCTAssertEqual(source.bytes, expected, "\(text.debugDescription), isFile \(isFile)")
        // Every offset's column counts the scalars since its line's start.
        var line = 1, column = 1
        for (offset, b) in expected.enumerated() {
            if b & 0xC0 != 0x80 {
                let location = source.location(ofOffset: offset)
                XCTAssertEqual(location.line, line, "\(text.debugDescription) at \(offset)")
                XCTAssertEqual(location.column, column, "\(text.debugDescription) at \(offset)")
                column += 1
            }
            if b == 0x0A { line += 1; column = 1 }
        }
        let end = source.location(ofOffset: expected.count)
        XCTAssertEqual([end.line, end.column], [line, column], "\(text.debugDescription) at its end, isFile \(isFile)")
    }

    /// Unicode scalars in `bytes[range]` one byte at a time: the definition the counts must meet.
    private static func plainScalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes[range].reduce(0) { $0 + (UTF8Scalar.isContinuation($1) ? 0 : 1) }
    }
}
