@testable import LinkDocCore
import Foundation
import LinkDocModel
import XCTest

/// Each thread keeps the parser's and the resolver's buffers from one document to the next
/// (`CompileScratch`). What a document compiles to must not depend on what the thread compiled
/// before: not on a document that failed, hit a limit, or grew the buffers past what is kept.
final class ScratchReuseTests: XCTestCase {
    private static let manifest: Manifest = {
        var m = Manifest.empty
        m.options.maxLinks = 5
        return m
    }()

    /// Documents that leave unusual states behind: many links, errors, escapes, HTML, long text.
    private static let documents: [[UInt8]] = {
        let huge = String(repeating: "长文本 #话题# @alice https://a.example/x 《未知》 [链接](https://b.example) \\@ ", count: 3_000)
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
        /// Written straight from the assembled document, through a writer that takes the
        /// thread's spare JSON block.
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

    private static func compile(_ bytes: [UInt8]) -> Outcome {
        Outcome(Compiler(manifest: manifest).compile(bytes, name: "doc"))
    }

    /// Compiles on a thread of its own, whose scratch is new.
    private static func compileAlone(_ bytes: [UInt8]) -> Outcome {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Outcome? = nil
        let thread = Thread {
            outcome = compile(bytes)
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        return outcome!
    }

    /// A result kept while the thread compiles on (as lint keeps every result) shares its buffers
    /// with the scratch, which must then allocate afresh rather than empty them under it.
    func testAKeptResultIsUnchangedByTheDocumentsAfterIt() {
        let compiler = Compiler(manifest: Self.manifest)
        let kept = Self.documents.map { compiler.compile($0, name: "doc") }
        let outcomes = kept.map(Outcome.init)
        for document in Self.documents.reversed() { _ = Self.compile(document) }
        XCTAssertEqual(kept.map(Outcome.init), outcomes)
        XCTAssertEqual(outcomes, Self.documents.map(Self.compileAlone))
    }

    /// A document too large for the kept buffers leaves none of them above the cap.
    func testBuffersOverTheCapAreNotKept() {
        let line = "长文本 @alice https://a.example/x [链接](https://b.example) <b>粗</b>\n"
        let huge = Array(String(repeating: line, count: 20_000).utf8)
        XCTAssertGreaterThan(huge.count, 4 * CompileScratch.buffers.maxKeptBytes)
        let outcome = Self.compile(huge)
        XCTAssertNotNil(outcome.document)
        XCTAssertLessThanOrEqual(CompileScratch.current.pointee.largestKeptBytes, CompileScratch.buffers.maxKeptBytes)
        // And the next document compiles as alone.
        XCTAssertEqual(Self.compile(Self.documents[0]), Self.compileAlone(Self.documents[0]))
    }

    func testEveryDocumentCompilesAsAloneAfterEveryOther() {
        let alone = Self.documents.map(Self.compileAlone)
        // Every ordered pair on this one thread: the second document after the first.
        for (i, first) in Self.documents.enumerated() {
            for (j, second) in Self.documents.enumerated() {
                XCTAssertEqual(Self.compile(first), alone[i], "document \(i) after earlier tests")
                XCTAssertEqual(Self.compile(second), alone[j], "document \(j) after document \(i)")
            }
        }
    }
}
