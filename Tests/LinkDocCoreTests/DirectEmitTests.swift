import Foundation
@_spi(LinkDocInternal) @testable import LinkDocCore
@_spi(LinkDocInternal) import LinkDocModel
import XCTest

/// The compiler writes a document's JSON straight from its assembled form
/// (`CompileResult.writeDocument`, `documentJSON`), and builds the model only on
/// request. Both go through `DocumentJSON.write`; these tests hold the two sources
/// to the same bytes wherever they could part: link texts as slices of the text,
/// clusters at link edges, escapes, styles and attachments, every link kind.
final class DirectEmitTests: XCTestCase {
    /// The direct bytes, checked against the model's bytes and against a decode of them.
    private func assertSameJSON(_ result: CompileResult, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let document = result.document else {
            XCTAssertNil(result.documentJSON(), label, file: file, line: line)
            return
        }
        let direct = result.documentJSON()
        XCTAssertEqual(direct.map { String(decoding: $0, as: UTF8.self) },
                       String(decoding: document.jsonBytes(), as: UTF8.self), label, file: file, line: line)
        var w = JSONWriter()
        result.writeDocument(to: &w)
        XCTAssertEqual(w.bytes, direct, "writeDocument: \(label)", file: file, line: line)
        if let direct {
            XCTAssertEqual(try? Document(jsonData: Data(direct)), document, "decode: \(label)", file: file, line: line)
        }
    }

    func testSpecExamples() throws {
        let examples = try SpecFile.load()
        var compilers: [String: Compiler] = [:]
        for example in examples {
            let compiler = try compilers[example.manifest] ?? Compiler(
                manifest: try Manifest.load(path: SpecFile.grammarDirectory.appendingPathComponent(example.manifest).path))
            compilers[example.manifest] = compiler
            assertSameJSON(compiler.compile(example.input, name: "<spec>"), "spec example \(example.number)")
        }
    }

    func testExamples() throws {
        let examples = SpecFile.packageRoot.appendingPathComponent("Examples")
        let compiler = Compiler(manifest: try Manifest.load(path: examples.appendingPathComponent("linkdoc.json").path))
        var files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter {
            $0.hasSuffix(".txt") || $0.hasSuffix(".html")
        }
        files += try FileManager.default.contentsOfDirectory(atPath: examples.appendingPathComponent("flawed").path)
            .filter { $0.hasSuffix(".txt") }.map { "flawed/" + $0 }
        XCTAssertGreaterThanOrEqual(files.count, 8)
        for file in files.sorted() {
            let bytes = Array(try Data(contentsOf: examples.appendingPathComponent(file)))
            assertSameJSON(compiler.compile(bytes, name: file), file)
        }
    }

    /// Random mixes of markup, HTML and awkward text: emoji sequences and flags,
    /// combining marks (also right at link edges, where ranges widen), CRLF and
    /// lone CR, characters JSON must escape, and every kind of link.
    func testRandomDocuments() throws {
        let examples = SpecFile.packageRoot.appendingPathComponent("Examples")
        let compiler = Compiler(manifest: try Manifest.load(path: examples.appendingPathComponent("linkdoc.json").path))
        let text = [
            "plain text ", "中文说明，", "👨‍👩‍👧", "🇨🇳🇺🇸", "e\u{301}", "\u{301}", "\u{308}\u{301}", "©", "\r\n", "\n", "\r", "\t",
            "\"quoted\" \\ ", "\u{2028}", "\u{7F}", "\u{1}", "x", "한국어", "ก\u{E31}", "Ωμέγα ", "\u{200D}", "\u{FE0F}",
        ]
        let markup = [
            "《用户协议》", "《隐私政策》", "《未知协议》", "@小明 ", "@alice ", "@nobody ", "#周末去哪儿# ", "#iOS开发#",
            "[帮助](https://example.com/help)", "[展开](action:expand)", "[话题](topic:ios)", "[人](user:u_1)",
            "[信](mailto:a@b.example)", "https://example.com/a?b=c ", "xiaoming.dev@example.com ", "400-820-8820 ",
            "+86 138 0013 8000 ", "[《用户协议》](agreement:terms)", "[👨‍👩‍👧](https://e.com)", "[e\u{301}](https://e.com)",
            "[\u{301}x](https://e.com \"提示\")", "\\《", "tel:10086 ",
        ]
        let html = [
            "<b>粗体</b>", "<i style=\"color:#f00\">it</i>", "<u>u</u>", "<s>s</s>", "<sup>2</sup>", "<sub>n</sub>",
            "<span style=\"background-color: #00ff0080; font-weight: bold\">bg</span>",
            "<img src=\"https://example.com/x.png\" alt=\"图\" width=\"16\" height=\"8\">", "<img alt=\"\">",
            "<a href=\"https://example.com\" title=\"提示\">链接</a>", "<a href=\"mailto:a@b.example\">mail</a>",
            "<a href=\"agreement:third-party\">清单</a>", "<a href=\"action:agree\">同意</a>", "<br>", "&amp;", "&lt;",
            "<a href=\"%1$s\">条款</a>", "<a href=\"#faq\">常见问题</a>", "<a href=\"tel:021-12345678;ext=801\">总机</a>",
            "<p>", "</p>", "<b>e\u{301}<i>👨‍👩‍👧</i></b>",
        ]
        // A fixed linear congruential sequence (Knuth's MMIX constants), so that a failure can be replayed.
        var state: UInt64 = 0x5EED_0E17
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var kinds = Set<LinkKind>()
        var styled = 0, withAttachments = 0
        for n in 0..<600 {
            let isHTML = n % 2 == 1
            let pool = isHTML ? text + markup + html : text + markup
            var source = isHTML ? "<p>" : ""
            for _ in 0..<random(24) { source += pool[random(pool.count)] }
            let result = compiler.compile(source, name: "random-\(n)")
            assertSameJSON(result, "random \(n): \(source.debugDescription)")
            if let document = result.document {
                kinds.formUnion(document.links.map(\.kind))
                if !document.styles.isEmpty { styled += 1 }
                if !document.attachments.isEmpty { withAttachments += 1 }
            }
        }
        XCTAssertEqual(kinds, Set(LinkKind.allCases), "the random documents hold every kind of link")
        XCTAssertGreaterThan(styled, 0)
        XCTAssertGreaterThan(withAttachments, 0)
    }

    /// Input that cannot be read gives a result without a document, whose JSON is `null`, as on
    /// the path that writes the JSON while compiling.
    func testUnreadableInputHasNoDocument() {
        let bytes: [UInt8] = [0x41, 0xFF, 0x42]
        let result = Compiler().compile(bytes, name: "x")
        XCTAssertNil(result.document)
        XCTAssertNil(result.documentJSON())
        XCTAssertEqual(result.linkSources, [])
        var w = JSONWriter()
        result.writeDocument(to: &w)
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "null")
        var workspace = CompileWorkspace()
        var direct = JSONWriter()
        let diagnostics = Compiler().compile(bytes, name: "x", workspace: &workspace, writingJSONTo: &direct)
        XCTAssertEqual(direct.bytes, w.bytes)
        XCTAssertEqual(diagnostics, result.diagnostics)
    }

    /// The path that writes the JSON while compiling reads a document's suppressions only when it
    /// has diagnostics: it keeps the diagnostics the result keeps, with and without comments that
    /// silence them and rules silenced for the whole document.
    func testWritingPathSilencesAsTheResultDoes() throws {
        let examples = SpecFile.packageRoot.appendingPathComponent("Examples")
        let compiler = Compiler(manifest: try Manifest.load(path: examples.appendingPathComponent("linkdoc.json").path))
        let lines = [
            "《未知协议》", "<!-- linkdoc-disable-next-line -->", "<!-- linkdoc-disable-next-line unknown-agreement -->",
            "<!-- linkdoc-disable-next-line empty-link-text -->", "[](https://example.com)", "同意《用户协议》",
            "<!-- other -->", "text", "<a href=\"javascript:x\">a</a>", "",
        ]
        let silenced: [SilencedRules] = [.none, .all, .rules(["unknown-agreement"])]
        var generator = SystemRandomNumberGenerator()
        var silencedSome = 0
        for round in 0..<300 {
            let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in lines.randomElement(using: &generator)! }
                .joined(separator: "\n")
            let options = CompileOptions(readsSuppressionComments: round % 4 != 0, silenced: silenced[round % 3])
            let result = compiler.compile(Array(text.utf8), name: "<record>", excerpts: false, options: options)
            var workspace = CompileWorkspace()
            var w = JSONWriter()
            let diagnostics = compiler.compile(Array(text.utf8), name: "<record>", excerpts: false, options: options,
                                               workspace: &workspace, writingJSONTo: &w)
            XCTAssertEqual(diagnostics, result.diagnostics, text.debugDescription)
            XCTAssertEqual(w.bytes, result.documentJSON(), text.debugDescription)
            let unsilenced = compiler.compile(Array(text.utf8), name: "<record>", excerpts: false,
                                              options: CompileOptions(readsSuppressionComments: false)).diagnostics
            if unsilenced.count > diagnostics.count { silencedSome += 1 }
        }
        XCTAssertGreaterThan(silencedSome, 0, "some documents have diagnostics silenced")
    }

    /// The model is built once: every read of a result, and of its copies, gives the same document.
    func testTheModelIsTheSameOnEveryRead() {
        let result = Compiler().compile("[a](https://example.com) <b>b</b> @c")
        let copy = result
        XCTAssertNotNil(result.document)
        XCTAssertEqual(copy.document, result.document)
        XCTAssertEqual(result.document?.jsonBytes(), result.documentJSON())
    }

    /// A model built by hand writes its own link text, even where it is not the
    /// slice of the display text that its range names.
    func testModelWritesItsOwnLinkText() {
        let range = TextRange(utf16: TextSpan(location: 0, length: 1), scalars: TextSpan(location: 0, length: 1),
                              utf8: TextSpan(location: 0, length: 1))
        let document = Document(text: "ab", links: [Link(text: "zz", range: range, url: nil, target: .action(name: "go"))])
        XCTAssert(String(decoding: document.jsonBytes(), as: UTF8.self).contains(#""text":"zz""#))
    }
}
