import Foundation
import XCTest

/// Errors that say what to do (issue 17): each message names the problem and the fix.
final class ErrorMessageTests: XCTestCase {
    let cli = CLIRunner()

    // MARK: Manifests

    func testNoManifestFoundIsSaidOnceWithWhereItLookedAndHowToPassOne() throws {
        let dir = try cli.temporaryDirectory()
        let copy = dir.appendingPathComponent("a.txt")
        try Data("请阅读《用户协议》和《隐私政策》".utf8).write(to: copy)
        let r = try cli.run(["compile", copy.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let note = "linkdoc: note: no manifest found (looked for linkdoc.json in \(dir.standardizedFileURL.path) and its parents)"
        XCTAssertEqual(r.stderr.components(separatedBy: note).count - 1, 1, "once per run:\n\(r.stderr)")
        XCTAssert(r.stderr.contains("pass one with --manifest FILE\n"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "unknown agreement").count - 1, 2, r.stderr)

        // unknown-agreement is off by default in lint (RulePrecision): this team turns it on.
        try Data(#"{"rules": {"unknown-agreement": "warning"}}"#.utf8).write(to: dir.appendingPathComponent(".linkdoc.json"))
        let lint = try cli.run(["lint", copy.path])
        XCTAssert(lint.stderr.contains(note), lint.stderr)
        XCTAssertEqual(try cli.run(["compile", copy.path, "--manifest", CLIRunner.packageRoot.path + "/Examples/linkdoc.json"])
            .stderr.contains("no manifest found"), false)
    }

    func testVerboseSaysWhichManifestIsInUse() throws {
        let found = try cli.run(["compile", "--verbose", "Examples/privacy-dialog.txt"], in: CLIRunner.packageRoot)
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssert(found.stderr.contains("linkdoc: note: using the manifest \(CLIRunner.packageRoot.standardizedFileURL.path)/Examples/linkdoc.json\n"),
                  found.stderr)
        let dir = try cli.temporaryDirectory()
        let none = try cli.run(["compile", "--verbose"], stdin: Data("《条款》".utf8), in: dir)
        XCTAssertEqual(none.stderr.components(separatedBy: "no manifest found").count - 1, 1, none.stderr)
    }

    func testManifestThatDoesNotExistSaysSo() throws {
        let r = try cli.run(["compile", "--manifest", "/nonexistent/linkdoc.json"], stdin: Data("x".utf8))
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "linkdoc: error: the manifest /nonexistent/linkdoc.json (from --manifest) does not exist\n")
        let lint = try cli.run(["lint", "--manifest", "/nonexistent/linkdoc.json", "-"], stdin: Data("x".utf8))
        XCTAssertEqual(lint.status, 2)
        XCTAssert(lint.stderr.contains("/nonexistent/linkdoc.json (from --manifest) does not exist"), lint.stderr)
    }

    func testBrokenJSONGivesLineAndColumn() throws {
        let dir = try cli.temporaryDirectory()
        let manifest = dir.appendingPathComponent("m.json")
        try Data("{\n  \"agreements\": {\n    \"条款\" \"https://example.com\"\n  }\n}\n".utf8).write(to: manifest)
        let r = try cli.run(["compile", "--manifest", manifest.path], stdin: Data("x".utf8))
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "linkdoc: error: \(manifest.path):3:10: invalid manifest: not valid JSON (invalid value)\n")
        try Data("{\r\n\"agreements\": {".utf8).write(to: manifest)
        let truncated = try cli.run(["compile", "--manifest", manifest.path], stdin: Data("x".utf8))
        XCTAssert(truncated.stderr.contains("\(manifest.path):2:16: invalid manifest: not valid JSON (unexpected end of file)"),
                  truncated.stderr)

        // A trailing comma: Foundation's parsers take it, JSON (and jq, Python, Xcode) do not.
        try Data("{\"agreements\": {\"条款\": {\"id\": \"t\", \"url\": \"https://example.com/t,]\"},}}".utf8).write(to: manifest)
        let comma = try cli.run(["compile", "--manifest", manifest.path], stdin: Data("x".utf8))
        XCTAssertEqual(comma.status, 2)
        XCTAssertEqual(comma.stderr, "linkdoc: error: \(manifest.path):1:68: invalid manifest: not valid JSON (a comma before } (JSON allows none))\n")

        let config = dir.appendingPathComponent(".linkdoc.json")
        try Data("{\"rules\": {\"duplicate-link\": \"off\",},}".utf8).write(to: config)
        let configComma = try cli.run(["lint", "--config", config.path, "-"], stdin: Data("x".utf8))
        XCTAssertEqual(configComma.status, 2)
        XCTAssert(configComma.stderr.contains("\(config.path):1:35: invalid configuration: not valid JSON (a comma before }"), configComma.stderr)
        try Data("{\"rules\": {\"duplicate-link\": off}}".utf8).write(to: config)
        let lint = try cli.run(["lint", "--config", config.path, "-"], stdin: Data("x".utf8))
        XCTAssertEqual(lint.status, 2)
        XCTAssert(lint.stderr.contains("\(config.path):1:30: invalid configuration: not valid JSON (invalid value)"), lint.stderr)
        let missing = try cli.run(["lint", "--config", dir.appendingPathComponent("nope.json").path, "-"], stdin: Data("x".utf8))
        XCTAssert(missing.stderr.contains("nope.json does not exist"), missing.stderr)
    }

    // MARK: Inputs compile refuses

    func testDirectoryGivenToCompilePointsAtLint() throws {
        let r = try cli.run(["compile", "Examples"], in: CLIRunner.packageRoot)
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.hasPrefix("linkdoc: error: Examples: is a directory; compile takes files: run 'linkdoc lint Examples'"), r.stderr)
        XCTAssert(r.stderr.contains("--split DIR"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line")
    }

    func testManifestOrDocumentGivenAsCopyIsRefused() throws {
        let manifest = try cli.run(["compile", "Examples/linkdoc.json"], in: CLIRunner.packageRoot)
        XCTAssertEqual(manifest.status, 2)
        XCTAssertEqual(manifest.stdout, "")
        XCTAssert(manifest.stderr.contains("Examples/linkdoc.json is a manifest (it has \"agreements\"), not copy; pass it with --manifest Examples/linkdoc.json"),
                  manifest.stderr)

        let dir = try cli.temporaryDirectory()
        let document = dir.appendingPathComponent("doc.json")
        try Data(try cli.run(["compile"], stdin: Data("@小明".utf8)).stdout.utf8).write(to: document)
        let r = try cli.run(["compile", document.path])
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("doc.json is a compiled link document (version, text, links), not copy"), r.stderr)

        let other = dir.appendingPathComponent("copy.json")
        try Data(#"{"title": "x"}"#.utf8).write(to: other)
        XCTAssertEqual(try cli.run(["compile", other.path]).status, 0, "other JSON is still copy")
    }
}

/// Flags and names that do nothing or are mistyped.
final class UsageMessageTests: XCTestCase {
    let cli = CLIRunner()

    func testFlagsThatDoNothingInTheModeAreErrors() throws {
        let cases: [([String], String)] = [
            (["compile", "--jobs", "2", "-"], "--jobs applies only to --ndjson (stream mode)"),
            (["compile", "-j", "2", "-"], "-j applies only to --ndjson"),
            (["compile", "--ndjson", "--pretty"], "--pretty does nothing with --ndjson"),
            (["compile", "--swift-type", "S", "-"], "--swift-type goes with --swift-accessors OUT.swift"),
            (["compile", "--language", "de", "-"], "--language applies only to a .strings or Android strings.xml input"),
            (["compile", "--swift-accessors", "/tmp/x.swift", "--pretty", "a.txt"], "--pretty does nothing with --swift-accessors"),
        ]
        for (arguments, message) in cases {
            let r = try cli.run(arguments, stdin: Data("x".utf8))
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssert(r.stderr.hasPrefix("linkdoc: error: " + message), "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
        }
        XCTAssertEqual(try cli.run(["compile", "--ndjson", "--jobs", "2"], stdin: Data(#"{"id":"a","text":"x"}"#.utf8)).status, 0)
    }

    func testUnknownOptionsCommandsAndRulesGetADidYouMean() throws {
        let option = try cli.run(["compile", "--pretyy"])
        XCTAssertEqual(option.status, 2)
        XCTAssert(option.stderr.hasPrefix("linkdoc: error: unknown option '--pretyy' for 'linkdoc compile'; did you mean '--pretty'?\n"), option.stderr)
        XCTAssert(try cli.run(["lint", "--stirct"]).stderr.contains("did you mean '--strict'?"))
        XCTAssert(try cli.run(["compile", "--manfest=x.json"]).stderr.contains("unknown option '--manfest=x.json' for 'linkdoc compile'; did you mean '--manifest'?"))
        XCTAssertFalse(try cli.run(["compile", "--frobnicate"]).stderr.contains("did you mean"), "no far-fetched guesses")
        XCTAssert(try cli.run(["complie"]).stderr.contains("unknown command 'complie'; did you mean 'compile'?"))

        XCTAssert(try cli.run(["lint", "--reporter", "sarfi", "-"]).stderr.contains("unknown reporter 'sarfi'; did you mean 'sarif'? (known: "))

        let rule = try cli.run(["rules", "duplicate-links"])
        XCTAssertEqual(rule.status, 2)
        XCTAssertEqual(rule.stderr, "linkdoc: error: unknown rule 'duplicate-links'; did you mean 'duplicate-link'? Run 'linkdoc rules' for the list.\n")
        let dir = try cli.temporaryDirectory()
        let config = dir.appendingPathComponent(".linkdoc.json")
        try Data(#"{"rules": {"insecure-urls": "off"}}"#.utf8).write(to: config)
        let lint = try cli.run(["lint", "--config", config.path, "-"], stdin: Data("x".utf8))
        XCTAssertEqual(lint.status, 2)
        XCTAssert(lint.stderr.contains(#"unknown rule "insecure-urls"; did you mean "insecure-url"? (see 'linkdoc rules')"#), lint.stderr)
    }
}

final class URLMessageTests: XCTestCase {
    func testATargetWithoutSchemeSuggestsHTTPS() throws {
        let r = try CLIRunner().run(["compile"], stdin: Data("[官网](example.com)".utf8))
        XCTAssertEqual(r.status, 1)
        XCTAssert(r.stderr.contains("<stdin>:1:6: error: not a valid URL (missing-scheme-non-relative-URL); did you mean https://example.com?"), r.stderr)
    }
}

final class LintVerboseTests: XCTestCase {
    func testLintVerboseSaysWhichConfigurationAndManifestAreInUse() throws {
        let cli = CLIRunner()
        let r = try cli.run(["lint", "--verbose", "Examples/flawed"], in: CLIRunner.packageRoot)
        XCTAssertEqual(r.status, 1)
        XCTAssert(r.stderr.contains("linkdoc: note: using the configuration \(CLIRunner.packageRoot.standardizedFileURL.path)/Examples/flawed/.linkdoc.json\n"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "linkdoc: note: using the manifest ").count - 1, 1, "once per manifest:\n\(r.stderr)")

        let dir = try cli.temporaryDirectory()
        try Data("《条款》".utf8).write(to: dir.appendingPathComponent("a.txt"))
        let none = try cli.run(["lint", "--verbose", "a.txt"], in: dir)
        XCTAssert(none.stderr.contains("no .linkdoc.json found"), none.stderr)
        XCTAssertEqual(none.stderr.components(separatedBy: "no manifest found").count - 1, 1, none.stderr)
    }
}
