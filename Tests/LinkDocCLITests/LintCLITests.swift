import Foundation
import XCTest

/// `linkdoc lint`, `linkdoc rules` and `linkdoc url` as a user runs them.
final class LintCLITests: XCTestCase {
    let cli = CLIRunner()

    func testLintsTheFlawedExamplesFolder() throws {
        let r = try cli.run(["lint", "Examples/flawed"], in: CLIRunner.packageRoot)
        XCTAssertEqual(r.status, 1, "the flawed copy has errors")
        XCTAssert(r.stdout.contains("Examples/flawed/post.txt:2:38: error: scheme \"javascript:\" is never allowed in links [disallowed-scheme]"), r.stdout)
        XCTAssert(r.stdout.hasSuffix("3 files linted: 3 errors, 9 warnings, 1 info\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("drafts"), "excluded by the configuration's glob")
        XCTAssertFalse(r.stdout.contains("旧版会员协议"), "suppressed by the comment on the line before")
    }

    func testASubfoldersConfigurationNestsOverItsParents() throws {
        let dir = try cli.temporaryDirectory()
        let sub = dir.appendingPathComponent("sub"), drafts = sub.appendingPathComponent("drafts")
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        try Data(#"{"rules": {"fullwidth-punctuation": "error"}}"#.utf8).write(to: dir.appendingPathComponent(".linkdoc.json"))
        try Data(#"{"rules": {"fullwidth-punctuation": "off", "invisible-character": "error"}, "exclude": ["drafts/**"]}"#.utf8)
            .write(to: sub.appendingPathComponent(".linkdoc.json"))
        try Data("我们,你们\n".utf8).write(to: dir.appendingPathComponent("a.txt"))
        try Data("我们,你们\u{200B}\n".utf8).write(to: sub.appendingPathComponent("b.txt"))
        try Data("我们,你们\n".utf8).write(to: drafts.appendingPathComponent("c.txt"))
        let r = try cli.run(["lint", "."], in: dir)
        XCTAssert(r.stdout.contains("a.txt:1:3: error: use full-width ， between CJK characters, not , [fullwidth-punctuation]"), r.stdout)
        XCTAssert(r.stdout.contains("sub/b.txt:1:6: error: invisible character U+200B [invisible-character]"), r.stdout)
        XCTAssertFalse(r.stdout.contains("sub/b.txt:1:3"), "the subfolder turns fullwidth-punctuation off: \(r.stdout)")
        XCTAssertFalse(r.stdout.contains("c.txt"), "excluded by the subfolder's glob: \(r.stdout)")
        XCTAssert(r.stdout.hasSuffix("2 files linted: 2 errors, 0 warnings, 0 infos\n"), r.stdout)
    }

    func testFixInsideLocalizationFilesKeepsTheFileByteForByteAroundTheFix() throws {
        let dir = try cli.temporaryDirectory()
        // CRLF line endings, a comment, odd spacing, escapes before and after the fixed marks:
        // all of it stays; a ZWSP written as an escape is no literal span and is left (reported).
        let strings = "/* 注释 */\r\n\"a\" = \"我们,你们\\n第二行\";\r\n\"b\"   =   \"完成!下一步\\U200B\";\r\n\"c\" = \"用户\u{200B}协议\";\r\n"
        let fixedStrings = "/* 注释 */\r\n\"a\" = \"我们，你们\\n第二行\";\r\n\"b\"   =   \"完成！下一步\\U200B\";\r\n\"c\" = \"用户协议\";\r\n"
        let catalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"greeting\" : {\n      \"localizations\" : {\n        \"zh-Hans\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"我们,你们\\u200b好\"\n          }\n        }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
        let values = dir.appendingPathComponent("res/values-zh")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let android = "<resources>\n    <string name=\"a\">我们,你们 &amp; 他们</string>\n    <string name=\"b\">\"引号,里\"</string>\n</resources>\n"
        try Data(strings.utf8).write(to: dir.appendingPathComponent("L.strings"))
        try Data(catalog.utf8).write(to: dir.appendingPathComponent("C.xcstrings"))
        try Data(android.utf8).write(to: values.appendingPathComponent("strings.xml"))

        // invisible-character is off by default in lint (RulePrecision): this team turns it on.
        try Data(#"{"rules": {"invisible-character": "warning"}}"#.utf8).write(to: dir.appendingPathComponent(".linkdoc.json"))
        let dry = try cli.run(["lint", "--fix", "--dry-run", "."], in: dir)
        XCTAssert(dry.stdout.contains("-            \"value\" : \"我们,你们\\u200b好\"\n+            \"value\" : \"我们，你们\\u200b好\"\n"), dry.stdout)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("L.strings"), encoding: .utf8), strings, "--dry-run writes nothing")

        XCTAssert(dry.stderr.hasSuffix("linkdoc: --fix --dry-run would fix 6 findings in 3 files\n"), dry.stderr)
        let r = try cli.run(["lint", "--fix", "."], in: dir)
        XCTAssert(r.stderr.hasSuffix("linkdoc: --fix fixed 6 findings in 3 files\n"), "what --fix changed: \(r.stderr)")
        XCTAssertEqual(try cli.run(["lint", "--fix", "."], in: dir).stderr, "linkdoc: --fix fixed 0 findings in 0 files\n")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("L.strings"), encoding: .utf8), fixedStrings)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("C.xcstrings"), encoding: .utf8),
                       catalog.replacingOccurrences(of: "我们,你们", with: "我们，你们"), "Xcode's JSON layout is kept")
        XCTAssertEqual(try String(contentsOf: values.appendingPathComponent("strings.xml"), encoding: .utf8),
                       android.replacingOccurrences(of: "我们,你们", with: "我们，你们").replacingOccurrences(of: "引号,里", with: "引号，里"))
        XCTAssert(r.stdout.contains("L.strings:3:18: warning: key \"b\" (und): invisible character U+200B [invisible-character]\n"),
                  "the escaped ZWSP is left and reported, not as fixable: \(r.stdout)")
    }

    func testCompileHonoursSuppressionComments() throws {
        let dir = try cli.temporaryDirectory()
        let file = dir.appendingPathComponent("s.txt")
        try Data("<!-- linkdoc-disable-next-line disallowed-scheme -->\n[x](javascript:1)\n".utf8).write(to: file)
        let quiet = try cli.run(["compile", file.path])
        XCTAssertFalse(quiet.stderr.contains("disallowed-scheme"), quiet.stderr)
        XCTAssertEqual(quiet.status, 0, "the suppressed error does not fail the build")
        try Data("<!-- linkdoc-disable-next-line disallowed-scheme -->\n[x](javascript:1)\n[y](javascript:2)\n".utf8).write(to: file)
        let loud = try cli.run(["compile", file.path])
        XCTAssert(loud.stderr.contains("s.txt:3:5: error: scheme \"javascript:\" is never allowed in links [disallowed-scheme]"), loud.stderr)
        XCTAssertFalse(loud.stderr.contains("s.txt:2:"), loud.stderr)
        XCTAssertEqual(loud.status, 1)
    }

    func testExitCodes() throws {
        let dir = try cli.temporaryDirectory()
        let clean = dir.appendingPathComponent("clean.txt"), warning = dir.appendingPathComponent("warn.txt")
        try Data("请阅读说明。".utf8).write(to: clean)
        try Data("我们,你们".utf8).write(to: warning)
        XCTAssertEqual(try cli.run(["lint", clean.path]).status, 0)
        XCTAssertEqual(try cli.run(["lint", warning.path]).status, 0, "warnings alone pass")
        XCTAssertEqual(try cli.run(["lint", "--strict", warning.path]).status, 1, "--strict fails on warnings")
        for reporter in ["json", "sarif", "github", "checkstyle", "html"] {
            XCTAssertEqual(try cli.run(["lint", "--strict", "--reporter", reporter, warning.path]).status, 1, reporter)
            XCTAssertEqual(try cli.run(["lint", "--reporter", reporter, clean.path]).status, 0, reporter)
        }
        let unknown = try cli.run(["lint", "--reporter", "xml", clean.path])
        XCTAssertEqual(unknown.status, 2)
        XCTAssert(unknown.stderr.contains("unknown reporter 'xml'"))
        try Data(#"{"rules": {"no-such-rule": "error"}}"#.utf8).write(to: dir.appendingPathComponent(".linkdoc.json"))
        let badConfig = try cli.run(["lint", clean.path])
        XCTAssertEqual(badConfig.status, 2)
        XCTAssert(badConfig.stderr.contains("unknown rule \"no-such-rule\""), badConfig.stderr)
        XCTAssertEqual(try cli.run(["lint", "/nonexistent"]).status, 2)
    }

    func testStandardInput() throws {
        let r = try cli.run(["lint", "-", "--reporter", "json"], stdin: Data("[点我](javascript:x)".utf8))
        XCTAssertEqual(r.status, 1)
        XCTAssert(r.stdout.contains(#""file":"<stdin>","line":1,"column":6,"severity":"error","rule":"disallowed-scheme""#), r.stdout)
    }

    func testFixRewritesAtomicallyKeepingLineEndingsAndBOM() throws {
        let dir = try cli.temporaryDirectory()
        let file = dir.appendingPathComponent("copy.txt")
        let original: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("我们,你们\r\n用户\u{200B}协议\r\n".utf8)
        try Data(original).write(to: file)

        try Data(#"{"rules": {"invisible-character": "warning"}}"#.utf8).write(to: dir.appendingPathComponent(".linkdoc.json"))
        let dry = try cli.run(["lint", "--fix", "--dry-run", file.path])
        XCTAssertEqual(try Data(contentsOf: file), Data(original), "--dry-run writes nothing")
        XCTAssert(dry.stdout.contains("-\u{FEFF}我们,你们\r\n+\u{FEFF}我们，你们\r\n-用户\u{200B}协议\r\n+用户协议\r\n"), dry.stdout.debugDescription)
        XCTAssert(dry.stdout.hasPrefix("--- \(file.path)\n+++ \(file.path)\n@@ -1,2 +1,2 @@\n"), dry.stdout)
        XCTAssert(dry.stderr.contains("0 warnings"), "the report of what is left goes to stderr: \(dry.stderr)")

        let fixed = try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(fixed.status, 0, fixed.stdout)
        XCTAssertEqual(Array(try Data(contentsOf: file)), [0xEF, 0xBB, 0xBF] + Array("我们，你们\r\n用户协议\r\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), [".linkdoc.json", "copy.txt"], "no temporary file left")
        XCTAssertEqual(try cli.run(["lint", "--fix", "-"], stdin: Data()).status, 2, "standard input cannot be fixed")
        XCTAssertEqual(try cli.run(["lint", "--dry-run", file.path]).status, 2, "--dry-run goes with --fix")
    }

    func testRulesCommand() throws {
        let list = try cli.run(["rules"])
        XCTAssertEqual(list.status, 0)
        for id in ["unknown-agreement", "bidi-control", "cjk-latin-spacing", "html-sanitized"] {
            XCTAssert(list.stdout.contains(id), id)
        }
        let one = try cli.run(["rules", "fullwidth-punctuation"])
        XCTAssertEqual(one.status, 0)
        XCTAssert(one.stdout.contains("Triggers on:") && one.stdout.contains("Fixes:") && one.stdout.contains("我们,你们"))
        XCTAssertEqual(try cli.run(["rules", "nope"]).status, 2)
    }

    func testURLCommand() throws {
        let r = try cli.run(["url", "https://例子.公司/隐私 政策?页=1", "javascript:alert(1)"])
        XCTAssertEqual(r.status, 1, "one URL is refused")
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssert(lines[0].contains(#""url":"https://xn--fsqu00a.xn--55qx5d/%E9%9A%90%E7%A7%81%20%E6%94%BF%E7%AD%96?%E9%A1%B5=1""#), String(lines[0]))
        XCTAssert(lines[1].contains(#""url":null"#) && lines[1].contains("disallowed-scheme"))
        let relative = try cli.run(["url", "--base", "https://example.com/a/b", "-"], stdin: Data("../c\n?q\n".utf8))
        XCTAssertEqual(relative.status, 0)
        XCTAssertEqual(relative.stdout.split(separator: "\n").count, 2)
        XCTAssert(relative.stdout.contains(#""href":"https://example.com/c""#))
        XCTAssertEqual(try cli.run(["url", "--base", "nope", "x"]).status, 2)
        // Each line is one JSON object, keys in a fixed order, null for what is absent, and
        // escaped so that Foundation reads the input back.
        let plain = try cli.run(["url", "mailto:x@y"])
        XCTAssertEqual(plain.stdout, #"{"input":"mailto:x@y","href":"mailto:x@y","url":"mailto:x@y","host":null,"error":null}"# + "\n")
        let odd = try cli.run(["url", "-"], stdin: Data("a\u{7F}\u{2028}\"\\\t\n".utf8))
        XCTAssert(odd.stdout.hasPrefix(#"{"input":"a\u007f\u2028\"\\\t","href":null"#), odd.stdout)
        let object = try JSONSerialization.jsonObject(with: Data(odd.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["input"] as? String, "a\u{7F}\u{2028}\"\\\t")
    }
}
