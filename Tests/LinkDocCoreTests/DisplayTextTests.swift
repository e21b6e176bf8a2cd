@testable import LinkDocCore
import XCTest

/// The resolve stage's display text (`DisplayText`): runs of the input, the input → text offset
/// lookup, and the text written from them.
final class DisplayTextTests: XCTestCase {
    private let input = Array("a<b>cd</b>ef".utf8)

    /// "a", "cd" and "ef" kept, the tags removed.
    private func keptWithoutTags() -> DisplayText {
        var display = DisplayText(runs: [])
        for range in [0..<1, 4..<6, 6..<6, 10..<12] { display.append(range) }
        return display
    }

    func testAdjacentPiecesAreOneRun() {
        var display = DisplayText(runs: [])
        for range in [0..<2, 2..<3, 3..<3, 5..<7, 7..<8] { display.append(range) }
        XCTAssertEqual(display.runs.map { [$0.input, $0.output, $0.length] }, [[0, 0, 3], [5, 3, 3]])
        XCTAssertEqual(display.count, 6)
    }

    func testTheTextIsItsRunsOfTheInput() {
        var text: [UInt8] = []
        keptWithoutTags().write(from: input, into: &text)
        XCTAssertEqual(String(decoding: text, as: UTF8.self), "acdef")
    }

    func testAnOffsetInRemovedMarkupGoesToWhereTheNextKeptTextBegins() {
        let display = keptWithoutTags()
        var steps = 0
        let offsets = (0...input.count).map { display.outputOffset(ofInput: $0, steps: &steps) }
        //             a  <  b  >  c  d  <  /  b  >  e  f  end
        XCTAssertEqual(offsets, [0, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 4, 5])
        XCTAssertGreaterThan(steps, 0)
        XCTAssertEqual(display.outputRange(ofInput: 1..<10, steps: &steps), 1..<3)
    }

    func testRemovingTheRunsEmptiesTheText() {
        var display = keptWithoutTags()
        XCTAssertEqual(display.removeRuns().count, 3)
        XCTAssertTrue(display.runs.isEmpty)
        XCTAssertEqual(display.count, 0)
    }

    /// A document without links: its text pieces, adjacent ones copied as one, and their bytes
    /// counted as work.
    func testAPlainDocumentIsItsTextPieces() {
        var text: [UInt8] = []
        let work = DisplayText.writePlain([.text(0..<1), .text(1..<1), .text(4..<6), .text(6..<7), .text(10..<12)], from: input, into: &text)
        XCTAssertEqual(String(decoding: text, as: UTF8.self), "acd<ef")
        XCTAssertEqual(work, 6)
    }
}

/// What the resolve stage reports (`ReportLog`): diagnostics in source order, and what is recorded
/// for the memo replayed at another link.
final class ReportLogTests: XCTestCase {
    private let source = try! SourceText(name: "t", bytes: Array("one\ntwo \"quoted\"\nthree".utf8))

    private func summary(_ log: inout ReportLog) -> [String] {
        log.diagnostics(of: source, excerpts: false).map { "\($0.location!.offset) \($0.ruleID.rawValue) \($0.message)" }
    }

    func testDiagnosticsAreInSourceOrderAndStable() {
        var log = ReportLog()
        log.report(.warning, "second", .invalidURL, atSource: 8)
        log.report(.error, "first", .invalidTarget, atSource: 2)
        log.report(.info, "second, later", .relativeHref, atSource: 8)
        XCTAssertEqual(summary(&log), ["2 invalid-target first", "8 invalid-url second", "8 relative-href second, later"])
    }

    func testWhatIsRecordedIsReplayedAtAnotherOffset() {
        var log = ReportLog()
        log.report(.info, "before", .relativeHref, atSource: 0)
        log.startRecording()
        log.report(.warning, "a \"quoted\" target", .invalidURL, atSource: 4)
        let recorded = log.stopRecording()
        log.report(.info, "after", .relativeHref, atSource: 5)
        XCTAssertEqual(recorded.map(\.ruleID), [.invalidURL])
        XCTAssertTrue(log.stopRecording().isEmpty)
        log.replay(recorded, atSource: 17)
        XCTAssertEqual(summary(&log), ["0 relative-href before", "4 invalid-url a \"quoted\" target", "5 relative-href after",
                                       "17 invalid-url a \"quoted\" target"])
    }
}
