import LinkDocCore
import LinkDocFormats
import LinkDocModel
import XCTest

final class XCStringsTests: XCTestCase {
    func testEveryUnitWithItsVariationPath() throws {
        let file = try Fixtures.read("Localizable.xcstrings")
        XCTAssertEqual(file.sourceLanguage, "en")
        XCTAssertEqual(file.diagnostics, [])
        let ids = file.strings.map { "\($0.key)|\($0.language)|\($0.variation)" }
        XCTAssertEqual(ids, [
            "%lld unread messages|en|plural.one", "%lld unread messages|en|plural.other",
            "%lld unread messages|ru|plural.few", "%lld unread messages|ru|plural.many",
            "%lld unread messages|ru|plural.one", "%lld unread messages|ru|plural.other",
            "Read the 《Terms of Service》|en|",
            "consent_checkbox|en|", "consent_checkbox|zh-Hans|", "consent_checkbox|zh-Hant|",
            "help_footer|zh-Hans|device.ipad.plural.one", "help_footer|zh-Hans|device.ipad.plural.other",
            "help_footer|zh-Hans|device.iphone", "help_footer|zh-Hans|device.other", "help_footer|en|",
            "files_shared|en|", "files_shared|en|substitutions.files.plural.one", "files_shared|en|substitutions.files.plural.other",
        ])
        XCTAssertEqual(file.value("consent_checkbox", language: "zh-Hant"), "我已閱讀並同意《使用者條款》", "\\u escapes decoded")
        XCTAssertEqual(file.value("Read the 《Terms of Service》"), "Read the 《Terms of Service》",
                       "a key without a source-language unit stands for itself")
    }

    func testCompiledDocuments() throws {
        let compiled = try Fixtures.compile("Localizable.xcstrings")
        XCTAssertEqual(compiled.document("help_footer", "zh-Hans", "device.ipad.plural.one")?.document.links.map(\.kind), [.url])
        XCTAssertEqual(compiled.document("help_footer", "zh-Hans", "device.iphone")?.document.links.first?.kind, .mention)
        XCTAssertEqual(compiled.document("help_footer", "en")?.document.text, "help_footer",
                       "a key with translations but no source unit is its own source text, as in Xcode")
        XCTAssertEqual(compiled.document("Read the 《Terms of Service》", "en")?.document.links.first?.url, "https://example.com/legal/terms")
        XCTAssertEqual(compiled.document("consent_checkbox", "zh-Hans")?.document.links.count, 2)
    }

    func testDiagnosticPositionsAfterEscapes() throws {
        let compiled = try Fixtures.compile("Localizable.xcstrings")
        // zh-Hant's 《使用者條款》 is spelled \u300a…\u300b in the file; the warning points at the escape.
        let d = try XCTUnwrap(compiled.diagnostics.first { $0.message.contains("使用者條款") })
        XCTAssertEqual(d.location?.line, 35)
        XCTAssertEqual(d.location?.column, 84)
        XCTAssert(d.message.hasPrefix("key \"consent_checkbox\" (zh-Hant): unknown agreement"), d.message)
        XCTAssert(d.sourceLine?.contains("\\u300a使用者條款\\u300b") == true)
        XCTAssertEqual(compiled.diagnostics.count, 1, compiled.rendered.joined(separator: "\n"))
    }

    func testMalformedJSONIsOneErrorWithItsPosition() throws {
        let compiled = try Fixtures.compile("malformed.xcstrings")
        XCTAssertEqual(compiled.rendered, ["6:5: error: not valid JSON: expected ',' or '}' in an object, found '\"' [json-syntax]"])
        XCTAssertEqual(compiled.strings.count, 0)
    }

    func testStructureProblemsSkipOnlyTheBadParts() throws {
        let compiled = try Fixtures.compile("structure.xcstrings")
        XCTAssertEqual(compiled.rendered, [
            "4:23: error: key \"not_an_object\": expected an object, found a string [catalog-structure]",
            "5:44: error: key \"bad_language\": \"../etc\" is not a language tag (letters, digits, '-' and '_') [catalog-structure]",
            "6:80: error: key \"number_value\" (en): \"value\" must be a string, found a number, boolean or null [catalog-structure]",
            "7:81: warning: key \"odd_plural\" (en): \"several\" is not a plural category (zero, one, two, few, many, other); it will never be chosen [plural-category]",
        ])
        XCTAssertEqual(compiled.strings.map { "\($0.key)|\($0.language)|\($0.variation)" },
                       ["bad_language|en|", "number_value|en|", "odd_plural|en|plural.several", "good|en|"],
                       "a key whose source unit is unreadable falls back to the key, as at run time")
    }

    func testHostileCatalogs() throws {
        // Deep nesting is an error, not a stack overflow.
        let deep = Array(("{\"strings\":" + String(repeating: "[", count: 100_000)).utf8)
        let compiled = Fixtures.compiler.compile(LocalizationFile.read(deep, name: "deep.xcstrings", format: .xcstrings, language: "und"))
        XCTAssertEqual(compiled.rendered.first, "1:211: error: not valid JSON: the JSON is nested more than 200 levels deep [json-syntax]")
        // A 10 MB value.
        let big = "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"en\":{\"stringUnit\":{\"value\":\""
            + String(repeating: "好", count: 3_500_000) + " 《x条款》\"}}}}}}"
        let file = LocalizationFile.read(Array(big.utf8), name: "big.xcstrings", format: .xcstrings, language: "und")
        XCTAssertEqual(file.strings.count, 1)
        let result = Fixtures.compiler.compile(file)
        XCTAssertEqual(result.diagnostics.first?.location?.column, 86 + 3_500_000 + 1, "the 《 after the value's quote (column 86) and a space")
        // Other garbage: never a crash, always a positioned error.
        for text in ["", "[]", "{\"strings\": 1}", "{\"strings\":{\"k\":{\"localizations\":{\"en\":{\"stringUnit\":{\"value\":\"\\ud800\"}}}}}}",
                     "{\"a\":\"\u{1}\"}", "{\"a\":1e}", "\"unterminated"] {
            let r = Fixtures.compiler.compile(LocalizationFile.read(Array(text.utf8), name: "g.xcstrings", format: .xcstrings, language: "und"))
            XCTAssert(r.hasErrors, text)
            XCTAssert(r.diagnostics.allSatisfy { $0.location != nil }, text)
        }
    }
}
