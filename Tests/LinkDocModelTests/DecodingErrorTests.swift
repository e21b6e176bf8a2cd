import Foundation
import XCTest
@testable import LinkDocModel

/// The model's decoding errors name the JSON path and what was expected (issue 17), and say
/// when a bundle is given to `Document(jsonData:)` or a document to `LinkDocBundle(jsonData:)`.
final class DecodingErrorTests: XCTestCase {
    func message(_ json: String, bundle: Bool = false) -> String {
        do {
            if bundle { _ = try LinkDocBundle(jsonData: Data(json.utf8)) } else { _ = try Document(jsonData: Data(json.utf8)) }
            return "(decoded)"
        } catch {
            XCTAssert(error is LinkDocDecodingError, "\(type(of: error)): \(error)")
            return "\(error)"
        }
    }

    static let link = #"{"kind":"url","text":"a","range":{"utf16":[0,1],"scalars":[0,1],"utf8":[0,1]},"url":"https://e.com"}"#

    func testABundleGivenToDocumentPointsAtLinkDocBundle() {
        let bundle = #"{"version":1,"source":"Localizable.xcstrings","sourceLanguage":"en","strings":{}}"#
        XCTAssertEqual(message(bundle), #"invalid link document: this is a bundle (a compiled localization file, with "strings"), "#
            + "not a link document: decode it with LinkDocBundle(jsonData:) and take a key's document with document(key:languages:variation:)")
        XCTAssertNoThrow(try LinkDocBundle(jsonData: Data(bundle.utf8)))
    }

    func testADocumentGivenToLinkDocBundlePointsAtDocument() {
        XCTAssertEqual(message(#"{"version":1,"text":"","links":[]}"#, bundle: true),
                       #"invalid bundle: this is a link document (with "text" and "links"), not a bundle: decode it with Document(jsonData:)"#)
    }

    func testAMissingKeyNamesItsPathAndWhatWasExpected() {
        XCTAssertEqual(message(#"{"version":1,"links":[]}"#),
                       #"invalid link document: missing key "text" (a link document has "version", "text" and "links")"#)
        let noUTF8 = Self.link.replacingOccurrences(of: #","utf8":[0,1]"#, with: "")
        XCTAssertEqual(message(#"{"version":1,"text":"a","links":[\#(noUTF8)]}"#),
                       #"invalid link document at links[0].range: missing key "utf8" (a range is an object with "utf16", "scalars" and "utf8", each [location, length])"#)
        let noText = Self.link.replacingOccurrences(of: #""text":"a","#, with: "")
        XCTAssertEqual(message(#"{"version":1,"text":"a","links":[\#(Self.link),\#(noText)]}"#),
                       #"invalid link document at links[1]: missing key "text" (a link has "kind", "text" and "range")"#)
    }

    func testAWrongTypeOrNullNamesItsPathAndTheExpectedType() {
        XCTAssertEqual(message(#"{"version":1,"text":5,"links":[]}"#), "invalid link document at text: expected a string, found a number")
        XCTAssertEqual(message(#"{"version":1,"text":null,"links":[]}"#), "invalid link document at text: expected a string, found null")
        let badSpan = Self.link.replacingOccurrences(of: #""utf8":[0,1]"#, with: #""utf8":[0,"1"]"#)
        XCTAssertEqual(message(#"{"version":1,"text":"a","links":[\#(badSpan)]}"#),
                       "invalid link document at links[0].range.utf8[1]: expected an integer, found a string")
    }

    func testAnUnknownLinkKindListsTheKinds() {
        let badKind = Self.link.replacingOccurrences(of: #""kind":"url""#, with: #""kind":"uri""#)
        XCTAssertEqual(message(#"{"version":1,"text":"a","links":[\#(badKind)]}"#),
                       #"invalid link document at links[0].kind: expected a link kind: "agreement", "mention", "topic", "url", "email", "phone", "action", "app""#)
    }

    func testErrorsInsideABundleNameTheKeyAndLanguage() {
        let json = #"{"version":1,"source":"L.xcstrings","strings":{"greeting":{"en":{"version":1,"links":[]}}}}"#
        XCTAssertEqual(message(json, bundle: true),
                       #"invalid bundle at strings.greeting.en: missing key "text" (a link document has "version", "text" and "links")"#)
    }

    func testNotJSONSaysSo() {
        XCTAssert(message("{").hasPrefix("invalid link document: not valid JSON"), message("{"))
    }
}
