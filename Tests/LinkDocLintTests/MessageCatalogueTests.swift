import LinkDocCore
@testable import LinkDocLint
import XCTest

/// The one message catalogue: every rule id and every word of the review page has its Simplified
/// Chinese, and the language comes from --lang or the locale as documented.
final class MessageCatalogueTests: XCTestCase {
    func testEveryRuleIDHasASimplifiedChineseMessage() {
        let missing = MessageCatalogue.missingMessages(for: RuleID.allCases, in: MessageCatalogue.simplifiedChineseRuleMessages)
        XCTAssertEqual(missing, [], "rule ids without a zh-Hans message in MessageCatalogue.simplifiedChineseRuleMessages")
        // Lint's catalogue (which includes the view rules when the layout core is built) is covered too.
        let lintRules = RuleCatalogue.descriptions.map(\.id)
        XCTAssertEqual(MessageCatalogue.missingMessages(for: lintRules, in: MessageCatalogue.simplifiedChineseRuleMessages), [])
    }

    func testARuleWithoutAMessageIsReported() {
        var table = MessageCatalogue.simplifiedChineseRuleMessages
        table[.unknownAgreement] = nil
        table[.fitsLines] = ""
        XCTAssertEqual(MessageCatalogue.missingMessages(for: RuleID.allCases, in: table), [.unknownAgreement, .fitsLines])
    }

    func testEveryPageWordHasSimplifiedChinese() {
        let missing = PageWord.allCases.filter { (MessageCatalogue.simplifiedChinesePageWords[$0] ?? "").isEmpty }
        XCTAssertEqual(missing, [])
        // A translation that is the English word left in place is no translation.
        let untranslated = PageWord.allCases.filter { $0 != .pageTitle && MessageCatalogue.word($0, in: .simplifiedChinese) == $0.english }
        XCTAssertEqual(untranslated, [])
    }

    func testMessagesKeepTheEnglishDetail() {
        let english = "unknown agreement 《儿童协议》"
        XCTAssertEqual(MessageCatalogue.message(english, rule: .unknownAgreement, in: .english), english)
        XCTAssertEqual(MessageCatalogue.message(english, rule: .unknownAgreement, in: .simplifiedChinese), "清单中没有这个协议：" + english)
    }

    func testLanguageFromTagsAndLocales() {
        XCTAssertEqual(MessageLanguage(tag: "zh-Hans"), .simplifiedChinese)
        XCTAssertEqual(MessageLanguage(tag: "zh_CN.UTF-8"), .simplifiedChinese)
        XCTAssertEqual(MessageLanguage(tag: "en_US.UTF-8"), .english)
        XCTAssertEqual(MessageLanguage(tag: "C.UTF-8"), .english)
        XCTAssertNil(MessageLanguage(tag: ""))
        XCTAssertEqual(MessageLanguage.fromEnvironment(["LANG": "zh_CN.UTF-8"]), .simplifiedChinese)
        XCTAssertEqual(MessageLanguage.fromEnvironment(["LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"]), .english, "LC_ALL wins")
        XCTAssertEqual(MessageLanguage.fromEnvironment(["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN"]), .simplifiedChinese)
        XCTAssertEqual(MessageLanguage.fromEnvironment(["LC_ALL": "", "LANG": "zh_TW"]), .simplifiedChinese, "an empty LC_ALL is unset")
        XCTAssertEqual(MessageLanguage.fromEnvironment([:]), .english)
    }

    func testFixPreviewSpellsOutInvisibleCharacters() throws {
        let bytes = Array("请阅读\u{200B}《用户协议》".utf8)
        let start = "请阅读".utf8.count
        let preview = try XCTUnwrap(FixPreview([TextEdit(range: start..<(start + 3), replacement: "")], in: bytes))
        XCTAssertEqual(preview.before, "请阅读⟨U+200B⟩《用户协议》")
        XCTAssertEqual(preview.after, "请阅读《用户协议》")
    }

    func testScriptSafeJSONEscapesWhatCouldEndTheScript() {
        let json = Array(#"{"t":"</script><!-- & \#u{2028}\#u{2029}"}"#.utf8)
        let safe = String(decoding: ReviewData.scriptSafe(json), as: UTF8.self)
        XCTAssertEqual(safe, #"{"t":"\u003c/script\u003e\u003c!-- \u0026 \u2028\u2029"}"#)
    }

    func testSHA256() {
        func hex(_ s: String) -> String { SHA256.digest(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(String(repeating: "a", count: 1000)), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
