// Unit tests for the iOS-safe form, the link checks, mailto/tel, the spoof check and hostile input.

import Foundation
import XCTest
@testable import LinkDocURL

final class IOSSafeTests: XCTestCase {
    private func safe(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let url = WHATWGURL(input) else {
            XCTFail("\(input) did not parse", file: file, line: line)
            return nil
        }
        return url.iOSSafe
    }

    func testNonASCIIAndSpaceBecomeEscapes() {
        XCTAssertEqual(safe("https://例子.公司/隐私 政策?页=1"),
                       "https://xn--fsqu00a.xn--55qx5d/%E9%9A%90%E7%A7%81%20%E6%94%BF%E7%AD%96?%E9%A1%B5=1")
        XCTAssertEqual(safe("https://Bücher.example/straße"), "https://xn--bcher-kva.example/stra%C3%9Fe")
        // The opaque path of mailto: keeps a space in href; iOS needs %20.
        XCTAssertEqual(WHATWGURL("mailto:a b@example.com")?.href, "mailto:a b@example.com")
        XCTAssertEqual(safe("mailto:a b@example.com"), "mailto:a%20b@example.com")
    }

    func testCharactersRFC3986Rejects() {
        XCTAssertEqual(safe("https://example.com/a|b"), "https://example.com/a%7Cb")
        XCTAssertEqual(safe("https://example.com/?a={b}"), "https://example.com/?a=%7Bb%7D")
        XCTAssertEqual(safe("https://example.com/?a^b"), "https://example.com/?a%5Eb")
        XCTAssertEqual(safe("https://example.com/?a`b"), "https://example.com/?a%60b")
        XCTAssertEqual(safe("https://example.com/?a\\b#c\\d"), "https://example.com/?a%5Cb#c%5Cd")
        XCTAssertEqual(safe("https://example.com/?a[0]=1#[x]"), "https://example.com/?a%5B0%5D=1#%5Bx%5D")
        XCTAssertEqual(safe("myapp:say\"hi\"<b>"), "myapp:say%22hi%22%3Cb%3E")
        // A non-special path keeps "\" and "|" in href.
        XCTAssertEqual(safe("myapp://host/a\\b|c"), "myapp://host/a%5Cb%7Cc")
        // Hosts: opaque and domain names may hold characters RFC 3986 reg-name does not allow.
        XCTAssertEqual(safe("myapp://a{b}/"), "myapp://a%7Bb%7D/")
        XCTAssertEqual(safe("https://a`b.com/"), "https://a%60b.com/")
        // Userinfo.
        XCTAssertEqual(safe("https://us{er:pa|ss@example.com/"), "https://us%7Ber:pa%7Css@example.com/")
    }

    func testIPv6BracketsStay() {
        XCTAssertEqual(safe("https://[2001:DB8:0:0:0:0:0:1]:8443/x?y[1]"), "https://[2001:db8::1]:8443/x?y%5B1%5D")
    }

    func testPercentSigns() {
        XCTAssertEqual(safe("https://example.com/100%"), "https://example.com/100%25")
        XCTAssertEqual(safe("https://example.com/%zz?%4"), "https://example.com/%25zz?%254")
        XCTAssertEqual(safe("https://example.com/%41%e2%82%ac"), "https://example.com/%41%e2%82%ac")
    }

    func testSecondHash() {
        XCTAssertEqual(WHATWGURL("https://example.com/#a#b")?.href, "https://example.com/#a#b")
        XCTAssertEqual(safe("https://example.com/#a#b"), "https://example.com/#a%23b")
    }

    func testControlCharacters() {
        XCTAssertEqual(safe("https://example.com/a\u{1}b\u{7F}"), "https://example.com/a%01b%7F")
        XCTAssertEqual(safe("myapp:x\u{7F}y"), "myapp:x%7Fy")
    }

    func testOutputIsAlwaysASCIIAndRFC3986() {
        let inputs = ["https://例子.公司/隐私 政策?页=1#片段 #2", "myapp:\"{|}\" ^`", "foo://h/[]\\?[]#[]%", "https://x/%"]
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)
        for input in inputs {
            guard let s = safe(input) else { continue }
            XCTAssertTrue(s.utf8.allSatisfy { allowed.contains($0) }, s)
            XCTAssertLessThanOrEqual(s.filter { $0 == "#" }.count, 1, s)
        }
    }
}

final class LinkURLCheckTests: XCTestCase {
    let policy = LinkURLPolicy()

    private func rules(_ check: LinkURLCheck) -> [String] { check.problems.map(\.ruleID.rawValue) }

    func testValidHTTPSHasNoProblems() {
        let check = checkLinkURL("https://example.com/privacy?x=1#top", policy: policy)
        XCTAssertEqual(check.problems, [])
        XCTAssertEqual(check.href, "https://example.com/privacy?x=1#top")
        XCTAssertEqual(check.url, "https://example.com/privacy?x=1#top")
        XCTAssertEqual(check.host, "example.com")
        XCTAssertNotNil(check.url)
    }

    func testInvalidURLCarriesTheStandardsReason() {
        let cases = [
            ("privacy policy", "missing-scheme-non-relative-URL"),
            ("myapp://a b/", "host-invalid-code-point"),
            ("https://exa<mple.com/", "domain-invalid-code-point"),
            ("https://example.com:99999/", "port-out-of-range"),
            ("https://example.com:8o/", "port-invalid"),
            ("https://[::1/", "IPv6-unclosed"),
            ("https://1.2.3.256/", "IPv4-out-of-range-part"),
            ("https://\u{200D}.example/", "domain-to-ASCII"),
            ("https:///", "host-missing"),
        ]
        for (input, reason) in cases {
            let check = checkLinkURL(input, policy: LinkURLPolicy(allowedSchemes: ["https", "myapp"]))
            XCTAssertEqual(rules(check), ["invalid-url"], input)
            XCTAssertEqual(check.problems.first?.severity, .error)
            XCTAssertTrue(check.problems.first?.message.contains(reason) == true, "\(input): \(check.problems)")
            XCTAssertNil(check.href)
            XCTAssertNil(check.url)
        }
    }

    func testDangerousSchemesAreAlwaysDisallowed() {
        let everything = LinkURLPolicy(allowedSchemes: ["https", "javascript", "data", "vbscript", "file"])
        let inputs = [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
            "  \u{01}\u{1F}javascript:alert(1)", "\u{0}javascript:alert(1) ", "data:text/html,<script>x</script>",
            "vbscript:msgbox", "file:///etc/passwd", "FILE://host/x",
        ]
        for input in inputs {
            for p in [policy, everything] {
                let check = checkLinkURL(input, policy: p)
                XCTAssertEqual(rules(check), ["disallowed-scheme"], input)
                XCTAssertEqual(check.problems.first?.severity, .error)
                XCTAssertNil(check.url, input)
                XCTAssertNil(check.href, input)
            }
        }
    }

    func testSchemeMustBeInPolicy() {
        XCTAssertEqual(rules(checkLinkURL("ftp://example.com/x", policy: policy)), ["unlisted-scheme"])
        XCTAssertEqual(rules(checkLinkURL("myapp://open/settings", policy: policy)), ["unlisted-scheme"])
        let custom = checkLinkURL("MyApp://open/settings", policy: LinkURLPolicy(allowedSchemes: ["https", "myapp"]))
        XCTAssertEqual(custom.url, "myapp://open/settings")
        XCTAssertNotNil(custom.url)
        XCTAssertEqual(rules(checkLinkURL("mailto:dpo@example.com", policy: policy)), [])
        XCTAssertEqual(rules(checkLinkURL("tel:+8613800138000", policy: policy)), [])
    }

    func testInsecureHTTPWarnsButIsUsable() {
        let check = checkLinkURL("http://example.com/", policy: policy)
        XCTAssertEqual(rules(check), ["insecure-url"])
        XCTAssertEqual(check.problems.first?.severity, .warning)
        XCTAssertEqual(check.url, "http://example.com/")
        XCTAssertEqual(rules(checkLinkURL("https://example.com/", policy: policy)), [])
    }

    func testHomographHostWarns() {
        let check = checkLinkURL("https://аpple.com/login", policy: policy)  // Cyrillic а
        XCTAssertTrue(rules(check).contains("homograph-host"), "\(check.problems)")
        XCTAssertEqual(check.host, "xn--pple-43d.com")
        XCTAssertEqual(check.url, "https://xn--pple-43d.com/login")
        for input in ["https://例子.公司/", "https://bücher.example/", "https://日本語.jp/", "https://apple.com/"] {
            XCTAssertFalse(rules(checkLinkURL(input, policy: policy)).contains("homograph-host"), input)
        }
    }

    func testEncodedURLInfoSaysWhatIOSOpens() {
        let check = checkLinkURL("https://例子.公司/隐私 政策?页=1", policy: policy)
        XCTAssertEqual(rules(check), ["encoded-url"])
        XCTAssertEqual(check.problems.first?.severity, .info)
        let expected = "https://xn--fsqu00a.xn--55qx5d/%E9%9A%90%E7%A7%81%20%E6%94%BF%E7%AD%96?%E9%A1%B5=1"
        XCTAssertEqual(check.url, expected)
        XCTAssertTrue(check.problems.first?.message.contains(expected) == true)
        XCTAssertEqual(rules(checkLinkURL("https://example.com/a b", policy: policy)), ["encoded-url"])
        XCTAssertEqual(rules(checkLinkURL("https://example.com/a|b", policy: policy)), ["encoded-url"])
        // Only case of scheme/host or the implied "/" path: no note.
        XCTAssertEqual(rules(checkLinkURL("HTTPS://EXAMPLE.com/Path", policy: policy)), [])
        XCTAssertEqual(rules(checkLinkURL("https://example.com", policy: policy)), [])
        XCTAssertEqual(rules(checkLinkURL("https://example.com?q=1", policy: policy)), [])
        XCTAssertEqual(rules(checkLinkURL("https://example.com/PATH", policy: policy)), [])
        // Path case is not normalization.
        XCTAssertEqual(checkLinkURL("https://example.com/PATH", policy: policy).url, "https://example.com/PATH")
    }

    func testOverlongInputIsAnError() {
        let long = "https://example.com/" + String(repeating: "a", count: 32 * 1024)
        let check = checkLinkURL(long, policy: policy)
        XCTAssertEqual(rules(check), ["invalid-url"])
        XCTAssertTrue(check.problems.first?.message.contains("input-too-long") == true)
        XCTAssertEqual(WHATWGURL.parse(long), .failure(.inputTooLong))
        // The limit is a parameter.
        XCTAssertNotNil(checkLinkURL(long, policy: LinkURLPolicy(maxLength: 64 * 1024)).url)
        XCTAssertEqual(rules(checkLinkURL("https://example.com/abc", policy: LinkURLPolicy(maxLength: 10))), ["invalid-url"])
    }

    func testMultipleProblems() {
        let check = checkLinkURL("http://аpple.com/隐私", policy: policy)
        XCTAssertEqual(rules(check), ["insecure-url", "homograph-host", "encoded-url"])
    }
}

final class MailtoTelTests: XCTestCase {
    func testMailto() {
        XCTAssertEqual(mailtoURL(address: "dpo@例子.公司"), "mailto:dpo@xn--fsqu00a.xn--55qx5d")
        XCTAssertEqual(mailtoURL(address: " privacy@Example.COM "), "mailto:privacy@example.com")
        XCTAssertEqual(mailtoURL(address: "first.last+tag@example.com"), "mailto:first.last+tag@example.com")
        XCTAssertEqual(mailtoURL(address: "a b&c=d?%#@example.com"), "mailto:a%20b%26c%3Dd%3F%25%23@example.com")
        XCTAssertEqual(mailtoURL(address: "用户@例子.公司"), "mailto:%E7%94%A8%E6%88%B7@xn--fsqu00a.xn--55qx5d")
        XCTAssertNil(mailtoURL(address: "no-at-sign"))
        XCTAssertNil(mailtoURL(address: "@example.com"))
        XCTAssertNil(mailtoURL(address: "dpo@"))
        XCTAssertNil(mailtoURL(address: "dpo@exa mple.com"))
        // The result passes the link checks unchanged.
        if let m = mailtoURL(address: "dpo@例子.公司") {
            XCTAssertEqual(checkLinkURL(m, policy: LinkURLPolicy()).url, m)
        }
    }

    func testTel() {
        XCTAssertEqual(TelNumber(spelled: "+86 138-0013-8000")?.url, "tel:+8613800138000")
        XCTAssertEqual(TelNumber(spelled: "(555) 123-4567")?.url, "tel:5551234567")
        XCTAssertEqual(TelNumber(spelled: "＋８６ １３８")?.url, "tel:+86138")  // full-width digits and plus as the ASCII ones
        XCTAssertEqual(TelNumber(spelled: "%2B86-400")?.url, "tel:+86400")  // percent-encoded as hrefs often are
        XCTAssertEqual(TelNumber(spelled: "+86 400 820 8820")?.url, "tel:+864008208820")
        XCTAssertEqual(TelNumber(spelled: "021-12345678;ext=801")?.url, "tel:02112345678;ext=801")
        XCTAssertEqual(TelNumber(spelled: "400–622–1776;phone-context=+86")?.url, "tel:4006221776")  // en dashes; context dropped
        XCTAssertNil(TelNumber(spelled: "1+2")?.url)  // a + after a digit: no number
        XCTAssertNil(TelNumber(spelled: "call us")?.url)
        XCTAssertNil(TelNumber(spelled: "400;ext=")?.url)
        XCTAssertNil(TelNumber(spelled: "+")?.url)
    }
}

final class SpoofTests: XCTestCase {
    func testMixedScriptsAreFlagged() {
        XCTAssertEqual(hostSpoof("аpple.com"), .mixedScripts)          // Cyrillic а + Latin
        XCTAssertEqual(hostSpoof("xn--pple-43d.com"), .mixedScripts)   // the same, as punycode
        XCTAssertEqual(hostSpoof("pаypal.com"), .mixedScripts)
        XCTAssertEqual(hostSpoof("www.gοogle.com"), .mixedScripts)     // Greek ο + Latin
    }

    func testWholeScriptLookalikesAreFlagged() {
        XCTAssertEqual(hostSpoof("аррӏе.com"), .wholeScriptLookalike)  // all Cyrillic
        XCTAssertEqual(hostSpoof(domainToASCIIForTests("аррӏе.com")), .wholeScriptLookalike, "as punycode")
        XCTAssertEqual(hostSpoof("www.οο.com"), .wholeScriptLookalike)  // all Greek
        // At home under its country's top-level domain, the script spells words of the language.
        XCTAssertNil(hostSpoof("аррӏе.ru"))
        XCTAssertNil(hostSpoof("сосо.рф"))
    }

    func testSingleScriptHostsAreNotFlagged() {
        for host in ["例子.公司", "xn--fsqu00a.xn--55qx5d", "bücher.example", "xn--bcher-kva.example",
                     "日本語.jp", "アップル.jp", "пример.рф", "сайт.com", "example.com", "my-site.example", "127.0.0.1"] {
            XCTAssertNil(hostSpoof(host), host)
        }
    }

    private func domainToASCIIForTests(_ host: String) -> String { WHATWGURL("https://" + host)?.serializedHost ?? host }
}

final class HostileInputTests: XCTestCase {
    func testInvalidUTF8EscapesAreKept() {
        // The Standard never decodes path/query escapes: invalid UTF-8 stays as written.
        XCTAssertEqual(WHATWGURL("https://example.com/%C3%28?%FF#%80")?.href, "https://example.com/%C3%28?%FF#%80")
        XCTAssertEqual(WHATWGURL("https://example.com/%C3%28")?.iOSSafe, "https://example.com/%C3%28")
        // In a host they are decoded, and invalid UTF-8 becomes U+FFFD, which IDNA rejects.
        XCTAssertEqual(WHATWGURL.parse("https://%C3%28.com/"), .failure(.domainToASCII))
        XCTAssertEqual(WHATWGURL("https://%C3%BC.com/")?.host, "xn--tda.com")
    }

    func testControlCharactersInHostFail() {
        XCTAssertEqual(WHATWGURL.parse("https://exa\u{0}mple.com/"), .failure(.domainInvalidCodePoint))
        XCTAssertEqual(WHATWGURL.parse("https://exa%00mple.com/"), .failure(.domainInvalidCodePoint))
        XCTAssertEqual(WHATWGURL.parse("myapp://exa\u{0}mple/"), .failure(.hostInvalidCodePoint))
        XCTAssertEqual(WHATWGURL("\u{0}\u{1F} https://example.com/ \u{1F}")?.href, "https://example.com/")
    }

    func testMegabyteOfPercentSigns() {
        let n = 1 << 20
        let input = "https://example.com/" + String(repeating: "%", count: n)
        guard case .success(let url) = WHATWGURL.parse(input, maxLength: 2 << 20) else { return XCTFail("no parse") }
        XCTAssertEqual(url.pathname.utf8.count, n + 1)
        XCTAssertEqual(url.iOSSafe.utf8.count, "https://example.com/".utf8.count + 3 * n)
        // Also in the query and the fragment.
        let q = "https://example.com/?" + String(repeating: "%", count: n) + "#" + String(repeating: "%", count: n)
        guard case .success(let url2) = WHATWGURL.parse(q, maxLength: 3 << 20) else { return XCTFail("no parse") }
        XCTAssertEqual(url2.search.utf8.count, n + 1)
        XCTAssertEqual(url2.hash.utf8.count, n + 1)
    }

    func testMegabyteOfDotDotSegments() {
        let n = (1 << 20) / 3
        let input = "https://example.com" + String(repeating: "/..", count: n) + "/end"
        guard case .success(let url) = WHATWGURL.parse(input, maxLength: 2 << 20) else { return XCTFail("no parse") }
        XCTAssertEqual(url.href, "https://example.com/end")
        let deep = "https://example.com" + String(repeating: "/a", count: n) + String(repeating: "/%2E%2e", count: n - 1)
        guard case .success(let url2) = WHATWGURL.parse(deep, maxLength: 4 << 20) else { return XCTFail("no parse") }
        XCTAssertEqual(url2.href, "https://example.com/a/")  // a final ".." leaves an empty segment
        let file = "file:///C:" + String(repeating: "/..", count: n)
        XCTAssertEqual(WHATWGURL.parse(file, maxLength: 2 << 20).map(\.href), .success("file:///C:/"))
    }

    func testMegabyteOfOtherShapes() {
        let n = 1 << 20
        // Many "@" in the authority (each one re-encodes only the part since the previous one).
        let at = "https://" + String(repeating: "a@", count: n / 2) + "example.com/"
        guard case .success(let url) = WHATWGURL.parse(at, maxLength: 2 << 20) else { return XCTFail("no parse") }
        XCTAssertEqual(url.hostname, "example.com")
        XCTAssertEqual(url.username.utf8.count, 1 + (n / 2 - 1) * 4)
        // A huge port, a huge IPv4-looking host and a huge IPv6 literal fail cleanly.
        XCTAssertEqual(WHATWGURL.parse("https://h:" + String(repeating: "9", count: n), maxLength: 2 << 20), .failure(.portOutOfRange))
        XCTAssertEqual(WHATWGURL.parse("https://" + String(repeating: "9", count: n), maxLength: 2 << 20), .failure(.ipv4OutOfRangePart))
        XCTAssertEqual(WHATWGURL.parse("https://[" + String(repeating: "1:", count: n / 2) + "]", maxLength: 2 << 20), .failure(.ipv6TooManyPieces))
        // A huge non-ASCII host goes through ICU once and fails cleanly (ICU's Punycode refuses
        // labels that long); a long but sane one works.
        let label = String(repeating: "ü", count: n / 4)
        XCTAssertEqual(WHATWGURL.parse("https://\(label).example/", maxLength: 2 << 20), .failure(.domainToASCII))
        let sane = String(repeating: "ü", count: 150)
        XCTAssertEqual(WHATWGURL(String("https://\(sane).example/"))?.hostname.hasPrefix("xn--"), true)
    }

    func testIPv4AndIPv6Forms() {
        XCTAssertEqual(WHATWGURL("https://0x7f.1/")?.host, "127.0.0.1")
        XCTAssertEqual(WHATWGURL("https://0177.0.0.01/")?.host, "127.0.0.1")
        XCTAssertEqual(WHATWGURL("https://4294967295/")?.host, "255.255.255.255")
        XCTAssertEqual(WHATWGURL.parse("https://4294967296/"), .failure(.ipv4OutOfRangePart))
        XCTAssertEqual(WHATWGURL("https://[0:0:0:0:0:ffff:1.2.3.4]/")?.host, "[::ffff:102:304]")
        XCTAssertEqual(WHATWGURL("https://[1:0:0:2:0:0:0:3]/")?.host, "[1:0:0:2::3]")
        XCTAssertEqual(WHATWGURL.parse("https://[1::2::3]/"), .failure(.ipv6MultipleCompression))
    }

    func testThreadSafetyOfICU() {
        let inputs = ["https://例子.公司/", "https://bücher.example/", "https://аpple.com/", "https://日本語.jp/"]
        let expected = inputs.map { checkLinkURL($0, policy: LinkURLPolicy()) }
        let mismatches = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 2000) { i in
            let k = i % inputs.count
            let got = checkLinkURL(inputs[k], policy: LinkURLPolicy())
            if got.url != expected[k].url || got.problems != expected[k].problems { mismatches.increment() }
        }
        XCTAssertEqual(mismatches.value, 0)
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

final class URLReportTests: XCTestCase {
    func testFields() {
        func fields(_ input: String, _ base: String? = nil) -> [String?] {
            let r = URLReport(input: input, base: base)
            return [r.input, r.href, r.url, r.host, r.error]
        }
        XCTAssertEqual(fields("https://例子.公司/a b"),
                       ["https://例子.公司/a b", "https://xn--fsqu00a.xn--55qx5d/a%20b", "https://xn--fsqu00a.xn--55qx5d/a%20b", "xn--fsqu00a.xn--55qx5d", nil])
        XCTAssertEqual(fields("../x?\"q\"", "https://h/a/b/c"), ["../x?\"q\"", "https://h/a/x?%22q%22", "https://h/a/x?%22q%22", "h", nil])
        XCTAssertEqual(fields("nope\t\u{1}\\"), ["nope\t\u{1}\\", nil, nil, nil, "missing-scheme-non-relative-URL"])
        XCTAssertEqual(fields("mailto:x@y"), ["mailto:x@y", "mailto:x@y", "mailto:x@y", nil, nil])
        XCTAssertEqual(fields("JavaScript:alert(1)"), ["JavaScript:alert(1)", "javascript:alert(1)", nil, nil, "disallowed-scheme"])
        XCTAssertEqual(fields("x", "bad base"), ["x", nil, nil, nil, "base: missing-scheme-non-relative-URL"])
    }

    func testDomainAPIs() {
        XCTAssertEqual(domainToASCII("例子.公司"), "xn--fsqu00a.xn--55qx5d")
        XCTAssertEqual(domainToASCII("xn--a"), "xn--a")         // all-ASCII: lowercased only
        XCTAssertEqual(domainToASCII("XN--A.Com"), "xn--a.com")
        XCTAssertNil(domainToASCII("xn--a.ß"))                    // non-ASCII: full ToASCII, bad punycode fails
        XCTAssertNil(domainToASCII("a_b.com", beStrict: true))    // STD3 rules only when strict
        XCTAssertEqual(domainToASCII("a_b.com"), "a_b.com")
        XCTAssertEqual(domainToUnicode("xn--fsqu00a.xn--55qx5d"), "例子.公司")
        XCTAssertEqual(hostToASCII("0x7f.1"), .success("127.0.0.1"))
        XCTAssertEqual(hostToASCII("a<b"), .failure(.domainInvalidCodePoint))
    }
}

final class SchemeSuggestionTests: XCTestCase {
    func testATargetWithoutSchemeThatReadsAsADomainSuggestsHTTPS() {
        let policy = LinkURLPolicy(allowedSchemes: ["https"])
        XCTAssertEqual(checkLinkURL("example.com", policy: policy).problems.first?.message,
                       "not a valid URL (missing-scheme-non-relative-URL); did you mean https://example.com?")
        XCTAssert(checkLinkURL("www.例子.公司/隐私", policy: policy).problems.first?.message.hasSuffix("did you mean https://www.例子.公司/隐私?") == true)
        for notADomain in ["privacy policy", "privacy", "/terms", "./a.html", "#top", "v1.2", "a.b c", "1.2.3.4", "terms.html", "Privacy.PDF"] {
            XCTAssertFalse(checkLinkURL(notADomain, policy: policy).problems.first?.message.contains("did you mean") == true, notADomain)
        }
    }
}
