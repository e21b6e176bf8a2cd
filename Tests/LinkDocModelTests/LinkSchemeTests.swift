import Foundation
import LinkDocModel
import XCTest

/// Scheme URLs for every kind of link, their way back to the payload, and the
/// attributed strings (Swift and NSAttributedString) that carry them.
final class LinkSchemeTests: XCTestCase {
    let scheme = LinkScheme("myapp")!

    func testEveryKindHasItsURLAndComesBack() throws {
        let cases: [(LinkTarget, String)] = [
            (.agreement(id: "terms", title: "用户协议"), "myapp://agreement/terms?title=%E7%94%A8%E6%88%B7%E5%8D%8F%E8%AE%AE"),
            (.mention(name: "小明", userID: "u_10001"), "myapp://mention/%E5%B0%8F%E6%98%8E?id=u_10001"),
            (.mention(name: "Ann", userID: nil), "myapp://mention/Ann"),
            (.topic(name: "周末", id: nil), "myapp://topic/%E5%91%A8%E6%9C%AB"),
            (.topic(name: "weekend", id: "t 1"), "myapp://topic/weekend?id=t%201"),
            (.action(name: "expand"), "myapp://action/expand"),
            (.email(address: "dpo@example.com"), "myapp://email/dpo%40example.com"),
            (.phone(digits: "+862112345678", extension: "801"), "myapp://phone/%2B862112345678?ext=801"),
            (.phone(digits: "4008208820"), "myapp://phone/4008208820"),
            (.appHandled(fragment: "faq"), "myapp://app/faq"),
            (.appHandled(fragment: ""), "myapp://app/"),
            (.appFilled(placeholder: "%1$s"), "myapp://app-placeholder/%251%24s"),
        ]
        for (target, expected) in cases {
            XCTAssertEqual(scheme.urlString(for: target), expected, "\(target)")
            let url = try XCTUnwrap(scheme.url(for: target), "URL(string:) takes \(expected)")
            XCTAssertEqual(scheme.target(of: url), target, expected)
        }
        XCTAssertEqual(Set(cases.map(\.0.kind)), Set(LinkKind.allCases).subtracting([.url]), "every kind but url is covered")
        XCTAssertNil(scheme.url(for: .url), "a web link's URL is its payload")
    }

    /// Names with the URL's own delimiters, spaces, emoji and combining marks survive, and
    /// the URL stays ASCII.
    func testAwkwardNamesRoundTrip() throws {
        for name in ["a/b?c#d&e=f%g", "小 明", "👩‍👩‍👧 family", "é", "e\u{301}", "~._-", "+", "\u{0}x", "ab\ncd"] {
            for target in [LinkTarget.mention(name: name, userID: name), .action(name: name), .agreement(id: name, title: name)] {
                let string = try XCTUnwrap(scheme.urlString(for: target))
                XCTAssert(string.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, string)
                XCTAssertEqual(scheme.target(ofURLString: string), target, string)
                XCTAssertEqual(scheme.target(of: try XCTUnwrap(URL(string: string))), target, string)
            }
        }
    }

    func testOtherURLsAreNotTargets() {
        for string in ["https://example.com/action/expand", "otherapp://action/expand", "myapp://unknown/x", "myapp://action/",
                       "myapp://action/a/b", "myapp://action/%G1", "myapp://action/%FF", "myapp://action/%E5%B0", "myapp://action",
                       "myapp://agreement/terms", "myapp://mention/a?id", "myapp://action/a#x", "myapp:action/expand"] {
            XCTAssertNil(scheme.target(ofURLString: string), string)
        }
        XCTAssertEqual(scheme.target(ofURLString: "MYAPP://Action/expand?later=1"), .action(name: "expand"),
                       "scheme and host are case-insensitive; unknown query keys are ignored")
    }

    func testSchemeNames() {
        XCTAssertEqual(LinkScheme("MyApp")?.name, "myapp")
        XCTAssertEqual(LinkScheme("my-app+x.y2")?.name, "my-app+x.y2")
        for bad in ["", "1app", "my app", "my_app", "https", "HTTP", "javascript", "data", "mailto", "tel", "file", "小程序"] {
            XCTAssertNil(LinkScheme(bad), bad)
        }
    }

    /// Every link of the sample is tappable with a scheme; without one, only links with URLs.
    func testAttributedStringGivesEveryLinkAURL() {
        let document = Self.everyKind
        func urls(_ attributed: AttributedString) -> [String?] {
            attributed.runs.filter { $0[LinkDocAttributes.LinkKindKey.self] != nil }.map { $0.link?.absoluteString }
        }
        XCTAssertEqual(urls(document.attributedString()), ["https://example.com/terms", nil, nil, nil, "https://example.com"],
                       "without a scheme only links with their own URL")
        XCTAssertEqual(urls(document.attributedString(linkScheme: scheme)), [
            "https://example.com/terms", "myapp://mention/%E5%B0%8F%E6%98%8E?id=u_1", "myapp://action/expand",
            "myapp://topic/%E8%AF%9D%E9%A2%98", "https://example.com",
        ])
        XCTAssertEqual(urls(document.attributedString(linkScheme: scheme, schemeURLsFor: [.agreement, .url])).prefix(1), [
            "myapp://agreement/terms?title=%E7%94%A8%E6%88%B7%E5%8D%8F%E8%AE%AE",
        ], "an agreement can open in the app")
        XCTAssertEqual(urls(document.attributedString(linkScheme: scheme, schemeURLsFor: [.agreement, .url])).last,
                       "https://example.com", "a web link keeps its URL")
        XCTAssertEqual(document.attributedString(schemeURLsFor: [.agreement]), document.attributedString(),
                       "no scheme, nothing to replace with")
        // The typed payload is there whatever the URL, and the URL leads back to it.
        for run in document.attributedString(linkScheme: scheme).runs {
            guard let target = run[LinkDocAttributes.LinkTargetKey.self], target != .url, let url = run.link,
                  url.scheme == "myapp" else { continue }
            XCTAssertEqual(scheme.target(of: url), target)
        }
    }

    /// NSAttributedString's ranges are UTF-16: after an emoji (two units) each attribute
    /// starts where the document's UTF-16 range says.
    func testNSAttributedStringKeepsTheCustomAttributes() throws {
        let document = Self.everyKind
        let ns = document.nsAttributedString(linkScheme: scheme)
        XCTAssertEqual(ns.string, document.text)
        for link in document.links {
            var effective = NSRange(location: 0, length: 0)
            let attributes = ns.attributes(at: link.range.utf16.location, effectiveRange: &effective)
            XCTAssertEqual(effective, NSRange(location: link.range.utf16.location, length: link.range.utf16.length), link.text)
            XCTAssertEqual(attributes[.linkDocTarget] as? LinkTarget, link.target)
            XCTAssertEqual(attributes[.linkDocKind] as? LinkKind, link.kind)
            XCTAssertEqual(attributes[.linkDocLink] as? URL, link.tapURL(scheme: scheme))
        }
        let style = try XCTUnwrap(ns.attribute(.linkDocStyle, at: 0, effectiveRange: nil) as? TextStyle)
        XCTAssertEqual(style.bold, true)
        XCTAssertEqual((ns.attribute(.linkDocAttachment, at: 0, effectiveRange: nil) as? Attachment)?.alt, "a")
        XCTAssertNil(ns.attribute(.linkDocTarget, at: 2, effectiveRange: nil), "text between links has no link")
        XCTAssertNil(document.nsAttributedString().attribute(.linkDocLink, at: document.links[1].range.utf16.location, effectiveRange: nil),
                     "without a scheme a mention without URL has no link")
        XCTAssertEqual(NSAttributedString.Key.linkDocLink.rawValue, "NSLink", "UIKit's and AppKit's .link")
    }

    static func range(_ text: String, _ part: String, from: Int = 0) -> TextRange {
        let scalars = Array(text.unicodeScalars)
        let needle = Array(part.unicodeScalars)
        var start = from
        while Array(scalars[start..<start + needle.count]) != needle { start += 1 }
        func position(_ n: Int) -> TextPosition {
            let prefix = String(String.UnicodeScalarView(scalars[..<n]))
            return TextPosition(utf16: prefix.utf16.count, scalars: n, utf8: prefix.utf8.count)
        }
        return position(start).range(to: position(start + needle.count))
    }

    static let everyKind: Document = {
        let text = "😀 请阅读《用户协议》@小明 展开 #话题# https://example.com"
        func link(_ part: String, _ url: String?, _ target: LinkTarget) -> Link {
            Link(text: part, range: range(text, part), url: url, target: target)
        }
        return Document(text: text, links: [
            link("《用户协议》", "https://example.com/terms", .agreement(id: "terms", title: "用户协议")),
            link("@小明", nil, .mention(name: "小明", userID: "u_1")),
            link("展开", nil, .action(name: "expand")),
            link("#话题#", nil, .topic(name: "话题", id: nil)),
            link("https://example.com", "https://example.com", .url),
        ], styles: [Style(range: range(text, "😀"), bold: true)],
           attachments: [Attachment(range: range(text, "😀"), url: nil, alt: "a", width: nil, height: nil)])
    }()
}
