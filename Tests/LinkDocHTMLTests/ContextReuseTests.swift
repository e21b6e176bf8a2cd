import XCTest
import Dispatch
@testable import LinkDocHTML

/// A workspace keeps one libxml2 parser context and the flattener's buffers and lends them to
/// the next document (`HTMLWorkspace`). A document must flatten the same whatever the workspace
/// flattened before: nothing of an earlier parse may leak into a later one.
/// Flattened with `workspace`.
private func flatten(_ document: String, with workspace: inout HTMLWorkspace) -> FlatHTML {
    HTMLFlattener.flatten(Array(document.utf8), workspace: &workspace)
}

final class ContextReuseTests: XCTestCase {
    /// Documents that leave libxml2 in unusual states: errors, unterminated
    /// constructs, raw text, deep nesting, encodings, a <meta charset>.
    private static let documents: [String] = [
        "<p>请阅读<a href=\"https://例子.公司/隐私?a=1&amp;b=2\" title=\"t\">隐私中心</a></p>\n<p>第二段</p>",
        "<b>a<i>b</b>c</i><script>x</b></script><blink>y</blink>&nosuch; 1 < 2",
        String(repeating: "<i>", count: 3_000) + "深",
        "文字<!-- unterminated comment",
        "<?xml version=\"1.0\"?><!DOCTYPE html><html><body><p>x</body>",
        "<meta charset=\"iso-8859-1\">é ü 中",
        "<style>p { color: red }</style><svg><foreignObject>z</svg>&#x1F600;&#0;&#xD800;",
        "<img src=\"a.png\" alt=\"图\" width=\"12px\" height=\" 7\" onerror=\"x()\"><br/><p/>",
        "\u{FEFF}<span style=\"color:#f00;font-weight:bold\">红</span><font color=\"blue\">蓝</font>",
        "<a href='x'>one<a href='y'>two</a><p>three<p>four",
        "&" + String(repeating: "a", count: 2_000) + "; tail",
        "<" + String(repeating: "x", count: 3_000) + ">inside</" + String(repeating: "x", count: 3_000) + ">",
        "plain text with \r\n line breaks\u{01} and controls <b",
        "<table><tr><td>cell</td></tr></table><ul><li>item</ul>",
    ]

    /// Flattened with a workspace of its own.
    private func fresh(_ document: String) -> FlattenedResult { FlattenedResult(flatten(document)) }

    func testReusedContextGivesTheSameResultsAsANewOne() {
        let expected = Self.documents.map(fresh)
        var workspace = HTMLWorkspace()
        // Twice through, in order and reversed, so every document follows a different one.
        for (k, document) in Self.documents.enumerated() {
            XCTAssertEqual(FlattenedResult(flatten(document, with: &workspace)), expected[k], "document \(k), in order")
        }
        XCTAssertNotNil(workspace.parser, "the context is kept")
        for (k, document) in Self.documents.enumerated().reversed() {
            XCTAssertEqual(FlattenedResult(flatten(document, with: &workspace)), expected[k], "document \(k), reversed")
        }
    }

    func testDocumentAfterAFailedOneIsUnaffected() {
        let probe = Self.documents[0]
        let expected = fresh(probe)
        // Inputs libxml2 reports errors for or stops early on, and invalid UTF-8.
        let failures: [[UInt8]] = [
            Array("<!DOCTYPE".utf8),
            Array("<a href=\"unterminated".utf8),
            Array("<![CDATA[ never closed".utf8),
            [0x3C, 0x62, 0x3E, 0xFF, 0xFE, 0x00, 0xC3, 0x3C, 0x2F, 0x62, 0x3E],
            Array((String(repeating: "<div>", count: 20_000) + "x").utf8),
        ]
        var workspace = HTMLWorkspace()
        for failure in failures {
            _ = HTMLFlattener.flatten(failure, workspace: &workspace)
            XCTAssertEqual(FlattenedResult(flatten(probe, with: &workspace)), expected)
        }
    }

    /// Recycled results give their buffers to the workspace's next flatten: every document still
    /// flattens as with a workspace of its own, and a result still held after `recycle` is left
    /// as it was by the flattens after it.
    func testRecycledResultsLeaveLaterAndKeptResultsUnchanged() {
        let expected = Self.documents.map(fresh)
        var workspace = HTMLWorkspace()
        var kept: [FlatHTML] = []
        for (k, document) in Self.documents.enumerated() {
            let flat = flatten(document, with: &workspace)
            XCTAssertEqual(FlattenedResult(flat), expected[k], "document \(k)")
            workspace.recycle(flat)
            if k % 2 == 0 { kept.append(flat) }
        }
        for (k, document) in Self.documents.enumerated().reversed() {
            workspace.recycle(flatten(document, with: &workspace))
            XCTAssertEqual(FlattenedResult(flatten(document, with: &workspace)), expected[k], "document \(k), reversed")
        }
        XCTAssertEqual(kept.map(FlattenedResult.init), stride(from: 0, to: expected.count, by: 2).map { expected[$0] })
    }

    func testBuffersOverTheCapAreNotKept() {
        let huge = String(repeating: "<p>段落 <b>粗体</b> <a href=\"https://a.example\">链接</a></p>\n", count: 4_000)
        var workspace = HTMLWorkspace()
        let flat = flatten(huge, with: &workspace)
        XCTAssertGreaterThan(flat.text.count, HTMLWorkspace.maxKeptBytes)
        workspace.recycle(flat)
        XCTAssertLessThanOrEqual(workspace.largestKeptBytes, HTMLWorkspace.maxKeptBytes)
        XCTAssertEqual(flatten("<b>x</b>", with: &workspace).string, "x")
    }

    func testContextWithALargeDictionaryIsReplaced() {
        // Many distinct element names fill the context's name dictionary past
        // the limit: the context is freed, and the next parse gets a new one.
        var workspace = HTMLWorkspace()
        let names = (0..<(ParserContext.maxDictionaryNames + 100)).map { "<x\($0)>" }.joined()
        let f = flatten(names + "end", with: &workspace)
        XCTAssertEqual(f.string, "end")
        XCTAssertNil(workspace.parser, "a context with a large dictionary is not kept")
        let probe = Self.documents[1]
        XCTAssertEqual(FlattenedResult(flatten(probe, with: &workspace)), fresh(probe))
    }

    /// A copy of a workspace shares its context until one of them parses: the copy that parses
    /// while the other still holds it gets a context of its own.
    func testACopiedWorkspaceDoesNotShareItsContext() {
        var original = HTMLWorkspace()
        _ = flatten(Self.documents[0], with: &original)
        let kept = try! XCTUnwrap(original.parser)
        var copy = original
        XCTAssertEqual(FlattenedResult(flatten(Self.documents[1], with: &copy)), fresh(Self.documents[1]))
        XCTAssertTrue(original.parser === kept)
        XCTAssertFalse(copy.parser === kept, "the copy parsed with the context the original holds")
        XCTAssertEqual(FlattenedResult(flatten(Self.documents[2], with: &original)), fresh(Self.documents[2]))
    }

    func testConcurrentThreadsEachReuseTheirOwnContext() {
        let expected = Self.documents.map(fresh)
        let collector = ResultCollector()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var same = true
            var workspace = HTMLWorkspace()
            for round in 0..<3 {
                for k in Self.documents.indices {
                    let d = (k + worker + round) % Self.documents.count
                    same = same && FlattenedResult(flatten(Self.documents[d], with: &workspace)) == expected[d]
                }
            }
            collector.record(same)
        }
        XCTAssertEqual(collector.results, Array(repeating: true, count: 8))
    }

    func testInputKnownToBeValidUTF8StillHasItsNULsReplaced() {
        var options = HTMLOptions()
        options.inputIsValidUTF8 = true
        let valid = Array("<b>中\u{0}文</b>&amp;".utf8)
        let trusted = HTMLFlattener.flatten(valid, options: options)
        let checked = HTMLFlattener.flatten(valid)
        XCTAssertEqual(trusted.string, "中?文&")
        XCTAssertEqual(FlattenedResult(trusted), FlattenedResult(checked))
    }
}

/// libxml2 restarts a name when its input buffer moves in the middle of it; the
/// buffer is grown before parsing so that never happens, and the result does not
/// depend on what the heap looks like.
final class InputBufferTests: XCTestCase {
    func testLongEntityNameNearTheEndIsReadTheSameWhateverTheHeap() {
        // Names that reach into the last 250 bytes of documents of 5 to 60 KB: there
        // libxml2 grows its input buffer while it reads the name.
        for length in [1_500, 2_700, 4_000, 9_000, 20_000] {
            let src = "x&nosuch" + String(repeating: "中", count: length) + "Hello world"
            var seen: Set<[UInt8]> = []
            var workspace = HTMLWorkspace()
            for round in 0..<60 {
                // Different heap states: blocks of other sizes allocated and kept meanwhile.
                let ballast = (0..<(round % 9)).map { [UInt8](repeating: 0, count: 48 << ($0 + round % 6)) }
                if round % 2 == 0 { workspace = HTMLWorkspace() }
                seen.insert(HTMLFlattener.flatten(Array(src.utf8), workspace: &workspace).text)
                withExtendedLifetime(ballast) {}
            }
            // The unknown entity is text, whole, every time.
            XCTAssertEqual(seen.count, 1, "length \(length): \(seen.count) different results")
            XCTAssertEqual(seen.first?.count, src.utf8.count, "length \(length)")
            XCTAssertTrue(seen.first == Array(src.utf8), "length \(length)")
        }
    }
}
