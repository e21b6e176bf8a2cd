import Foundation
import XCTest

/// Suppression comments in every input `compile` and `lint` read: each silences the rule it names
/// (insecure-url) and no other (disallowed-scheme stays), and a string without one keeps its finding.
final class SuppressionCLITests: XCTestCase {
    let cli = CLIRunner()

    /// Whether a diagnostic line of `output` names `place` and `rule`.
    private static func reports(_ output: String, _ place: String, _ rule: String) -> Bool {
        output.split(separator: "\n").contains { $0.contains(place) && $0.hasSuffix("[\(rule)]") }
    }

    /// Compiles and lints `file`, named `name` in a fresh folder, and checks the findings in both.
    private func assertSilencesOnlyTheNamedRule(name: String, file: String, silenced: String, kept: String,
                                                line: UInt = #line) throws {
        let dir = try cli.temporaryDirectory()
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.utf8).write(to: url)
        for command in ["compile", "lint"] {
            let r = try cli.run([command, name], in: dir)
            let output = command == "compile" ? r.stderr : r.stdout
            XCTAssertFalse(Self.reports(output, silenced, "insecure-url"), "\(command): \(output)", line: line)
            XCTAssert(Self.reports(output, silenced, "disallowed-scheme"), "\(command): only the named rule is silenced: \(output)", line: line)
            XCTAssert(Self.reports(output, kept, "insecure-url"), "\(command): the string without a comment keeps its finding: \(output)",
                      line: line)
        }
    }

    func testACommentInsideAStringsValueSilencesTheNamedRule() throws {
        try assertSilencesOnlyTheNamedRule(name: "zh.strings", file: """
            "k" = "<!-- linkdoc-disable-next-line insecure-url -->\\nSee http://example.com [x](javascript:1)";
            "k2" = "See http://example.com";

            """, silenced: #"key "k" (und)"#, kept: #"zh.strings:2:13: warning: key "k2" (und)"#)
    }

    func testACatalogKeysCommentSilencesTheNamedRule() throws {
        try assertSilencesOnlyTheNamedRule(name: "L.xcstrings", file: """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "k": {"comment": "linkdoc-disable-next-line insecure-url",
                    "localizations": {"en": {"stringUnit": {"state": "translated", "value": "See http://example.com [x](javascript:1)"}}}},
              "k2": {"comment": "a note for translators",
                     "localizations": {"en": {"stringUnit": {"state": "translated", "value": "See http://example.com"}}}}}}

            """, silenced: #"key "k" (en)"#, kept: #"key "k2" (en)"#)
    }

    /// In a catalog's Markdown the comment would be display text, so it silences nothing there.
    func testACommentInsideACatalogValueIsText() throws {
        let dir = try cli.temporaryDirectory()
        try Data("""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"stringUnit": {
              "state": "translated", "value": "<!-- linkdoc-disable-next-line insecure-url -->\\nSee http://example.com"}}}}}}
            """.utf8).write(to: dir.appendingPathComponent("L.xcstrings"))
        let r = try cli.run(["compile", "L.xcstrings"], in: dir)
        XCTAssert(r.stderr.contains(#"key "k" (en): http: links are not encrypted; use https: [insecure-url]"#), r.stderr)
        XCTAssert(r.stdout.contains(#""text":"<!-- linkdoc-disable-next-line insecure-url -->\nSee http://example.com""#), r.stdout)
    }

    func testTheXMLCommentBeforeAnAndroidStringSilencesTheNamedRule() throws {
        try assertSilencesOnlyTheNamedRule(name: "res/values/strings.xml", file: """
            <resources>
              <!-- linkdoc-disable-next-line insecure-url -->
              <string name="a">See http://example.com and <a href="javascript:1">x</a></string>
              <!-- a note -->
              <string name="b">See http://example.com</string>
              <plurals name="c">
                <item quantity="other">See http://example.com</item>
              </plurals>
            </resources>

            """, silenced: #"key "a" (und)"#, kept: #"key "b" (und)"#)
    }

    func testTheXMLCommentBeforeAnAndroidPluralsSilencesEachItem() throws {
        let dir = try cli.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("values"), withIntermediateDirectories: true)
        try Data("""
            <resources>
              <!-- linkdoc-disable-next-line insecure-url -->
              <plurals name="c">
                <item quantity="one">See http://example.com</item>
                <item quantity="other">See http://example.org</item>
              </plurals>
              <string name="d">See http://example.net</string>
            </resources>
            """.utf8).write(to: dir.appendingPathComponent("values/strings.xml"))
        let r = try cli.run(["lint", "values/strings.xml"], in: dir)
        XCTAssertFalse(r.stdout.contains(#"key "c""#), r.stdout)
        XCTAssert(r.stdout.contains(#"key "d" (und): http: links are not encrypted"#), r.stdout)
    }

    /// An alias (`@string/name`) is silenced by the comment before the alias, for the alias only.
    func testTheXMLCommentBeforeAnAndroidAliasSilencesTheAlias() throws {
        let dir = try cli.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("values"), withIntermediateDirectories: true)
        try Data("""
            <resources>
              <string name="target">See http://example.com</string>
              <!-- linkdoc-disable-next-line insecure-url -->
              <string name="quiet">@string/target</string>
              <string name="loud">@string/target</string>
            </resources>
            """.utf8).write(to: dir.appendingPathComponent("values/strings.xml"))
        let r = try cli.run(["compile", "values/strings.xml"], in: dir)
        XCTAssert(Self.reports(r.stderr, #"key "target" (und)"#, "insecure-url"), r.stderr)
        XCTAssert(Self.reports(r.stderr, #"key "loud" (und)"#, "insecure-url"), r.stderr)
        XCTAssertFalse(r.stderr.contains(#"key "quiet""#), r.stderr)
    }

    func testACommentInAnNDJSONRecordsTextSilencesTheNamedRule() throws {
        let input = #"""
            {"id": "a", "text": "<!-- linkdoc-disable-next-line insecure-url -->\nSee http://example.com [x](javascript:1)"}
            {"id": "b", "text": "See http://example.com"}

            """#
        for jobs in ["1", "2"] {
            let r = try cli.run(["compile", "--ndjson", "--jobs", jobs], stdin: Data(input.utf8))
            let lines = r.stdout.split(separator: "\n")
            XCTAssertEqual(lines.count, 2, r.stdout)
            XCTAssertFalse(lines[0].contains("insecure-url"), String(lines[0]))
            XCTAssert(lines[0].contains(#""line":2,"column":28,"severity":"error","message":"scheme \"javascript:\" is never allowed in links","rule":"disallowed-scheme""#),
                      String(lines[0]))
            XCTAssert(lines[1].contains(#""rule":"insecure-url""#), String(lines[1]))
        }
    }
}
