// Every number a layout takes at its bounds (Grammar/layout.md, "Bounds"): 0, negative, NaN,
// infinity, huge. A request outside them is refused naming the input; a font whose tables hold
// extreme values is laid out with finite numbers; the JSON never holds nan or inf.

import Foundation
import LinkDocModel
import XCTest
@testable import LinkDocLayout

final class LayoutBoundsTests: XCTestCase {
    var fonts: FontSet!

    override func setUpWithError() throws {
        fonts = try TestFonts.cjk(for: "layout bounds tests", bold: false)
    }

    func request() -> LayoutRequest { LayoutRequest(width: 200, fonts: fonts, size: 16) }

    func assertRefused(_ name: String, _ change: (inout LayoutRequest) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        var request = request()
        change(&request)
        do {
            _ = try Typesetter.layout(Document(text: "中文"), request)
            XCTFail("\(name): laid out", file: file, line: line)
        } catch {
            XCTAssertEqual(error.name, name, file: file, line: line)
        }
    }

    func testEveryNumberOutsideItsBoundsIsRefusedByName() {
        for bad in [Double.nan, .infinity, -.infinity, -1, 1e308] {
            assertRefused("width", { $0.width = bad })
            assertRefused("size", { $0.size = bad })
            assertRefused("lineSpacing", { $0.lineSpacing = bad })
            assertRefused("paragraphSpacing", { $0.paragraphSpacing = bad })
            assertRefused("lineHeightMultiple", { $0.lineHeightMultiple = bad })
            assertRefused("minimumLineHeight", { $0.minimumLineHeight = bad })
            assertRefused("maximumLineHeight", { $0.maximumLineHeight = bad })
            assertRefused("lineFragmentPadding", { $0.lineFragmentPadding = bad })
            assertRefused("insets.left", { $0.insets = EdgeInsets(top: 0, left: bad, bottom: 0, right: 0) })
        }
        assertRefused("size", { $0.size = 0 })
        assertRefused("width", { $0.width = 0 })
        assertRefused("width", { $0.width = 100_000.5 })
        assertRefused("maximumLines", { $0.maximumLines = -1 })
        assertRefused("maximumLines", { $0.maximumLines = Int.max })
        assertRefused("width", { $0.width = 10 })  // the text view's padding leaves nothing
    }

    func testTheLargestRequestStillGivesFiniteNumbers() throws {
        var request = request()
        request.width = LayoutBounds.length.upperBound
        request.size = LayoutBounds.size.upperBound
        request.lineSpacing = LayoutBounds.length.upperBound
        request.lineHeightMultiple = LayoutBounds.lineHeightMultiple.upperBound
        request.maximumLines = LayoutBounds.maximumLines.upperBound
        let document = Document(text: String(repeating: "中文 abc\n", count: 50))
        let layout = try Typesetter.layout(document, request)
        XCTAssertTrue(layout.height.isFinite && layout.height > 0)
        let json = try LayoutJSON.write(layout, document: document, request: request,
                                        hits: [Point(x: 1e9, y: -1e9)], tolerance: LayoutBounds.tolerance.upperBound)
        try assertValidJSON(json)
    }

    func testHitsAndToleranceOutsideTheirBoundsAreRefused() throws {
        let document = Document(text: "中文")
        let request = request()
        let layout = try Typesetter.layout(document, request)
        for (hit, tolerance) in [(Point(x: .nan, y: 1), 2.0), (Point(x: 1, y: .infinity), 2), (Point(x: 1e10, y: 1), 2),
                                 (Point(x: 1, y: 1), .nan), (Point(x: 1, y: 1), 1e308), (Point(x: 1, y: 1), -1)] {
            XCTAssertThrowsError(try LayoutJSON.write(layout, document: document, request: request, hits: [hit], tolerance: tolerance),
                                 "\(hit) ± \(tolerance)")
        }
    }

    func testAPictureTooLargeIsRefusedBeforeAnythingIsAllocated() throws {
        var request = request()
        request.width = LayoutBounds.length.upperBound
        let document = Document(text: "中文")
        let layout = try Typesetter.layout(document, request)
        XCTAssertThrowsError(try PreviewRenderer.render(layout, document: document, request: request, scale: 3)) { error in
            XCTAssertEqual((error as? LayoutInputError)?.name, "picture")
        }
        request.width = 400
        request.size = LayoutBounds.size.upperBound  // one line 10,000 points tall
        XCTAssertThrowsError(try PreviewRenderer.render(try Typesetter.layout(document, request), document: document, request: request, scale: 2))
    }

    func testRangesOutsideTheTextAreRefused() throws {
        // A document read from JSON is anyone's: its ranges were a crash (a negative length made a
        // Range whose lower bound passed its upper one).
        func span(_ location: Int, _ length: Int) -> TextRange {
            let span = TextSpan(location: location, length: length)
            return TextRange(utf16: span, scalars: span, utf8: span)
        }
        for (location, length) in [(5, -3), (-2, 1), (1, 3), (4, 0), (1, Int.max), (Int.max, 1)] {
            let link = Link(text: "b", range: span(location, length), url: "https://example.com", target: .url)
            XCTAssertThrowsError(try Typesetter.layout(Document(text: "abc", links: [link]), request()), "[\(location), \(length)]") { error in
                XCTAssertEqual((error as? LayoutInputError)?.name, "document")
            }
            XCTAssertThrowsError(try Typesetter.layout(Document(text: "abc", styles: [Style(range: span(location, length), bold: true)]), request()))
        }
        let edge = Link(text: "", range: span(3, 0), url: "https://example.com", target: .url)
        XCTAssertNoThrow(try Typesetter.layout(Document(text: "abc", links: [edge]), request()), "an empty range at the end is within")
    }

    func testAFaceIndexBeyondWhatFreeTypeReadsIsRefused() {
        XCTAssertNil(FontFile(parsing: "/fonts/a.ttc#4294967296"))
        XCTAssertNil(FontFile(parsing: "/fonts/a.ttc#65536"), "FreeType reads the upper 16 bits as a named instance")
        XCTAssertNil(FontFile(parsing: "/fonts/a.ttc#-1"))
        XCTAssertEqual(FontFile(parsing: "/fonts/a.ttc#65535")?.index, 65535)
    }

    /// DejaVu Sans with its hhea ascender, descender and line gap set to `values`.
    func fontWithLineMetrics(_ values: (Int16, Int16, Int16)) throws -> OpenTypeFont {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FontFile.dejaVuSans.path)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let tables = u16(4)
        var hhea: Int? = nil
        for k in 0..<tables where bytes[(12 + 16 * k)..<(16 + 16 * k)].elementsEqual("hhea".utf8) { hhea = u32(12 + 16 * k + 8) }
        let at = try XCTUnwrap(hhea, "DejaVu Sans has an hhea table")
        for (offset, value) in [(4, values.0), (6, values.1), (8, values.2)] {
            let raw = UInt16(bitPattern: value)
            bytes[at + offset] = UInt8(raw >> 8)
            bytes[at + offset + 1] = UInt8(raw & 0xFF)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-hhea-\(UUID().uuidString).ttf")
        try Data(bytes).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        return try OpenTypeFont(FontFile(path: file.path))
    }

    func testExtremeFontMetricsGiveFiniteGeometry() throws {
        guard FileManager.default.fileExists(atPath: FontFile.dejaVuSans.path) else {
            throw XCTSkip("extreme font metrics: did not run: \(FontFile.dejaVuSans.path) is missing (Debian: apt-get install fonts-dejavu-core)")
        }
        for values: (Int16, Int16, Int16) in [(Int16.min, Int16.min, Int16.min), (Int16.max, Int16.max, Int16.max), (0, 0, 0), (-100, 32767, -1)] {
            var request = LayoutRequest(width: 200, fonts: FontSet(regular: try fontWithLineMetrics(values)), size: 16)
            request.maximumLines = 2
            let document = Document(text: "abc def ghi jkl mno pqr stu vwx yz\nabc")
            let layout = try Typesetter.layout(document, request)
            XCTAssertTrue(layout.height.isFinite && layout.height >= 0, "\(values): height \(layout.height)")
            for line in layout.lines {
                XCTAssertTrue([line.rect.y, line.rect.height, line.baseline].allSatisfy { $0.isFinite && $0 >= 0 }, "\(values): \(line)")
            }
            try assertValidJSON(try LayoutJSON.write(layout, document: document, request: request, hits: [Point(x: 5, y: 5)], tolerance: 2))
        }
    }

    func assertValidJSON(_ json: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        let text = String(decoding: json, as: UTF8.self)
        XCTAssertFalse(text.contains("nan") || text.contains("inf"), text, file: file, line: line)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json)), file: file, line: line)
    }
}

final class VisualRunTests: XCTestCase {
    /// A mutated font's kerning made an advance negative and a link rectangle -0.35 points wide
    /// (layout fuzz target, Tests/Fuzz/corpus/layout/regression-negative-advance).
    func testAPieceWithANegativeAdvanceStillHasItsLeftEdgeFirst() {
        let run = VisualRun(range: 0..<2, x: 10, isRightToLeft: false, positions: [0, -3, 5])
        XCTAssertTrue(run.extent(of: 0..<1) == (7, 10), "\(run.extent(of: 0..<1))")
        let rtl = VisualRun(range: 0..<2, x: 10, isRightToLeft: true, positions: [0, -3, 5])
        let extent = rtl.extent(of: 0..<1)
        XCTAssertLessThanOrEqual(extent.x0, extent.x1)
    }
}
