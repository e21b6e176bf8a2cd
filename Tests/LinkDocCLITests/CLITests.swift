import Foundation
import XCTest

/// Runs the built `linkdoc` binary the way a user does: arguments, standard
/// input, files, exit codes, standard output and standard error.
final class CLITests: XCTestCase {
    typealias Run = CLIRunner.Run
    static var packageRoot: URL { CLIRunner.packageRoot }

    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String] = [:]) throws -> Run {
        try CLIRunner().run(arguments, stdin: stdin, in: directory, environment: environment)
    }

    func temporaryDirectory() throws -> URL { try CLIRunner().temporaryDirectory() }

    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: The README's main job

    func testCompilesTheBundledPrivacyDialog() throws {
        let r = try run(["compile", "Examples/privacy-dialog.txt"], in: Self.packageRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        let doc = try json(r.stdout)
        let links = try XCTUnwrap(doc["links"] as? [[String: Any]])
        XCTAssertEqual(links.compactMap { $0["kind"] as? String },
                       ["agreement", "agreement", "agreement", "agreement", "email", "phone"])
        XCTAssertEqual(links.first?["id"] as? String, "terms", "the manifest beside the file was found")
        XCTAssertEqual(r.stderr, "", "the bundled example compiles without warnings")
    }

    func testEveryExampleCompilesWithoutErrors() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".txt") || $0.hasSuffix(".html") }.sorted()
        XCTAssertGreaterThanOrEqual(examples.count, 5)
        for example in examples {
            let r = try run(["compile", "Examples/" + example], in: Self.packageRoot)
            XCTAssertEqual(r.status, 0, "\(example): \(r.stderr)")
            XCTAssertFalse((try json(r.stdout)["links"] as? [Any] ?? []).isEmpty, "\(example) has links")
        }
    }

    // MARK: Input and output

    func testReadsStandardInputWithAndWithoutDash() throws {
        for arguments in [["compile"], ["compile", "-"]] {
            let r = try run(arguments + ["--manifest", "Grammar/spec-manifest.json"], stdin: Data("请阅读《用户协议》".utf8), in: Self.packageRoot)
            XCTAssertEqual(r.status, 0, r.stderr)
            let links = try json(r.stdout)["links"] as? [[String: Any]]
            XCTAssertEqual(links?.first?["kind"] as? String, "agreement")
        }
    }

    func testSameInputGivesSameBytes() throws {
        let a = try run(["compile", "Examples/social-post.txt"], in: Self.packageRoot)
        let b = try run(["compile", "Examples/social-post.txt"], in: Self.packageRoot)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertFalse(a.stdout.isEmpty)
    }

    func testPrettyOutputIsTheSameDocument() throws {
        let compact = try run(["compile", "Examples/english.txt"], in: Self.packageRoot)
        let pretty = try run(["compile", "--pretty", "Examples/english.txt"], in: Self.packageRoot)
        XCTAssert(pretty.stdout.contains("\n  \"links\": ["))
        XCTAssertEqual(try json(compact.stdout) as NSDictionary, try json(pretty.stdout) as NSDictionary)
    }

    func testOutputFileIsWrittenAndReplacedAtomically() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("a.txt"), output = dir.appendingPathComponent("out.json")
        try Data("@小明".utf8).write(to: input)
        try Data("old".utf8).write(to: output)
        let r = try run(["compile", input.path, "-o", output.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(try json(String(decoding: try Data(contentsOf: output), as: UTF8.self))["text"] as? String, "@小明")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary file is left behind")
    }

    func testOutputDashIsStandardOutput() throws {
        let dir = try temporaryDirectory()
        let r = try run(["compile", "-", "-o", "-"], stdin: Data("@小明".utf8), in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try json(r.stdout)["text"] as? String, "@小明")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "no file named - is written")
    }

    func testFailedWriteLeavesEarlierFileUntouched() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("a.txt")
        try Data("x".utf8).write(to: input)
        // The output's folder does not exist: the write fails with exit code 2.
        let r = try run(["compile", input.path, "-o", dir.appendingPathComponent("missing/out.json").path])
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("cannot"), r.stderr)
        // A read-only folder: the old file survives.
        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let old = locked.appendingPathComponent("out.json")
        try Data("old".utf8).write(to: old)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
        if getuid() != 0 {  // root ignores folder permissions
            let r2 = try run(["compile", input.path, "-o", old.path])
            XCTAssertEqual(r2.status, 2)
        }
        XCTAssertEqual(try String(contentsOf: old, encoding: .utf8), "old")
    }

    func testSeveralInputsGiveOneLineEach() throws {
        let r = try run(["compile", "Examples/english.txt", "Examples/social-post.txt"], in: Self.packageRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(try json(String(lines[1]))["file"] as? String, "Examples/social-post.txt")
    }

    func testEmptyFileGivesEmptyDocument() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("empty.txt")
        try Data().write(to: input)
        let r = try run(["compile", input.path])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, #"{"version":1,"text":"","links":[],"styles":[],"paragraphs":[]}"# + "\n")
    }

    /// A copy file's final line ending (LF, CRLF or CR) ends the file and is not text, read from a
    /// file or from standard input; of two, the first is text. An NDJSON record's text is a value
    /// and keeps it. Diagnostics keep the file's lines and columns.
    func testAFilesFinalLineEndingIsNotText() throws {
        let dir = try temporaryDirectory()
        let cases: [(file: String, text: String)] = [("欢迎\n", "欢迎"), ("欢迎\r\n", "欢迎"), ("欢迎\r", "欢迎"),
                                                     ("欢迎\n\n", "欢迎\n"), ("欢迎\r\n\r\n", "欢迎\n"), ("\n", ""), ("欢迎", "欢迎")]
        for (file, text) in cases {
            let input = dir.appendingPathComponent("copy.txt")
            try Data(file.utf8).write(to: input)
            XCTAssertEqual(try json(try run(["compile", "--no-manifest", input.path]).stdout)["text"] as? String, text, file.debugDescription)
            XCTAssertEqual(try json(try run(["compile", "--no-manifest"], stdin: Data(file.utf8)).stdout)["text"] as? String, text,
                           "standard input \(file.debugDescription)")
        }
        let record = try run(["compile", "--ndjson", "--no-manifest"], stdin: Data(#"{"text":"欢迎\n"}"#.utf8 + [0x0A]))
        XCTAssertEqual((try json(record.stdout)["document"] as? [String: Any])?["text"] as? String, "欢迎\n", "a record's text is a value")

        let crlf = dir.appendingPathComponent("crlf.txt")
        try Data("第一行\r\n[点我](javascript:x)\r\n".utf8).write(to: crlf)
        let r = try run(["compile", "--no-manifest", crlf.path])
        XCTAssertEqual(try json(r.stdout)["text"] as? String, "第一行\n点我")
        XCTAssert(r.stderr.contains("crlf.txt:2:6: error:") && r.stderr.contains("\n    [点我](javascript:x)\n           ^\n"), r.stderr)
    }

    // MARK: Bad input and exit codes

    func testInvalidUTF8IsAnErrorAndOtherDocumentsStillCompile() throws {
        let dir = try temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.txt"), good = dir.appendingPathComponent("good.txt")
        try Data([0x61, 0x0A, 0xE4, 0xBD, 0xFF]).write(to: bad)
        try Data("好".utf8).write(to: good)
        let r = try run(["compile", bad.path, good.path])
        XCTAssertEqual(r.status, 1)
        XCTAssert(r.stderr.contains("bad.txt:2:1: error: the file is not valid UTF-8 (byte offset 2)"), r.stderr)
        XCTAssert(r.stderr.contains("[invalid-utf8]"))
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssert(lines[0].hasSuffix(#""document":null}"#), lines[0])
        XCTAssertEqual((try json(lines[1])["document"] as? [String: Any])?["text"] as? String, "好")
    }

    func testErrorsInCopyExitWithOneAndStillWriteTheDocument() throws {
        let r = try run(["compile"], stdin: Data("[点我](javascript:alert(1))".utf8))
        XCTAssertEqual(r.status, 1)
        XCTAssert(r.stderr.contains("<stdin>:1:6: error:"), r.stderr)
        XCTAssert(r.stderr.contains("[disallowed-scheme]"))
        XCTAssert(r.stderr.contains("\n    [点我](javascript:alert(1))\n           ^\n"), "excerpt and caret under the column:\n\(r.stderr)")
        XCTAssertEqual(try json(r.stdout)["text"] as? String, "点我")
        XCTAssertFalse(r.stdout.contains("javascript"))
    }

    func testWarningsKeepExitCodeZero() throws {
        let r = try run(["compile", "--manifest", "Grammar/spec-manifest.json"], stdin: Data("《新条款》".utf8), in: Self.packageRoot)
        XCTAssertEqual(r.status, 0)
        XCTAssert(r.stderr.contains("<stdin>:1:1: warning: unknown agreement 《新条款》"), r.stderr)
    }

    func testMissingFileIsExitCodeTwo() throws {
        let r = try run(["compile", "/nonexistent/copy.txt"])
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("/nonexistent/copy.txt: No such file or directory"), r.stderr)
    }

    func testDirectoryAsInputIsExitCodeTwo() throws {
        let r = try run(["compile", "Examples"], in: Self.packageRoot)
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("is a directory"), r.stderr)
    }

    func testMalformedManifestIsExitCodeTwo() throws {
        let dir = try temporaryDirectory()
        let cases: [(String, String)] = [
            ("{", "not valid JSON"),
            (#"{"agreement": {}}"#, #"unknown key "agreement""#),
            (#"{"agreements": {"a": 1}}"#, "agreements.a: expected a URL string or an object"),
            (#"{"agreements": {"a": {"href": "x"}}}"#, #"unknown key "agreements.a.href""#),
            (#"{"schemes": ["ht tp"]}"#, #""ht tp" is not a URL scheme name"#),
            (#"{"options": {"maxTopicLength": true}}"#, "options.maxTopicLength: expected a whole number"),
            (#"{"agreements": {"a": {"url": "x", "id": "k"}, "b": {"url": "y", "id": "k"}}}"#, #"share the id "k""#),
        ]
        for (manifest, message) in cases {
            let path = dir.appendingPathComponent("m.json")
            try Data(manifest.utf8).write(to: path)
            let r = try run(["compile", "--manifest", path.path], stdin: Data("x".utf8))
            XCTAssertEqual(r.status, 2, manifest)
            XCTAssert(r.stderr.contains("invalid manifest") && r.stderr.contains(message), "\(manifest): \(r.stderr)")
            XCTAssertEqual(r.stdout, "")
        }
    }

    func testManifestIsFoundInAParentFolder() throws {
        let dir = try temporaryDirectory()
        try Data(#"{"agreements": {"条款": "https://example.com/t"}}"#.utf8).write(to: dir.appendingPathComponent("linkdoc.json"))
        let nested = dir.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("《条款》".utf8).write(to: nested.appendingPathComponent("c.txt"))
        let r = try run(["compile", nested.appendingPathComponent("c.txt").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual((try json(r.stdout)["links"] as? [[String: Any]])?.first?["url"] as? String, "https://example.com/t")
    }

    func testUnknownFlagAndCommandAreExitCodeTwo() throws {
        let flag = try run(["compile", "--frobnicate"])
        XCTAssertEqual(flag.status, 2)
        XCTAssert(flag.stderr.contains("unknown option '--frobnicate'"), flag.stderr)
        let command = try run(["frobnicate"])
        XCTAssertEqual(command.status, 2)
        XCTAssert(command.stderr.contains("unknown command 'frobnicate'"))
        XCTAssertFalse(command.stderr.contains("Fatal error"))
        let missingValue = try run(["compile", "-o"])
        XCTAssertEqual(missingValue.status, 2)
        XCTAssert(missingValue.stderr.contains("-o needs a value"))
    }

    func testHelpAndVersion() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssert(help.stdout.contains("compile") && help.stdout.contains("Exit codes"))
        let compileHelp = try run(["help", "compile"])
        XCTAssertEqual(compileHelp.status, 0)
        for flag in ["--manifest", "-o, --output", "--pretty", "--verbose", "--quiet"] {
            XCTAssert(compileHelp.stdout.contains(flag), "help compile documents \(flag)")
        }
        XCTAssertEqual(try run(["compile", "--help"]).stdout, compileHelp.stdout)
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssert(version.stdout.hasPrefix("linkdoc "))
        XCTAssertEqual(try run([]).status, 2, "no command is a usage error")
    }
}
