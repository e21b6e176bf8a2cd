import Foundation
import LinkDocCore
@testable import LinkDocLint
import XCTest

/// Each reporter renders the same findings (Examples/flawed, linted with its
/// .linkdoc.json) exactly as its golden file says.
final class ReporterTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func flawedReports() throws -> [LintFileReport] {
        let folder = root.appendingPathComponent("Examples/flawed")
        let configuration = try LintConfiguration.load(path: folder.appendingPathComponent(".linkdoc.json").path)
        let compiler = Compiler(manifest: try Manifest.load(path: try XCTUnwrap(configuration.manifestPath)))
        let linter = try Linter(configuration: configuration)
        return try ["crlf-hidden.txt", "post.txt", "privacy-dialog.txt"].map { name in
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            return linter.lint(bytes, name: "Examples/flawed/" + name, compiler: compiler)
        }
    }

    func checkGolden(_ reporter: any LintReporter, file: String) throws {
        // Without the rules that exist only with the layout core, so that one golden file serves every build.
        let rules = RuleCatalogue.descriptions.filter { !ViewRuleTests.viewRuleIDs.contains($0.id) }
        let output = reporter.render(try Self.flawedReports(), rules: rules)
        let path = Self.golden.appendingPathComponent(file)
        // `LINKDOC_UPDATE_GOLDEN=1 swift test --filter ReporterTests` rewrites every golden file
        // from the current reporters (review the diff before committing it).
        if ProcessInfo.processInfo.environment["LINKDOC_UPDATE_GOLDEN"] == "1" {
            try Data(output.utf8).write(to: path, options: .atomic)
            throw XCTSkip("Golden/\(file) regenerated (LINKDOC_UPDATE_GOLDEN=1); not compared")
        }
        let expected = try String(contentsOf: path, encoding: .utf8)
        XCTAssertEqual(output, expected, "\(type(of: reporter).name) output differs from Golden/\(file)")
    }

    func testText() throws { try checkGolden(TextReporter(), file: "flawed.text.txt") }
    func testJSON() throws { try checkGolden(JSONReporter(), file: "flawed.json") }
    func testSARIF() throws { try checkGolden(SARIFReporter(), file: "flawed.sarif") }
    func testGitHub() throws { try checkGolden(GitHubReporter(), file: "flawed.github.txt") }
    func testCheckstyle() throws { try checkGolden(CheckstyleReporter(), file: "flawed.checkstyle.xml") }

    func testEveryReporterIsReachableByName() {
        for type in Reporters.all { XCTAssertNotNil(Reporters.named(type.name), type.name) }
        XCTAssertNil(Reporters.named("xml"))
        XCTAssert(Reporters.named("html")?.needsStrings == true, "the review page shows the strings")
    }

    /// The HTML reporter's page (the review page without previews) holds every finding once, beside
    /// the string it is about, and every string's text.
    func testHTMLPageHoldsEveryFindingBesideItsString() throws {
        let folder = Self.root.appendingPathComponent("Examples/flawed")
        let configuration = try LintConfiguration.load(path: folder.appendingPathComponent(".linkdoc.json").path)
        let compiler = Compiler(manifest: try Manifest.load(path: try XCTUnwrap(configuration.manifestPath)))
        var linter = try Linter(configuration: configuration)
        linter.keepsStrings = true
        let reports = try ["crlf-hidden.txt", "post.txt", "privacy-dialog.txt"].map { name in
            linter.lint(Array(try Data(contentsOf: folder.appendingPathComponent(name))), name: "Examples/flawed/" + name, compiler: compiler)
        }
        let page = HTMLReporter().render(reports, rules: RuleCatalogue.descriptions)
        XCTAssertEqual(page, HTMLReporter().render(reports, rules: RuleCatalogue.descriptions), "deterministic")
        let start = try XCTUnwrap(page.range(of: #"id="review-data">"#)), end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let strings = (data["entries"] as? [[String: Any]] ?? []).flatMap { $0["s"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(strings.count, 3)
        XCTAssertEqual(strings.map { $0["t"] as? String }, reports.map { $0.strings.first?.document?.text })
        let listed = strings.reduce(0) { $0 + (($1["d"] as? [Any])?.count ?? 0) }
        let fileLevel = (data["groups"] as? [[String: Any]] ?? []).reduce(0) { $0 + (($1["findings"] as? [Any])?.count ?? 0) }
        XCTAssertEqual(listed + fileLevel, reports.reduce(0) { $0 + $1.diagnostics.count })
        XCTAssertGreaterThan(listed, 0)
    }

    /// The SARIF output is valid against the OASIS SARIF 2.1.0 schema (Tests/Schemas).
    func testSARIFMatchesTheSchema() throws {
        let sarif = SARIFReporter().render(try Self.flawedReports(), rules: RuleCatalogue.descriptions)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-\(UUID().uuidString).sarif")
        try Data(sarif.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("Tests/validate_sarif.py").path,
                             Self.root.appendingPathComponent("Tests/Schemas/sarif-schema-2.1.0.json").path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text, terminator: "")
        XCTAssertEqual(process.terminationStatus, 0, "SARIF does not validate (Tests/validate_sarif.py needs python3 with jsonschema; its output says how to install what is missing):\n\(text)")
        XCTAssert(text.contains("sarif schema: 0 errors"))
        // And the schema would notice a broken file: a result without a message is invalid.
        XCTAssert(sarif.contains("\"message\""))
    }

    func testGitHubEscaping() {
        XCTAssertEqual(GitHubReporter.data("50% a\nb"), "50%25 a%0Ab")
        XCTAssertEqual(GitHubReporter.property("a:b,c"), "a%3Ab%2Cc")
    }

    func testCheckstyleEscaping() {
        XCTAssertEqual(CheckstyleReporter.escape("<a href=\"x\">&'\u{1}"), "&lt;a href=&quot;x&quot;&gt;&amp;&apos;\u{FFFD}")
    }
}
