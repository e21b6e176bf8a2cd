import Foundation
import LinkDocCore
import XCTest

/// The manifest's `views`: read as plain values, every setting checked, unknown keys refused.
final class ManifestViewTests: XCTestCase {
    func testTheSpecManifestsViewsAreRead() throws {
        let manifest = try Manifest.load(path: SpecFile.grammarDirectory.appendingPathComponent("spec-manifest-views.json").path)
        XCTAssertEqual(manifest.views.keys.sorted(), ["footer", "privacy-dialog"])
        let dialog = try XCTUnwrap(manifest.views["privacy-dialog"])
        XCTAssertEqual(dialog.name, "privacy-dialog")
        XCTAssertEqual([dialog.width, dialog.size], [270, 15])
        XCTAssertEqual(dialog.sizes, [15, 17, 19])
        XCTAssertEqual(dialog.maxLines, 3)
        XCTAssertEqual(dialog.insets, [8, 0, 8, 0])
        XCTAssertEqual(dialog.padding, 5)
        XCTAssertEqual(dialog.paths, ["Copy/privacy*.txt"])
        XCTAssertEqual(dialog.keys, ["privacy_*"])
        XCTAssertEqual([dialog.minTapHeight, dialog.minTapWidth], [ManifestView.defaultMinTapHeight, ManifestView.defaultMinTapWidth])
        let footer = try XCTUnwrap(manifest.views["footer"])
        XCTAssertEqual(footer.sizes, [12], "sizes defaults to [size]")
        XCTAssertEqual(footer.profile, "label")
        XCTAssertEqual(footer.font, "Fonts/App-Regular.otf#0")
        XCTAssertNil(footer.insets)
        XCTAssertEqual(footer.maxLines, 0)
        XCTAssertEqual(manifest.directory, SpecFile.grammarDirectory.path)
    }

    func testBadViewsAreErrorsNamingThePlace() {
        let cases: [(String, String)] = [
            (#"{"views": {"d": {"size": 15}}}"#, "views.d: missing \"width\""),
            (#"{"views": {"d": {"width": 0, "size": 15}}}"#, "views.d.width: must be a number above 0"),
            (#"{"views": {"d": {"width": 200, "size": 15, "insets": [8, 0]}}}"#, "views.d.insets: must be four numbers"),
            (#"{"views": {"d": {"width": 200, "size": 15, "sizes": []}}}"#, "views.d.sizes: must be a non-empty array"),
            (#"{"views": {"d": {"width": 200, "size": 15, "maxLines": -1}}}"#, "views.d.maxLines: must be a whole number ≥ 0"),
            (#"{"views": {"d": {"width": 200, "size": 15, "profile": "button"}}}"#, "views.d.profile"),
            (#"{"views": {"d": {"width": 200, "size": 15, "maxlines": 3}}}"#, "unknown key \"views.d.maxlines\""),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try Manifest.parse(Data(json.utf8), file: "m.json"), json) { error in
                XCTAssert("\(error)".contains(expected), "\(json): \(error)")
            }
        }
    }
}
