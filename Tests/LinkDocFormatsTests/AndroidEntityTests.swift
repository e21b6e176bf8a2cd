import Foundation
import LinkDocCore
import LinkDocFormats
import LinkDocModel
import XCTest

/// The internal entities of an Android resource file's DOCTYPE, expanded in its values as aapt2
/// does, within bounds (`AndroidEntities`); AndroidHostileTests has the entities that are refused.
final class AndroidEntityTests: XCTestCase {
    func read(_ xml: String) -> LocalizationFile {
        LocalizationFile.read(Array(xml.utf8), name: "values/strings.xml", format: .androidStrings, language: "und")
    }

    func rendered(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity) \($0.ruleID)" }
    }

    /// A file of one `<string name="k">` after a DOCTYPE of `declarations`.
    func value(_ declarations: String, _ content: String) -> (String?, [String]) {
        let file = read("<!DOCTYPE resources [\(declarations)]>\n<resources><string name=\"k\">\(content)</string></resources>")
        return (file.value("k"), rendered(file.diagnostics))
    }

    func testEntitiesExpandInValues() throws {
        let file = read("""
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
                <!ENTITY app_name "示例">
                <!ENTITY terms "&app_name;用户协议">
                <!ENTITY url "https://example.com/terms?a=1&amp;b=&quot;2&quot;">
                <!ENTITY sign "&#169; 2024 &amp; \\'Co\\'">
                <!ENTITY bold "<b>&app_name;</b>">
                <!ENTITY app_name "second declaration">
            ]>
            <resources>
                <string name="app_name">&app_name;</string>
                <string name="agree">请阅读《&terms;》</string>
                <string name="link">Read <a href="&url;">the &terms;</a></string>
                <string name="sign">&sign;</string>
                <string name="bold">&bold; app</string>
                <string name="cdata"><![CDATA[&app_name; as written]]></string>
                <string-array name="tabs"><item>&app_name;</item></string-array>
            </resources>
            """)
        XCTAssertEqual(file.value("app_name"), "示例")
        XCTAssertEqual(file.value("agree"), "请阅读《示例用户协议》", "an entity's text may refer to another")
        XCTAssertEqual(file.value("sign"), "© 2024 &amp; 'Co'", "character references, and Android's escapes in the text")
        XCTAssertEqual(file.value("cdata"), "&app_name; as written", "no reference inside CDATA")
        XCTAssertEqual(file.value("tabs", variation: "item.0"), "示例")
        XCTAssertEqual(rendered(file.diagnostics), ["8:5 warning xml-entity"], "the second declaration is not used, as in XML")

        let compiled = Fixtures.compiler.compile(file)
        let link = try XCTUnwrap(compiled.document("link", "und")?.document)
        XCTAssertEqual(link.text, "Read the 示例用户协议")
        XCTAssertEqual(link.links.map(\.url), ["https://example.com/terms?a=1&b=%222%22"], "expanded in an attribute of a tag in a value")
        let bold = try XCTUnwrap(compiled.document("bold", "und")?.document)
        XCTAssertEqual(bold.text, "示例 app")
        XCTAssertEqual(bold.styles.map(\.bold), [true], "markup in an entity's text is markup")
    }

    /// A diagnostic about an entity's text points at its reference; text after the reference keeps
    /// its own place.
    func testPositionsMapToTheReference() {
        let file = read("""
            <!DOCTYPE resources [<!ENTITY t "《未知协议》">]>
            <resources>
                <string name="k">请阅读&t;和《其他条款》</string>
            </resources>
            """)
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertEqual(rendered(compiled.diagnostics), ["3:25 warning unknown-agreement", "3:29 warning unknown-agreement"])
        let string = file.strings[0]
        XCTAssertNil(string.map.literalFileRange(ofValueRange: 9..<12, valueCount: string.value.count),
                     "an entity's text is no copy of the file, so no fix edits it")
        XCTAssertNotNil(string.map.literalFileRange(ofValueRange: 0..<9, valueCount: string.value.count))
    }

    /// References in the attributes of resource elements are not expanded, and said so.
    func testReferencesInResourceAttributesAreReported() {
        let file = read("""
            <!DOCTYPE resources [<!ENTITY p "tablet">]>
            <resources><string name="k" product="&p;">x</string></resources>
            """)
        XCTAssertEqual(rendered(file.diagnostics), ["2:38 error xml-entity"])
        XCTAssert(file.diagnostics[0].message.contains("in an attribute of <string>"), file.diagnostics[0].message)
        XCTAssertEqual(file.value("k"), "x")
    }

    func testTextBound() {
        let limit = AndroidEntities.maxTextBytes
        // As declared: at the bound it is read, past it refused at its declaration and its reference.
        XCTAssertEqual(value("<!ENTITY a \"\(String(repeating: "a", count: limit))\">", "&a;").0?.count, limit)
        let (long, longDiagnostics) = value("<!ENTITY a \"\(String(repeating: "a", count: limit + 1))\">", "x&a;")
        XCTAssertEqual(long, "x")
        XCTAssertEqual(longDiagnostics, ["1:22 error xml-entity", "2:30 error xml-entity"])
        // Expanded: two references to a text of more than half the bound.
        let half = String(repeating: "b", count: limit / 2 + 1)
        let (doubled, doubledDiagnostics) = value("<!ENTITY h \"\(half)\"><!ENTITY d \"&h;&h;\">", "&h;|&d;")
        XCTAssertEqual(doubled, half + "|")
        XCTAssertEqual(doubledDiagnostics, ["2:33 error xml-entity"])
    }

    func testDepthBound() {
        // e1 goes through four levels of entities: read; e0 through five: refused.
        let chain = "<!ENTITY e4 \"x\"><!ENTITY e3 \"&e4;\"><!ENTITY e2 \"&e3;\"><!ENTITY e1 \"&e2;\"><!ENTITY e0 \"&e1;\">"
        XCTAssertEqual(value(chain, "&e1;").0, "x")
        XCTAssertEqual(value(chain, "&e1;").1, [])
        let (deep, diagnostics) = value(chain, "&e0;")
        XCTAssertEqual(deep, "")
        XCTAssertEqual(diagnostics, ["2:29 error xml-entity"])
    }

    func testDeclarationBound() {
        let limit = AndroidEntities.maxDeclarations
        let declarations = (0...limit).map { "<!ENTITY e\($0) \"\($0)\">" }.joined()
        let file = read("<!DOCTYPE resources [\(declarations)]>\n<resources><string name=\"last\">&e\(limit - 1);</string><string name=\"over\">&e\(limit);</string></resources>")
        XCTAssertEqual(file.value("last"), "\(limit - 1)")
        XCTAssertEqual(file.value("over"), "")
        XCTAssertEqual(file.diagnostics.map(\.ruleID), [RuleID.xmlEntity, RuleID.xmlEntity], "at the declaration past the bound, and at its reference")
        XCTAssertEqual(file.diagnostics.map { $0.location!.line }, [1, 2])
    }

    func testExpansionBound() {
        // 256 references to a text of 4,096 bytes add exactly the bound; one more is refused, and
        // so is every later one, with one diagnostic.
        let text = String(repeating: "z", count: AndroidEntities.maxTextBytes)
        let fits = AndroidEntities.maxExpandedBytes / AndroidEntities.maxTextBytes
        let file = read("<!DOCTYPE resources [<!ENTITY z \"\(text)\"><!ENTITY s \"s\">]>\n<resources><string name=\"k\">"
                        + String(repeating: "&z;", count: fits) + "</string><string name=\"more\">&z;</string><string name=\"small\">&s;</string></resources>")
        XCTAssertEqual(file.value("k")?.count, AndroidEntities.maxExpandedBytes)
        XCTAssertEqual(file.value("more"), "")
        XCTAssertEqual(file.value("small"), "", "every later reference, however small")
        XCTAssertEqual(file.diagnostics.count, 1)
        XCTAssert(file.diagnostics[0].message.contains("key \"more\""), file.diagnostics[0].message)
    }

    func testCyclesAndUndeclaredOrExternalReferencesAreRefused() {
        let (cycle, cycleDiagnostics) = value("<!ENTITY a \"1&b;\"><!ENTITY b \"2&a;\">", "[&a;][&b;]")
        XCTAssertEqual(cycle, "[][]")
        XCTAssertEqual(cycleDiagnostics.count, 2)
        let file = read("<!DOCTYPE resources [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\"><!ENTITY u \"&nbsp;\"><!ENTITY x SYSTEM \"file:///etc/passwd\"><!ENTITY ex \"&x;\">]>\n<resources><string name=\"c\">&a;</string><string name=\"u\">&u;</string><string name=\"x\">&ex;</string></resources>")
        let messages = file.diagnostics.map(\.message)
        XCTAssert(messages.contains { $0.contains("&a; is not expanded: it refers to &a;, which refers to itself") }, "\(messages)")
        XCTAssert(messages.contains { $0.contains("&u; is not expanded: it refers to &nbsp;, which the file does not declare") }, "\(messages)")
        XCTAssert(messages.contains { $0.contains("&ex; is not expanded: it refers to &x;, an external entity") }, "\(messages)")
        XCTAssertEqual(file.value("x"), "")
        XCTAssertFalse(file.strings.contains { $0.value.contains(Array("root:".utf8)) })
    }

    /// Errors about references are bounded in number; the rest are counted in one.
    func testReportedReferencesAreBounded() {
        let bound = AndroidEntities.maxReportedReferences
        let (text, diagnostics) = value("<!ENTITY a \"&a;\">", String(repeating: "&a;", count: bound + 50))
        XCTAssertEqual(text, "")
        XCTAssertEqual(diagnostics.count, bound + 1)
        let file = read("<!DOCTYPE resources [<!ENTITY a \"&a;\">]>\n<resources><string name=\"k\">" + String(repeating: "&a;", count: bound + 50) + "</string></resources>")
        XCTAssert(file.diagnostics.last!.message.contains("50 more entity references"), file.diagnostics.last!.message)
    }
}
