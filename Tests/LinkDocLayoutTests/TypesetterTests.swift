// The engine's rules one at a time, on documents built by hand, for Debian's Noto Sans CJK SC at
// 16 points. Expected numbers come from the font's tables and hb-shape (Grammar/layout.md,
// "The examples, derived"): line height 23.168, descent 4.608, ideographs 16 wide; the Latin
// advances quoted in each test are `hb-shape --face-index=2 --font-size=1000` of the text named.

import Foundation
import LinkDocModel
import XCTest
@testable import LinkDocLayout

final class TypesetterTests: XCTestCase {
    static let regularFile = FontFile.notoSansCJKSC
    var fonts: FontSet!

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.regularFile.path) else {
            throw XCTSkip("typesetter tests: did not run: the font \(Self.regularFile.path) is missing (Debian: apt-get install fonts-noto-cjk)")
        }
        fonts = FontSet(regular: try OpenTypeFont(Self.regularFile), bold: try OpenTypeFont(.notoSansCJKSCBold))
    }

    /// The range of `text[utf16 range]` in all three units.
    func range(_ text: String, _ utf16: Range<Int>) -> TextRange {
        let units = Array(text.utf16)
        func position(_ offset: Int) -> TextPosition {
            let prefix = String(decoding: units[..<offset], as: UTF16.self)
            return TextPosition(utf16: offset, scalars: prefix.unicodeScalars.count, utf8: prefix.utf8.count)
        }
        return position(utf16.lowerBound).range(to: position(utf16.upperBound))
    }

    func label(width: Double) -> LayoutRequest {
        var request = LayoutRequest(width: width, fonts: fonts, size: 16)
        request.profile = .label
        return request
    }

    func testAWordCutAtAKernedPairIsShapedAgainOnItsOwn() throws {
        // "AVAVAVAV" shaped whole: A 593, V 560 (kerned after A), the last V 575. Cut after "AVAV",
        // the piece "AVAV" shaped alone is 593 + 560 + 593 + 575 = 2321 units: the last V is not
        // kerned against the A that moved to the next line. 2321 × 0.016 = 37.136 (not 36.896).
        let layout = try Typesetter.layout(Document(text: "AVAVAVAV"), label(width: 40))
        XCTAssertEqual(layout.lines.map(\.range), [0..<4, 4..<8], "AVAVA (2914 units = 46.624) does not fit in 40")
        XCTAssertEqual(layout.lines[0].rect.width, 37.136, accuracy: 1e-9)
        XCTAssertEqual(layout.lines[1].rect.width, 37.136, accuracy: 1e-9)
    }

    func testBoldRunsUseTheBoldFace() throws {
        // Bold "AV" 622 (A kerned against V) + 619 = 1241 units (19.856); 中 16; regular "AV" 593 + 575 = 1168 (18.688).
        let text = "AV中AV"
        let document = Document(text: text, styles: [Style(range: range(text, 0..<2), bold: true)])
        let layout = try Typesetter.layout(document, label(width: 200))
        XCTAssertEqual(layout.lines[0].rect.width, 19.856 + 16 + 18.688, accuracy: 1e-9)
    }

    func testLineHeightMultipleAndClamps() throws {
        let document = Document(text: "中文")
        var request = label(width: 100)
        request.lineHeightMultiple = 1.5
        var layout = try Typesetter.layout(document, request)
        XCTAssertEqual(layout.height, 23.168 * 1.5, accuracy: 1e-9)
        XCTAssertEqual(layout.lines[0].baseline, 34.752 - 4.608, accuracy: 1e-9, "the extra height is above the glyphs")
        request.lineHeightMultiple = 0
        request.minimumLineHeight = 30
        layout = try Typesetter.layout(document, request)
        XCTAssertEqual(layout.height, 30, accuracy: 1e-9)
        request.minimumLineHeight = 0
        request.maximumLineHeight = 20
        layout = try Typesetter.layout(document, request)
        XCTAssertEqual(layout.height, 20, accuracy: 1e-9)
        XCTAssertEqual(layout.lines[0].baseline, 20 - 4.608, accuracy: 1e-9)
        request.usesFontLeading = false
        request.maximumLineHeight = 0
        XCTAssertEqual(try Typesetter.layout(document, request).height, 23.168, accuracy: 1e-9, "Noto Sans CJK has no line gap to drop")
    }

    func testAlignment() throws {
        let document = Document(text: "中文")   // 32 wide
        var request = label(width: 100)
        request.alignment = .center
        XCTAssertEqual(try Typesetter.layout(document, request).lines[0].rect.x, 34, accuracy: 1e-9)
        request.alignment = .right
        XCTAssertEqual(try Typesetter.layout(document, request).lines[0].rect.x, 68, accuracy: 1e-9)
        request.profile = .textView   // padding 5 on both sides: 90 usable, from x = 5
        XCTAssertEqual(try Typesetter.layout(document, request).lines[0].rect.x, 5 + 90 - 32, accuracy: 1e-9)
    }

    func testProfileSwitches() throws {
        let document = Document(text: "中文\n")
        var request = label(width: 100)
        XCTAssertEqual(try Typesetter.layout(document, request).lines.map(\.range), [0..<3], "a label: no extra line after the final LF")
        request.profile = .textView
        XCTAssertEqual(try Typesetter.layout(document, request).lines.map(\.range), [0..<3, 3..<3], "a text view: the extra line fragment")
        XCTAssertEqual(try Typesetter.layout(document, request).height, 8 + 2 * 23.168 + 8, accuracy: 1e-9)

        request = label(width: 100)
        request.lineSpacing = 6
        XCTAssertEqual(try Typesetter.layout(Document(text: "中文"), request).height, 23.168, accuracy: 1e-9)
        request.profile.lineSpacingAfterLastLine = true
        XCTAssertEqual(try Typesetter.layout(Document(text: "中文"), request).height, 29.168, accuracy: 1e-9)
        request.profile.heightRoundingScale = 3
        XCTAssertEqual(try Typesetter.layout(Document(text: "中文"), request).height, 88.0 / 3, accuracy: 1e-9, "87.504 pixels round up to 88")
    }

    func testALineSeparatorBreaksTheLineNotTheParagraph() throws {
        var request = label(width: 300)
        request.paragraphSpacing = 10
        let layout = try Typesetter.layout(Document(text: "中\u{2028}文\n字"), request)
        XCTAssertEqual(layout.lines.map(\.range), [0..<2, 2..<4, 4..<5])
        XCTAssertEqual(layout.lines.map(\.paragraph), [0, 0, 1])
        XCTAssertEqual(layout.lines.map(\.rect.y), [0, 23.168, 2 * 23.168 + 10], "paragraph spacing only after the LF")
    }

    func testAnAttachmentIsABoxOnTheBaseline() throws {
        let text = "看\u{FFFC}图"
        let document = Document(text: text, attachments: [Attachment(range: range(text, 1..<2), url: nil, alt: nil, width: 20, height: 30)])
        let layout = try Typesetter.layout(document, label(width: 300))
        XCTAssertEqual(layout.lines[0].rect.width, 16 + 20 + 16, accuracy: 1e-9)
        XCTAssertEqual(layout.height, 30 + 4.608, accuracy: 1e-9, "ascent 30 (the box), descent 4.608 (the font)")
        XCTAssertEqual(layout.lines[0].baseline, 30, accuracy: 1e-9)
    }

    func testAnEmptyTextViewHasTextKitsExtraLineFragment() throws {
        let layout = try Typesetter.layout(Document(text: ""), LayoutRequest(width: 100, fonts: fonts, size: 16))
        XCTAssertEqual(layout.lines.map(\.range), [0..<0], "the caret's line, as NSLayoutManager.extraLineFragmentRect")
        XCTAssertEqual(layout.height, 8 + 23.168 + 8, accuracy: 1e-9, "the insets and one line")
        XCTAssertNil(layout.hitTest(Point(x: 10, y: 10)))
        XCTAssertEqual(try Typesetter.layout(Document(text: ""), label(width: 100)).lines.count, 0, "an empty label has no line and no height")
    }

    func testTrailingSpacesHangAndTheNextWordWraps() throws {
        // "ab cd": a 563, b 618, space 224; "ab cd" is a break opportunity after the space.
        let layout = try Typesetter.layout(Document(text: "ab cd"), label(width: 20))
        XCTAssertEqual(layout.lines.map(\.range), [0..<3, 3..<5], "the space stays on the first line")
        XCTAssertEqual(layout.lines[0].rect.width, (563 + 618) * 0.016, accuracy: 1e-6, "without the hanging space")
    }

    func testTapsAtTheSameDistanceFromTwoLinksPickTheFirst() throws {
        let text = "条款隐私"
        let links = [Link(text: "条款", range: range(text, 0..<2), url: "https://example.com/a", target: .url),
                     Link(text: "隐私", range: range(text, 2..<4), url: "https://example.com/b", target: .url)]
        let layout = try Typesetter.layout(Document(text: text, links: links), label(width: 300))
        XCTAssertEqual(layout.hitTest(Point(x: 32, y: 10)), .link(0), "on the shared edge")
        XCTAssertEqual(layout.hitTest(Point(x: 33, y: 10)), .link(1))
        XCTAssertEqual(layout.hitTest(Point(x: 66, y: 10)), .link(1), "2 past the end")
        XCTAssertNil(layout.hitTest(Point(x: 66, y: 10), tolerance: 1))
        XCTAssertEqual(layout.hitTest(Point(x: 69, y: 10), tolerance: 5), .link(1), "a larger tolerance")
    }

    func testEmptyParagraphsKeepALineEach() throws {
        let layout = try Typesetter.layout(Document(text: "中\n\n文"), label(width: 100))
        XCTAssertEqual(layout.lines.map(\.range), [0..<2, 2..<3, 3..<4], "the blank line between is a line of the regular face")
        XCTAssertEqual(layout.height, 3 * 23.168, accuracy: 1e-9)
    }

    func testATokenWiderThanTheViewIsCutToTheView() throws {
        var request = label(width: 30)
        request.maximumLines = 1
        request.truncationToken = TruncationToken(text: "…展开", action: "expand")
        let layout = try Typesetter.layout(Document(text: "中文中文中文"), request)
        XCTAssertEqual(layout.lines.map(\.range), [0..<0], "no text fits beside the token")
        XCTAssertEqual(layout.token?.token.text, "…", "…展 (32) is wider than 30: the token keeps the clusters that fit")
        XCTAssertEqual(layout.token?.rect, Rect(x: 0, y: 0, width: 16, height: 23.168))
        XCTAssertEqual(layout.hitTest(Point(x: 10, y: 10)), .token)
        XCTAssertNil(layout.hitTest(Point(x: 31, y: 10)), "outside the view: the view never receives the tap")
    }
}
