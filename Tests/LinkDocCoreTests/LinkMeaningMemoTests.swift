@_spi(LinkDocInternal) @testable import LinkDocCore
@_spi(LinkDocInternal) import LinkDocModel
import XCTest

/// The resolver's memo of URL-like links (`LinkMeaningMemo`) against resolving every link afresh:
/// a document compiled after others with one workspace (links found in the memo) gives what it
/// gives with a workspace of its own (every link resolved), diagnostics and their positions included.
final class LinkMeaningMemoTests: XCTestCase {
    /// Repeated links of every memoized kind, with and without problems, at different positions
    /// and lines, and pairs whose target and display text split the same bytes differently.
    private static let documents: [String] = [
        "见 https://example.com/a 和 http://insecure.example/x 与 www.example.org 以及 <https://angle.example/y>",
        "第二行\n再见 https://example.com/a，http://insecure.example/x；www.example.org <https://angle.example/y>",
        "[y](https://a.example/x) [xy](https://a.example/) [链接](javascript:alert(1)) [同意](agreement:terms) [@小明](user:u_1)",
        "前面有字 [xy](https://a.example/) [y](https://a.example/x) [链接](javascript:alert(1)) [同意](agreement:nope)",
        "[展开](action:expand) [填](%1$s) [跳](#faq) [坏](tel:abc) [信](mailto:a@例子.公司) [图](https://例子.公司/隐私 政策)",
        "<a href=\"https://Bücher.example/straße\">Learn more</a> <a href=\"%s\">x</a> <a href=\" https://t.cn/A6 \">点</a>",
        "再一次 <a href=\"https://Bücher.example/straße\">Learn more</a>\n<a href=\"javascript:x\">坏</a> a@example.com b@bad_domain",
        "a@example.com 和 b@bad_domain 还有 <a href=\"https://Bücher.example/straße\">Learn</a> <a href=\"vbscript:x\">v</a>",
        "客服电话 13800138000，或 400-810-8888 转 801，138 0013 8000",
        "再打 13800138000 或 138 0013 8000；400-810-8888 转 801\n+86 138 0013 8000",
        "《新条款》与《用户协议》，《红\n楼梦》《新条款》",
        "第二篇\n《新条款》《西游记》《》《用户协议》 https://example.com/a",
        "@小明 你好 @陌生人 #话题# #未知话题# [提示](https://a.example/x \"标题\") [提示](https://a.example/x)",
        "再见 @小明，@陌生人；#话题##未知话题# [提示](https://a.example/x) [提示](https://a.example/x \"另一个\")",
    ]

    private struct Outcome: Equatable {
        var document: Document?
        var diagnostics: [Diagnostic]
        var json: [UInt8]

        init(_ result: CompileResult) {
            document = result.document
            diagnostics = result.diagnostics
            var w = JSONWriter()
            result.writeDocument(to: &w)
            json = w.bytes
        }
    }

    private static func manifest(allowingHTTP: Bool) -> Manifest {
        var m = Manifest.empty
        m.agreements = ["用户协议": Manifest.Agreement(title: "用户协议", id: "terms", url: "https://example.com/terms")]
        m.mentions = ["小明": "u_1"]
        m.topics = ["话题": "t_1"]
        if !allowingHTTP { m.schemes.removeAll { $0 == "http" } }
        return m
    }

    func testLinksFromTheMemoGiveWhatResolvingAfreshGives() {
        let compiler = Compiler(manifest: Self.manifest(allowingHTTP: false))
        let alone = Self.documents.map { Outcome(compiler.compile(Array($0.utf8), name: "doc")) }
        var workspace = CompileWorkspace()
        for _ in 0..<2 {
            for (k, document) in Self.documents.enumerated() {
                XCTAssertEqual(Outcome(compiler.compile(Array(document.utf8), name: "doc", workspace: &workspace)), alone[k], document)
            }
        }
        XCTAssertGreaterThan(workspace.meanings.count, 10, "the links went through the memo")
        // Reported again at each link: the same problems as many times as the links that have them.
        XCTAssertGreaterThan(alone[0].diagnostics.count, 0)
    }

    /// A mention's or topic's meaning depends on its detector's mode, which each document may set:
    /// documents of both modes in one workspace give what each gives alone.
    func testMentionsAndTopicsOfEitherDetectorModeShareAWorkspace() {
        let compiler = Compiler(manifest: Self.manifest(allowingHTTP: false))
        let text = Array("@小明 和 @陌生人 聊 #话题# 与 #未知话题#".utf8)
        var onlyKnown = DetectorSettings()
        onlyKnown.mentions = .known
        onlyKnown.topics = .known
        let modes = [CompileOptions(), CompileOptions(inputKind: .copy, detect: onlyKnown)]
        let alone = modes.map { Outcome(compiler.compile(text, name: "doc", options: $0)) }
        XCTAssertNotEqual(alone[0].document?.links.count, alone[1].document?.links.count, "the modes must differ on this text")
        var workspace = CompileWorkspace()
        for _ in 0..<2 {
            for (k, mode) in modes.enumerated() {
                XCTAssertEqual(Outcome(compiler.compile(text, name: "doc", options: mode, workspace: &workspace)), alone[k])
            }
        }
    }

    func testAWorkspaceLentToAnotherCompilerStartsOver() {
        let strict = Compiler(manifest: Self.manifest(allowingHTTP: false))
        let lenient = Compiler(manifest: Self.manifest(allowingHTTP: true))
        let document = Array(Self.documents[0].utf8)
        let strictAlone = Outcome(strict.compile(document, name: "doc"))
        let lenientAlone = Outcome(lenient.compile(document, name: "doc"))
        XCTAssertNotEqual(strictAlone, lenientAlone, "the manifests must differ on this document")
        var workspace = CompileWorkspace()
        XCTAssertEqual(Outcome(strict.compile(document, name: "doc", workspace: &workspace)), strictAlone)
        XCTAssertEqual(Outcome(lenient.compile(document, name: "doc", workspace: &workspace)), lenientAlone)
        XCTAssertEqual(Outcome(strict.compile(document, name: "doc", workspace: &workspace)), strictAlone)
    }

    /// Past its capacity the memo starts over, and links resolve as before.
    func testAFullMemoStartsOver() {
        let compiler = Compiler(manifest: Self.manifest(allowingHTTP: false))
        var workspace = CompileWorkspace()
        let many = (0..<(LinkMeaningMemo.capacity + 10)).map { "https://example.com/\($0)" }.joined(separator: " ")
        _ = compiler.compile(Array(many.utf8), name: "doc", workspace: &workspace)
        XCTAssertLessThanOrEqual(workspace.meanings.count, LinkMeaningMemo.capacity)
        for document in Self.documents {
            XCTAssertEqual(Outcome(compiler.compile(Array(document.utf8), name: "doc", workspace: &workspace)),
                           Outcome(compiler.compile(Array(document.utf8), name: "doc")), document)
        }
    }
}
