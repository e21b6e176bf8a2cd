import LinkDocCore
@testable import LinkDocLint
import XCTest

/// Each rule's examples are its tests: triggering copy triggers it, the rest does
/// not, and corrections are what --fix makes of the copy.
final class RuleExampleTests: XCTestCase {
    /// The 1-based line and column (in Unicode scalars, as diagnostics count them) of each `RuleExamples.marker`
    /// in the unmarked text, where the rule must report.
    static func markerLocations(_ example: String) -> [(line: Int, column: Int)] {
        var locations: [(line: Int, column: Int)] = []
        var line = 1, column = 1
        for scalar in example.unicodeScalars {
            if scalar == RuleExamples.marker { locations.append((line, column)); continue }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return locations
    }

    /// Lints `text` with only `rule` on (at its default severity, or warning).
    /// The `↓` position markers are taken out first (`RuleExamples.unmarked`).
    func findings(_ text: String, rule: RuleDescription) throws -> LintFileReport {
        var configuration = LintConfiguration()
        for other in RuleCatalogue.descriptions { configuration.levels[other.id] = .off }
        configuration.levels[rule.id] = .warning
        return try Linter(configuration: configuration).lint(Array(RuleExamples.unmarked(text).utf8), name: "example", compiler: Compiler(manifest: RuleExamples.manifest))
    }

    /// Every triggering example marks where its findings are, and they are there: the
    /// line and column of each `↓` is the line and column of one finding, and each
    /// finding is at a `↓`.
    func testTriggeringExamplesFindWhereTheyMark() throws {
        var count = 0
        for rule in RuleCatalogue.descriptions {
            for example in rule.triggering where !ViewRuleTests.needsMissingFont(rule.id) {
                let marked = Self.markerLocations(example)
                XCTAssertFalse(marked.isEmpty, "\(rule.id): the triggering example \(example.debugDescription) marks no position with ↓")
                let found = try findings(example, rule: rule).diagnostics.filter { $0.diagnostic.ruleID == rule.id }
                    .compactMap { $0.diagnostic.location.map { "\($0.line):\($0.column)" } }
                XCTAssertEqual(Set(found), Set(marked.map { "\($0.line):\($0.column)" }), "\(rule.id) on \(example.debugDescription)")
                XCTAssertEqual(found.count, marked.count, "\(rule.id): one finding per ↓ in \(example.debugDescription)")
                count += marked.count
            }
        }
        print("rule examples: \(count) marked positions checked (line and column)")
    }

    func testEveryRuleHasExamples() {
        for rule in RuleCatalogue.descriptions {
            XCTAssertFalse(rule.summary.isEmpty)
            XCTAssertFalse(rule.rationale.isEmpty)
            XCTAssertFalse(rule.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            // Triggers that need bytes or a configured limit are tested below and in the spec.
            // Localization-file rules are tested with fixture files (LocalizationLintTests), and
            // fix-not-applied, which `--fix` reports about a file on disk, with files (UserFileTests).
            if ![RuleID.invalidUTF8, RuleID.documentTooLarge, RuleID.tooManyLinks, RuleID.fixNotApplied].contains(rule.id)
                && RuleCatalogue.rule(withID: rule.id) as? any FileFormatRule.Type == nil {
                XCTAssertFalse(rule.triggering.isEmpty, "\(rule.id) has no triggering example")
            }
        }
        XCTAssertEqual(Set(RuleCatalogue.descriptions.map(\.id)).count, RuleCatalogue.all.count, "rule ids are unique")
    }

    /// `RuleID` lists every id and the catalogue describes each that lint can report, so
    /// `linkdoc rules`, SARIF's rule list and configuration know every finding.
    func testTheCatalogueDescribesEveryRuleID() {
        var reportable = Set(RuleID.allCases).subtracting([.ndjsonRecord, .ndjsonEmptyLine])  // about records, not copy
        #if !LINKDOC_LAYOUT
        reportable.subtract([.fitsLines, .smallTapTarget])
        #endif
        XCTAssertEqual(Set(RuleCatalogue.descriptions.map(\.id)), reportable)
        XCTAssertEqual(RuleCatalogue.rule(withID: "unknown-agreement")?.description.id, .unknownAgreement)
        XCTAssertNil(RuleCatalogue.rule(withID: "ndjson-record"), "the stream's ids are about records, not copy")
    }

    func testTriggeringExamplesTrigger() throws {
        var count = 0
        for rule in RuleCatalogue.descriptions {
            for example in rule.triggering where !ViewRuleTests.needsMissingFont(rule.id) {
                let report = try findings(example, rule: rule)
                XCTAssert(report.diagnostics.contains { $0.diagnostic.ruleID == rule.id },
                          "\(rule.id) should trigger on \(example.debugDescription)")
                count += 1
            }
        }
        print("rule examples: \(count) triggering examples checked")
    }

    func testNonTriggeringExamplesDoNot() throws {
        for rule in RuleCatalogue.descriptions where !ViewRuleTests.needsMissingFont(rule.id) {
            for example in rule.nonTriggering {
                XCTAssertFalse(example.unicodeScalars.contains(RuleExamples.marker), "\(rule.id): a non-triggering example marks a position")
                let report = try findings(example, rule: rule)
                XCTAssertEqual(report.diagnostics.filter { $0.diagnostic.ruleID == rule.id }.map(\.diagnostic.message), [],
                               "\(rule.id) should not trigger on \(example.debugDescription)")
            }
        }
    }

    func testCorrections() throws {
        for rule in RuleCatalogue.descriptions {
            for (marked, after) in rule.corrections {
                let before = RuleExamples.unmarked(marked)
                let report = try findings(before, rule: rule)
                let edits = report.diagnostics.compactMap(\.fix).flatMap { $0 }
                XCTAssertFalse(edits.isEmpty, "\(rule.id) offers no fix for \(before.debugDescription)")
                let fixed = String(decoding: Fixer.apply(edits, to: Array(before.utf8)), as: UTF8.self)
                XCTAssertEqual(fixed, after, "\(rule.id)")
                // A fixed text has nothing left to fix for that rule.
                XCTAssert(try findings(fixed, rule: rule).diagnostics.allSatisfy { $0.fix == nil }, "\(rule.id)")
            }
        }
    }

    func testInvalidUTF8IsReportedAndNothingElse() throws {
        let report = try Linter(configuration: LintConfiguration()).lint([0x61, 0xFF], name: "bad", compiler: Compiler(manifest: .empty))
        XCTAssertEqual(report.diagnostics.map(\.diagnostic.ruleID), [RuleID.invalidUTF8])
        XCTAssertEqual(report.diagnostics.first?.diagnostic.severity, .error)
    }

    func testNeverStyleRemovesSpaces() throws {
        var configuration = LintConfiguration()
        configuration.levels[.cjkLatinSpacing] = .warning
        configuration.options[.cjkLatinSpacing] = RuleOptions(["style": "never"])
        let report = try Linter(configuration: configuration).lint(Array("使用 Swift 开发 @alice 你好".utf8), name: "x", compiler: Compiler(manifest: RuleExamples.manifest))
        let spacing = report.diagnostics.filter { $0.diagnostic.ruleID == .cjkLatinSpacing }
        let fixed = String(decoding: Fixer.apply(spacing.compactMap(\.fix).flatMap { $0 }, to: Array("使用 Swift 开发 @alice 你好".utf8)), as: UTF8.self)
        XCTAssertEqual(fixed, "使用Swift开发 @alice 你好", "the space after a mention stays: removing it would change the name")
    }
}

final class ConfigurationTests: XCTestCase {
    func parse(_ json: String) throws -> LintConfiguration {
        try LintConfiguration.parse(Data(json.utf8), path: "/project/.linkdoc.json")
    }

    func testSeveritiesOptionsAndPaths() throws {
        let c = try parse(#"{"manifest": "copy/linkdoc.json", "rules": {"insecure-url": "error", "duplicate-link": "off", "cjk-latin-spacing": {"style": "never"}}, "include": ["**/*.txt"], "exclude": ["drafts/**"]}"#)
        XCTAssertEqual(c.manifestPath, "/project/copy/linkdoc.json")
        XCTAssertEqual(c.severity(of: InsecureURLRule.description), .error)
        XCTAssertNil(c.severity(of: DuplicateLinkRule.description))
        XCTAssertEqual(c.severity(of: CJKLatinSpacingRule.description), .warning, "options turn an off-by-default rule on")
        XCTAssertEqual(c.severity(of: BidiControlRule.description), .error, "defaults stay")
        XCTAssertEqual(c.include, ["**/*.txt"])
        XCTAssertEqual(c.exclude, ["drafts/**"])
    }

    func testRejectsWhatItDoesNotKnow() {
        let cases = [
            (#"{"rule": {}}"#, #"unknown key "rule""#),
            (#"{"rules": {"no-such-rule": "error"}}"#, #"unknown rule "no-such-rule""#),
            (#"{"rules": {"bidi-control": "fatal"}}"#, "severity must be"),
            (#"{"rules": {"cjk-latin-spacing": {"style": "sometimes"}}}"#, "must be \"always\" or \"never\""),
            (#"{"rules": {"bidi-control": {"colour": "red"}}}"#, "unknown option \"colour\""),
            (#"{"include": "*.txt"}"#, "must be an array"),
            ("[", "not valid JSON"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try parse(json), json) { error in
                XCTAssert("\(error)".contains(message), "\(json): \(error)")
            }
        }
    }

    func testGlobs() {
        XCTAssert(Glob("**/*.txt").matches("a/b/c.txt"))
        XCTAssert(Glob("**/*.txt").matches("c.txt"))
        XCTAssertFalse(Glob("**/*.txt").matches("a/c.html"))
        XCTAssert(Glob("drafts/**").matches("drafts/x/y.txt"))
        XCTAssertFalse(Glob("drafts/**").matches("final/drafts.txt"))
        XCTAssert(Glob("*.txt").matches("deep/in/here.txt"), "a pattern without / matches names at any depth")
        XCTAssert(Glob("copy/?.txt").matches("copy/a.txt"))
        XCTAssertFalse(Glob("copy/?.txt").matches("copy/ab.txt"))
        XCTAssert(Glob("copy/[ab].txt").matches("copy/b.txt"))
        XCTAssertFalse(Glob("copy/[!ab].txt").matches("copy/b.txt"))
        XCTAssert(Glob("**/**/**/x").matches("a/b/c/d/e/f/g/h/x"))
        XCTAssert(Glob("隐私/*.txt").matches("隐私/政策.txt"))
    }
}

final class SuppressionAndFixTests: XCTestCase {
    func testDisableNextLine() throws {
        let text = "<!-- linkdoc-disable-next-line unknown-agreement -->\n《会员协议》\n《会员协议》\n<!-- linkdoc-disable-next-line -->\n我们,你们《服务条款》"
        var configuration = LintConfiguration()
        configuration.levels[RuleID.unknownAgreement] = .warning  // off by default (RulePrecision)
        let report = try Linter(configuration: configuration).lint(Array(text.utf8), name: "x", compiler: Compiler(manifest: RuleExamples.manifest))
        XCTAssertEqual(report.diagnostics.map { "\($0.diagnostic.location!.line) \($0.diagnostic.ruleID)" }, ["3 unknown-agreement"])
    }

    /// The text of a copy file has no BOM, only LFs and not the file's final line ending; the fixed
    /// file gets them all back, the final one too (of two, the first is text, the second put back).
    func testFixKeepsLineEndingsAndBOM() throws {
        for (ending, finalEnding) in [("\n", ""), ("\r\n", ""), ("\r", ""), ("\r\n", "\r\n"), ("", "")] {
            func file(_ comma: String) -> [UInt8] {
                [0xEF, 0xBB, 0xBF] + Array("我们\(comma)你们\r\n第二行\r第三行\(comma)好\(ending)\(finalEnding)".utf8)
            }
            let text = try SourceText(name: "x", bytes: file(","), isFile: true).bytes
            XCTAssertEqual(text, Array("我们,你们\n第二行\n第三行,好\(finalEnding.isEmpty ? "" : "\n")".utf8))
            let comma1 = text.firstIndex(of: UInt8(ascii: ","))!
            let comma2 = text.lastIndex(of: UInt8(ascii: ","))!
            let fixed = Fixer.apply([TextEdit(range: comma1..<comma1 + 1, replacement: "，"), TextEdit(range: comma2..<comma2 + 1, replacement: "，")], to: text)
            XCTAssertEqual(Fixer.restoreForm(fixed, like: file(",")), file("，"), "ending \(ending.debugDescription) \(finalEnding.debugDescription)")
        }
    }

    func testUnifiedDiff() {
        let old = Array("1\n2\n3\n4\n5\n我们,你们\n7\n".utf8), new = Array("1\n2\n3\n4\n5\n我们，你们\n7\n".utf8)
        XCTAssertEqual(Fixer.unifiedDiff(path: "a.txt", old: old, new: new),
                       "--- a/a.txt\n+++ b/a.txt\n@@ -3,5 +3,5 @@\n 3\n 4\n 5\n-我们,你们\n+我们，你们\n 7\n")
        XCTAssertEqual(Fixer.unifiedDiff(path: "a.txt", old: old, new: old), "")
    }

    func testOverlappingEditsApplyTheFirst() {
        let fixed = Fixer.apply([TextEdit(range: 0..<2, replacement: "X"), TextEdit(range: 1..<3, replacement: "Y")], to: Array("abcd".utf8))
        XCTAssertEqual(String(decoding: fixed, as: UTF8.self), "Xcd")
    }
}
