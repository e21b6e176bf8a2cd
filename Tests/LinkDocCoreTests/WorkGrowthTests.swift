@testable import LinkDocCore
import LinkDocModel
import XCTest

/// One test per way to blow up the compiler (cmark's pathological tests, for linkdoc's markup):
/// each compiles the same pattern at size n and 4n and asserts that the work of every stage
/// grows at most linearly. Work is `CompileWorkspace.work`, what each stage's own scans examine:
/// the inline parser's and the HTML flattener's bytes (libxml2 is not counted), the resolver's
/// copied bytes, link constructs and lookup steps, the emit stage's counted bytes, decoded
/// grapheme stretches and position lookups. A count, not a time, so the tests are deterministic
/// and mean the same on a loaded CI machine. A scan that goes back over the input for each
/// repetition (quadratic) gives a ratio near 16, not 4.
final class WorkGrowthTests: XCTestCase {
    let compiler = Compiler(manifest: Manifest(
        agreements: ["用户协议": .init(title: "用户协议", id: "t", url: "https://example.com/t")],
        mentions: ["小明": "u1"]))

    /// Compiles `make(n)` and `make(4n)`; fails when the work ratio exceeds 4.5.
    /// Returns the larger result for further checks.
    @discardableResult
    func assertLinearWork(_ pattern: String, n: Int = 10_000, _ make: (Int) -> String,
                          file: StaticString = #filePath, line: UInt = #line) -> CompileResult {
        let (smallWork, _) = compiled(make(n))
        let (largeWork, large) = compiled(make(4 * n))
        XCTAssertGreaterThan(smallWork, 0, "\(pattern): the work meter counted nothing", file: file, line: line)
        let ratio = Double(largeWork) / Double(max(smallWork, 1))
        XCTAssertLessThanOrEqual(ratio, 4.5, "\(pattern): work \(smallWork) at n=\(n), \(largeWork) at 4n (ratio \(ratio))",
                                 file: file, line: line)
        XCTAssertNotNil(large.document, "\(pattern): no document", file: file, line: line)
        return large
    }

    func repeated(_ unit: String) -> (Int) -> String { { String(repeating: unit, count: $0) } }

    /// The work of compiling `text` with a new workspace, and the result.
    func compiled(_ text: String) -> (work: Int, result: CompileResult) {
        var workspace = CompileWorkspace()
        let result = compiler.compile(Array(text.utf8), name: "<string>", workspace: &workspace)
        return (workspace.work, result)
    }

    /// The resolve and emit stages are metered too: plain text, which the parser skips over in
    /// one run, is copied by the resolver and counted by the emit stage as well.
    func testEveryStageIsMetered() {
        let text = String(repeating: "plain words ", count: 1_000)
        let parseOnly: Int = {
            var workspace = CompileWorkspace()
            _ = workspace.parse(Array(text.utf8), options: ParseOptions())
            return workspace.work
        }()
        XCTAssertGreaterThanOrEqual(parseOnly, text.utf8.count)
        XCTAssertGreaterThanOrEqual(compiled(text).work, parseOnly + 3 * text.utf8.count)
    }

    /// Patterns whose cost lies past the parser: many links (the resolver's lookups and copies),
    /// many styles out of order (the emit stage's position lookups), many paragraphs, and link
    /// edges inside clusters (grapheme stretches decoded).
    func testResolveAndEmitStages() {
        assertLinearWork("links", repeated("[a](https://e.com/x) "))
        assertLinearWork("mentions", repeated("@小明 "))
        assertLinearWork("nested styles", n: 2_000, { String(repeating: "<b>x<i>y", count: $0) + String(repeating: "</i></b>", count: $0) })
        assertLinearWork("images", n: 2_000, repeated("<img src=\"https://e.com/i.png\" alt=\"i\">x"))
        assertLinearWork("paragraphs", repeated("a\n"))
        assertLinearWork("links around combining marks", n: 2_000, repeated("[e\u{301}](https://e.com)\u{301} "))
    }

    func testBookTitleOpeners() {
        assertLinearWork("《", repeated("《"))
        assertLinearWork("《用户", repeated("《用户"))
        assertLinearWork("《…》 unknown titles", repeated("《未知协议》"))
        let known = assertLinearWork("《 then one title", { String(repeating: "《", count: $0) + "用户协议》" })
        XCTAssertEqual(known.document?.links.count, 1)
    }

    func testSquareBrackets() {
        assertLinearWork("[", repeated("["))
        assertLinearWork("[ then a link", { String(repeating: "[", count: $0) + "a](https://e.com)" })
        assertLinearWork("[a]", repeated("[a]"))
        assertLinearWork("]( ", repeated("]("))
    }

    func testUnclosedLinkTargets() {
        assertLinearWork("[a](", repeated("[a]("))
        assertLinearWork("[a](( ", repeated("[a](("))
        assertLinearWork("( then )", { String(repeating: "[a](", count: $0) + String(repeating: ")", count: $0) })
    }

    func testAtSigns() {
        assertLinearWork("@", repeated("@"))
        assertLinearWork("@a", repeated("@a"))
        assertLinearWork("a.@", repeated("a.@"))
        assertLinearWork("long local parts", repeated(String(repeating: "a", count: 70) + "@"))
        assertLinearWork("domains", repeated("a@b."))
    }

    func testHashes() {
        assertLinearWork("#", repeated("#"))
        assertLinearWork("# a", repeated("# a"))
        assertLinearWork("#long topics", n: 2_000, repeated("#" + String(repeating: "长", count: 70) + " "))
        assertLinearWork("#…# with @", repeated("#话@题#"))
    }

    func testNestedBoldTags() {
        // 100k deep at 4n (n = 25k): far beyond options.maxHTMLDepth, whose text is kept.
        let result = assertLinearWork("<b> nested", n: 25_000, repeated("<b>"))
        XCTAssert(result.diagnostics.contains { $0.ruleID == .htmlDepthLimit })
        assertLinearWork("<b>x nested, then closed", { String(repeating: "<b>x", count: $0) + String(repeating: "</b>", count: $0) })
        assertLinearWork("<a> nested", repeated("<a href=\"https://e.com\">"))
    }

    func testOneLongLine() {
        // 4n is about 1 MB of mixed copy without a line break.
        let unit = "请阅读《用户协议》 @小明 #话题# https://e.com/a_(b) 400-820-8820 a@b.cn [x](y) 文字 "
        let result = assertLinearWork("one long line", n: 2_600, repeated(unit))
        XCTAssertEqual(result.document?.paragraphs.count, 1)
        assertLinearWork("one long URL", n: 6_000, { "https://e.com/" + String(repeating: "a", count: $0) })
    }

    func testAmpersands() {
        assertLinearWork("&", repeated("&"))
        assertLinearWork("&name", repeated("&nosuch"))
        assertLinearWork("& + long name", repeated("&" + String(repeating: "q", count: 80) + " "))
    }

    func testLessThanSigns() {
        assertLinearWork("<", repeated("<"))
        assertLinearWork("</", repeated("</"))
        assertLinearWork("<!--", repeated("<!--"))
        assertLinearWork("<x", repeated("<x"))
    }

    func testBackslashes() {
        assertLinearWork("\\", repeated("\\"))
        assertLinearWork("\\ then a link", { String(repeating: "\\", count: $0) + "[a](https://e.com)" })
        assertLinearWork("\\[", repeated("\\["))
    }

    func testDigits() {
        assertLinearWork("1", repeated("1"))
        assertLinearWork("1-", repeated("1-"))
        assertLinearWork("(010) ", repeated("(010) "))
        assertLinearWork("+86 ", repeated("+86 "))
    }
}
