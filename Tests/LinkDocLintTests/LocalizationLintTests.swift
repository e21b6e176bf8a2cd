import Foundation
import LinkDocCore
import LinkDocFormats
@testable import LinkDocLint
import XCTest

/// Lint reads localization files: every value is linted, findings point into the file.
final class LocalizationLintTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The rules these tests read, off by default (RulePrecision), turned on as a team would.
    static var withAgreements: LintConfiguration {
        var configuration = LintConfiguration()
        configuration.levels[RuleID.unknownAgreement] = .warning
        return configuration
    }

    func lint(_ name: String, configuration: LintConfiguration = LocalizationLintTests.withAgreements, language: String = "und") throws -> LintFileReport {
        let url = Self.fixtures.appendingPathComponent(name)
        let manifest = try Manifest.load(path: Self.fixtures.appendingPathComponent("linkdoc.json").path)
        let format = try XCTUnwrap(LocalizationFile.format(forPath: name))
        return try Linter(configuration: configuration).lint(localization: Array(try Data(contentsOf: url)), name: name,
                                                              format: format, language: language, compiler: Compiler(manifest: manifest))
    }

    func testCatalogFindingsPointIntoTheFile() throws {
        let report = try lint("Localizable.xcstrings")
        let unknown = try XCTUnwrap(report.diagnostics.first { $0.diagnostic.ruleID == RuleID.unknownAgreement })
        XCTAssertEqual(unknown.diagnostic.location?.line, 35)
        XCTAssertEqual(unknown.diagnostic.location?.column, 84)
        XCTAssert(unknown.diagnostic.message.hasPrefix("key \"consent_checkbox\" (zh-Hant): unknown agreement 《使用者條款》"))
        XCTAssert(report.diagnostics.allSatisfy { $0.fix == nil }, "this catalog has no finding with a fix")
        XCTAssertFalse(report.diagnostics.contains { $0.diagnostic.message.contains("@files") },
                       "%#@files@ is a substitution placeholder, not a mention")
    }

    func testReaderFindingsTakeTheConfiguredSeverity() throws {
        let report = try lint("malformed.strings", language: "de")
        let syntax = report.diagnostics.filter { $0.diagnostic.ruleID == RuleID.stringsSyntax }
        XCTAssertFalse(syntax.isEmpty)
        XCTAssert(syntax.allSatisfy { $0.diagnostic.severity == .error })
        var relaxed = LintConfiguration()
        relaxed.levels[RuleID.stringsSyntax] = .warning
        relaxed.levels[RuleID.stringsEscape] = .off
        XCTAssert(report.diagnostics.contains { $0.diagnostic.ruleID == RuleID.stringsEscape })
        let relaxedReport = try lint("malformed.strings", configuration: relaxed, language: "de")
        let relaxedSyntax = relaxedReport.diagnostics.filter { $0.diagnostic.ruleID == RuleID.stringsSyntax }
        XCTAssertEqual(relaxedSyntax.count, syntax.count)
        XCTAssert(relaxedSyntax.allSatisfy { $0.diagnostic.severity == .warning })
        XCTAssertFalse(relaxedReport.diagnostics.contains { $0.diagnostic.ruleID == RuleID.stringsEscape })
    }

    func testAndroidFindingsPointIntoTheFileAndTakeTheConfiguredSeverity() throws {
        let report = try lint("android/values-zh-rCN/strings.xml", language: "zh-CN")
        let mention = try XCTUnwrap(report.diagnostics.first { $0.diagnostic.ruleID == .unresolvedMention })
        XCTAssertEqual(mention.diagnostic.message, "key \"escapes\" (zh-CN): @首页 is not in the manifest's mentions")
        XCTAssertEqual([mention.diagnostic.location?.line, mention.diagnostic.location?.column], [6, 28], "at the \\@ escape")
        let unknown = report.diagnostics.filter { $0.diagnostic.ruleID == RuleID.unknownAgreement }
        XCTAssertEqual(unknown.map { [$0.diagnostic.location?.line, $0.diagnostic.location?.column] }, [[10, 46]],
                       "《会员条款》 on line 10 is a missing agreement; 《红楼梦》 before it is a book title")

        let hostile = try lint("android/hostile/values/xxe-file.xml")
        XCTAssertEqual(hostile.diagnostics.map(\.diagnostic.ruleID), Array(repeating: RuleID.xmlEntity, count: 5))
        XCTAssert(hostile.diagnostics.allSatisfy { $0.diagnostic.severity == .error })
        var relaxed = LintConfiguration()
        relaxed.levels[RuleID.xmlEntity] = .warning
        relaxed.levels[RuleID.androidEscape] = .off
        XCTAssert(try lint("android/hostile/values/xxe-file.xml", configuration: relaxed).diagnostics.allSatisfy { $0.diagnostic.severity == .warning })
        let hant = try lint("android/values-b+zh+Hant/strings.xml", configuration: relaxed, language: "zh-Hant")
        XCTAssertFalse(hant.diagnostics.contains { $0.diagnostic.ruleID == RuleID.androidEscape })
        XCTAssert(hant.diagnostics.contains { $0.diagnostic.ruleID == RuleID.androidUnknownEscape })
    }

    func testUTF16StringsFilesAreLinted() throws {
        for name in ["utf16le.strings", "utf16be.strings", "utf8.strings"] {
            let report = try lint(name, language: "zh-Hans")
            XCTAssertFalse(report.diagnostics.contains { $0.diagnostic.ruleID == RuleID.invalidEncoding }, name)
        }
    }
}
