import XCTest
import LinkDocHTML

final class CSSColorTests: XCTestCase {
    func testNamedColors() {
        XCTAssertEqual(CSSColor.normalize("red"), "#ff0000")
        XCTAssertEqual(CSSColor.normalize(" Red "), "#ff0000")
        XCTAssertEqual(CSSColor.normalize("rebeccapurple"), "#663399")
        XCTAssertEqual(CSSColor.normalize("gray"), "#808080")       // CSS, not X11 (#bebebe)
        XCTAssertEqual(CSSColor.normalize("green"), "#008000")
        XCTAssertEqual(CSSColor.normalize("LightGoldenRodYellow"), "#fafad2")
        XCTAssertEqual(CSSColor.normalize("transparent"), "#00000000")
    }

    func testShortHex() {
        XCTAssertEqual(CSSColor.normalize("#f00"), "#ff0000")
        XCTAssertEqual(CSSColor.normalize("#F0A"), "#ff00aa")
        XCTAssertEqual(CSSColor.normalize("#f008"), "#ff000088")
        XCTAssertEqual(CSSColor.normalize("#f00f"), "#ff0000")
    }

    func testLongHex() {
        XCTAssertEqual(CSSColor.normalize("#FF0000"), "#ff0000")
        XCTAssertEqual(CSSColor.normalize("#12345678"), "#12345678")
        XCTAssertEqual(CSSColor.normalize("#123456ff"), "#123456")
    }

    func testRGBFunction() {
        XCTAssertEqual(CSSColor.normalize("rgb(255, 0, 0)"), "#ff0000")
        XCTAssertEqual(CSSColor.normalize("RGB(0,128,255)"), "#0080ff")
        XCTAssertEqual(CSSColor.normalize("rgb(100%, 0%, 50%)"), "#ff0080")
        XCTAssertEqual(CSSColor.normalize("rgb(300, -5, 0)"), "#ff0000")    // clamped
        XCTAssertEqual(CSSColor.normalize("rgb(255 0 0)"), "#ff0000")
        XCTAssertEqual(CSSColor.normalize("rgb(255 0 0 / 50%)"), "#ff000080")
    }

    func testRGBAFunction() {
        XCTAssertEqual(CSSColor.normalize("rgba(255, 0, 0, 0.5)"), "#ff000080")
        XCTAssertEqual(CSSColor.normalize("rgba(0,0,0,0)"), "#00000000")
        XCTAssertEqual(CSSColor.normalize("rgba(1, 2, 3, 1)"), "#010203")
        XCTAssertEqual(CSSColor.normalize("rgba(255 255 255 / .25)"), "#ffffff40")
    }

    func testInvalidColorsAreNil() {
        for v in ["", "   ", "redd", "#ff", "#12345", "#ggg", "rgb(1,2)", "rgb(1,2,3,4,5)", "rgb(a,b,c)",
                  "rgb(1,2,3", "hsl(0, 100%, 50%)", "currentColor", "inherit", "var(--x)", "#ff0000;", "红色"] {
            XCTAssertNil(CSSColor.normalize(v), v)
        }
    }
}
