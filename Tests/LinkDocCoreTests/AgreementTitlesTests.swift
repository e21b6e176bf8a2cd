import LinkDocCore
import XCTest

/// What an unknown 《title》 reads as (`AgreementTitles`), the one definition that compile, lint
/// and the build plugin share.
final class AgreementTitlesTests: XCTestCase {
    let titles = AgreementTitles(Manifest(agreements: [
        "用户协议": .init(title: "用户协议", id: "terms", url: "https://example.com/terms"),
        "隐私政策": .init(title: "隐私政策", id: "privacy", url: "https://example.com/privacy"),
        "会员服务说明": .init(title: "会员服务说明", id: "vip", url: "https://example.com/vip"),
    ]))

    func testPlaceholdersAreFilledInByTheApp() {
        for title in ["%s", " %1$s ", "%@", "%lld", "%1$@", "{0}", "{title}", "{{name}}", "%(title)s", "\u{3000}%s\u{3000}"] {
            XCTAssertEqual(titles.classify(title), .placeholder, title)
        }
        for title in ["%", "{}", "{a b}", "%s的书", "100%", "%1$s与%2$s"] {
            XCTAssertNotEqual(titles.classify(title), .placeholder, title)
        }
    }

    func testBooksSongsFilmsAndLawsAreOtherTitles() {
        for title in ["红楼梦", "明日方舟", "中华人民共和国个人信息保护法", "通用数据保护条例", "晴天", "The Great Gatsby", "三体"] {
            XCTAssertEqual(titles.classify(title), .otherTitle, title)
        }
    }

    func testAgreementWordsAndTheManifestsOwnEndings() {
        for title in ["会员协议", "服务條款", "儿童隐私保护声明", "退款政策摘要", "退款协议（简版）", "积分说明", "Terms of Use",
                      "Privacy Policy", "EULA"] {
            XCTAssertEqual(titles.classify(title), .agreement(near: nil), title)
        }
    }

    func testNearTitlesAreNamed() {
        XCTAssertEqual(titles.classify("用户协意"), .agreement(near: "用户协议"), "a typo")
        XCTAssertEqual(titles.classify("隐私协议"), .agreement(near: "隐私政策"), "the same subject, another agreement word")
        XCTAssertEqual(titles.classify("用户服务协议"), .agreement(near: "用户协议"), "a word added")
        XCTAssertEqual(titles.classify("会员说明"), .agreement(near: "会员服务说明"), "a word left out")
        XCTAssertEqual(titles.classify("支付服务协议"), .agreement(near: nil), "another subject")
    }

    func testMessagesNameTheNearTitleOrFewKnownOnes() {
        XCTAssertEqual(titles.unknownTitleMessage("隐私协议", near: "隐私政策"),
                       "unknown agreement 《隐私协议》: did you mean 《隐私政策》? The manifest has no agreement with this title, so it stays text")
        XCTAssertEqual(titles.unknownTitleMessage("支付服务协议", near: nil),
                       "unknown agreement 《支付服务协议》: the manifest has no agreement with this title, so it stays text (it knows 《会员服务说明》, 《用户协议》 and 《隐私政策》)")
        XCTAssertEqual(AgreementTitles(.empty).unknownTitleMessage("会员协议", near: nil),
                       "unknown agreement 《会员协议》: the manifest has no agreement with this title, so it stays text")
        var many = Manifest.empty
        for i in 0..<5 { many.agreements["协议\(i)"] = .init(title: "协议\(i)", id: "\(i)", url: "https://example.com/\(i)") }
        XCTAssertEqual(AgreementTitles(many).unknownTitleMessage("会员协议", near: nil),
                       "unknown agreement 《会员协议》: the manifest has no agreement with this title, so it stays text")
    }

    func testIgnoredTitlesNeverWarn() {
        var manifest = Manifest.empty
        manifest.options.ignoredTitles = ["社区公约"]
        XCTAssertEqual(AgreementTitles(manifest).classify("社区公约"), .otherTitle)
        XCTAssertEqual(AgreementTitles(manifest).classify("社区规范"), .agreement(near: nil))
    }
}
