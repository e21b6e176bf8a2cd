@testable import LinkDocCore
import LinkDocModel
import XCTest

/// Inputs that crashed or blew up the compiler, found by the fuzz targets of Tests/Fuzz and by
/// WorkGrowthTests; each test names the target and what was wrong.
final class FuzzRegressionTests: XCTestCase {
    /// fuzz target `roundtrip` (crash-2b9d57da…): an unknown entity whose name is longer than
    /// 48 bytes. libxml2 reports "&" with its cursor after the whole name; the flattener looked
    /// back only 48 bytes for the "&", mis-aligned the "&" with a later one, and then trapped on
    /// a range whose lower bound exceeded its upper bound ("Range requires lowerBound <= upperBound").
    func testLongUnknownEntityName() throws {
        let name = "n" + String(repeating: "q", count: 73)
        let input = "A&B && &\(name)&B && &n" + String(repeating: "q", count: 56) + "2"
        let document = try XCTUnwrap(Compiler().compile(input).document)
        // The text is the source, each "&…" kept once (libxml2 keeps unknown entities as text).
        XCTAssertEqual(document.text, input)
        for length in [40, 47, 48, 49, 64, 200, 5_000] {
            let text = "x &" + String(repeating: "q", count: length) + " y &amp; z"
            XCTAssertEqual(Compiler().compile(text).document?.text, "x &" + String(repeating: "q", count: length) + " y & z",
                           "entity name of \(length) bytes")
        }
    }

    /// WorkGrowthTests (`《未知协议》` repeated): every unknown title is a warning, and each warning
    /// counted its column from the start of the line and copied the whole line for its excerpt:
    /// quadratic time and memory on one long line (100k titles: minutes, gigabytes). Columns now
    /// come from checkpoints and long lines are cut to a window around the diagnostic.
    func testManyDiagnosticsOnOneLongLine() throws {
        let count = 5_000
        let input = String(repeating: "《未知协议》", count: count)
        let result = Compiler().compile(input)
        let warnings = result.diagnostics.filter { $0.ruleID == RuleID.unknownAgreement }
        XCTAssertEqual(warnings.count, count)
        let last = try XCTUnwrap(warnings.last)
        XCTAssertEqual(last.location?.column, 6 * (count - 1) + 1, "columns count scalars from the line start")
        for d in warnings {
            XCTAssertLessThanOrEqual(d.sourceLine?.utf8.count ?? 0, SourceText.maxExcerptBytes + 8, "bounded excerpt")
        }
        // The caret still points at the title inside the excerpt.
        let formatted = DiagnosticFormatter.format(warnings[count / 2]).split(separator: "\n")
        XCTAssertEqual(formatted.count, 3)
        let excerpt = formatted[1].dropFirst(4), caretLine = formatted[2].dropFirst(4)
        XCTAssert(excerpt.hasPrefix("…") && excerpt.hasSuffix("…"))
        let column = try XCTUnwrap(warnings[count / 2].sourceLineColumn)
        XCTAssertEqual(String(excerpt.unicodeScalars.dropFirst(column - 1).prefix(6)), "《未知协议》")
        // "…" is one terminal column, every CJK character two.
        XCTAssertEqual(caretLine.count, 1 + 2 * (column - 2) + 1)
    }

    /// Short lines keep their whole text as the excerpt, columns unchanged.
    func testShortLinesKeepTheirExcerpt() throws {
        let result = Compiler().compile("第一行\n请阅读《会员协议》")
        let d = try XCTUnwrap(result.diagnostics.first { $0.ruleID == RuleID.unknownAgreement })
        XCTAssertEqual(d.location?.line, 2)
        XCTAssertEqual(d.location?.column, 4)
        XCTAssertEqual(d.sourceLine, "请阅读《会员协议》")
        XCTAssertNil(d.sourceLineColumn)
    }

    /// fuzz target `compile` (crash-9ed2c6ca…, a false alarm of the harness): an image followed
    /// by a combining mark. The mark joins the U+FFFC into one grapheme cluster, and ranges never
    /// split a cluster, so the attachment covers both; the harness now expects one cluster that
    /// starts with U+FFFC, not a lone U+FFFC.
    func testImageFollowedByACombiningMark() throws {
        let document = try XCTUnwrap(Compiler().compile("<img src=\"https://e.com/x.png\">\u{2DF1}f").document)
        XCTAssertEqual(document.text, "\u{FFFC}\u{2DF1}f")
        let attachment = try XCTUnwrap(document.attachments.first)
        XCTAssertEqual(attachment.range.utf16, TextSpan(location: 0, length: 2))
        XCTAssertEqual(attachment.range.utf8, TextSpan(location: 0, length: 6))
        XCTAssertEqual(attachment.url, "https://e.com/x.png")
    }

    /// Found by the `formats` fuzz target: at the end of a text whose length is a multiple of
    /// 512 bytes, the column came from the wrong checkpoint and was negative.
    func testColumnAtTheEndOfATextOfWholeCheckpointBlocks() throws {
        for length in [512, 1024, 1536] {
            let line = String(repeating: "a", count: length - 4) + "\n好"
            let source = try SourceText(name: "x", bytes: Array(line.utf8))
            XCTAssertEqual(source.bytes.count, length)
            let end = source.location(ofOffset: length)
            XCTAssertEqual(end.line, 2)
            XCTAssertEqual(end.column, 2, "after the one scalar of the last line")
        }
    }
}
