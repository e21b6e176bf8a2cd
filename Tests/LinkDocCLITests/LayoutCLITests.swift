import Foundation
import XCTest

/// `linkdoc layout` as a user runs it: on the bundled examples, from a compiled link document,
/// with hits and truncation, every output valid against Grammar/layout.schema.json.
final class LayoutCLITests: XCTestCase {
    let cli = CLIRunner()
    static let font = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.font) else {
            throw XCTSkip("linkdoc layout CLI tests: did not run: the default font \(Self.font) is missing (Debian: apt-get install fonts-noto-cjk)")
        }
    }

    func layout(_ arguments: [String], stdin: Data? = nil) throws -> [String: Any] {
        let r = try cli.run(["layout"] + arguments, stdin: stdin, in: CLIRunner.packageRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
    }

    func testEveryOutputMatchesTheSchema() throws {
        let runs: [[String]] = [
            ["Examples/privacy-dialog.txt", "--width", "270", "--size", "16", "--hit", "100,20", "--hit", "10,500"],
            ["Examples/agreement-checkbox.txt", "--width", "300", "--size", "14", "--profile", "label", "--max-lines", "1",
             "--token", "…展开", "--token-action", "expand", "--hit", "290,8"],
            ["Examples/social-post.txt", "--width", "200", "--size", "15", "--line-spacing", "4", "--paragraph-spacing", "6",
             "--insets", "10,12,10,12", "--padding", "0", "--alignment", "center"],
            ["Examples/english.txt", "--width", "320", "--size", "17", "--font", Self.font + "#0", "--max-lines", "2"],
        ]
        var lines = ""
        for arguments in runs {
            let r = try cli.run(["layout"] + arguments, in: CLIRunner.packageRoot)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout.filter { $0 == "\n" }.count, 1, "one JSON line")
            lines += r.stdout
        }
        let file = try cli.temporaryDirectory().appendingPathComponent("layouts.ndjson")
        try Data(lines.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CLIRunner.packageRoot.appendingPathComponent("Tests/validate_layout.py").path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text.trimmingCharacters(in: .newlines))
        XCTAssertEqual(process.terminationStatus, 0, "layout schema validation failed (Tests/validate_layout.py needs python3 with jsonschema):\n\(text)")
        XCTAssert(text.contains("layout schema: \(runs.count) passed, 0 failed"), text)
    }

    func testHitsAndTruncation() throws {
        let copy = Data("请阅读[条款](https://example.com/a)和[隐私](https://example.com/b)，这段文字会被截断因为它超过了一行的宽度".utf8)
        let out = try layout(["-", "--width", "160", "--size", "16", "--profile", "label", "--max-lines", "1", "--token", "…展开",
                              "--token-action", "expand", "--hit", "60,10", "--hit", "88,10", "--hit", "140,10", "--hit", "60,30"], stdin: copy)
        XCTAssertEqual(out["truncated"] as? Bool, true)
        let hits = try XCTUnwrap(out["hits"] as? [[String: Any]])
        XCTAssertEqual(hits.map { $0["link"] as? Int }, [0, nil, nil, nil], "on a link, on 和 between links, on the token, below the line")
        XCTAssertEqual(hits.map { $0["token"] as? Bool }, [false, false, true, false])
        let token = try XCTUnwrap(out["token"] as? [String: Any])
        XCTAssertEqual(token["action"] as? String, "expand")
        XCTAssertEqual(token["rect"] as? [Double], [112, 0, 48, 23.168], "7 ideographs of 16, then …展开 (3 × 16)")
    }

    func testACompiledDocumentLaysOutAsItsCopy() throws {
        let compiled = try cli.run(["compile", "Examples/privacy-dialog.txt"], in: CLIRunner.packageRoot)
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        let options = ["--width", "250", "--size", "16", "--hit", "30,30"]
        let fromCopy = try cli.run(["layout", "Examples/privacy-dialog.txt"] + options, in: CLIRunner.packageRoot)
        let fromDocument = try cli.run(["layout", "-"] + options, stdin: Data(compiled.stdout.utf8), in: CLIRunner.packageRoot)
        XCTAssertEqual(fromDocument.status, 0, fromDocument.stderr)
        XCTAssertEqual(fromDocument.stdout, fromCopy.stdout)
    }

    func testThePNGPreviewIsWrittenAtomicallyBesideTheSameJSON() throws {
        let directory = try cli.temporaryDirectory()
        let png = directory.appendingPathComponent("dialog.png")
        let options = ["Examples/privacy-dialog.txt", "--width", "270", "--size", "16"]
        let plain = try cli.run(["layout"] + options, in: CLIRunner.packageRoot)
        let drawn = try cli.run(["layout"] + options + ["--png", png.path, "--scale", "3"], in: CLIRunner.packageRoot)
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertEqual(drawn.stdout, plain.stdout, "--png changes nothing in the JSON")
        let bytes = [UInt8](try Data(contentsOf: png))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, 810, "270 pt at 3×")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["dialog.png"], "no temporary file left")
    }

    func testOneStringOfALocalizationFileOrBundleByKey() throws {
        let dir = try cli.temporaryDirectory()
        let catalog = dir.appendingPathComponent("Localizable.xcstrings")
        try Data(#"{"sourceLanguage":"en","strings":{"consent":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"I agree to the [Terms](https://example.com/t)"}},"zh-Hans":{"stringUnit":{"state":"translated","value":"我已阅读并同意[用户协议](https://example.com/t)"}}}}},"version":"1.0"}"#.utf8).write(to: catalog)
        let zh = try layout([catalog.path, "--key", "consent", "--language", "zh-Hans", "--width", "120", "--size", "16", "--profile", "label"])
        XCTAssertEqual((zh["lines"] as? [Any])?.count, 2, "我已阅读并同意用户协议: 11 ideographs, 7 a line")
        XCTAssertEqual(((zh["links"] as? [[String: Any]])?.first?["rects"] as? [[Double]])?.first, [0, 23.168, 64, 23.168], "用户协议 starts line 2")
        let bundle = dir.appendingPathComponent("bundle.json")
        let compiled = try cli.run(["compile", catalog.path])
        try Data(compiled.stdout.utf8).write(to: bundle)
        let en = try layout([bundle.path, "--key", "consent", "--language", "en", "--width", "400", "--size", "16", "--profile", "label"])
        XCTAssertEqual((en["lines"] as? [Any])?.count, 1)
        for (arguments, message) in [([catalog.path], "is a localization file, not copy: lay out one of its strings with --key KEY"),
                                     ([bundle.path], "is a compiled bundle, not copy"),
                                     ([catalog.path, "--key", "consent"], "is in en, zh-Hans: choose one with --language"),
                                     ([catalog.path, "--key", "nope"], "has no string with the key nope"),
                                     ([catalog.path, "--key", "consent", "--language", "fr"], "has no fr text (it is in en, zh-Hans)"),
                                     (["Examples/english.txt", "--key", "consent"], "--key picks a string of a localization file")] {
            let r = try cli.run(["layout"] + arguments + ["--width", "200", "--size", "16"], in: CLIRunner.packageRoot)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssert(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        let compileBundle = try cli.run(["compile", bundle.path])
        XCTAssertEqual(compileBundle.status, 2)
        XCTAssert(compileBundle.stderr.contains("is a compiled bundle (version, strings), not copy"), compileBundle.stderr)
    }

    func testUsageErrors() throws {
        let cases: [([String], String)] = [
            (["Examples/english.txt", "--size", "16"], "layout needs --width"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--font", "/nonexistent.ttf"], "cannot use the font /nonexistent.ttf"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--font", Self.font + "#12"], "the file has faces 0 to 9"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--insets", "8,0,8"], "--insets 8,0,8 is not four numbers"),
            (["Examples/english.txt", "--width", "10", "--size", "16"], "leaves no room for text"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--hit", "3"], "--hit 3 is not a point X,Y"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--profile", "button"], "--profile button is not textview or label"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--png", "/tmp/x.png", "--scale", "4"], "--scale 4 is not 2 or 3"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--scale", "3"], "--scale needs --png FILE"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--png", "/nonexistent/dir/x.png"], "/nonexistent/dir/x.png: cannot create"),
            // Every number within its bounds (Grammar/layout.md, "Bounds"), the flag named.
            (["Examples/english.txt", "--width", "1e308", "--size", "16"], "--width 1e+308 is not a number from more than 0 to 100000"),
            (["Examples/english.txt", "--width", "200", "--size", "100000"], "--size 100000 is not a number from more than 0 to 10000"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--line-spacing", "1e300"], "--line-spacing 1e+300 is not a number"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--insets", "inf,0,0,0"], "--insets (top) inf is not a number"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--hit", "nan,1"], "--hit nan,1: x nan is not a number from -1000000000"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--tolerance", "1e308"], "--tolerance 1e+308 is not a number from 0 to 10000"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--max-lines", "200000000"], "--max-lines 200000000 is not a whole number from 0"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--font", Self.font + "#4294967296"], "is not FILE or FILE#INDEX"),
            (["Examples/english.txt", "--width", "100000", "--size", "16", "--png", "/tmp/never.png", "--scale", "3"],
             "--png: picture would be 300000×"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--token", ""], "--token is empty"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--direction", "up"], "--direction up is not one of natural, ltr, rtl"),
            (["Examples/english.txt", "--width", "200", "--size", "16", "--line-break-strategy", "push"], "--line-break-strategy push is not"),
        ]
        for (arguments, message) in cases {
            let r = try cli.run(["layout"] + arguments, in: CLIRunner.packageRoot)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssert(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "nothing on standard output")
        }
    }
}
