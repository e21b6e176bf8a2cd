import Foundation
@testable import LinkDocFormats
import LinkDocModel
import XCTest

/// Plural variations chosen for a count: ICU's CLDR rules written into bundles at build time,
/// evaluated by LinkDocModel in the app.
final class PluralTests: XCTestCase {
    /// The numbers each locale's rules are compared on: every integer up to 1,100 (every
    /// `% 10` and `% 100` case), negatives, and the large ones that French, Spanish and Italian
    /// treat apart (`many` for whole millions).
    static let numbers: [Int] = Array(0...1_100) + Array(-30...(-1))
        + (3...15).map { Int(pow(10.0, Double($0))) } + (1...25).map { $0 * 1_000_000 } + [1_000_001, 2_000_100, 123_456_789]

    func testLinkDocModelSelectsWhatICUSelectsInEveryLocale() throws {
        let locales = CLDRPluralRules.locales()
        XCTAssertGreaterThan(locales.count, 150, "ICU's plural data names every CLDR locale with rules")
        var compared = 0
        var categories = Set<String>()
        for locale in locales {
            let tag = locale.replacingOccurrences(of: "_", with: "-")
            let written = try XCTUnwrap(CLDRPluralRules.rules(forLanguage: tag), "ICU names \(locale) but gave no rules")
            let rules = try PluralRules(written)
            for n in Self.numbers {
                let icu = try XCTUnwrap(CLDRPluralRules.select(Double(n), language: tag))
                XCTAssertEqual(rules.category(for: n).rawValue, icu, "\(tag) \(n): rules \(written)")
                categories.insert(icu)
                compared += 1
            }
        }
        XCTAssertEqual(categories, Set(PluralRules.Category.allCases.map(\.rawValue)), "every category occurs somewhere")
        print("plural rules: \(locales.count) ICU locales × \(Self.numbers.count) counts = \(compared) selections, LinkDocModel's equal to ICU's")
    }

    func testRulesAreFoundThroughTheTagsParents() throws {
        XCTAssertEqual(CLDRPluralRules.rules(forLanguage: "zh-Hans"), ["other": ""], "zh-Hans has zh's rules: other only")
        XCTAssertEqual(CLDRPluralRules.rules(forLanguage: "en")?["one"], "i = 1 and v = 0", "samples are dropped")
        XCTAssertNotEqual(CLDRPluralRules.rules(forLanguage: "pt-PT"), CLDRPluralRules.rules(forLanguage: "pt"),
                          "pt-PT has rules of its own (1 is one, 0 is other), not pt's")
        XCTAssertNil(CLDRPluralRules.rules(forLanguage: "Base"), "no language: no rules, so every count is other")
    }

    func testPluralRuleSyntax() throws {
        let russian = try PluralRules(["one": "v = 0 and i % 10 = 1 and i % 100 != 11",
                                       "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
                                       "many": "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
                                       "other": "@decimal 0.0~1.5"])
        XCTAssertEqual([1, 2, 5, 11, 12, 21, 22, 25, 101, 111, -1].map { russian.category(for: $0) },
                       [.one, .few, .many, .many, .many, .one, .few, .many, .one, .many, .one])
        XCTAssertEqual(try PluralRules(["one": "n = 0,1"]).category(for: 0), .one, "a list of values")
        XCTAssertEqual(try PluralRules([:]).category(for: 1), .other, "no rules: other")
        XCTAssertEqual(try PluralRules(["one": "n%10=1"]).category(for: 21), .one, "symbols need no spaces")
        XCTAssertEqual(try PluralRules(["many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0"]).category(for: Int.min), .other,
                       "Int.min's magnitude is counted without overflow")
        for (rules, message) in [(["single": "n = 1"], "not a CLDR plural category"), (["one": "n in 1"], "expected = or !="),
                                 (["one": "x = 1"], "expected an operand"), (["one": "n % 0 = 1"], "modulus 0"),
                                 (["one": "n = 3..1"], "is empty"), (["one": "n = 1 1"], "unexpected \"1\""),
                                 (["one": "n ="], "expected a whole number")] {
            XCTAssertThrowsError(try PluralRules(rules)) { error in
                XCTAssert("\(error)".contains(message), "\(rules): \(error)")
            }
        }
    }

    func testBundlesCarryTheRulesOfTheLanguagesWithPlurals() throws {
        let compiled = try Fixtures.compile("Localizable.xcstrings")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(BundleWriter.bundle(compiled))) as? [String: Any])
        let rules = try XCTUnwrap(object["pluralRules"] as? [String: [String: String]])
        XCTAssertEqual(rules.keys.sorted(), ["en", "ru", "zh-Hans"],
                       "en (plural, and files_shared's substitutions), ru (plural) and zh-Hans (device.ipad.plural) have plural variations; zh-Hant none")
        XCTAssertEqual(rules["zh-Hans"], ["other": ""])
        XCTAssertEqual(rules["ru"]?.keys.sorted(), ["few", "many", "one", "other"])
        let ru = BundleWriter.split(compiled).first { $0.language == "ru" }!
        let split = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ru.json)) as? [String: Any])
        XCTAssertEqual((split["pluralRules"] as? [String: Any])?.keys.sorted(), ["ru"], "a split file has its language's rules")
        let zh = BundleWriter.split(compiled).first { $0.language == "zh-Hant" }!
        XCTAssertNil((try JSONSerialization.jsonObject(with: Data(zh.json)) as? [String: Any])?["pluralRules"])
    }

    func testACountSelectsTheVariationOfEachLanguage() throws {
        let bundle = try LinkDocBundle(jsonData: Data(BundleWriter.bundle(try Fixtures.compile("Localizable.xcstrings"))))
        let key = "%lld unread messages"
        func text(_ language: String, _ count: Int) throws -> String { try bundle.document(key: key, languages: [language], count: count).text }
        XCTAssertEqual(try text("ru", 1), "%lld непрочитанное сообщение")
        XCTAssertEqual(try text("ru", 3), "%lld непрочитанных сообщения")
        XCTAssertEqual(try text("ru", 5), "%lld непрочитанных сообщений")
        XCTAssertEqual(try text("ru", 21), "%lld непрочитанное сообщение")
        XCTAssertEqual(try text("en", 1), "%lld unread message from @小明")
        XCTAssertEqual(try text("en", 0), "%lld unread messages", "English has no zero category and the entry no plural.zero")
        XCTAssertEqual(try text("de", 1), "%lld unread message from @小明", "a language the bundle lacks: the source language's rules")
        // The same count through a Document: filled in, with the mention's link moved.
        let filled = try bundle.document(key: key, languages: ["en"], count: 1).formatted([.int(1)])
        XCTAssertEqual(filled.text, "1 unread message from @小明")
        XCTAssertEqual(filled.links.map(\.text), ["@小明"])
    }

    func testFallbacksForAPluralKey() throws {
        // An English plural beside a plain Chinese string (the ordinary catalog shape), and a
        // zero variation in English, which Foundation uses for 0 although CLDR's English has no zero.
        let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"unread": {"localizations": {
          "en": {"variations": {"plural": {"zero": {"stringUnit": {"state": "translated", "value": "No messages"}},
                                           "one": {"stringUnit": {"state": "translated", "value": "%lld message"}},
                                           "other": {"stringUnit": {"state": "translated", "value": "%lld messages"}}}}},
          "zh-Hans": {"stringUnit": {"state": "translated", "value": "%lld 条消息"}}}}}}
        """#
        let file = LocalizationFile.read(Array(catalog.utf8), name: "Localizable.xcstrings", format: .xcstrings, language: "und")
        let bundle = try LinkDocBundle(jsonData: Data(BundleWriter.bundle(Fixtures.compiler.compile(file))))
        XCTAssertEqual(try bundle.document(key: "unread", languages: ["en"], count: 0).text, "No messages")
        XCTAssertEqual(try bundle.document(key: "unread", languages: ["en"], count: 1).text, "%lld message")
        XCTAssertEqual(try bundle.document(key: "unread", languages: ["en"], count: 7).text, "%lld messages")
        XCTAssertEqual(try bundle.document(key: "unread", languages: ["zh-Hans"], count: 1).text, "%lld 条消息",
                       "no plural variations: the plain document")
        XCTAssertEqual(try bundle.document(key: "unread", languages: ["zh-Hans"], variation: "plural.other").text, "%lld 条消息",
                       "a plural path asked of a plain string gives the string")
        XCTAssertEqual(try bundle.document(key: "unread", languages: ["en"]).text, "%lld messages",
                       "the plain document of a plural-only entry is its plural.other")
        XCTAssertThrowsError(try bundle.document(key: "unread", languages: ["en"], variation: "device.ipad"))
    }
}
