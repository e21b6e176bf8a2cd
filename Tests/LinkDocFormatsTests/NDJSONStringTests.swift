@testable import LinkDocFormats
import XCTest
import LinkDocTestSupport

/// The record reader's string scan (thirty-two bytes a vector test and the line's last 32 bytes,
/// or sixteen, then eight a word, the first stop byte taken from the test's mask) against a byte-by-byte decoding of JSON
/// strings, on strings that put quotes, backslashes, escapes and control bytes at every position
/// of the blocks, for the text, the id and a member name.
final class NDJSONStringTests: XCTestCase {
    /// JSON string body → bytes, one byte at a time; nil where the reader must fail.
    private func referenceDecode(_ body: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= body.count, let v = UInt32(String(decoding: body[at..<at + 4], as: UTF8.self), radix: 16) else { return nil }
            return v
        }
        while i < body.count {
            let c = body[i]
            if c < 0x20 || c == UInt8(ascii: "\"") { return nil }
            guard c == UInt8(ascii: "\\") else { out.append(c); i += 1; continue }
            guard i + 1 < body.count else { return nil }
            switch body[i + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(body[i + 1]); i += 2
            case UInt8(ascii: "n"): out.append(0x0A); i += 2
            case UInt8(ascii: "t"): out.append(0x09); i += 2
            case UInt8(ascii: "r"): out.append(0x0D); i += 2
            case UInt8(ascii: "b"): out.append(0x08); i += 2
            case UInt8(ascii: "f"): out.append(0x0C); i += 2
            case UInt8(ascii: "u"):
                guard var unit = hex4(i + 2) else { return nil }
                i += 6
                if (0xD800...0xDBFF).contains(unit) {
                    guard i + 1 < body.count, body[i] == UInt8(ascii: "\\"), body[i + 1] == UInt8(ascii: "u"),
                          let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low) else { return nil }
                    i += 6
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    return nil
                }
                out += Array(String(Unicode.Scalar(unit)!).utf8)
            default: return nil
            }
        }
        return out
    }

    private func check(_ body: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = referenceDecode(body)
        let textLine = Array(#"{"text": ""#.utf8) + body + Array(#"", "id": "i"}"#.utf8)
        let text = try? NDJSONRecord.parse(textLine[...])
        XCTAssertEqual(text?.text, expected, "text \(body)", file: file, line: line)
        // The text as the last member, the line ending 1 to 40 bytes after it: the scan's last
        // block is the one that ends the line, seen from every offset; and a line that ends
        // inside the string, which must fail.
        for spaces in [0, 1, 2, 15, 16, 30, 31, 32, 33, 39] {
            let lastLine = Array(#"{"id": "i", "text": ""#.utf8) + body + [UInt8(ascii: "\"")]
                + Array(repeating: UInt8(ascii: " "), count: spaces) + [UInt8(ascii: "}")]
            XCTAssertEqual((try? NDJSONRecord.parse(lastLine[...]))?.text, expected, "last \(body) \(spaces)", file: file, line: line)
        }
        let unterminated = Array(#"{"id": "i", "text": ""#.utf8) + body
        XCTAssertNil(try? NDJSONRecord.parse(unterminated[...]), "unterminated \(body)", file: file, line: line)
        // As a member name (scanned a word first): read, then skipped, exactly when it is a string.
        let nameLine = Array(#"{""#.utf8) + body + Array(#"": 1, "text": "t"}"#.utf8)
        let named = try? NDJSONRecord.parse(nameLine[...])
        XCTAssertEqual(named?.text, expected.map { _ in Array("t".utf8) }, "name \(body)", file: file, line: line)
        // As the id (read in place when it has no escape): ASCII and valid UTF-8 only.
        guard let expected, let id = String(validating: expected, as: UTF8.self) else { return }
        let idLine = Array(#"{"id": ""#.utf8) + body + Array(#"", "text": "t"}"#.utf8)
        XCTAssertEqual((try? NDJSONRecord.parse(idLine[...]))?.id, id, "id \(body)", file: file, line: line)
    }

    func testStopBytesAtEveryPositionOfTheBlocks() {
        let pieces: [[UInt8]] = [
            Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array(#"\/"#.utf8), Array(#"\u00e9"#.utf8),
            Array(#"\ud83d\ude00"#.utf8), Array(#"\ud800"#.utf8), Array(#"\x"#.utf8), Array(#"\u12"#.utf8), [0x5C],
            [0x22], [0x01], [0x1F], [0x09], [0x7F], [0x80], [0xE2], [0xF0], [0x20], Array("好".utf8),
        ]
        for piece in pieces {
            for position in 0...72 {
                for tail in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33] {
                    let body = Array(repeating: UInt8(ascii: "a"), count: position) + piece + Array(repeating: UInt8(ascii: "b"), count: tail)
                    check(body)
                }
            }
        }
        for length in 0...72 { check(Array(repeating: 0xE5, count: length)) }
    }

    func testRandomStrings() {
        let alphabet: [[UInt8]] = [
            Array("a".utf8), Array("好".utf8), Array(#"\n"#.utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u597d"#.utf8),
            [0x7F], [0x80], [0xE2], [0xF0], Array("abcdefgh".utf8), Array("请阅读《用户协议》".utf8),
        ]
        var generator = SeededGenerator(seed: 7)
        func next(_ bound: Int) -> Int { generator.next(bound) }
        for round in 0..<2000 {
            var body: [UInt8] = []
            for _ in 0..<next(24) { body += alphabet[next(alphabet.count)] }
            if round % 4 == 0, !body.isEmpty { body[next(body.count)] = UInt8(truncatingIfNeeded: next(0x40)) }
            check(body)
        }
    }
}
