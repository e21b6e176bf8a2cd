import LinkDocCore
import LinkDocFormats
import LinkDocModel
import XCTest

/// String Catalogs as Xcode and SwiftUI read them (issue 16): every key has a source-language
/// document (the key itself when the source language has no unit), and values are inline
/// Markdown, compiled to style runs and links.
final class CatalogMarkdownTests: XCTestCase {
    func catalog(_ strings: String) -> CompiledLocalization {
        let json = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"# + strings + "}}"
        return Fixtures.compiler.compile(LocalizationFile.read(Array(json.utf8), name: "t.xcstrings", format: .xcstrings, language: "und"))
    }

    func source(_ value: String) throws -> Document {
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let compiled = catalog(#""k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "\#(escaped)"}}}}"#)
        return try XCTUnwrap(compiled.document("k", "en")?.document, value)
    }

    /// The text each style covers, with its kind.
    func styled(_ d: Document) -> [String] {
        d.styles.map { s in
            let kind = [s.bold == true ? "b" : nil, s.italic == true ? "i" : nil, s.strikethrough == true ? "s" : nil,
                        s.code == true ? "code" : nil].compactMap { $0 }.joined(separator: "+")
            let r = s.range.utf16
            let units = Array(d.text.utf16)[r.location..<r.location + r.length]
            return kind + ":" + String(decoding: units, as: UTF16.self)
        }
    }

    func testKeysWithoutASourceUnitCompileTheKey() {
        let compiled = catalog("""
            "Only translated": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Nur übersetzt"}}}},
            "Do not translate": {"shouldTranslate": false},
            "Not translated, with translations": {"shouldTranslate": false, "localizations": {"fr": {"stringUnit": {"state": "translated", "value": "x"}}}},
            "Read the 《Terms of Service》": {},
            "plural_key": {"localizations": {"en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "one"}}, "other": {"stringUnit": {"state": "translated", "value": "many"}}}}}}},
            "empty_source": {"localizations": {"en": {}, "de": {"stringUnit": {"state": "translated", "value": "leer"}}}}
            """)
        XCTAssertEqual(compiled.document("Only translated", "en")?.document.text, "Only translated")
        XCTAssertEqual(compiled.document("Do not translate", "en")?.document.text, "Do not translate")
        XCTAssertEqual(compiled.document("Not translated, with translations", "en")?.document.text, "Not translated, with translations")
        XCTAssertEqual(compiled.document("Read the 《Terms of Service》", "en")?.document.links.first?.kind, .agreement)
        XCTAssertNil(compiled.document("plural_key", "en"), "a source unit under variations is the source: no key document beside it")
        XCTAssertEqual(compiled.document("plural_key", "en", "plural.one")?.document.text, "one")
        XCTAssertEqual(compiled.document("empty_source", "en")?.document.text, "empty_source")
        XCTAssertEqual(compiled.rendered, ["6:42: warning: key \"empty_source\" (en): no string unit [catalog-structure]"])
        let languages = Dictionary(grouping: compiled.strings, by: \.key).mapValues { Set($0.map(\.language)) }
        XCTAssert(languages.values.allSatisfy { $0.contains("en") }, "every key has a source-language document: \(languages)")
    }

    func testEmphasisStrikethroughAndCode() throws {
        let d = try source("Designed by **okooo5km**, *you* and _them_; ~~old~~ ***both*** `a <b> & 《x》 @y #z#`")
        XCTAssertEqual(d.text, "Designed by okooo5km, you and them; old both a <b> & 《x》 @y #z#")
        XCTAssertEqual(styled(d), ["b:okooo5km", "i:you", "i:them", "s:old", "i:both", "b:both", "code:a <b> & 《x》 @y #z#"])
        XCTAssertEqual(d.links, [], "code is literal: no agreement, mention or topic in it")
    }

    func testLinksKeepTheirDestinationAndGetTheirStyle() throws {
        let d = try source("基于 **[Upscayl](https://github.com/up_scayl/a*b*c)** 的工具")
        XCTAssertEqual(d.text, "基于 Upscayl 的工具")
        XCTAssertEqual(d.links.map(\.url), ["https://github.com/up_scayl/a*b*c"], "the destination is not read as Markdown")
        XCTAssertEqual(styled(d), ["b:Upscayl"])
        let bare = try source("See https://e.com/_private_/a*b*c and _this_")
        XCTAssertEqual(bare.links.map(\.url), ["https://e.com/_private_/a*b*c"], "a bare URL is no emphasis")
        XCTAssertEqual(styled(bare), ["i:this"])
        let code = try source("Open `https://example.com` or https://example.org")
        XCTAssertEqual(code.links.map(\.url), ["https://example.org/"], "no link inside a code span")
        XCTAssertEqual(styled(code), ["code:https://example.com"])
    }

    /// What CommonMark leaves as written: no flanking run, `_` inside a word, unmatched
    /// delimiters, backslash escapes, an unclosed backtick.
    func testWhatStaysLiteral() throws {
        for (value, text) in [("5 * 3 * 2", "5 * 3 * 2"), ("snake_case_name", "snake_case_name"), ("**** %@", "**** %@"),
                              ("**not closed", "**not closed"), (#"\*literal\* \_x\_"#, "*literal* _x_"),
                              ("a ` b", "a ` b"), ("~single~", "~single~"), (#"\@小明 \[x\](y)"#, "@小明 [x](y)"),
                              ("<b>html_tag_name</b>", "<b>html_tag_name</b>")] {
            let d = try source(value)
            XCTAssertEqual(d.text, text, value)
            XCTAssertEqual(d.links, [], value)
            XCTAssertEqual(d.styles, [], value)
        }
        XCTAssertEqual(styled(try source("**%lld%%** savings")), ["b:%lld%%"], "punctuation inside, space outside")
        XCTAssertEqual(styled(try source("中文**粗体**中文")), ["b:粗体"], "CJK around the delimiters")
    }

    /// SwiftUI does not read HTML in Markdown: tags show as written, with no style, link or line
    /// break and no diagnostic; CommonMark autolinks stay links and character references decode.
    func testHTMLIsLiteralButAutolinksLink() throws {
        let d = try source("<think>plan</think> <b>bold</b><br>next <a href=\"https://e.com\">x</a> <!-- c --> a < b <3 &amp; &lt;i&gt;")
        XCTAssertEqual(d.text, "<think>plan</think> <b>bold</b><br>next <a href=\"https://e.com\">x</a> <!-- c --> a < b <3 & <i>")
        XCTAssertEqual(d.links.map(\.url), ["https://e.com/"], "no <a> link; the bare URL in the text links as in any copy")
        XCTAssertEqual(d.styles, [])
        XCTAssertEqual(d.paragraphs.count, 1)
        let autolinks = try source("<https://example.com/a_b_c> or <dpo@example.com>, *not <b>emphasis_here</b>*")
        XCTAssertEqual(autolinks.text, "https://example.com/a_b_c or dpo@example.com, not <b>emphasis_here</b>")
        XCTAssertEqual(autolinks.links.map(\.url), ["https://example.com/a_b_c", "mailto:dpo@example.com"])
        XCTAssertEqual(styled(autolinks), ["i:not <b>emphasis_here</b>"], "no emphasis inside a tag, emphasis around it")
        let compiled = catalog(#""k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "<b>x</b><br>"}}}}"#)
        XCTAssertEqual(compiled.diagnostics, [], "nothing is reported about the tags")
    }

    /// A diagnostic after an escaped `<` still points at its place in the file.
    func testDiagnosticsAfterLiteralTagsKeepTheirPositions() {
        let line = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "<b>《Unknown Terms》</b>"}}}}}}"#
        let compiled = Fixtures.compiler.compile(LocalizationFile.read(Array(line.utf8), name: "t.xcstrings", format: .xcstrings, language: "und"))
        let expected = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: line.unicodeScalars.firstIndex(of: "《")!) + 1
        XCTAssertEqual(compiled.diagnostics.map { $0.location?.column }, [expected], compiled.rendered.joined())
    }

    /// Diagnostics still point into the file after the rewrite: here at the 《 inside the bold run.
    func testDiagnosticsKeepTheirPositions() {
        let compiled = catalog(#""k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "**Read** `x` the **《Unknown Terms》**"}}}}"#)
        XCTAssertEqual(compiled.diagnostics.count, 1)
        let column = try? XCTUnwrap(compiled.diagnostics.first?.location?.column)
        let line = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "**Read** `x` the **《Unknown Terms》**"}}}}}}"#
        let expected = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: line.unicodeScalars.firstIndex(of: "《")!) + 1
        XCTAssertEqual(column, expected, compiled.rendered.joined())
    }

    /// Only catalogs are Markdown: a `.strings` value keeps its asterisks, and its HTML is HTML.
    func testStringsFilesAreNotMarkdown() {
        let file = LocalizationFile.read(Array(#""k" = "**bold**"; "h" = "<b>粗</b>";"#.utf8), name: "en.lproj/Localizable.strings", format: .strings, language: "en")
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertEqual(compiled.document("k", "en")?.document.text, "**bold**")
        XCTAssertEqual(compiled.document("h", "en")?.document.text, "粗")
        XCTAssertEqual(compiled.document("h", "en")?.document.styles.map(\.bold), [true])
    }

    /// Many unmatched delimiters: linear time (the bottom of each opener search is kept).
    func testManyUnmatchedDelimitersStayLinear() throws {
        let value = String(repeating: "*a _b ", count: 20_000)
        let start = Date()
        let d = try source(value)
        XCTAssertEqual(d.text.count, value.count)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }
}
