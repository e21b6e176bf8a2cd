// `linkdoc layout --png`: the preview of a bundled example, read back through libpng's decoder
// and checked against the layout's own geometry (no image hashes: only what the picture must show).

import Foundation
import LinkDocCore
import LinkDocModel
import XCTest
@testable import LinkDocLayout

final class PreviewTests: XCTestCase {
    var fonts: FontSet!

    override func setUpWithError() throws {
        fonts = try TestFonts.cjk(for: "preview tests", bold: true)
    }

    func example(_ name: String) throws -> Document {
        let bytes = try Array(Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(name)")))
        return try XCTUnwrap(Compiler().compile(bytes, name: name).document, name)
    }

    /// Renders, encodes, checks the PNG's own header, and decodes it again.
    func roundTrip(_ layout: TextLayout, _ document: Document, _ request: LayoutRequest, scale: Int) throws -> PNGImage {
        let png = try PreviewRenderer.render(layout, document: document, request: request, scale: scale).pngData()
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        XCTAssertEqual(String(decoding: png[12..<16], as: UTF8.self), "IHDR")
        func bigEndian(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(bigEndian(16), Int((request.width * Double(scale)).rounded(.up)), "width = view width × scale")
        XCTAssertEqual(bigEndian(20), Int((layout.height * Double(scale)).rounded(.up)), "height = layout height × scale")
        let image = try PNGImage(pngData: png)
        XCTAssertEqual(image.width, bigEndian(16))
        return image
    }

    func testTheAgreementPreviewShowsTintedLinksTheirToleranceAndInk() throws {
        let document = try example("agreement-checkbox.txt")
        let request = LayoutRequest(width: 270, fonts: fonts, size: 16)
        let layout = try Typesetter.layout(document, request)
        let image = try roundTrip(layout, document, request, scale: 2)
        func at(_ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { image.pixel(x: Int(x * 2), y: Int(y * 2)) }

        // The first link's rectangle, just inside its top-left corner (above the glyphs): blue tint.
        let link = try XCTUnwrap(layout.links.first?.rects.first)
        let tint = at(link.x + 1, link.y + 1)
        XCTAssertEqual(tint.b, 255)
        XCTAssertLessThan(tint.r, 230, "the link rectangle is tinted")
        XCTAssertGreaterThan(Int(tint.b) - Int(tint.r), 20)
        // The bottom inset, in the middle, is outside every link: plain white.
        let outside = at(135, layout.height - 2)
        XCTAssertEqual([outside.r, outside.g, outside.b, outside.a], [255, 255, 255, 255])
        // Plain text on the first line (before the link) is drawn in dark ink; the link's text in blue.
        let line = layout.lines[0]
        func pixels(_ x0: Double, _ x1: Double) -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] {
            stride(from: Int(x0 * 2), to: Int(x1 * 2), by: 1).flatMap { x in
                stride(from: Int(line.rect.y * 2), to: Int(line.rect.maxY * 2), by: 1).map { image.pixel(x: x, y: $0) }
            }
        }
        XCTAssertTrue(pixels(line.rect.x, link.x - 3).contains { $0.r < 80 && $0.g < 80 && $0.b < 80 }, "dark glyphs before the link")
        XCTAssertTrue(pixels(link.x, link.maxX).contains { $0.r < 80 && $0.b > 200 }, "blue glyphs in the link")
        // The tolerance outline: the column 2 pt left of the link, dashed (some pixels blue, some not).
        let column = (Int((link.y - 2) * 2)..<Int((link.maxY + 2) * 2)).map { image.pixel(x: Int(((link.x - 2) * 2).rounded()), y: $0) }
        let blue = column.filter { Int($0.b) > Int($0.r) + 60 }.count
        XCTAssertGreaterThan(blue, column.count / 4, "outline drawn")
        XCTAssertLessThan(blue, column.count, "outline dashed")
    }

    func testATruncatedPreviewAtThreeTimesTintsTheToken() throws {
        let document = try example("agreement-checkbox.txt")
        var request = LayoutRequest(width: 270, fonts: fonts, size: 16)
        request.profile = .label
        request.maximumLines = 2
        request.truncationToken = TruncationToken(text: "…展开", action: "expand")
        let layout = try Typesetter.layout(document, request)
        let token = try XCTUnwrap(layout.token?.rect)
        let image = try roundTrip(layout, document, request, scale: 3)
        let corner = image.pixel(x: Int((token.x + 1) * 3), y: Int((token.y + 1) * 3))
        XCTAssertEqual(corner.r, 255)
        XCTAssertLessThan(corner.b, 230, "the token is tinted orange")
        XCTAssertGreaterThan(corner.g, corner.b)
    }

    func testADamagedPNGIsAnErrorNotACrash() throws {
        XCTAssertThrowsError(try PNGImage(pngData: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]))
    }
}
