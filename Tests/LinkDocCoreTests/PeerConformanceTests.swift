import Foundation
import LinkDocCore
import XCTest

/// Other projects' detection suites for URLs, emails, mentions and hashtags (../shared/conformance/peers/,
/// see PROVENANCE.md there), run against linkdoc's detectors on copy. A case passes when linkdoc links
/// what the peer expects; every other case must be listed, with its reason, in
/// Grammar/peer-differences/<suite>.txt (PeerSuiteSupport.swift).
final class PeerConformanceTests: XCTestCase {
    private static let webKinds: Set<String> = ["url", "email"]

    /// A list of found strings, for comparing and printing.
    private static func show(_ items: [String]) -> String {
        "[" + items.map { PeerDifferences.literal($0) }.joined(separator: ", ") + "]"
    }

    // MARK: twitter-text

    func testTwitterTextExtract() throws {
        let text = try PeerData.text("twitter-text/extract.yml", suite: "twitter-text")
        let tally = try PeerTally(suite: "twitter-text")
        for (section, cases) in try TwitterYAML.parse(text) {
            for c in cases {
                guard let input = c["text"]?.string, let expected = c["expected"] else { continue }
                let links = PeerLinks(input)
                let mentions = links.of(["mention"]), topics = links.of(["topic"]), urls = links.of(["url"])
                switch section {
                case "mentions":
                    tally.record(section: section, input: input, expected: Self.show((expected.list ?? []).compactMap(\.string)),
                                 actual: Self.show(mentions.compactMap(\.name)))
                case "mentions_with_indices", "mentions_or_lists_with_indices":
                    let want = (expected.list ?? []).compactMap(\.map).map { m -> String in
                        let slug = m["list_slug"]?.string ?? ""
                        return "\(m["screen_name"]?.string ?? "")\(slug.isEmpty ? "" : slug)@\(Self.indices(m["indices"]))"
                    }
                    tally.record(section: section, input: input, expected: Self.show(want),
                                 actual: Self.show(mentions.map { "\($0.name ?? "")@\($0.scalars.lowerBound),\($0.scalars.upperBound)" }))
                case "urls", "tco_urls_with_params":
                    tally.record(section: section, input: input, expected: Self.show((expected.list ?? []).compactMap(\.string)),
                                 actual: Self.show(urls.map(\.text)))
                case "urls_with_indices", "urls_with_directional_markers":
                    let want = (expected.list ?? []).compactMap(\.map).map { "\($0["url"]?.string ?? "")@\(Self.indices($0["indices"]))" }
                    tally.record(section: section, input: input, expected: Self.show(want),
                                 actual: Self.show(urls.map { "\($0.text)@\($0.scalars.lowerBound),\($0.scalars.upperBound)" }))
                case "hashtags", "hashtags_from_astral":
                    tally.record(section: section, input: input, expected: Self.show((expected.list ?? []).compactMap(\.string)),
                                 actual: Self.show(topics.compactMap(\.name)))
                case "hashtags_with_indices":
                    let want = (expected.list ?? []).compactMap(\.map).map { "\($0["hashtag"]?.string ?? "")@\(Self.indices($0["indices"]))" }
                    tally.record(section: section, input: input, expected: Self.show(want),
                                 actual: Self.show(topics.map { "\($0.name ?? "")@\($0.scalars.lowerBound),\($0.scalars.upperBound)" }))
                default:
                    // replies, cashtags: Twitter concepts that linkdoc has no detector for.
                    continue
                }
            }
        }
        print("peer suite twitter-text: extract.yml sections replies and cashtags not run (linkdoc has no replies or cashtags)")
        try runTwitterAutolink(into: tally)
        try runTwitterValidate(into: tally)
        tally.finish()
    }

    private static func indices(_ value: TwitterYAML.Value?) -> String {
        (value?.list ?? []).compactMap(\.number).map(String.init).joined(separator: ",")
    }

    /// autolink.yml: the texts that the expected HTML links (`@` + the anchor for usernames), against
    /// linkdoc's mentions and URLs. Hashtags, lists, cashtags and the JSON entity sections render
    /// Twitter's own entities and are not run.
    private func runTwitterAutolink(into tally: PeerTally) throws {
        let text = try PeerData.text("twitter-text/autolink.yml", suite: "twitter-text autolink")
        for (section, cases) in try TwitterYAML.parse(text) where section == "usernames" || section == "urls" {
            for c in cases {
                guard let input = c["text"]?.string, let html = c["expected"]?.string else { continue }
                let anchors = Self.anchorTexts(html)
                let want = section == "usernames" ? anchors.filter { $0.isUsername }.map { "@" + $0.text }
                    : anchors.filter { !$0.isUsername }.map(\.text)
                let links = PeerLinks(input)
                let got = section == "usernames" ? links.of(["mention"]).map(\.text) : links.of(["url"]).map(\.text)
                tally.record(section: "autolink/" + section, input: input, expected: Self.show(want), actual: Self.show(got))
            }
        }
        print("peer suite twitter-text: autolink.yml sections hashtags, lists, cashtags, all, json not run (Twitter entity rendering)")
    }

    /// validate.yml `urls`: a valid URL is one link over the whole text; `urls_without_protocol` likewise.
    /// The tweet, username, list and hashtag validity sections and the weighted counter are tweet rules.
    private func runTwitterValidate(into tally: PeerTally) throws {
        let text = try PeerData.text("twitter-text/validate.yml", suite: "twitter-text validate")
        for (section, cases) in try TwitterYAML.parse(text) where section == "urls" || section == "urls_without_protocol" {
            for c in cases {
                guard let input = c["text"]?.string, case .bool(let valid)? = c["expected"] else { continue }
                tally.record(section: "validate/" + section, input: input, expected: valid ? "whole" : "not whole",
                             actual: Self.linksWhole(input, kinds: ["url"]) ? "whole" : "not whole")
            }
        }
        print("peer suite twitter-text: validate.yml sections tweets, usernames, lists, hashtags, WeightedTweetsCounterTest not run (tweet validity)")
    }

    /// Whether linkdoc makes one link of the given kinds that covers all of `input`.
    private static func linksWhole(_ input: String, kinds: Set<String>) -> Bool {
        let links = PeerLinks(input).of(kinds)
        return links.count == 1 && links[0].text == input
    }

    /// The anchors of autolink.yml's expected HTML: their text (tags inside removed, entities decoded)
    /// and whether they link a username.
    private static func anchorTexts(_ html: String) -> [(text: String, isUsername: Bool)] {
        var result: [(String, Bool)] = []
        var rest = Substring(html)
        while let open = rest.range(of: "<a "), let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
              let close = rest[tagEnd...].range(of: "</a>") {
            let tag = rest[open.lowerBound..<tagEnd]
            let inner = String(rest[rest.index(after: tagEnd)..<close.lowerBound])
            result.append((decodeEntities(stripTags(inner)), tag.contains("username")))
            rest = rest[close.upperBound...]
        }
        return result
    }

    private static func stripTags(_ s: String) -> String {
        var out = ""
        var inTag = false
        for c in s {
            if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { out.append(c) }
        }
        return out
    }

    private static func decodeEntities(_ s: String) -> String {
        s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    // MARK: linkify-it

    /// links.txt: a line, then the expected first link's text on the next line (or the line itself);
    /// not_links.txt: lines with no link. `%` lines are comments (test.mjs).
    func testLinkifyIt() throws {
        let links = try PeerData.text("linkify-it/links.txt", suite: "linkify-it")
        let notLinks = try PeerData.text("linkify-it/not_links.txt", suite: "linkify-it")
        let tally = try PeerTally(suite: "linkify-it")
        let lines = links.components(separatedBy: "\n").map { $0.hasPrefix("%") ? "" : $0 }
        var i = 0
        while i < lines.count {
            let line = lines[i]
            i += 1
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var expected = line
            if i < lines.count, !lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                expected = lines[i]
                i += 1
            }
            let first = PeerLinks(line).of(Self.webKinds).first?.text
            tally.record(section: "links", input: line, expected: PeerDifferences.literal(expected),
                         actual: first.map(PeerDifferences.literal) ?? "no link")
        }
        for raw in notLinks.components(separatedBy: "\n") where !raw.hasPrefix("%") {
            guard !raw.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let found = PeerLinks(raw).of(Self.webKinds).map(\.text)
            tally.record(section: "not_links", input: raw, expected: "[]", actual: Self.show(found))
        }
        tally.finish()
    }

    // MARK: cmark-gfm

    /// The autolink examples: the texts that the expected HTML links, in order, against linkdoc's URLs
    /// and emails, paragraph by paragraph where the paragraphs pair up. `<IGNORE>`: must only compile.
    func testCmarkGFMAutolinks() throws {
        let spec = try PeerData.text("cmark-gfm/spec-autolinks-extension.txt", suite: "cmark-gfm")
        let extensions = try PeerData.text("cmark-gfm/extensions-autolinks.txt", suite: "cmark-gfm")
        let tally = try PeerTally(suite: "cmark-gfm")
        for (section, text) in [("spec", spec), ("extensions", extensions)] {
            for (input, html) in Self.examples(text) {
                if html.trimmingCharacters(in: .whitespacesAndNewlines) == "<IGNORE>" {
                    _ = PeerLinks(input)
                    tally.record(section: section, input: input, expected: "compiles", actual: "compiles")
                    continue
                }
                let paragraphs = input.components(separatedBy: "\n\n")
                let blocks = html.components(separatedBy: "\n").filter { $0.hasPrefix("<p>") || $0.hasPrefix("<li>") }
                let pairs = paragraphs.count == blocks.count ? Array(zip(paragraphs, blocks)) : [(input, html)]
                for (paragraph, block) in pairs {
                    let want = Self.anchorTexts(block).map(\.text)
                    tally.record(section: section, input: paragraph, expected: Self.show(want),
                                 actual: Self.show(PeerLinks(paragraph).of(Self.webKinds).map(\.text)))
                }
            }
        }
        tally.finish()
    }

    /// The `example` blocks of a CommonMark spec text: (markdown, HTML). `→` stands for a tab.
    private static func examples(_ text: String) -> [(String, String)] {
        let fence = String(repeating: "`", count: 32)
        var result: [(String, String)] = []
        var lines = text.components(separatedBy: "\n")[...]
        while let start = lines.firstIndex(where: { $0.hasPrefix(fence + " example") }) {
            lines = lines[(start + 1)...]
            guard let dot = lines.firstIndex(of: "."), let end = lines[dot...].firstIndex(of: fence) else { break }
            let markdown = lines[lines.startIndex..<dot].joined(separator: "\n").replacingOccurrences(of: "→", with: "\t")
            let html = lines[(dot + 1)..<end].joined(separator: "\n")
            result.append((markdown, html))
            lines = lines[(end + 1)...]
        }
        return result
    }

    // MARK: AOSP

    /// patterns_cases.json, the web URL and email cases (the phone cases are the phone suites'):
    /// expected true means one link over the whole input, false that none covers it.
    func testAOSPPatterns() throws {
        let url = try PeerData.file("aosp/patterns_cases.json", suite: "aosp")
        struct File: Decodable { let cases: [Case] }
        struct Case: Decodable {
            let test: String, pattern: String, input: String
            let expected: Expected
        }
        enum Expected: Decodable {
            case whole(Bool), links([String])
            init(from decoder: Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let b = try? c.decode(Bool.self) { self = .whole(b) } else { self = .links(try c.decode([String].self)) }
            }
        }
        let tally = try PeerTally(suite: "aosp")
        let kinds: [String: Set<String>] = ["AUTOLINK_WEB_URL": ["url"], "AUTOLINK_EMAIL_ADDRESS": ["email"],
                                            "LINKIFY_WEB_URLS": ["url"]]
        for c in try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases {
            guard let wanted = kinds[c.pattern] else { continue }
            switch c.expected {
            case .whole(let whole):
                tally.record(section: c.pattern, input: c.input, expected: whole ? "whole" : "not whole",
                             actual: Self.linksWhole(c.input, kinds: wanted) ? "whole" : "not whole")
            case .links(let texts):
                tally.record(section: c.pattern, input: c.input, expected: Self.show(texts),
                             actual: Self.show(PeerLinks(c.input).of(wanted).map(\.text)))
            }
        }
        print("peer suite aosp: PHONE and LINKIFY_ALL (email + phone) cases are run by the phone suites")
        tally.finish()
    }
}
