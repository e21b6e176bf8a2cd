import LinkDocModel
import PluginDemo
import XCTest

/// The documents were compiled by LinkDocPlugin during the build; these tests
/// load them through the generated accessors and LinkDocModel.
final class PluginDemoTests: XCTestCase {
    func testCopyFileWasCompiledAtBuildTime() throws {
        let document = try PrivacyDialog.document()
        XCTAssert(document.text.hasPrefix("欢迎使用！请阅读《用户协议》"))
        XCTAssertEqual(document.links.map(\.kind), [.agreement, .agreement, .email, .phone])
        XCTAssertEqual(document.links.first?.url, "https://example.com/legal/terms")
    }

    func testCatalogKeysInTwoLanguages() throws {
        XCTAssertEqual(try PrivacyDialog.checkbox(language: "zh-Hans").links.first?.url, "https://example.com/legal/terms")
        XCTAssertEqual(try PrivacyDialog.checkbox(language: "en").text, "I agree to the 《Terms of Service》")
        // zh-Hans-CN falls back to zh-Hans.
        XCTAssertEqual(try PrivacyDialog.checkbox(language: "zh-Hans-CN").text, "我已阅读并同意《用户协议》")
    }

    func testPluralVariation() throws {
        let one = try PrivacyDialog.unread(language: "en", variation: "plural.one")
        XCTAssertEqual(one.links.map(\.kind), [.mention])
        // A category the entry does not have falls back to "other".
        XCTAssertEqual(try PrivacyDialog.unread(language: "en", variation: "plural.few").text, "%lld unread messages")
    }
}
