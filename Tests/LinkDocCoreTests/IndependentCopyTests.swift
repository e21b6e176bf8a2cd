@testable import LinkDocCore
import Foundation
import LinkDocModel
import XCTest

/// `compile --ndjson --jobs N` gives each worker a compiler of its own (`Compiler.independentCopy`),
/// so that workers share no object per document. The copy must compile every document to the same
/// result as the compiler it was copied from.
final class IndependentCopyTests: XCTestCase {
    /// A manifest that uses every field, with strings long enough to be stored out of line
    /// (a copy of a short string is inline and could not share storage anyway).
    private static let manifest: Manifest = {
        var m = Manifest(
            agreements: [
                "用户协议": .init(title: "用户协议", id: "terms", url: "https://example.com/legal/terms-of-service"),
                "隐私政策": .init(title: "隐私政策", id: "隐私政策", url: "https://example.com/legal/privacy-policy-2026"),
                "Terms of Service and Conditions": .init(title: "Terms of Service and Conditions", id: "terms-en-long-identifier",
                                                         url: "https://example.com/legal/terms"),
            ],
            mentions: ["小明": "u_10001", "a-rather-long-mention-name": "user-identifier-0000000042"],
            topics: ["双十一购物狂欢节的一个很长的话题名": "topic-identifier-0000000007"],
            schemes: ["https", "http", "mailto", "tel", "myapp-with-a-long-scheme-name"])
        m.options.mentionURL = "myapp-with-a-long-scheme-name://user/{id}"
        m.options.topicURL = "myapp-with-a-long-scheme-name://topic/{name}"
        m.options.includeAgreementBrackets = false
        m.options.maxLinks = 6
        return m
    }()

    func testManifestCopyIsEqual() {
        let original = Self.manifest
        let copy = original.independentCopy()
        XCTAssertEqual(copy.agreements, original.agreements)
        XCTAssertEqual(copy.mentions, original.mentions)
        XCTAssertEqual(copy.topics, original.topics)
        XCTAssertEqual(copy.schemes, original.schemes)
        XCTAssertEqual(copy.options, original.options)
        XCTAssertEqual(Manifest.empty.independentCopy().schemes, Manifest.defaultSchemes)
    }

    /// The copy's strings and arrays are its own: nothing the workers would share.
    func testManifestCopySharesNoStorage() {
        let original = Self.manifest
        let copy = original.independentCopy()
        // Where a string's bytes are stored: only for strings too long to be stored inline (up to
        // 15 bytes are, and `withUTF8` then gives a temporary on the stack).
        func address(_ s: String) -> UnsafeRawPointer? {
            precondition(s.utf8.count > 15)
            var s = s
            return s.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        for (title, agreement) in original.agreements {
            let copied = copy.agreements[title]!
            XCTAssertNotEqual(address(copied.url), address(agreement.url), title)
            if title.utf8.count > 15 { XCTAssertNotEqual(address(copied.title), address(agreement.title), title) }
        }
        XCTAssertNotEqual(address(copy.options.mentionURL!), address(original.options.mentionURL!))
        copy.schemes.withUnsafeBufferPointer { c in
            original.schemes.withUnsafeBufferPointer { o in XCTAssertNotEqual(c.baseAddress, o.baseAddress) }
        }
    }

    func testCopiedCompilerGivesTheSameResults() {
        let compiler = Compiler(manifest: Self.manifest)
        let copy = compiler.independentCopy()
        let documents = [
            "请阅读《用户协议》和《隐私政策》，联系 @小明 或 @a-rather-long-mention-name #话题#",
            "Read the 《Terms of Service and Conditions》 at https://example.com/help or myapp-with-a-long-scheme-name://x",
            "[条款](agreement:terms) [隐私](agreement:隐私政策) [x](agreement:none) [y](user:u_1) dpo@example.com 13800138000",
            "<p>HTML <a href=\"https://c.example\">链接</a> 《用户协议》</p>",
            String(repeating: "@小明 ", count: 10),  // past maxLinks
            "[bad](javascript:alert(1)) 《未知协议》",
        ]
        for text in documents {
            // Twice each: the second compile of a URL comes from each validator's cache.
            for _ in 0..<2 {
                let a = compiler.compile(text, name: "doc"), b = copy.compile(text, name: "doc")
                XCTAssertEqual(b.document, a.document, text)
                XCTAssertEqual(b.diagnostics, a.diagnostics, text)
                XCTAssertEqual(b.linkSources, a.linkSources, text)
            }
        }
    }
}
