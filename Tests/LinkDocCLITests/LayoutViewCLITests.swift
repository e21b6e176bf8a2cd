import Foundation
import XCTest

/// The manifest's named views as a user meets them: `linkdoc layout --view` and `linkdoc lint`'s fits-lines.
final class LayoutViewCLITests: XCTestCase {
    let cli = CLIRunner()

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: LayoutCLITests.font) else {
            throw XCTSkip("layout --view CLI tests: did not run: the default font \(LayoutCLITests.font) is missing (Debian: apt-get install fonts-noto-cjk)")
        }
    }

    func project() throws -> URL {
        let dir = try cli.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Copy"), withIntermediateDirectories: true)
        try Data(#"""
            {"agreements": {"隐私政策": "https://example.com/privacy"},
             "views": {"privacy-dialog": {"width": 200, "size": 15, "sizes": [15, 19], "maxLines": 2, "paths": ["Copy/privacy*.txt"]}}}
            """#.utf8).write(to: dir.appendingPathComponent("linkdoc.json"))
        try Data("请阅读并同意《隐私政策》后继续使用本应用的全部功能\n".utf8).write(to: dir.appendingPathComponent("Copy/privacy.txt"))
        return dir
    }

    func testLayoutTakesTheViewsGeometryAndFlagsOverrideIt() throws {
        let dir = try project()
        let view = try cli.run(["layout", "Copy/privacy.txt", "--view", "privacy-dialog"], in: dir)
        XCTAssertEqual(view.status, 0, view.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(view.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["width"] as? Double, 200)
        XCTAssertEqual(json["truncated"] as? Bool, true, "maxLines 2 of the view cuts the copy's three lines")
        XCTAssertEqual((json["lines"] as? [Any])?.count, 2)
        let wide = try cli.run(["layout", "Copy/privacy.txt", "--view", "privacy-dialog", "--width", "400"], in: dir)
        let wideJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(wide.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(wideJSON["width"] as? Double, 400)
        XCTAssertEqual(wideJSON["truncated"] as? Bool, false)
        let unknown = try cli.run(["layout", "Copy/privacy.txt", "--view", "nope"], in: dir)
        XCTAssertEqual(unknown.status, 2)
        XCTAssert(unknown.stderr.contains("--view nope: the manifest declares no such view (its views: privacy-dialog)"), unknown.stderr)
    }

    func testLintReportsCopyThatDoesNotFitItsView() throws {
        let dir = try project()
        let r = try cli.run(["lint", "Copy/privacy.txt"], in: dir)
        XCTAssert((r.stdout + r.stderr).contains(
            "Copy/privacy.txt:1:1: warning: the copy needs 3 lines at 15 pt in the view \"privacy-dialog\", which allows 2 at 200 pt wide (and 3 at 19 pt) [fits-lines]"),
            r.stdout + r.stderr)
    }

    /// `layout` and lint's fits-lines count the same lines, in a text view and in a label: a copy
    /// file's final line feed ends the file and adds no line; of two, the first is text, which a
    /// text view shows as one more, empty line (and a label does not).
    func testLayoutAndFitsLinesCountTheSameLinesForACopyFileEndingInLineFeeds() throws {
        let dir = try cli.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Copy"), withIntermediateDirectories: true)
        try Data(#"""
            {"views": {"text-view": {"width": 200, "size": 15, "maxLines": 1, "paths": ["Copy/*.txt"]},
                       "label": {"width": 200, "size": 15, "maxLines": 1, "profile": "label", "paths": ["Copy/*.txt"]}}}
            """#.utf8).write(to: dir.appendingPathComponent("linkdoc.json"))
        let files = ["one-lf.txt": "第一行\n第二行\n", "two-lf.txt": "第一行\n第二行\n\n"]
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent("Copy/" + name)) }
        let expected = ["one-lf.txt": ["text-view": 2, "label": 2], "two-lf.txt": ["text-view": 3, "label": 2]]
        for (name, views) in expected {
            let lint = try cli.run(["lint", "Copy/" + name], in: dir)
            for (view, lines) in views {
                let layout = try cli.run(["layout", "Copy/" + name, "--view", view, "--max-lines", "0"], in: dir)
                XCTAssertEqual(layout.status, 0, layout.stderr)
                let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
                XCTAssertEqual((json["lines"] as? [Any])?.count, lines, "layout of \(name) in \(view)")
                XCTAssert(lint.stdout.contains("the copy needs \(lines) lines at 15 pt in the view \"\(view)\""),
                          "fits-lines of \(name) in \(view): \(lint.stdout)")
            }
        }
    }
}
