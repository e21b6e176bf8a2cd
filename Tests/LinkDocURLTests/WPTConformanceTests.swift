// Conformance tests against web-platform-tests URL data.
//
// The data files in ../shared/conformance/wpt-url/ (urltestdata.json, toascii.json,
// IdnaTestV2.json, percent-encoding.json) come from web-platform-tests (https://github.com/web-platform-tests/wpt,
// url/resources/), via ada-url/ada's vendored copy; see PROVENANCE.txt there.
// They are licensed under the 3-Clause BSD License: Copyright © web-platform-tests contributors.
//
// Every case is run. A case may fail only if it is listed in Grammar/url-known-gaps.txt (cases
// where the system ICU 72 implements an older Unicode/UTS #46 than the test data); every listed
// gap must still fail, so the list cannot go stale.

import Foundation
import XCTest
@testable import LinkDocURL

/// Package root, from this file's location (Tests/LinkDocURLTests/<file>).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func wptData(_ name: String) throws -> [Any] {
    let dir = packageRoot.appendingPathComponent("../shared/conformance/wpt-url").standardized
    let file = dir.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: file.path) else {
        // A clone without ../shared: the suite did not run, and says so (counted as skipped, not failed).
        throw XCTSkip("WPT URL conformance (\(name)): did not run: \(file.path) is missing. It is web-platform-tests' "
            + "url/resources/\(name) as ada-url/ada vendors it (tests/wpt/ at commit 308110b26b32d12db492d460a41e57932366269d); "
            + "put it in ../shared/conformance/wpt-url/ next to the package (README: Conformance data)")
    }
    let data = replacingLoneSurrogateEscapes(try String(contentsOf: file, encoding: .utf8))
    guard let array = try JSONSerialization.jsonObject(with: data) as? [Any] else {
        XCTFail("\(name) is not a JSON array")
        throw CocoaError(.fileReadCorruptFile)
    }
    return array
}

/// IdnaTestV2.json holds lone surrogates ("\\ud800"), which JavaScript turns into U+FFFD when
/// a string reaches the URL parser (USVString). JSONSerialization rejects them, so they are
/// replaced by "\\ufffd" here, giving the same input the WPT test runs.
func replacingLoneSurrogateEscapes(_ text: String) -> Data {
    let chars = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(chars.count)
    func hex4(_ i: Int) -> UInt32? {
        guard i + 6 <= chars.count, chars[i] == UInt8(ascii: "\\"), chars[i + 1] == UInt8(ascii: "u") else { return nil }
        return UInt32(String(decoding: chars[(i + 2) ..< (i + 6)], as: UTF8.self), radix: 16)
    }
    var i = 0
    while i < chars.count {
        if chars[i] == UInt8(ascii: "\\"), i + 1 < chars.count {
            if let unit = hex4(i) {
                if (0xD800 ... 0xDBFF).contains(unit), let low = hex4(i + 6), (0xDC00 ... 0xDFFF).contains(low) {
                    out.append(contentsOf: chars[i ..< (i + 12)])
                    i += 12
                } else if (0xD800 ... 0xDFFF).contains(unit) {
                    out.append(contentsOf: Array("\\ufffd".utf8))
                    i += 6
                } else {
                    out.append(contentsOf: chars[i ..< (i + 6)])
                    i += 6
                }
            } else {
                out.append(chars[i])
                out.append(chars[i + 1])
                i += 2
            }
        } else {
            out.append(chars[i])
            i += 1
        }
    }
    return Data(out)
}

/// A known gap: suite name, the case's input, and why it fails.
struct KnownGap: Hashable {
    let suite: String
    let input: String
    let reason: String
}

/// Grammar/url-known-gaps.txt: `suite<TAB>"JSON-escaped input"<TAB>reason`, "#" comments.
func loadKnownGaps() throws -> [KnownGap] {
    let file = packageRoot.appendingPathComponent("Grammar/url-known-gaps.txt")
    let text = try String(contentsOf: file, encoding: .utf8)
    var gaps: [KnownGap] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3,
              let input = try JSONSerialization.jsonObject(with: Data(fields[1].utf8), options: [.fragmentsAllowed]) as? String
        else {
            XCTFail("malformed known-gaps line: \(line)")
            continue
        }
        gaps.append(KnownGap(suite: String(fields[0]), input: input, reason: String(fields[2])))
    }
    return gaps
}

/// ASCII-only JSON string literal (non-ASCII as \uXXXX), the escaping used in the gaps file.
func escapedForGaps(_ s: String) -> String {
    var out = "\""
    for unit in s.utf16 {
        switch unit {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0x20 ..< 0x7F: out += String(UnicodeScalar(UInt8(unit)))
        default: out += String(format: "\\u%04x", unit)
        }
    }
    return out + "\""
}

final class WPTConformanceTests: XCTestCase {
    /// Checks failures against the gap list for `suite`, prints the counts.
    private func report(suite: String, total: Int, failures: [(input: String, detail: String)]) throws {
        let gaps = try loadKnownGaps().filter { $0.suite == suite }
        let gapInputs = Set(gaps.map(\.input))
        let failingInputs = Set(failures.map(\.input))
        let unexpected = failures.filter { !gapInputs.contains($0.input) }
        let knownGapCases = failures.count - unexpected.count
        for f in unexpected {
            XCTFail("\(suite): \(escapedForGaps(f.input)): \(f.detail)")
        }
        for gap in gaps where !failingInputs.contains(gap.input) {
            XCTFail("\(suite): listed gap \(escapedForGaps(gap.input)) passes now; remove it from Grammar/url-known-gaps.txt")
        }
        print("\(suite): \(total - failures.count) passed, \(knownGapCases) known ICU-72 gaps, \(unexpected.count) failed (of \(total))")
    }

    func testURLTestData() throws {
        let cases = try wptData("urltestdata.json").compactMap { $0 as? [String: Any] }
        XCTAssertEqual(cases.count, 891)
        var failures: [(input: String, detail: String)] = []
        for c in cases {
            guard let input = c["input"] as? String else { XCTFail("case without input"); continue }
            var base: WHATWGURL? = nil
            if let baseString = c["base"] as? String {
                guard case .success(let b) = WHATWGURL.parse(baseString) else {
                    failures.append((input, "base \(baseString) failed to parse"))
                    continue
                }
                base = b
            }
            let result = WHATWGURL.parse(input, base: base)
            if c["failure"] as? Bool == true {
                if case .success(let url) = result {
                    failures.append((input, "expected failure, got \(url.href)"))
                }
                continue
            }
            guard case .success(let url) = result else {
                if case .failure(let e) = result { failures.append((input, "unexpected failure \(e.rawValue)")) }
                continue
            }
            var mismatches: [String] = []
            let actual: [String: String] = [
                "href": url.href, "protocol": url.protocol, "username": url.username,
                "password": url.password, "host": url.host, "hostname": url.hostname, "port": url.port,
                "pathname": url.pathname, "search": url.search, "hash": url.hash, "origin": url.origin,
            ]
            for key in ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"] {
                guard let expected = c[key] as? String else {
                    if key != "origin" { mismatches.append("\(key) missing in test data") }
                    continue
                }
                if actual[key] != expected { mismatches.append("\(key): expected \(expected) got \(actual[key] ?? "nil")") }
            }
            if !mismatches.isEmpty { failures.append((input, mismatches.joined(separator: "; "))) }
        }
        try report(suite: "urltestdata", total: cases.count, failures: failures)
    }

    /// As WPT's toascii.window.js: the host of new URL("https://" + input + "/x").
    private func runHostCases(file: String, suite: String, expectedCount: Int) throws {
        let cases = try wptData(file).compactMap { $0 as? [String: Any] }
        XCTAssertEqual(cases.count, expectedCount)
        var failures: [(input: String, detail: String)] = []
        var tested = 0
        for c in cases {
            guard let input = c["input"] as? String else { XCTFail("case without input"); continue }
            let expected = c["output"] as? String
            if input.isEmpty {
                // "https:///x" would read "x" as the host; WPT skips this case too. The
                // Standard's domain to ASCII fails on "" (empty result), which we check directly.
                XCTAssertNil(domainToASCII(""))
                tested += 1
                continue
            }
            tested += 1
            let result = WHATWGURL.parse("https://\(input)/x")
            switch (result, expected) {
            case (.failure, nil):
                break
            case (.success(let url), nil):
                failures.append((input, "expected failure, got host \(url.host)"))
            case (.failure(let e), let output?):
                failures.append((input, "expected \(output), got failure \(e.rawValue)"))
            case (.success(let url), let output?):
                let output = output.lowercased()
                if url.host != output || url.hostname != output || url.pathname != "/x" || url.href != "https://\(output)/x" {
                    failures.append((input, "expected \(output), got host \(url.host) pathname \(url.pathname)"))
                }
            }
        }
        XCTAssertEqual(tested, cases.count)
        try report(suite: suite, total: cases.count, failures: failures)
    }

    func testToASCII() throws {
        try runHostCases(file: "toascii.json", suite: "toascii", expectedCount: 87)
    }

    func testIdnaTestV2() throws {
        try runHostCases(file: "IdnaTestV2.json", suite: "IdnaTestV2", expectedCount: 2671)
    }

    func testPercentEncoding() throws {
        let cases = try wptData("percent-encoding.json").compactMap { $0 as? [String: Any] }
        XCTAssertEqual(cases.count, 7)
        var passed = 0
        for c in cases {
            guard let input = c["input"] as? String, let output = (c["output"] as? [String: String])?["utf-8"] else {
                XCTFail("bad percent-encoding case \(c)")
                continue
            }
            // The utf-8 column is what UTF-8 percent-encoding with the special-query set gives
            // (WPT runs it through the query of a special URL): check the encoder on its own and
            // the parser's query state.
            let viaEncoder = percentEncode(input, using: .specialQuery)
            let viaParser = WHATWGURL("https://example.org/?\(input)")?.query
            if viaEncoder == output, viaParser == output {
                passed += 1
            } else {
                XCTFail("percent-encoding \(escapedForGaps(input)): expected \(output), encoder \(viaEncoder), parser \(viaParser ?? "nil")")
            }
        }
        print("percent-encoding (utf-8): \(passed) passed, \(cases.count - passed) failed (of \(cases.count))")
    }
}
