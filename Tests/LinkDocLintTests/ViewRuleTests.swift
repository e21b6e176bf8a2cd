import Foundation
import LinkDocCore
import LinkDocFormats
@testable import LinkDocLint
import XCTest

/// fits-lines and small-tap-target: copy laid out in the manifest's views (built with the layout core only).
final class ViewRuleTests: XCTestCase {
    static let fontPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let viewRuleIDs: [RuleID] = [.fitsLines, .smallTapTarget]

    /// Whether `rule` lays out text and the Noto CJK font it uses is not installed; says so, by name.
    static func needsMissingFont(_ rule: RuleID) -> Bool {
        guard viewRuleIDs.contains(rule), !FileManager.default.fileExists(atPath: fontPath) else { return false }
        print("skipped: the \(rule) examples (the font \(fontPath) is not installed: apt-get install fonts-noto-cjk)")
        return true
    }

    #if LINKDOC_LAYOUT
    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.fontPath) else {
            throw XCTSkip("ViewRuleTests: the font \(Self.fontPath) is not installed (apt-get install fonts-noto-cjk)")
        }
    }

    func manifest(_ json: String) throws -> Manifest {
        try Manifest.parse(Data(json.utf8), file: "/project/linkdoc.json")
    }

    let dialog = """
        {"views": {"privacy-dialog": {"width": 200, "size": 15, "sizes": [15, 17, 19], "maxLines": 2,
                                      "paths": ["Copy/privacy*.txt"], "keys": ["privacy_*"]}}}
        """

    func lint(_ text: String, name: String, manifest: Manifest) throws -> [Diagnostic] {
        try Linter(configuration: LintConfiguration()).lint(Array(text.utf8), name: name, compiler: Compiler(manifest: manifest))
            .diagnostics.map(\.diagnostic).filter { Self.viewRuleIDs.contains($0.ruleID) }
    }

    func testFitsLinesNamesLinesSizesAndWidthOfBoundCopyOnly() throws {
        let m = try manifest(dialog)
        // 200 − 2 × 5 padding leaves 190 pt: 12 ideographs a line at 15 pt, 11 at 17, 10 at 19.
        let text = String(repeating: "请", count: 23)  // 2 lines at 15 pt, 3 at 17 and 19
        let found = try lint(text, name: "/project/Copy/privacy-zh.txt", manifest: m)
        XCTAssertEqual(found.map(\.message), [
            "the copy needs 3 lines at 17 pt in the view \"privacy-dialog\", which allows 2 at 200 pt wide (and 3 at 19 pt)"])
        XCTAssertEqual(found.first?.location?.line, 1)
        XCTAssertEqual(try lint(text, name: "/project/Copy/terms.txt", manifest: m).count, 0, "not bound by paths")
        XCTAssertEqual(try lint(String(repeating: "请", count: 20), name: "/project/Copy/privacy.txt", manifest: m).count, 0)
    }

    func testFitsLinesRunsOverEveryLanguageOfACatalogBoundByKey() throws {
        let m = try manifest(dialog)
        let catalog = """
            {"sourceLanguage": "zh-Hans", "version": "1.0", "strings": {
              "privacy_body": {"localizations": {
                "zh-Hans": {"stringUnit": {"state": "translated", "value": "请阅读《隐私政策》"}},
                "de": {"stringUnit": {"state": "translated", "value": "Bitte lesen Sie die Datenschutzerklärung und die Nutzungsbedingungen sorgfältig durch, bevor Sie fortfahren"}}}},
              "other": {"localizations": {
                "de": {"stringUnit": {"state": "translated", "value": "Bitte lesen Sie die Datenschutzerklärung und die Nutzungsbedingungen sorgfältig durch, bevor Sie fortfahren"}}}}}}
            """
        let report = try Linter(configuration: LintConfiguration())
            .lint(localization: Array(catalog.utf8), name: "/project/Localizable.xcstrings", format: .xcstrings, language: "zh-Hans", compiler: Compiler(manifest: m))
        let found = report.diagnostics.map(\.diagnostic).filter { $0.ruleID == .fitsLines }
        XCTAssertEqual(found.count, 1, "\(found.map(\.message))")
        XCTAssert(found.first?.message.hasSuffix("the de copy needs 5 lines at 15 pt in the view \"privacy-dialog\", which allows 2 at 200 pt wide (and 6 at 17 pt, 6 at 19 pt)") == true, found.first?.message ?? "")
        XCTAssertEqual(found.first?.location?.line, 4, "at the German value, not the unbound key")
    }

    func testSmallTapTargetUsesTheViewsMinimum() throws {
        let m = try manifest("""
            {"views": {"row": {"width": 300, "size": 15, "paths": ["*.txt"], "minTapHeight": 30, "minTapWidth": 10}}}
            """)
        let found = try lint("点[这](https://example.com/a)里", name: "/project/a.txt", manifest: m)
        XCTAssertEqual(found.map(\.ruleID), [.smallTapTarget])
        XCTAssertEqual(found.first?.location?.column, 2)
        XCTAssert(found.first?.message.contains("under the minimum 10 × 30 pt") == true, found.first?.message ?? "")
        let relaxed = try manifest("""
            {"views": {"row": {"width": 300, "size": 15, "paths": ["*.txt"], "minTapHeight": 20, "minTapWidth": 10}}}
            """)
        XCTAssertEqual(try lint("点[这](https://example.com/a)里", name: "/project/a.txt", manifest: relaxed).count, 0)
    }

    func testAMissingViewFontIsAFindingNotSilence() throws {
        let m = try manifest("""
            {"views": {"d": {"width": 200, "size": 15, "maxLines": 1, "font": "missing.ttf", "paths": ["*.txt"]}}}
            """)
        let found = try lint("请", name: "/project/a.txt", manifest: m)
        XCTAssertEqual(found.map(\.ruleID), [.fitsLines])
        XCTAssert(found.first?.message.contains("/project/missing.ttf") == true, found.first?.message ?? "")
    }
    #endif
}
