@testable import LinkDocFormats
import XCTest

/// The two JSON readers of this module (catalogs with positions, NDJSON records) read escapes
/// through one `JSONEscape.read`: they decode the same bodies to the same bytes and refuse the
/// same ones, each in its own words and at its own offset.
final class JSONEscapeTests: XCTestCase {
    /// Bodies of JSON strings: every escape, surrogate pairs, and every way an escape is wrong.
    static let bodies: [String] = [
        #"plain"#, #"a\"b"#, #"\\"#, #"\/"#, #"\n\t\r\b\f"#, #"\u00e9\u4E2D"#, #"\u0041"#,
        #"\uD83D\uDE00"#, #"x\uD83D\uDE00y"#,
        #"\u12"#, #"\u12G4"#, #"\uD83D\u12"#, #"\uD83D"#, #"\uD83Dx"#, #"\uD83D\u0041"#, #"\uDE00"#,
        #"\q"#, #"\"#,
    ]

    func testBothReadersDecodeAndRefuseTheSameBodies() throws {
        var decoded = 0, refused = 0
        for body in Self.bodies {
            let catalog = try? PositionedJSONParser.parse(Array("\"\(body)\"".utf8))
            let catalogBytes: [UInt8]? = if case .string(let s)? = catalog { s.bytes } else { nil }
            let record = try? NDJSONRecord.parse(Array(#"{"text": "\#(body)"}"#.utf8)[...])
            // A localization value's carriage return is a line feed (ValueBuilder), a record's
            // text keeps every character: the one difference, and no body here has `\r\n`.
            XCTAssertEqual(catalogBytes, record?.text.map { $0 == 0x0D ? 0x0A : $0 }, body)
            if catalogBytes == nil { refused += 1 } else { decoded += 1 }
        }
        XCTAssertEqual(decoded, 9)
        XCTAssertEqual(refused, 9)
        print("JSONEscapeTests: \(decoded) bodies decoded alike, \(refused) refused alike")
    }

    func testTheEscapeReadsItsScalarAndWhereTheStringGoesOn() throws {
        func read(_ s: String) throws(JSONEscape.Problem) -> (UInt32, Int) {
            let r = try JSONEscape.read(Array(s.utf8), at: 0)
            return (r.scalar.value, r.next)
        }
        XCTAssert(try read(#"\nz"#) == (0x0A, 2))
        XCTAssert(try read(#"\u00e9z"#) == (0xE9, 6))
        XCTAssert(try read(#"\uD83D\uDE00z"#) == (0x1F600, 12))
        func problem(_ s: String) -> JSONEscape.Problem? {
            do { _ = try read(s); return nil } catch { return error }
        }
        guard case .truncated? = problem(#"\"#) else { return XCTFail("a lone backslash") }
        guard case .notHex(let first)? = problem(#"\u12"#), first == 0 else { return XCTFail("short \\u") }
        guard case .notHex(let second)? = problem(#"\uD83D\u12"#), second == 6 else { return XCTFail("short low half") }
        guard case .unpairedSurrogate(let high)? = problem(#"\uD83D\u0041"#), high == 0xD83D else { return XCTFail("high + BMP") }
        guard case .unpairedSurrogate(let low)? = problem(#"\uDE00"#), low == 0xDE00 else { return XCTFail("lone low") }
        guard case .unknown(let letter)? = problem(#"\q"#), letter == UInt8(ascii: "q") else { return XCTFail("\\q") }
    }

    /// The catalog reader points at the half that is wrong; the record reader at the escape.
    func testEachReaderWordsAndPlacesItsOwnProblem() {
        do {
            _ = try PositionedJSONParser.parse(Array(#""ab\uD83D\u12""#.utf8))
            XCTFail("accepted a short low half")
        } catch {
            XCTAssertEqual(error.message, "'\\u' must be followed by 4 hex digits")
            XCTAssertEqual(error.offset, 9)
        }
        do {
            _ = try NDJSONRecord.parse(Array(#"{"text": "ab\uD83D\u12"}"#.utf8)[...])
            XCTFail("accepted a short low half")
        } catch {
            XCTAssertEqual(error.message, "'\\u' must be followed by 4 hex digits")
            XCTAssertEqual(error.offset, 12)
        }
    }
}
