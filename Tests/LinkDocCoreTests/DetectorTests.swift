import Foundation
import LinkDocCore
import LinkDocModel
import XCTest

/// The detectors' settings (manifest `options.detect`, the older `autolink`, a document's own) and
/// their defaults per input kind (Grammar/spec.md, "Detectors").
final class DetectorTests: XCTestCase {
    private func manifest(_ json: String) throws -> Manifest {
        try Manifest.parse(Data(json.utf8), file: "linkdoc.json")
    }

    private func kinds(_ text: String, _ compiler: Compiler, _ options: CompileOptions = CompileOptions()) -> [String] {
        (compiler.compile(text, options: options).document?.links ?? []).map { "\($0.kind.rawValue) \($0.text)" }
    }

    func testManifestSettings() throws {
        let m = try manifest(#"{"options": {"detect": {"mentions": "known", "topics": false, "urls": "off", "emails": true}}}"#)
        XCTAssertEqual(m.options.detect.mentions, .known)
        XCTAssertEqual(m.options.detect.topics, .off)
        XCTAssertEqual(m.options.detect.urls, false)
        XCTAssertEqual(m.options.detect.emails, true)
        XCTAssertNil(m.options.detect.phones, "unset: the input kind's default")
        let localization = m.options.detect.resolved(for: .localization)
        XCTAssertEqual(localization, Detectors(mentions: .known, topics: .off, urls: false, emails: true, phones: true))
    }

    func testKnownIsForNamesOnly() {
        for json in [#"{"options": {"detect": {"urls": "known"}}}"#, #"{"options": {"detect": {"phones": "known"}}}"#] {
            XCTAssertThrowsError(try manifest(json)) { error in
                XCTAssert("\(error)".contains("\"known\" applies to mentions and topics only"), "\(error)")
            }
        }
        XCTAssertThrowsError(try manifest(#"{"options": {"detect": {"hashtags": "on"}}}"#)) { error in
            XCTAssert("\(error)".contains("unknown key \"options.detect.hashtags\""), "\(error)")
        }
        XCTAssertThrowsError(try manifest(#"{"options": {"detect": {"mentions": "some"}}}"#)) { error in
            XCTAssert("\(error)".contains(#"expected "on", "off" or "known", found "some""#), "\(error)")
        }
    }

    func testAutolinkIsTheOlderSpellingAndDetectWins() throws {
        let m = try manifest(#"{"options": {"autolink": {"phones": false, "urls": false}, "detect": {"urls": "on"}}}"#)
        XCTAssertEqual(m.options.detect.phones, false)
        XCTAssertEqual(m.options.detect.urls, true)
        XCTAssertEqual(kinds("13800138000 https://example.com", Compiler(manifest: m)), ["url https://example.com"])
    }

    func testDefaultsPerInputKind() throws {
        let compiler = Compiler(manifest: try manifest(#"{"mentions": {"小明": "u_1"}}"#))
        let text = "[有人@我] @所有人 @小明 #话题# https://example.com"
        XCTAssertEqual(kinds(text, compiler), ["mention @所有人", "mention @小明", "topic #话题#", "url https://example.com"])
        XCTAssertEqual(kinds(text, compiler, CompileOptions(inputKind: .localization)),
                       ["mention @小明", "topic #话题#", "url https://example.com"])
    }

    func testDocumentSettingsOverTheManifest() throws {
        let compiler = Compiler(manifest: try manifest(#"{"options": {"detect": {"mentions": "off"}}}"#))
        XCTAssertEqual(kinds("@路人 #话题#", compiler), ["topic #话题#"])
        var own = DetectorSettings()
        own.mentions = .on
        own.topics = .off
        XCTAssertEqual(kinds("@路人 #话题#", compiler, CompileOptions(detect: own)), ["mention @路人"])
        XCTAssertEqual(kinds("@路人 #话题#", compiler), ["topic #话题#"], "the compiler's own options are unchanged")
    }

    func testKnownTopicsGetTheirIDs() throws {
        let compiler = Compiler(manifest: try manifest(
            #"{"topics": {"双十一": "t_1111"}, "schemes": ["https", "myapp"], "options": {"topicURL": "myapp://topic/{id}", "detect": {"topics": "known"}}}"#))
        let links = compiler.compile("#双十一# #话题#").document?.links ?? []
        XCTAssertEqual(links.map(\.text), ["#双十一#"])
        XCTAssertEqual(links.first?.target, .topic(name: "双十一", id: "t_1111"))
        XCTAssertEqual(links.first?.url, "myapp://topic/t_1111")
    }

    func testHandWrittenLinksIgnoreDetectors() throws {
        let compiler = Compiler(manifest: try manifest(
            #"{"options": {"detect": {"mentions": "off", "topics": "off", "urls": "off", "emails": "off", "phones": "off"}}}"#))
        XCTAssertEqual(kinds("[这里](https://example.com) <https://example.com/a> <dpo@example.com> https://example.com/b @小明", compiler),
                       ["url 这里", "url https://example.com/a", "email dpo@example.com"])
    }
}
