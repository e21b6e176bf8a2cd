// The spec examples of Grammar/layout.md (Grammar/layout-examples.json) against the engine:
// exact heights, line ranges, rectangles, baselines, link rectangles, truncation and hit tests
// for Debian's Noto Sans CJK SC at 16 points. The expected numbers are derived in layout.md from
// the font's data, not taken from the engine.

import Foundation
import LinkDocCore
import LinkDocModel
import XCTest
@testable import LinkDocLayout

final class LayoutSpecTests: XCTestCase {
    struct Examples: Decodable {
        struct Fonts: Decodable { var regular: String; var bold: String?; var fallbacks: [String] }
        var fonts: Fonts
        var examples: [Example]
    }
    struct Example: Decodable {
        var name: String
        var copy: String
        var request: Request
        var needs: [String]?
        var expect: Expect
    }
    struct Request: Decodable {
        var width: Double
        var size: Double
        var profile: String?
        var padding: Double?
        var insets: [Double]?
        var lineSpacing: Double?
        var paragraphSpacing: Double?
        var maxLines: Int?
        var token: String?
        var tokenAction: String?
    }
    struct Expect: Decodable {
        var height: Double?
        var lines: [[Int]]
        var rects: [[Double]]?
        var baselines: [Double]?
        var links: [[[Double]]]?
        var truncated: Bool
        var token: [Double]?
        var hits: [Hit]?
    }
    struct Hit: Decodable {
        var point: [Double]
        var link: Int?
        var token: Bool?
    }

    static func load() throws -> Examples {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Grammar/layout-examples.json"))
        return try JSONDecoder().decode(Examples.self, from: data)
    }

    static func fontSet(_ fonts: Examples.Fonts) throws -> FontSet {
        guard FileManager.default.fileExists(atPath: FontFile(parsing: fonts.regular)!.path) else {
            throw XCTSkip("layout spec examples: did not run: the font \(fonts.regular) is missing (Debian: apt-get install fonts-noto-cjk)")
        }
        let fallbacks = try fonts.fallbacks.filter { FileManager.default.fileExists(atPath: $0) }.map { try OpenTypeFont(FontFile(parsing: $0)!) }
        return FontSet(regular: try OpenTypeFont(FontFile(parsing: fonts.regular)!),
                       bold: try fonts.bold.map { try OpenTypeFont(FontFile(parsing: $0)!) }, fallbacks: fallbacks)
    }

    static func request(_ r: Request, fonts: FontSet) -> LayoutRequest {
        var request = LayoutRequest(width: r.width, fonts: fonts, size: r.size)
        if r.profile == "label" { request.profile = .label }
        request.lineFragmentPadding = r.padding
        if let i = r.insets { request.insets = EdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3]) }
        request.lineSpacing = r.lineSpacing ?? 0
        request.paragraphSpacing = r.paragraphSpacing ?? 0
        request.maximumLines = r.maxLines ?? 0
        if let token = r.token { request.truncationToken = TruncationToken(text: token, action: r.tokenAction) }
        return request
    }

    func assertClose(_ actual: Double, _ expected: Double, _ what: String) {
        XCTAssertEqual(actual, expected, accuracy: 1e-6, what)
    }

    func assertRect(_ actual: Rect, _ expected: [Double], _ what: String) {
        XCTAssertEqual(expected.count, 4, what)
        for (n, (a, e)) in zip([actual.x, actual.y, actual.width, actual.height], expected).enumerated() {
            assertClose(a, e, "\(what) [\(["x", "y", "w", "h"][n])] (got \(actual))")
        }
    }

    func testSpecExamples() throws {
        let examples = try Self.load()
        let fonts = try Self.fontSet(examples.fonts)
        var ran = 0
        var skipped: [String] = []
        for example in examples.examples {
            if let missing = example.needs?.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
                skipped.append("\(example.name) (needs \(missing))")
                continue
            }
            let compiled = Compiler().compile(example.copy, name: example.name)
            XCTAssertFalse(compiled.hasErrors, "\(example.name): the copy compiles")
            let document = try XCTUnwrap(compiled.document)
            let layout = try Typesetter.layout(document, Self.request(example.request, fonts: fonts))
            let e = example.expect, n = example.name
            XCTAssertEqual(layout.lines.map { [$0.range.lowerBound, $0.range.count] }, e.lines, "\(n): line ranges")
            if let height = e.height { assertClose(layout.height, height, "\(n): height") }
            for (k, rect) in (e.rects ?? []).enumerated() where k < layout.lines.count { assertRect(layout.lines[k].rect, rect, "\(n): line \(k)") }
            for (k, baseline) in (e.baselines ?? []).enumerated() where k < layout.lines.count {
                assertClose(layout.lines[k].baseline, baseline, "\(n): baseline of line \(k)")
            }
            if let links = e.links {
                XCTAssertEqual(layout.links.map(\.rects.count), links.map(\.count), "\(n): rects per link")
                for (k, rects) in links.enumerated() where k < layout.links.count {
                    for (m, rect) in rects.enumerated() where m < layout.links[k].rects.count {
                        assertRect(layout.links[k].rects[m], rect, "\(n): link \(k) rect \(m)")
                    }
                }
            }
            XCTAssertEqual(layout.isTruncated, e.truncated, "\(n): truncated")
            if let token = e.token {
                if let geometry = layout.token { assertRect(geometry.rect, token, "\(n): token") } else { XCTFail("\(n): no token") }
            }
            for hit in e.hits ?? [] {
                let got = layout.hitTest(Point(x: hit.point[0], y: hit.point[1]))
                let expected: HitTarget? = hit.token == true ? .token : hit.link.map { .link($0) }
                XCTAssertEqual(got, expected, "\(n): tap at \(hit.point)")
            }
            ran += 1
        }
        print("layout spec examples (Grammar/layout-examples.json): \(ran) ran" + (skipped.isEmpty ? "" : "; did not run: " + skipped.joined(separator: ", ")))
        if !skipped.isEmpty { throw XCTSkip("layout spec examples that did not run: " + skipped.joined(separator: ", ")) }
    }
}
