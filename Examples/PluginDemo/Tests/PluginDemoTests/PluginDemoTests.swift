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

    func testPluralSelectedByTheCountInEachLanguage() throws {
        let one = try PrivacyDialog.unread(count: 1, language: "en")
        XCTAssertEqual(one.text, "1 unread message from @小明")
        XCTAssertEqual(one.links.map(\.kind), [.mention])
        XCTAssertEqual(one.links.first.map { String(decoding: Array(one.text.utf16)[$0.range.utf16.location..<$0.range.utf16.upperBound], as: UTF16.self) },
                       "@小明",
                       "the mention's range moved with the filled-in count")
        XCTAssertEqual(try PrivacyDialog.unread(count: 5, language: "en").text, "5 unread messages")
        XCTAssertEqual(try PrivacyDialog.unread(count: 0, language: "en").text, "0 unread messages")
        XCTAssertEqual(try PrivacyDialog.unread(count: 1, language: "zh-Hans").text, "1 条未读消息",
                       "Chinese has no plural forms: its one string, for every count")
        XCTAssertEqual(try PrivacyDialog.unread(count: 5, language: "zh-Hans-CN").text, "5 条未读消息")
        // A variation path can still be asked for directly; a category the entry lacks falls back to "other".
        XCTAssertEqual(try LinkDocStrings.Localizable.unreadMessages(5).document(language: "en", variation: "plural.few").text,
                       "5 unread messages")
    }

    /// en.lproj/Legal.strings and zh-Hans.lproj/Legal.strings are one resource, Legal.json,
    /// with both languages; the accessors are public (linkdoc-plugin.json), so this test
    /// module reaches `LinkDocStrings` itself.
    func testLprojTableIsOneBundleWithEveryLanguage() throws {
        let chinese = try LinkDocStrings.Legal.signupConsent.document(language: "zh-Hans")
        XCTAssertEqual(chinese.text, "注册即表示你同意《用户协议》和《隐私政策》")
        XCTAssertEqual(chinese.links.map(\.url), ["https://example.com/legal/terms", "https://example.com/legal/privacy"])
        let english = try LinkDocStrings.Legal.signupConsent.document(language: "en")
        XCTAssertEqual(english.links.map(\.url), ["https://example.com/legal/terms"])
        XCTAssertEqual(try LinkDocStrings.Legal.contact.document(language: "en").links.map(\.kind), [.email])
    }

    /// Copy/onboarding/welcome.txt and Copy/settings/welcome.txt do not collide: their
    /// resources and accessors follow the subfolders.
    func testCopySubfoldersKeepFilesApart() throws {
        XCTAssertEqual(LinkDocStrings.Onboarding.welcome.name, "onboarding.welcome")
        XCTAssertEqual(LinkDocStrings.Settings.welcome.name, "settings.welcome")
        let onboarding = try LinkDocStrings.Onboarding.welcome.document()
        XCTAssertEqual(onboarding.text, "欢迎！展开")
        XCTAssertEqual(onboarding.links.map(\.target), [.action(name: "expand")])
        let settings = try LinkDocStrings.Settings.welcome.document()
        XCTAssert(settings.text.hasPrefix("Welcome back, @小明."))
        XCTAssertEqual(settings.links.map(\.kind), [.mention, .url])
    }

    /// The manifest's options.linkScheme reaches the app through the accessors: the action
    /// and the mention (no mentionURL in this manifest) get myapp:// URLs that lead back to
    /// their payloads, so a stock UITextView delegate sees every tap.
    func testEveryLinkIsTappableWithTheManifestsScheme() throws {
        XCTAssertEqual(LinkDocStrings.linkScheme?.name, "myapp")
        let attributed = try LinkDocStrings.Onboarding.welcome.attributedString()
        let urls = attributed.runs.compactMap(\.link)
        XCTAssertEqual(urls.map(\.absoluteString), ["myapp://action/expand"])
        XCTAssertEqual(LinkDocStrings.linkScheme?.target(of: urls[0]), .action(name: "expand"))
        let settings = try LinkDocStrings.Settings.welcome.attributedString()
        XCTAssertEqual(settings.runs.compactMap(\.link).map(\.absoluteString),
                       ["myapp://mention/%E5%B0%8F%E6%98%8E?id=u_10001", "https://example.com/settings"])
    }
}
