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
        ].map { Array($0.utf8) } + [[0xE4, 0xB8], [0x41, 0xFF, 0x42]]  // not UTF-8: the compile fails
    }()

    private struct Outcome: Equatable {
        var document: Document?
        var diagnostics: [Diagnostic]
        var linkSources: [Range<Int>]
    }

    private static func compile(_ bytes: [UInt8]) -> Outcome {
        let result = Compiler(manifest: manifest).compile(bytes, name: "doc")
        return Outcome(document: result.document, diagnostics: result.diagnostics, linkSources: result.linkSources)
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
