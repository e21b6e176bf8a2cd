// Phone detection against other projects' own test cases, read at run time from
// ../shared/conformance/peers/ (see PROVENANCE.md there; never copied into this repository):
// - libphonenumber: the PhoneNumberMatcherTest leniency cases and the CN example numbers
//   (Apache-2.0, google/libphonenumber);
// - aosp: the PHONE assertions of Android's PatternsTest (Apache-2.0, AOSP).
//
// Every case runs. A case may come out otherwise than the peer says only if it is listed, with
// its reason, in Grammar/peer-differences/<peer>.txt; a listed case that agrees with the peer
// now fails the test too, so the lists cannot go stale. Where ../shared is missing, each suite
// says by name that it did not run (an XCTSkip, counted as skipped), and nothing fails.

import Foundation
import LinkDocCore
import LinkDocModel
import XCTest

final class PhoneConformanceTests: XCTestCase {
    /// The phone links linkdoc finds in `text`, with no manifest (every detector on).
    private func phones(in text: String) -> [Link] {
        let result = Compiler().compile(text, name: "<peer>")
        return (result.document?.links ?? []).filter { $0.kind == .phone }
    }

    /// "a phone link covering the whole input (trimmed)", "a phone link somewhere" or "none",
    /// with the link's text, to compare with what the peer expects.
    private func verdict(_ text: String) -> (whole: Bool, found: Bool, description: String) {
        let links = phones(in: text)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let whole = links.count == 1 && links[0].text == trimmed
        let description = links.isEmpty ? "no number" : links.map { "\($0.text) → \($0.url ?? "")" }.joined(separator: ", ")
        return (whole, !links.isEmpty, description)
    }

    /// Tallies a suite's outcomes against Grammar/peer-differences/<peer>.txt (section = suite):
    /// fails on each unlisted difference and each listed case that agrees now; prints the counts.
    private func report(peer: String, suite: String, _ outcomes: [(input: String, expected: String, actual: String)]) throws {
        let tally = try PeerTally(suite: peer)
        for o in outcomes { tally.record(section: suite, input: o.input, expected: o.expected, actual: o.actual) }
        tally.finish()
    }

    // MARK: Suites

    /// PhoneNumberMatcherTest's cases by leniency. libphonenumber's `findNumbers` defaults to
    /// VALID: the IMPOSSIBLE and POSSIBLE_ONLY strings hold no number there, the VALID,
    /// STRICT_GROUPING and EXACT_GROUPING strings are one number each (the whole string).
    func testLibphonenumberMatcherCases() throws {
        let suite = "libphonenumber-matcher"
        let text = try String(contentsOf: try PeerData.file("libphonenumber/PhoneNumberMatcherTest-cases.java.txt", suite: suite), encoding: .utf8)
        let numberFound = ["VALID_CASES": true, "STRICT_GROUPING_CASES": true, "EXACT_GROUPING_CASES": true,
                           "IMPOSSIBLE_CASES": false, "POSSIBLE_ONLY_CASES": false]
        var outcomes: [(input: String, expected: String, actual: String)] = []
        var found: Bool? = nil
        for line in text.split(separator: "\n") {
            if let array = numberFound.keys.first(where: { line.contains("NumberTest[] \($0)") }) { found = numberFound[array]; continue }
            guard let found, let input = Self.numberTestInput(line) else { continue }
            let v = verdict(input)
            outcomes.append((input: input, expected: found ? "one number" : "no number",
                                    actual: v.whole ? "one number" : v.found ? "a part: \(v.description)" : "no number"))
        }
        XCTAssertEqual(outcomes.count, 73, "the five case arrays of PhoneNumberMatcherTest")
        try report(peer: "libphonenumber", suite: suite, outcomes)
    }

    /// The CN metadata's example numbers in national, international and E.164 form: each is one
    /// number, and `digits` is what its tel: link carries.
    func testLibphonenumberCNExamples() throws {
        let suite = "libphonenumber-cn-examples"
        let data = try Data(contentsOf: try PeerData.file("libphonenumber/cn_example_numbers.json", suite: suite))
        let cases = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: String]])
        XCTAssertGreaterThan(cases.count, 0)
        let outcomes = cases.compactMap { c -> (input: String, expected: String, actual: String)? in
            guard let input = c["input"], let digits = c["digits"] else { XCTFail("case without input or digits: \(c)"); return nil }
            let links = phones(in: input)
            let actual = links.count == 1 && links[0].text == input ? "tel:" + (links.first.map { phoneDigits($0) } ?? "")
                : links.isEmpty ? "no number" : "other links: \(links.map(\.text))"
            return (input: input, expected: "tel:" + digits, actual: actual)
        }
        try report(peer: "libphonenumber", suite: suite, outcomes)
    }

    /// Android's PatternsTest PHONE assertions: `matches` cases need the whole string to be the
    /// number (or, when false, not to be one); `find` cases need a number in the sentence.
    func testAOSPPhonePattern() throws {
        let suite = "aosp-phone"
        let data = try Data(contentsOf: try PeerData.file("aosp/patterns_cases.json", suite: suite))
        let cases = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]])
        var outcomes: [(input: String, expected: String, actual: String)] = []
        for c in cases where c["pattern"] as? String == "PHONE" {
            guard let input = c["input"] as? String, let expected = c["expected"] as? Bool, let test = c["test"] as? String
            else { XCTFail("malformed case: \(c)"); continue }
            let v = verdict(input)
            if test.hasSuffix("(find)") {
                outcomes.append((input: input, expected: expected ? "a number" : "no number",
                                        actual: v.found ? "a number" : "no number"))
            } else {
                outcomes.append((input: input, expected: expected ? "the whole string" : "not the whole string",
                                        actual: v.whole ? "the whole string" : "not the whole string"))
            }
        }
        XCTAssertEqual(outcomes.count, 25, "the PHONE assertions of PatternsTest")
        try report(peer: "aosp-phone", suite: suite, outcomes)
    }

    private func phoneDigits(_ link: Link) -> String {
        guard case .phone(let digits, let ext) = link.target else { return "" }
        return digits + (ext.map { ";ext=" + $0 } ?? "")
    }

    /// The string of `new NumberTest("…", RegionCode.XX)`, with Java's `\uXXXX` escapes decoded.
    private static func numberTestInput(_ line: Substring) -> String? {
        guard let open = line.range(of: "new NumberTest(\""), let close = line.range(of: "\", RegionCode.") else { return nil }
        var out = ""
        var rest = line[open.upperBound..<close.lowerBound]
        while let escape = rest.range(of: "\\u") {
            out += rest[..<escape.lowerBound]
            let hex = rest[escape.upperBound...].prefix(4)
            guard hex.count == 4, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            out.unicodeScalars.append(scalar)
            rest = rest[rest.index(escape.upperBound, offsetBy: 4)...]
        }
        return out + rest
    }
}
