@testable import LinkDocCore
import LinkDocURL
import XCTest

/// What an explicit link's target says it is (`ExplicitTarget`), read from the target alone.
final class ExplicitTargetTests: XCTestCase {
    private let policy = LinkURLPolicy(allowedSchemes: ["https", "http", "mailto", "tel"])

    private func read(_ target: String, base: String? = nil) -> ExplicitTarget {
        ExplicitTarget(target, baseURL: base.flatMap { WHATWGURL($0) }, policy: policy)
    }

    private func assertReads(_ expected: [(target: String, base: String?, reading: ExplicitTarget)], line: UInt = #line) {
        for (target, base, reading) in expected {
            XCTAssertEqual(read(target, base: base), reading, "\(target.debugDescription) on \(base ?? "no base")", line: line)
        }
    }

    /// The readings that carry a message: the message, for the cases where only its gist matters.
    private func why(_ reading: ExplicitTarget) -> String? {
        switch reading {
        case .invalid(let why), .refusedFilledScheme(let why): why
        default: nil
        }
    }

    func testHrefsTheAppHandlesOrFills() {
        assertReads([
            ("", nil, .appHandled(fragment: "")),
            ("#", nil, .appHandled(fragment: "")),
            ("#faq", nil, .appHandled(fragment: "faq")),
            ("%1$s", nil, .appFilled(placeholder: "%1$s")),
            ("https://%s/terms", nil, .appFilled(placeholder: "https://%s/terms")),
            ("${ftue_ems_url}", nil, .appFilled(placeholder: "${ftue_ems_url}")),
            ("tel:%s", nil, .appFilled(placeholder: "tel:%s")),
            // A percent-escape is no placeholder.
            ("https://a.example/%40x", nil, .url("https://a.example/%40x")),
        ])
        XCTAssertEqual(why(read("java%sscript:x"))?.contains("cannot be checked"), true)
        XCTAssertEqual(why(read("javascript:%s"))?.contains("never allowed"), true)
    }

    func testTypedTargets() {
        let longest = String(repeating: "x", count: ExplicitTarget.maxTypedTargetID)
        assertReads([
            ("agreement:terms", nil, .agreement(id: "terms")),
            ("AGREEMENT:terms", nil, .agreement(id: "terms")),
            ("user:u_1", nil, .user(id: "u_1")),
            ("topic:" + longest, nil, .topic(id: longest)),
            ("action:expand", nil, .action(name: "expand")),
            // A custom scheme that shares a typed target's name is a URL.
            ("user://u_1", nil, .url("user://u_1")),
        ])
        for bad in ["user:", "user:a/b", "topic:x" + longest, "action:", "action:a b", "tel:abc"] {
            XCTAssertNotNil(why(read(bad)), "\(bad): \(read(bad))")
        }
    }

    func testURLsAndTheirCompletion() {
        assertReads([
            ("https://a.example/x", nil, .url("https://a.example/x")),
            ("WWW.example.com/a", nil, .url("https://WWW.example.com/a")),
            ("//s.weibo.com/weibo", nil, .schemeRelative(url: "https://s.weibo.com/weibo")),
            ("/n/小明", nil, .relative("/n/小明")),
            ("termsOfService", nil, .relative("termsOfService")),
            ("/status/1", "https://weibo.com/u/", .url("https://weibo.com/status/1")),
            ("faq.html", "https://a.example/help/", .url("https://a.example/help/faq.html")),
            // A domain that merely lacks its scheme is checked as a URL, which suggests the scheme.
            ("example.com", nil, .url("example.com")),
            ("mailto:a@例子.公司", nil, .mailto(address: "a@例子.公司", url: "mailto:a@例子.公司")),
            ("MAILTO:a@b.example", nil, .mailto(address: "a@b.example", url: "MAILTO:a@b.example")),
            ("mailto:a@b.example?subject=x", nil, .url("mailto:a@b.example?subject=x")),
            ("tel:+86 400-810-8888", nil, .tel(TelNumber(spelled: "+86 400-810-8888")!)),
        ])
    }
}
