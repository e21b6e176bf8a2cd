@_spi(LinkDocInternal) @testable import LinkDocCore
import Foundation
@_spi(LinkDocInternal) import LinkDocModel
import XCTest
@_spi(Bytes) import LinkDocBase  // KeptBuffers

/// A compile lent a workspace reuses the buffers the documents before it left there
/// (`CompileWorkspace`). What a document compiles to must not depend on what the workspace
/// compiled before: not on a document that failed, hit a limit, or grew the buffers past what is
/// kept, and not on whether its JSON was written straight from the compile (the stream's path).
final class WorkspaceReuseTests: XCTestCase {
    private static let manifest: Manifest = {
        var m = Manifest.empty
        m.options.maxLinks = 5
        return m
    }()

    /// Documents that leave unusual states behind: many links, errors, escapes, HTML, long text.
    private static let documents: [[UInt8]] = {
        let huge = String(repeating: "长文本 #话题# @alice https://a.example/x 《未知协议》 [链接](https://b.example) \\@ ", count: 3_000)
        return [
            "请阅读《隐私政策》 @小明 #话题# https://example.com/a 13800138000 [x](https://b.example)",
            huge,
            "<p>HTML <a href=\"https://c.example\">链接</a> &amp; <b>粗体</b> \\<b> <i>x</i></p>",
            String(repeating: "@a @b @c @d @e @f @g ", count: 3),  // past maxLinks
            "[](https://empty.example) [y](javascript:alert(1)) [z](user:) #\(String(repeating: "长", count: 100))#",
            "plain text only",
            "",
            huge + "<b>html too</b>",
            "first line\nsecond @bob\n《未知标题》",
            // HTML-heavy: anchors, styles, images, paragraphs, an entity, a comment, unknown tags.
            String(repeating: "<p>段<a href=\"https://d.example/\">锚</a> <b>粗</b><i style=\"color:red\">斜</i>"
                   + "<img src=\"https://e.example/i.png\" alt=\"图\"> &amp; <!-- c --><x-y>z</x-y></p>\n", count: 40),
        ].map { Array($0.utf8) } + [[0xE4, 0xB8], [0x41, 0xFF, 0x42]]  // not UTF-8: the compile fails
    }()

    private struct Outcome: Equatable {
        var document: Document?
        var diagnostics: [Diagnostic]
        var linkSources: [Range<Int>]
        /// Written straight from the assembled document.
        var json: [UInt8]

        init(_ result: CompileResult) {
            document = result.document
            diagnostics = result.diagnostics
            linkSources = result.linkSources
            var w = JSONWriter()
            result.writeDocument(to: &w)
            json = w.bytes
        }
    }

    private static let compiler = Compiler(manifest: manifest)

    /// Compiles with a workspace of its own.
    private static func compileAlone(_ bytes: [UInt8]) -> Outcome {
        Outcome(compiler.compile(bytes, name: "doc"))
    }

    /// Compiles with `workspace`, and again through the path that writes the JSON as it
    /// compiles, which must give the same JSON and diagnostics.
    private static func compile(_ bytes: [UInt8], with workspace: inout CompileWorkspace,
                                file: StaticString = #filePath, line: UInt = #line) -> Outcome {
        let outcome = Outcome(compiler.compile(bytes, name: "doc", workspace: &workspace))
        var w = JSONWriter()
        let diagnostics = compiler.compile(bytes, name: "doc", workspace: &workspace, writingJSONTo: &w)
        XCTAssertEqual(w.bytes, outcome.json, "writingJSONTo", file: file, line: line)
        XCTAssertEqual(diagnostics, outcome.diagnostics, "writingJSONTo", file: file, line: line)
        return outcome
    }

    /// A result kept while the workspace compiles on (as lint keeps every result) shares its
    /// buffers with the workspace, which must then allocate afresh rather than empty them under it.
    func testAKeptResultIsUnchangedByTheDocumentsAfterIt() {
        var workspace = CompileWorkspace()
        let kept = Self.documents.map { Self.compiler.compile($0, name: "doc", workspace: &workspace) }
        let outcomes = kept.map(Outcome.init)
        for document in Self.documents.reversed() { _ = Self.compile(document, with: &workspace) }
        XCTAssertEqual(kept.map(Outcome.init), outcomes)
        XCTAssertEqual(outcomes, Self.documents.map(Self.compileAlone))
    }

    /// A document too large for the kept buffers leaves none of them above the cap.
    func testBuffersOverTheCapAreNotKept() {
        let line = "长文本 @alice https://a.example/x [链接](https://b.example) <b>粗</b>\n"
        let huge = Array(String(repeating: line, count: 20_000).utf8)
        XCTAssertGreaterThan(huge.count, 4 * CompileWorkspace.buffers.maxKeptBytes)
        var workspace = CompileWorkspace()
        let outcome = Self.compile(huge, with: &workspace)
        XCTAssertNotNil(outcome.document)
        XCTAssertLessThanOrEqual(workspace.largestKeptBytes, CompileWorkspace.buffers.maxKeptBytes)
        // And the next document compiles as alone.
        XCTAssertEqual(Self.compile(Self.documents[0], with: &workspace), Self.compileAlone(Self.documents[0]))
    }

    func testEveryDocumentCompilesAsAloneAfterEveryOther() {
        let alone = Self.documents.map(Self.compileAlone)
        var workspace = CompileWorkspace()
        // Every ordered pair with this one workspace: the second document after the first.
        for (i, first) in Self.documents.enumerated() {
            for (j, second) in Self.documents.enumerated() {
                XCTAssertEqual(Self.compile(first, with: &workspace), alone[i], "document \(i) after earlier tests")
                XCTAssertEqual(Self.compile(second, with: &workspace), alone[j], "document \(j) after document \(i)")
            }
        }
    }
}
