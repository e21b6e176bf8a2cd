// Bidi, tabs, emoji presentation and UILabel's line-break strategies (Grammar/layout.md, "Bidi",
// "Tabs", "Font choice", "Line-break strategies"), with Noto Sans CJK SC at 16 points first and
// Noto Color Emoji and DejaVu Sans (Hebrew, Arabic) as fallbacks. Advances quoted are the fonts'
// hmtx values (fontTools): CJK space 224/1000, DejaVu ה 1338/2048, ג 844/2048, ד 1118/2048,
// Noto Color Emoji 2550/2048 for every emoji.

import Foundation
import LinkDocModel
import XCTest
@testable import LinkDocLayout

final class ScriptsTests: XCTestCase {
    var fonts: FontSet!

    override func setUpWithError() throws {
        fonts = try TestFonts.cjkWithFallbacks(for: "scripts tests")
    }

    func label(width: Double) -> LayoutRequest {
        var request = LayoutRequest(width: width, fonts: fonts, size: 16)
        request.profile = .label
        request.lineBreakStrategy = LineBreakStrategy.none
        return request
    }

    /// A document whose links are the given UTF-16 ranges.
    func document(_ text: String, links: [Range<Int>] = []) -> Document {
        let units = Array(text.utf16)
        func position(_ offset: Int) -> TextPosition {
            let prefix = String(decoding: units[..<offset], as: UTF16.self)
            return TextPosition(utf16: offset, scalars: prefix.unicodeScalars.count, utf8: prefix.utf8.count)
        }
        return Document(text: text, links: links.enumerated().map { index, range in
            Link(text: String(decoding: units[range], as: UTF16.self), range: position(range.lowerBound).range(to: position(range.upperBound)),
                 url: "https://example.com/\(index)", target: .url)
        })
    }

    // MARK: Bidi

    func testARightToLeftParagraphIsRightAlignedByNaturalAlignment() throws {
        let layout = try Typesetter.layout(document("שלום עולם"), label(width: 300))
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertTrue(layout.lines[0].isRightToLeft, "the first strong character is Hebrew (UAX #9 P2, P3)")
        XCTAssertEqual(layout.lines[0].rect.maxX, 300, accuracy: 1e-9, "natural alignment is right in a right-to-left paragraph")
        let left = try Typesetter.layout(document("abc שלום"), label(width: 300))
        XCTAssertFalse(left.lines[0].isRightToLeft)
        XCTAssertEqual(left.lines[0].rect.x, 0, accuracy: 1e-9)
    }

    func testTheRequestsDirectionWinsOverTheText() throws {
        var request = label(width: 300)
        request.baseDirection = .rightToLeft
        let layout = try Typesetter.layout(document("abc"), request)
        XCTAssertTrue(layout.lines[0].isRightToLeft)
        XCTAssertEqual(layout.lines[0].rect.maxX, 300, accuracy: 1e-9)
        request.baseDirection = .leftToRight
        XCTAssertEqual(try Typesetter.layout(document("שלום"), request).lines[0].rect.x, 0, accuracy: 1e-9)
    }

    func testALinkCrossingADirectionChangeHasOneRectanglePerVisualPiece() throws {
        // Logical "x abc דגה y", the link on "abc דג". The Hebrew run is shown reversed, ה ג ד, so
        // the link's Hebrew part (ד ג) lies right of ה, apart from its Latin part "abc ".
        let text = "x abc דגה y"
        let layout = try Typesetter.layout(document(text, links: [2..<8]), label(width: 300))
        let rects = layout.links[0].rects
        XCTAssertEqual(rects.count, 2, "\(rects)")
        guard rects.count == 2 else { return }
        XCTAssertEqual(rects[1].x - rects[0].maxX, 1338.0 / 2048 * 16, accuracy: 1e-6, "ה lies between the pieces")
        XCTAssertEqual(rects[1].width, (844.0 + 1118) / 2048 * 16, accuracy: 1e-6, "ג and ד")
        let middle = Point(x: rects[1].x + rects[1].width / 2, y: 10)
        XCTAssertEqual(layout.hitTest(middle), .link(0))
        XCTAssertNil(layout.hitTest(Point(x: rects[0].maxX + 1338.0 / 2048 * 8, y: 10)), "ה is 5.2 from both pieces")
    }

    func testArabicIsShapedRightToLeftWithItsLettersJoined() throws {
        let word = try Typesetter.layout(document("سلام", links: [0..<4]), label(width: 300)).links[0].rects[0].width
        var isolated = 0.0
        for letter in ["س", "ل", "ا", "م"] {
            isolated += try Typesetter.layout(document(letter, links: [0..<1]), label(width: 300)).links[0].rects[0].width
        }
        XCTAssertGreaterThan(abs(word - isolated), 1, "joined forms and the lam-alef ligature differ from the isolated letters")
    }

    func testTheTokenEndsARightToLeftLineOnItsLeft() throws {
        var request = label(width: 100)
        request.maximumLines = 1
        let layout = try Typesetter.layout(document("שלום עולם שלום עולם שלום עולם"), request)
        let token = try XCTUnwrap(layout.token)
        XCTAssertTrue(layout.lines[0].isRightToLeft)
        XCTAssertEqual(layout.lines[0].rect.maxX, 100, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(token.rect.maxX, layout.lines[0].rect.x + 1e-9, "the token is left of the text it ends")
        XCTAssertGreaterThanOrEqual(token.rect.x, 0)
        XCTAssertEqual(layout.hitTest(Point(x: token.rect.x + token.rect.width / 2, y: 10)), .token)
    }

    func testTheJSONNamesEachLinesDirection() throws {
        let request = label(width: 300)
        let document = document("abc\nשלום")
        let json = try LayoutJSON.write(try Typesetter.layout(document, request), document: document, request: request, hits: [], tolerance: 2)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let lines = try XCTUnwrap(object["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.map { $0["direction"] as? String }, ["ltr", "rtl"])
    }

    // MARK: Tabs

    func testTabsStopEvery28PointsThenTakeASpace() throws {
        func xOfTheLink(_ text: String) throws -> Double {
            let units = text.utf16.count
            return try Typesetter.layout(document(text, links: [(units - 1)..<units]), label(width: 400)).links[0].rects[0].x
        }
        XCTAssertEqual(try xOfTheLink("a\tb"), 28, accuracy: 1e-9, "a (9.008) then the first stop")
        XCTAssertEqual(try xOfTheLink("中中\tb"), 56, accuracy: 1e-9, "32 is past the first stop: the second")
        XCTAssertEqual(try xOfTheLink("\t\tb"), 56, accuracy: 1e-9)
        let twentyTwo = String(repeating: "中", count: 22)  // 352, past the twelfth and last stop (336)
        XCTAssertEqual(try xOfTheLink(twentyTwo + "\tb"), 352 + 224.0 / 1000 * 16, accuracy: 1e-9)
    }

    // MARK: Font choice

    func testVariationSelectorsPickTheColourOrTheTextFont() throws {
        func width(_ text: String) throws -> Double {
            try Typesetter.layout(document(text, links: [0..<text.utf16.count]), label(width: 300)).links[0].rects[0].width
        }
        XCTAssertEqual(try width("⚠"), 16, accuracy: 1e-9, "text presentation by default: the CJK face has it")
        XCTAssertEqual(try width("⚠\u{FE0F}"), 2550.0 / 2048 * 16, accuracy: 1e-9, "U+FE0F: the colour emoji font")
        XCTAssertEqual(try width("⚠\u{FE0E}"), 16, accuracy: 1e-9, "U+FE0E: a text font")
        XCTAssertEqual(try width("❤\u{FE0F}"), 2550.0 / 2048 * 16, accuracy: 1e-9)
    }

    func testASpaceAfterEmojiTakesTheFontOfTheTextAfterIt() throws {
        // Pango ends a run where emoji presentation ends, and a space that starts a run takes the
        // run's font: the CJK face's space (3.584), not Noto Color Emoji's (19.921875).
        let layout = try Typesetter.layout(document("🔐 基", links: [2..<3]), label(width: 300))
        XCTAssertEqual(layout.links[0].rects[0].width, 224.0 / 1000 * 16, accuracy: 1e-9)
        let between = try Typesetter.layout(document("基 基", links: [1..<2]), label(width: 300))
        XCTAssertEqual(between.links[0].rects[0].width, 224.0 / 1000 * 16, accuracy: 1e-9)
    }

    // MARK: Line-break strategies

    func testHangulWordPriorityBreaksKoreanOnlyBetweenWords() throws {
        let text = "안녕하세요 여러분 반갑습니다 오늘도 좋은 하루"
        let units = Array(text.utf16)
        var request = label(width: 100)
        let plain = try Typesetter.layout(document(text), request).lines
        XCTAssertTrue(plain.dropFirst().contains { units[$0.range.lowerBound - 1] != 0x20 }, "without it a line may start inside a word")
        request.lineBreakStrategy = .hangulWordPriority
        let words = try Typesetter.layout(document(text), request).lines
        XCTAssertGreaterThan(words.count, 1)
        for line in words.dropFirst() { XCTAssertEqual(units[line.range.lowerBound - 1], 0x20, "line at \(line.range) starts inside a word") }
    }

    func testPushOutLeavesNoLoneWordOnTheLastLine() throws {
        let text = String(repeating: "中", count: 11)  // 10 ideographs fill 160 points
        var request = label(width: 160)
        XCTAssertEqual(try Typesetter.layout(document(text), request).lines.map(\.range), [0..<10, 10..<11])
        request.lineBreakStrategy = .pushOut
        XCTAssertEqual(try Typesetter.layout(document(text), request).lines.map(\.range), [0..<9, 9..<11])
        request.lineBreakStrategy = nil
        XCTAssertEqual(try Typesetter.layout(document(text), request).lines.map(\.range), [0..<9, 9..<11], "a label's default is .standard")
        request.profile = .textView
        request.lineFragmentPadding = 0
        XCTAssertEqual(try Typesetter.layout(document(text), request).lines.map(\.range), [0..<10, 10..<11], "a text view's is none")
    }
}

final class ScalarTraitsTests: XCTestCase {
    /// The fast path answers as the Unicode properties would, for every scalar it covers.
    func testPlainVisibleScalarsHaveNoneOfThePropertiesTheLayoutAsks() {
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.isPlainVisible else { continue }
            let p = scalar.properties
            XCTAssertFalse(p.isWhitespace || p.isDefaultIgnorableCodePoint || p.generalCategory == .control || p.isVariationSelector
                           || p.isEmojiModifier || p.isEmojiPresentation, "U+\(String(value, radix: 16))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30_000)
    }
}
