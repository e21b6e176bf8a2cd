import Foundation
import XCTest

/// `linkdoc review` and `linkdoc lint --reporter html`: the page is written (atomically), safe
/// (hostile copy escaped, a Content-Security-Policy), has an anchor per string, speaks the
/// language chosen with --lang or the locale, and the exit codes are lint's.
/// Tests/Browser runs the page itself in Chromium.
final class ReviewCLITests: XCTestCase {
    let cli = CLIRunner()
    var fixture: String { CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/review").path }

    /// The JSON data block and the page's script, as the page holds them.
    private func parts(of page: String) throws -> (data: [String: Any], policy: String) {
        let dataStart = try XCTUnwrap(page.range(of: #"<script type="application/json" id="review-data">"#))
        let dataEnd = try XCTUnwrap(page.range(of: "</script>", range: dataStart.upperBound..<page.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(page[dataStart.upperBound..<dataEnd.lowerBound].utf8))
        let policyStart = try XCTUnwrap(page.range(of: #"http-equiv="Content-Security-Policy" content=""#))
        let policyEnd = try XCTUnwrap(page.range(of: "\"", range: policyStart.upperBound..<page.endIndex))
        return (try XCTUnwrap(json as? [String: Any]), String(page[policyStart.upperBound..<policyEnd.lowerBound]))
    }

    private func anchors(_ data: [String: Any]) -> [String] {
        (data["entries"] as? [[String: Any]] ?? []).flatMap { ($0["s"] as? [[String: Any]] ?? []).compactMap { $0["a"] as? String } }
    }

    func testReviewWritesOneSafePageWithAnchorsAndPreviews() throws {
        let dir = try cli.temporaryDirectory()
        let output = dir.appendingPathComponent("report.html")
        let run = try cli.run(["review", fixture, "-o", output.path, "--lang", "en"])
        XCTAssertEqual(run.status, 1, "the fixture has an error (disallowed-scheme): " + run.stderr)
        XCTAssertEqual(run.stdout, "", "the page goes to the file")
        let page = try String(contentsOf: output, encoding: .utf8)
        let (data, policy) = try parts(of: page)
        XCTAssert(policy.hasPrefix("default-src 'none'; script-src 'sha256-"), policy)
        XCTAssert(policy.contains("img-src data:"), policy)
        XCTAssertFalse(policy.contains("unsafe"), policy)
        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 2, "the data block and the page's own script, nothing else")
        XCTAssertFalse(page.contains("<img"), "the key that is an <img> tag stays data")
        XCTAssertFalse(page.contains("href=\"http"), "no link out of the page")
        let anchorList = anchors(data)
        for anchor in ["Localizable/consent_checkbox/zh-Hans", "Localizable/consent_checkbox/en", "Localizable/consent_checkbox/de",
                       "Localizable/<img src=x onerror=window.__linkdocCanary=1>/en"] {
            XCTAssert(anchorList.contains(anchor), "no anchor \(anchor) in \(anchorList)")
        }
        XCTAssertEqual(Set(anchorList).count, anchorList.count, "anchors are unique")
        // The strings a view shows have pictures, at both of its sizes, marked and clean.
        let consent = try XCTUnwrap((data["entries"] as? [[String: Any]])?.first { $0["k"] as? String == "consent_checkbox" })
        let zh = try XCTUnwrap((consent["s"] as? [[String: Any]])?.first { $0["l"] as? String == "zh-Hans" })
        let previews = try XCTUnwrap(zh["p"] as? [[String: Any]])
        XCTAssertEqual(previews.map { $0["size"] as? String }, ["17", "23"])
        for preview in previews {
            XCTAssert((preview["png"] as? String)?.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
            XCTAssert((preview["clean"] as? String)?.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
            XCTAssertNotEqual(preview["png"] as? String, preview["clean"] as? String, "the marked picture differs from the clean one")
        }
        XCTAssertEqual(previews.first?["lines"] as? Int, 3)
        XCTAssertEqual(previews.first?["max"] as? Int, 2)
        // Each finding stands by its string, the fix as before/after.
        let findings = try XCTUnwrap(zh["d"] as? [[String: Any]])
        let punctuation = try XCTUnwrap(findings.first { $0["r"] as? String == "fullwidth-punctuation" })
        XCTAssert((punctuation["b"] as? String)?.contains("》,并") == true, "\(punctuation)")
        XCTAssert((punctuation["f"] as? String)?.contains("》，并") == true, "\(punctuation)")
        // Beside its string, a finding does not name the string again (`key "…" (zh-Hans): `).
        XCTAssertEqual(punctuation["m"] as? String, "use full-width ， between CJK characters, not ,")
        // The link knows where it is written.
        let links = try XCTUnwrap(zh["links"] as? [[String: Any]])
        XCTAssertEqual(links.first?["at"] as? String, fixture + "/zh-Hans.lproj/Localizable.strings:1:30")
    }

    func testHostileCopyIsEscaped() throws {
        let dir = try cli.temporaryDirectory()
        // A key holds anything, and the review shows keys as they are: the page must keep them data.
        let hostile = #"</script><script>window.__linkdocCanary=1</script><!--"#
        try Data(("\"" + hostile.replacingOccurrences(of: "\"", with: "\\\"") + "\" = \"line\u{2028}separated & <b>bold</b>\";\n").utf8)
            .write(to: dir.appendingPathComponent("Hostile.strings"))
        try Data("&lt;/script&gt;&lt;script&gt;window.__linkdocCanary=1&lt;/script&gt;\n".utf8).write(to: dir.appendingPathComponent("copy.html"))
        let output = dir.appendingPathComponent("page.html")
        let run = try cli.run(["review", dir.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let page = try String(contentsOf: output, encoding: .utf8)
        XCTAssertFalse(page.contains("window.__linkdocCanary=1</script>"))
        XCTAssertFalse(page.contains("<!--"))
        XCTAssertFalse(page.contains("\u{2028}"), "U+2028 is escaped in the data")
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 2)
        XCTAssert(page.contains(#"\u003c/script\u003e\u003cscript\u003ewindow.__linkdocCanary=1"#))
        // Read back, the data holds the copy exactly.
        let (data, _) = try parts(of: page)
        let keys = (data["entries"] as? [[String: Any]] ?? []).compactMap { $0["k"] as? String }
        XCTAssert(keys.contains(hostile), "\(keys)")
        let texts = (data["entries"] as? [[String: Any]] ?? []).flatMap { ($0["s"] as? [[String: Any]] ?? []).compactMap { $0["t"] as? String } }
        XCTAssert(texts.contains("</script><script>window.__linkdocCanary=1</script>"), "\(texts)")
    }

    func testSameInputGivesTheSameBytes() throws {
        let dir = try cli.temporaryDirectory()
        let first = dir.appendingPathComponent("a.html"), second = dir.appendingPathComponent("b.html")
        XCTAssertEqual(try cli.run(["review", fixture, "-o", first.path]).status, 1)
        XCTAssertEqual(try cli.run(["review", fixture, "-o", second.path]).status, 1)
        XCTAssertEqual(try Data(contentsOf: first), try Data(contentsOf: second))
    }

    func testExitCodes() throws {
        let dir = try cli.temporaryDirectory()
        let clean = dir.appendingPathComponent("clean.txt"), warning = dir.appendingPathComponent("warn.txt")
        try Data("请阅读说明。".utf8).write(to: clean)
        try Data("我们,你们".utf8).write(to: warning)
        let output = dir.appendingPathComponent("out.html").path
        XCTAssertEqual(try cli.run(["review", clean.path, "-o", output]).status, 0)
        XCTAssertEqual(try cli.run(["review", warning.path, "-o", output]).status, 0, "warnings alone pass")
        XCTAssertEqual(try cli.run(["review", "--strict", warning.path, "-o", output]).status, 1)
        let noOutput = try cli.run(["review", clean.path])
        XCTAssertEqual(noOutput.status, 2)
        XCTAssert(noOutput.stderr.contains("review needs -o FILE"), noOutput.stderr)
        let badLanguage = try cli.run(["review", clean.path, "-o", output, "--lang", "fr"])
        XCTAssertEqual(badLanguage.status, 2)
        XCTAssert(badLanguage.stderr.contains("--lang fr is not a language"), badLanguage.stderr)
        let badPreview = try cli.run(["review", clean.path, "-o", output, "--preview", "320"])
        XCTAssertEqual(badPreview.status, 2)
        XCTAssert(badPreview.stderr.contains("--preview 320 is not WIDTH,SIZE"), badPreview.stderr)
        // An output that cannot be written: exit 2, nothing left behind, the old file kept.
        let missingFolder = dir.appendingPathComponent("no/such/folder/out.html").path
        let unwritable = try cli.run(["review", clean.path, "-o", missingFolder])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssert(unwritable.stderr.contains("cannot write"), unwritable.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: missingFolder))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary file left")
        let missingInput = try cli.run(["review", dir.appendingPathComponent("gone.txt").path, clean.path, "-o", output])
        XCTAssertEqual(missingInput.status, 2, "an input that cannot be read is an I/O error, as in lint")
        XCTAssert(try String(contentsOfFile: output, encoding: .utf8).contains("请阅读说明。"), "the page still shows the rest")
    }

    func testLanguageFromFlagAndLocale() throws {
        let dir = try cli.temporaryDirectory()
        let output = dir.appendingPathComponent("page.html")
        func language(_ arguments: [String], _ environment: [String: String]) throws -> (lang: String, words: [String: String]) {
            _ = try cli.run(["review", fixture, "-o", output.path] + arguments, environment: environment)
            let (data, _) = try parts(of: try String(contentsOf: output, encoding: .utf8))
            return (data["lang"] as? String ?? "", data["words"] as? [String: String] ?? [:])
        }
        let english = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_US.UTF-8"]
        XCTAssertEqual(try language([], english).lang, "en")
        XCTAssertEqual(try language(["--lang", "zh-Hans"], english).lang, "zh-Hans")
        XCTAssertEqual(try language([], ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "zh_CN.UTF-8"]).lang, "zh-Hans")
        XCTAssertEqual(try language([], ["LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"]).lang, "en", "LC_ALL decides")
        XCTAssertEqual(try language(["--lang", "en"], ["LC_ALL": "zh_CN.UTF-8"]).lang, "en", "--lang decides")
        let chinese = try language(["--lang", "zh-Hans"], english)
        XCTAssertEqual(chinese.words["onlyWithFindings"], "只看有问题的文案")
        XCTAssert(try String(contentsOf: output, encoding: .utf8).contains(#"<html lang="zh-Hans">"#))
        let (data, _) = try parts(of: try String(contentsOf: output, encoding: .utf8))
        let messages = (data["entries"] as? [[String: Any]] ?? []).flatMap { ($0["s"] as? [[String: Any]] ?? []).flatMap { $0["d"] as? [[String: Any]] ?? [] } }
        XCTAssertFalse(messages.isEmpty)
        for message in messages {
            let text = message["m"] as? String ?? ""
            XCTAssert(text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "not Chinese: \(text)")
            XCTAssertNotNil(message["e"], "the English detail is kept")
        }
    }

    func testLintSpeaksChineseAndWritesThePage() throws {
        let zh = try cli.run(["lint", "--lang", "zh-Hans", fixture + "/zh-Hans.lproj/Localizable.strings"])
        XCTAssert(zh.stdout.contains("error: 不允许的网址协议（可能有安全风险）：key \"bad_link\" (zh-Hans): scheme \"javascript:\""), zh.stdout)
        XCTAssert(zh.stdout.contains("[disallowed-scheme]"), "rule ids stay as they are")
        let fromLocale = try cli.run(["lint", fixture + "/zh-Hans.lproj/Localizable.strings"], environment: ["LC_ALL": "zh_CN.UTF-8"])
        XCTAssert(fromLocale.stdout.contains("不允许的网址协议"), "the text reporter follows the locale: \(fromLocale.stdout)")
        // A report for tools is the same on every machine: the locale does not change it, --lang does.
        let json = try cli.run(["lint", "--reporter", "json", fixture + "/zh-Hans.lproj/Localizable.strings"],
                               environment: ["LC_ALL": "zh_CN.UTF-8"])
        XCTAssertFalse(json.stdout.contains("不允许的网址协议"), json.stdout)
        XCTAssertEqual(json.stdout, try cli.run(["lint", "--reporter", "json", fixture + "/zh-Hans.lproj/Localizable.strings"],
                                                environment: ["LC_ALL": "C"]).stdout)
        let jsonInChinese = try cli.run(["lint", "--reporter", "json", "--lang", "zh-Hans", fixture + "/zh-Hans.lproj/Localizable.strings"])
        XCTAssert(jsonInChinese.stdout.contains("不允许的网址协议"), jsonInChinese.stdout)
        let english = try cli.run(["lint", "--lang", "en", fixture + "/zh-Hans.lproj/Localizable.strings"], environment: ["LC_ALL": "zh_CN.UTF-8"])
        XCTAssertFalse(english.stdout.contains("不允许的网址协议"))

        let html = try cli.run(["lint", "--reporter", "html", fixture])
        XCTAssertEqual(html.status, 1)
        XCTAssert(html.stdout.hasPrefix("<!DOCTYPE html>"))
        let (data, policy) = try parts(of: html.stdout)
        XCTAssert(policy.hasPrefix("default-src 'none'"))
        XCTAssert(anchors(data).contains("Localizable/consent_checkbox/zh-Hans"))
        let previews = (data["entries"] as? [[String: Any]] ?? []).flatMap { ($0["s"] as? [[String: Any]] ?? []).flatMap { $0["p"] as? [Any] ?? [] } }
        XCTAssertEqual(previews.count, 0, "lint's page has no previews")
    }

    func testCompileAndRulesUseTheSameCatalogue() throws {
        let file = fixture + "/zh-Hans.lproj/Localizable.strings"
        let compiled = try cli.run(["compile", "--lang", "zh-Hans", file])
        XCTAssert(compiled.stderr.contains("warning: 清单中没有这个协议：key \"unknown_agreement\""), compiled.stderr)
        let english = try cli.run(["compile", file], environment: ["LC_ALL": "C"])
        XCTAssert(english.stderr.contains("warning: key \"unknown_agreement\" (zh-Hans): unknown agreement"), english.stderr)
        let rules = try cli.run(["rules", "--lang", "zh-Hans"])
        XCTAssert(rules.stdout.contains("链接没有文字，用户看不到可点的地方：A link with no visible text"), rules.stdout)
        XCTAssertEqual(try cli.run(["rules", "--lang", "xx"]).status, 2)
    }

    func testHelpListsReviewAndTheHTMLReporter() throws {
        let help = try cli.run(["help", "review"])
        XCTAssertEqual(help.status, 0)
        XCTAssert(help.stdout.contains("USAGE: linkdoc review"))
        XCTAssert(try cli.run(["--help"]).stdout.contains("review    Write one HTML page"))
        XCTAssert(try cli.run(["help", "lint"]).stdout.contains("checkstyle or html"))
    }
}
