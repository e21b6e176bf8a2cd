// One test per way to make a layout's work grow faster than its text, as the compiler's
// WorkGrowthTests: each lays out the same pattern at size n and 4n and asserts that the steps
// LayoutMeter counts (the typesetter's own loops; HarfBuzz and ICU by the units they are given)
// grow at most linearly. A scan that goes back over a paragraph for each line or each candidate
// break (quadratic) gives a ratio near 16, not 4.

import Foundation
import LinkDocModel
import XCTest
@testable import LinkDocLayout

final class LayoutWorkGrowthTests: XCTestCase {
    var fonts: FontSet!

    override func setUpWithError() throws {
        fonts = try TestFonts.cjkWithFallbacks(for: "layout work growth tests")
    }

    func request(maximumLines: Int = 0) -> LayoutRequest {
        var request = LayoutRequest(width: 300, fonts: fonts, size: 16)
        request.profile = .label
        request.maximumLines = maximumLines
        return request
    }

    func work(_ document: Document, _ request: LayoutRequest) throws -> (work: Int, lines: Int) {
        let meter = LayoutMeter()
        let layout = try Typesetter.layout(document, request, meter: meter)
        return (meter.work, layout.lines.count)
    }

    /// Lays out `make(n)` and `make(4n)`; fails when the work ratio exceeds 4.5.
    func assertLinearWork(_ pattern: String, n: Int = 2_000, request: LayoutRequest? = nil, _ make: (Int) -> Document,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let request = request ?? self.request()
        let small = try work(make(n), request), large = try work(make(4 * n), request)
        XCTAssertGreaterThan(small.work, 0, "\(pattern): the meter counted nothing", file: file, line: line)
        XCTAssertGreaterThan(large.lines, 0, "\(pattern): no lines", file: file, line: line)
        let ratio = Double(large.work) / Double(max(small.work, 1))
        XCTAssertLessThanOrEqual(ratio, 4.5, "\(pattern): work \(small.work) at n=\(n), \(large.work) at 4n (ratio \(ratio))",
                                 file: file, line: line)
    }

    func text(_ unit: String) -> (Int) -> Document { { Document(text: String(repeating: unit, count: $0)) } }

    /// Each `unit` a link of its own.
    func links(_ unit: String, separator: String = "") -> (Int) -> Document {
        { n in
            var text = "", links: [Link] = []
            var utf16 = 0, scalars = 0, utf8 = 0
            for index in 0..<n {
                let start = TextPosition(utf16: utf16, scalars: scalars, utf8: utf8)
                utf16 += unit.utf16.count; scalars += unit.unicodeScalars.count; utf8 += unit.utf8.count
                links.append(Link(text: unit, range: start.range(to: TextPosition(utf16: utf16, scalars: scalars, utf8: utf8)),
                                  url: "https://example.com/\(index)", target: .url))
                text += unit + separator
                utf16 += separator.utf16.count; scalars += separator.unicodeScalars.count; utf8 += separator.utf8.count
            }
            return Document(text: text, links: links)
        }
    }

    func testAParagraphWithNoBreakOpportunity() throws {
        try assertLinearWork("Latin letters, no space", text("abcdefghij"))
        try assertLinearWork("one long URL-like word", text("x/y.z"))
        try assertLinearWork("Arabic letters joined, no space", text("سلام"))
    }

    func testParagraphsWithManyOpportunities() throws {
        try assertLinearWork("ideographs", text("中文汉字"))
        try assertLinearWork("words", text("word "))
        try assertLinearWork("Korean words, Hangul word priority", text("안녕하세요 "))
    }

    func testManyParagraphs() throws {
        try assertLinearWork("short paragraphs", n: 5_000, text("中文\n"))
        try assertLinearWork("empty paragraphs", n: 5_000, text("\n"))
    }

    func testManyScriptAndDirectionRuns() throws {
        try assertLinearWork("Latin and Han alternating", text("a中"))
        try assertLinearWork("Latin and Hebrew alternating (a visual run each)", text("ab שלום "))
        try assertLinearWork("emoji and text alternating", text("😀字"))
        try assertLinearWork("tabs", text("a\t"))
    }

    func testManyLinks() throws {
        try assertLinearWork("a link per word", links("条款", separator: "和"))
        try assertLinearWork("a link per character, crossing directions", links("aש"))
        try assertLinearWork("links on one unbreakable line", links("ab"))
    }

    func testTruncatingALongParagraph() throws {
        try assertLinearWork("one line kept of a long paragraph", request: request(maximumLines: 1), text("中文 word "))
        try assertLinearWork("one line kept of a long word", request: request(maximumLines: 1), text("abcdefghij"))
    }
}
