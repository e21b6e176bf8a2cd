import Foundation
@_spi(LinkDocInternal) import LinkDocCore
@_spi(LinkDocInternal) @testable import LinkDocFormats
import XCTest

/// An NDJSON record's `kind` and `detect` members.
final class StreamDetectorTests: XCTestCase {
    private func line(_ record: String) throws -> [String: Any] {
        var out: [UInt8] = []
        StreamCompiler(defaultCompiler: Compiler(manifest: Manifest(mentions: ["小明": "u_1"])))
            .process(line: ArraySlice(record.utf8), lineNumber: 1, into: &out)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out)) as? [String: Any])
    }

    private func linkTexts(_ record: String) throws -> [String] {
        let document = try XCTUnwrap(try line(record)["document"] as? [String: Any], record)
        return (document["links"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    func testKindAndDetect() throws {
        XCTAssertEqual(try linkTexts(#"{"text": "@路人 @小明 13800138000"}"#), ["@路人", "@小明", "13800138000"])
        XCTAssertEqual(try linkTexts(#"{"text": "@路人 @小明 13800138000", "kind": "localization"}"#), ["@小明", "13800138000"])
        XCTAssertEqual(try linkTexts(#"{"text": "@路人 @小明 13800138000", "detect": {"phones": false, "mentions": "known"}}"#), ["@小明"])
        XCTAssertEqual(try linkTexts(#"{"detect": {}, "text": "@路人", "kind": "copy"}"#), ["@路人"])
    }

    func testBadSettingsAreRecordErrors() throws {
        for (record, message) in [
            (#"{"text": "a", "kind": "post"}"#, #""kind" must be "copy" or "localization""#),
            (#"{"text": "a", "detect": {"urls": "known"}}"#, "applies to mentions and topics only"),
            (#"{"text": "a", "detect": {"links": true}}"#, #"unknown detector "links""#),
            (#"{"text": "a", "detect": {"mentions": 1}}"#, "must be \"on\", \"off\", \"known\", true or false"),
            (#"{"text": "a", "detect": ["mentions"]}"#, #""detect" must be an object"#),
        ] {
            let result = try line(record)
            XCTAssert(result["document"] is NSNull, record)
            let diagnostic = try XCTUnwrap((result["diagnostics"] as? [[String: Any]])?.first, record)
            XCTAssertEqual(diagnostic["rule"] as? String, "ndjson-record", record)
            XCTAssert((diagnostic["message"] as? String)?.contains(message) == true, "\(record): \(diagnostic)")
        }
    }
}
