import Foundation
@_spi(LinkDocInternal) import LinkDocCore
@_spi(LinkDocInternal) import LinkDocFormats
@_spi(LinkDocInternal) import LinkDocModel
import XCTest

/// The NDJSON record reader and result lines (the CLI test covers the stream itself).
final class StreamTests: XCTestCase {
    let stream = StreamCompiler(defaultCompiler: Fixtures.compiler)

    func line(_ text: String, number: Int = 7) -> [String: Any] {
        var out: [UInt8] = []
        stream.process(line: Array(text.utf8)[...], lineNumber: number, into: &out)
        XCTAssertEqual(out.last, 0x0A)
        XCTAssertEqual(out.filter { $0 == 0x0A }.count, 1, "exactly one line")
        return (try? JSONSerialization.jsonObject(with: Data(out)) as? [String: Any]) ?? [:]
    }

    func diagnostic(_ result: [String: Any]) -> [String: Any]? {
        (result["diagnostics"] as? [[String: Any]])?.first
    }

    /// Member names as long as a known one but one byte off (first, middle, last) are other members.
    func testNamesOneByteOffAKnownNameAreSkipped() {
        let r = line(#"{"ie": "x", "jd": "y", "tixt": "no", "texu": "no", "uext": "no", "text": "ok", "id": "i"}"#)
        XCTAssertEqual(r["id"] as? String, "i")
        XCTAssertEqual((r["document"] as? [String: Any])?["text"] as? String, "ok")
        let noID = line(#"{"di": "x", "text": "t"}"#)
        XCTAssertTrue(noID["id"] is NSNull)
        XCTAssertEqual(diagnostic(line(#"{"texts": "a"}"#))?["message"] as? String, "the record has no \"text\" member")
    }

    /// Each known member name refuses a number; every name one byte off it (each byte changed,
    /// or one byte fewer or more) is another member, skipped.
    func testEveryNameOneByteOffAKnownNameIsSkipped() {
        for name in ["id", "text", "kind", "detect", "manifest"] {
            let known = line(#"{"\#(name)": 5, "id": "i", "text": "ok"}"#)
            XCTAssert(known["document"] is NSNull, name)
            let bytes = Array(name.utf8)
            var others = [Array(bytes.dropLast()), bytes + [UInt8(ascii: "s")], [UInt8(ascii: "s")] + bytes]
            for k in bytes.indices {
                for flip: UInt8 in [0x01, 0x20] {
                    var other = bytes
                    other[k] ^= flip
                    others.append(other)
                }
            }
            for other in others.map({ String(decoding: $0, as: UTF8.self) }) {
                let r = line(#"{"\#(other)": 5, "id": "i", "text": "ok"}"#)
                XCTAssertEqual((r["document"] as? [String: Any])?["text"] as? String, "ok", other)
                XCTAssertEqual(r["id"] as? String, "i", other)
            }
        }
    }

    func testGoodRecords() {
        let r = line(#"{"id": "a\u00e9", "text": "请阅读《用户协议》\n@小明", "extra": [1, {"x": null}]}"#)
        XCTAssertEqual(r["id"] as? String, "aé")
        XCTAssertNil(r["line"])
        let document = r["document"] as? [String: Any]
        XCTAssertEqual(document?["text"] as? String, "请阅读《用户协议》\n@小明")
        XCTAssertEqual((document?["links"] as? [Any])?.count, 2)
        XCTAssertEqual((r["diagnostics"] as? [Any])?.count, 0)

        let warning = line(#"{"text": "《新条款》", "id": "w"}"#)
        XCTAssertEqual(diagnostic(warning)?["rule"] as? String, "unknown-agreement")
        XCTAssertEqual(diagnostic(warning)?["line"] as? Int, 1, "positions in a result are inside the text")

        let inline = line(#"{"id": "m", "text": "《条款》", "manifest": {"agreements": {"条款": "https://e.com/t"}}}"#)
        XCTAssertEqual(((inline["document"] as? [String: Any])?["links"] as? [[String: Any]])?.first?["url"] as? String, "https://e.com/t")
    }

    /// Member names are compared in place when they have no escape; an escaped name means the same.
    func testEscapedMemberNamesMeanTheSame() {
        let plain = line(#"{"id": "e", "text": "@小明 《条款》", "manifest": {"agreements": {"条款": "https://e.com/t"}}}"#)
        let escaped = line(#"{"\u0069d": "e", "t\u0065xt": "@小明 《条款》", "m\/anifest": 1, "\u006danifest": {"agreements": {"条款": "https://e.com/t"}}}"#)
        XCTAssertEqual(escaped["id"] as? String, "e")
        XCTAssertEqual(NSDictionary(dictionary: escaped), NSDictionary(dictionary: plain))
        let twice = line(#"{"id": "a", "\u0069d": "b", "text": "x"}"#)
        XCTAssertEqual(diagnostic(twice)?["message"] as? String, "the record has two \"id\" members")
    }

    func testBadRecordsGiveAnErrorLine() {
        let cases: [(String, String, Any?)] = [
            ("not json", "a record must be a JSON object", nil),
            (#"{"id": "x"}"#, #"no "text" member"#, "x"),
            (#"{"id": 5, "text": "t"}"#, #""id" must be a string"#, nil),
            (#"{"id": "y", "text": 5}"#, #""text" must be a string"#, "y"),
            (#"{"id": "z", "text": "a", "text": "b"}"#, "two \"text\" members", "z"),
            (#"{"text": "\ud800"}"#, "unpaired surrogate", nil),
            (#"{"text": "a"} trailing"#, "unexpected text after the record", nil),
            (#"{"text": "a""#, "unterminated record", nil),
            (#"{"id": "q", "text": "a", "manifest": {"agreement": {}}}"#, "invalid manifest", "q"),
            (#"{"id": "n", "text": "a", "x": "#  + String(repeating: "[", count: 1000) + "}", "nested more than", "n"),
        ]
        for (input, message, id) in cases {
            let r = line(input, number: 17)
            XCTAssertEqual(r["line"] as? Int, 17, input)
            XCTAssert(r["document"] is NSNull, input)
            XCTAssertEqual(r["id"] as? String, id as? String, input)
            XCTAssertEqual(diagnostic(r)?["severity"] as? String, "error", input)
            XCTAssertEqual(diagnostic(r)?["line"] as? Int, 17, input)
            XCTAssert((diagnostic(r)?["message"] as? String)?.contains(message) == true, "\(input): \(r)")
        }
        // A non-string id is reported at its column.
        XCTAssertEqual(diagnostic(line(#"{"id": 5, "text": "t"}"#))?["column"] as? Int, 8)
    }

    func testEmptyLineIsAWarningLine() {
        let r = line("  ", number: 3)
        XCTAssertEqual(diagnostic(r)?["rule"] as? String, "ndjson-empty-line")
        XCTAssertEqual(diagnostic(r)?["severity"] as? String, "warning")
        XCTAssertEqual(r["line"] as? Int, 3)
    }

    func testInvalidUTF8InTheText() {
        var out: [UInt8] = []
        let isError = stream.process(line: Array(#"{"id":"u","text":"ab"#.utf8)[...] + [0xFF] + Array(#""}"#.utf8), lineNumber: 1, into: &out)
        XCTAssert(isError)
        let r = (try? JSONSerialization.jsonObject(with: Data(out)) as? [String: Any]) ?? [:]
        XCTAssertEqual(r["id"] as? String, "u")
        XCTAssert(r["document"] is NSNull)
        XCTAssertEqual(diagnostic(r)?["rule"] as? String, "invalid-utf8")
    }

    /// Escapes, quotes and control characters at every position of the 16- and 8-byte blocks
    /// that the string reader scans.
    func testStringEscapesAtEveryPosition() {
        for k in 0..<40 {
            let a = String(repeating: "a", count: k), b = String(repeating: "好", count: 40 - k)
            let r = line(#"{"id": "e", "text": ""# + a + #"\n\"\\"# + b + #""}"#)
            XCTAssertEqual((r["document"] as? [String: Any])?["text"] as? String, a + "\n\"\\" + b, "\(k)")
            var out: [UInt8] = []
            let isError = stream.process(line: Array((#"{"id": "c", "text": ""# + a).utf8)[...] + [0x01] + Array((b + #""}"#).utf8),
                                         lineNumber: 1, into: &out)
            XCTAssert(isError, "a raw control character at \(k)")
        }
    }

    /// Ids: ASCII taken as it is, other UTF-8 validated, invalid bytes an error line.
    func testIDsAreValidatedUnlessASCII() {
        for (bytes, id) in [(Array("doc-1".utf8), "doc-1"), (Array("文档-1".utf8), "文档-1"), ([0x61, 0xC3], nil), ([0xED, 0xA0, 0x80], nil)] {
            var out: [UInt8] = []
            let isError = stream.process(line: Array(#"{"id":""#.utf8)[...] + bytes + Array(#"","text":"x"}"#.utf8), lineNumber: 3, into: &out)
            let r = (try? JSONSerialization.jsonObject(with: Data(out)) as? [String: Any]) ?? [:]
            if let id {
                XCTAssertFalse(isError)
                XCTAssertEqual(r["id"] as? String, id)
            } else {
                XCTAssert(isError)
                XCTAssertEqual(diagnostic(r)?["message"] as? String, #""id" is not valid UTF-8"#)
            }
        }
    }
}

/// One workspace for a whole stream (its text storage reused from record to record), writing each
/// line after the ones before into one writer (as a part's output holds them), gives the lines that
/// a fresh workspace and writer per record give.
final class StreamWorkspaceReuseTests: XCTestCase {
    func testReusedWorkspaceGivesTheSameLines() {
        let stream = StreamCompiler(defaultCompiler: Fixtures.compiler)
        let long = String(repeating: "请阅读《用户协议》并联系 @小明 ", count: 40)
        let records = [
            #"{"id": "a", "text": ""# + long + #""}"#,
            #"{"id": "b", "text": "短"}"#,
            #"{"id": "c", "text": "a\n\"b\"\\c \u00e9 \ud83d\ude00"}"#,
            #"{"id": "d", "text": "unterminated"#,
            #"{"id": "e", "text": "x", "text": "y"}"#,
            #"{"id": "f", "text": "after an error \n《隐私政策》"}"#,
            #"{"text": ""}"#,
            #"{"id": "g", "text": ""# + long + #"\n" + "end"}"#,
            #"{"id": "h", "text": "《条款》", "manifest": {"agreements": {"条款": "https://e.com/t"}}}"#,
            "",
            #"{"id": "i", "text": "last"}"#,
        ]
        var workspace = StreamCompiler.Workspace()
        var shared = JSONWriter(reservingCapacity: 16)  // small: lines grow it at many points
        var fresh: [UInt8] = []
        for round in 0..<2 {
            for (k, record) in records.enumerated() {
                // The line inside a larger buffer, as a window holds it: its offsets are its own.
                let buffer = Array("{\"id\": \"before\"}\n".utf8) + Array(record.utf8) + Array("\n{\"after\"".utf8)
                let lineRange = 17..<(17 + record.utf8.count)
                let sharedError = buffer.withUnsafeBufferPointer {
                    stream.process(line: UnsafeBufferPointer(rebasing: $0[lineRange]), lineNumber: k + 1, into: &shared, workspace: &workspace)
                }
                let freshError = stream.process(line: buffer[lineRange], lineNumber: k + 1, into: &fresh)
                XCTAssertEqual(sharedError, freshError, "round \(round), \(record)")
                XCTAssertEqual(String(decoding: shared.bytes, as: UTF8.self), String(decoding: fresh, as: UTF8.self), "round \(round), \(record)")
            }
        }
        let tooLong = StreamCompiler(defaultCompiler: Fixtures.compiler)
        tooLong.tooLong(lineNumber: 3, limit: 9, into: &shared)
        XCTAssertTrue(String(decoding: shared.bytes, as: UTF8.self).hasSuffix(
            #"{"id":null,"line":3,"document":null,"diagnostics":[{"line":3,"column":1,"severity":"error","message":"the record is longer than 9 bytes; it was skipped","rule":"ndjson-record"}]}"# + "\n"))
    }
}
