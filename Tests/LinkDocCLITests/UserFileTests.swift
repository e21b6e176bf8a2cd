import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "A user's file is never rewritten in a way they did not ask for": `lint --fix` edits values
/// and nothing else, keeps what a file is on disk (link, mode, owner, hard links), reports every
/// finding when it cannot write; folder walks end and read files only; `--split` writes a whole
/// set or nothing; language folders, qualifier folders and accessors name what they name.
/// One test per way a file was lost or corrupted (issue #28's table).
final class UserFileTests: XCTestCase {
    let cli = CLIRunner()

    /// The fixable rules on, as a user who runs `--fix` would have them.
    let configuration = #"{"rules":{"cjk-latin-spacing":"warning","fullwidth-punctuation":"warning","invisible-character":"warning"}}"#

    func folder() throws -> URL {
        let dir = try cli.temporaryDirectory()
        try configuration.write(to: dir.appendingPathComponent(".linkdoc.json"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    @discardableResult
    func write(_ bytes: [UInt8], _ path: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url
    }

    @discardableResult
    func write(_ text: String, _ path: String, in dir: URL) throws -> URL { try write(Array(text.utf8), path, in: dir) }

    func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    func info(_ url: URL) -> stat {
        var s = stat()
        XCTAssertEqual(lstat(url.path, &s), 0)
        return s
    }

    // MARK: Row 1, 2: keys are never edited

    func testFixNeverRenamesACatalogKeyThatStandsForItsValue() throws {
        let dir = try folder()
        let catalog = #"{"sourceLanguage":"zh-Hans","strings":{"完成!下一步":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Done"}}}},"#
            + #""b":{"localizations":{"zh-Hans":{"stringUnit":{"state":"translated","value":"使用Swift开发"}}}}}}"#
        let file = try write(catalog, "L.xcstrings", in: dir)
        let run = try cli.run(["lint", "--fix", file.path])
        let after = String(decoding: try bytes(file), as: UTF8.self)
        XCTAssertTrue(after.contains("\"完成!下一步\""), "the key was renamed: \(after)")
        XCTAssertTrue(after.contains("使用 Swift 开发"), "the value was not fixed: \(after)")
        // The key's finding is still reported: linted read-only.
        XCTAssertTrue(run.stdout.contains("key \"完成!下一步\""), run.stdout)
    }

    func testFixNeverRenamesAKeyOnlyStringsEntry() throws {
        let dir = try folder()
        let file = try write("\"完成!下一步\";\n\"b\" = \"使用Swift开发\";\n", "zh-Hans.lproj/L.strings", in: dir)
        try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), "\"完成!下一步\";\n\"b\" = \"使用 Swift 开发\";\n")
    }

    // MARK: Row 3: invalid bytes are never "repaired" into the file

    func testFixNeverWritesTheRepairOfInvalidBytes() throws {
        let dir = try folder()
        let original: [UInt8] = Array("\"a\" = \"Caf".utf8) + [0xE9] + Array("\";\n\"b\" = \"使用Swift开发\";\n".utf8)
        let file = try write(original, "L.strings", in: dir)
        let run = try cli.run(["lint", "--fix", "--reporter", "json", file.path])
        XCTAssertEqual(try bytes(file), original)
        XCTAssertEqual(run.status, 1, "the encoding error must stand")
        XCTAssertTrue(run.stdout.contains("invalid-encoding"), run.stdout)
        XCTAssertTrue(run.stdout.contains("fix-not-applied"), run.stdout)
        XCTAssertTrue(run.stdout.contains("cjk-latin-spacing"), "the findings stay in the report: \(run.stdout)")
    }

    // MARK: Row 4: fixes that would change a script's meaning are not made

    func testFixKeepsJoinersSoftHyphensAndVariationSelectors() throws {
        let dir = try folder()
        let text = "\"fa\" = \"می\u{200C}خواهم\";\n\"hi\" = \"क्\u{200D}ष\";\n\"de\" = \"Silben\u{00AD}trennung\";\n"
            + "\"de2\" = \"Auf\u{200C}lage\";\n\"vs\" = \"❤\u{FE0F} 喜欢\";\n\"zh\" = \"用户\u{200B}协议\";\n"
        let file = try write(text, "L.strings", in: dir)
        try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), text.replacingOccurrences(of: "\u{200B}", with: ""))
    }

    // MARK: Row 5: an alias's fix is its target's, made once

    func testFixOfAnAliasedAndroidValueIsMadeOnce() throws {
        let dir = try folder()
        let file = try write(#"<resources><string name="a">"使用Swift开发"</string><string name="b">@string/a</string><string name="c">@string/a</string></resources>"#,
                             "values/strings.xml", in: dir)
        try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self),
                       #"<resources><string name="a">"使用 Swift 开发"</string><string name="b">@string/a</string><string name="c">@string/a</string></resources>"#)
    }

    // MARK: Row 6: a file stays what it is on disk

    let fixable = "\"b\" = \"使用Swift开发\";\n"
    let fixed = "\"b\" = \"使用 Swift 开发\";\n"

    func testFixThroughASymlinkEditsItsTargetAndKeepsTheLink() throws {
        let dir = try folder()
        let target = try write(fixable, "real/L.strings", in: dir)
        let link = dir.appendingPathComponent("L.strings")
        XCTAssertEqual(symlink("real/L.strings", link.path), 0)
        try cli.run(["lint", "--fix", link.path])
        XCTAssertEqual(info(link).st_mode & S_IFMT, S_IFLNK, "the link was replaced by a file")
        XCTAssertEqual(String(decoding: try bytes(target), as: UTF8.self), fixed)
    }

    func testFixRefusesAReadOnlyFile() throws {
        let dir = try folder()
        let file = try write(fixable, "L.strings", in: dir)
        chmod(file.path, 0o444)
        let run = try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), fixable)
        XCTAssertEqual(info(file).st_mode & 0o777, 0o444)
        XCTAssertTrue(run.stdout.contains("read-only") && run.stdout.contains("[fix-not-applied]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[cjk-latin-spacing]"), "the findings stay in the report: \(run.stdout)")
    }

    func testFixKeepsModeAndOwner() throws {
        let dir = try folder()
        let file = try write(fixable, "L.strings", in: dir)
        chmod(file.path, 0o600)
        // Another owner and group where the tests may give one (as root); else one's own.
        let owner: (uid_t, gid_t) = geteuid() == 0 ? (1234, 5678) : (geteuid(), getegid())
        XCTAssertEqual(chown(file.path, owner.0, owner.1), 0)
        try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), fixed)
        let after = info(file)
        XCTAssertEqual(after.st_mode & 0o7777, 0o600)
        XCTAssertEqual(after.st_uid, owner.0)
        XCTAssertEqual(after.st_gid, owner.1)
    }

    func testFixRefusesAHardLinkedFileAndKeepsTheLinks() throws {
        let dir = try folder()
        let file = try write(fixable, "L.strings", in: dir)
        let other = dir.appendingPathComponent("copy.txt")
        XCTAssertEqual(link(file.path, other.path), 0)
        let run = try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(info(file).st_ino, info(other).st_ino, "the hard link was parted")
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), fixable)
        XCTAssertTrue(run.stdout.contains("hard links"), run.stdout)
    }

    // MARK: Row 7: a failed write keeps every finding in the report

    func testFailedWriteReportsEveryFindingAndTheError() throws {
        let dir = try folder()
        // Big enough that the write passes a file-size limit of 1 KiB (2 blocks), which makes
        // write() fail with EFBIG as on a full disk.
        let text = String(repeating: fixable.replacingOccurrences(of: "\"b\"", with: "\"k\""), count: 1) +
            (0..<60).map { "\"k\($0)\" = \"使用Swift开发\";\n" }.joined()
        let file = try write(text, "L.strings", in: dir)
        let script = "trap '' XFSZ; ulimit -f 2; exec \"$0\" lint --fix --reporter json \"$1\""
        let run = try cli.run(["-c", script, CLIRunner.binary.path, file.path], executable: URL(fileURLWithPath: "/bin/sh"))
        if run.stderr.contains("ThreadSanitizer") { throw XCTSkip("the ThreadSanitizer runtime cannot run under ulimit -f") }
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), text, "the file must be left whole")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let rules = (report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        XCTAssertEqual(rules.filter { $0 == "cjk-latin-spacing" }.count, 122, run.stdout)
        XCTAssertEqual(rules.filter { $0 == "fix-not-applied" }.count, 1, run.stdout)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy { !$0.hasPrefix(".L.strings.") },
                      "a temporary file was left behind")
    }

    // MARK: Row 8, 24, 25: walks end, read files only, and skip what is not copy

    func testWalkFollowsEachRealFolderOnce() throws {
        let dir = try folder()
        try write("你好\n", "d/x.txt", in: dir)
        try write("你好\n", "d/sub/y.txt", in: dir)
        XCTAssertEqual(symlink(".", dir.appendingPathComponent("d/a").path), 0)
        XCTAssertEqual(symlink(".", dir.appendingPathComponent("d/b").path), 0)
        XCTAssertEqual(symlink("..", dir.appendingPathComponent("d/sub/up").path), 0)
        let run = try cli.run(["lint", "--reporter", "json", "d"], in: dir)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["files"] as? Int, 2, run.stdout + run.stderr)
    }

    func testWalksSkipFIFOsWithANote() throws {
        let dir = try folder()
        try write("你好\n", "d/x.txt", in: dir)
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("d/f.txt").path, 0o644), 0)
        try write("\"a\" = \"b\";\n", "Res/en.lproj/L.strings", in: dir)
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("Res/en.lproj/M.strings").path, 0o644), 0)
        // A FIFO blocks its reader until a writer comes: a hang would time the test out.
        let lint = try cli.run(["lint", "d"], in: dir)
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertTrue(lint.stderr.contains("d/f.txt is a FIFO"), lint.stderr)
        let compile = try cli.run(["compile", "Res"], in: dir)
        XCTAssertEqual(compile.status, 0, compile.stderr)
        XCTAssertTrue(compile.stderr.contains("Res/en.lproj/M.strings is a FIFO"), compile.stderr)
    }

    func testNamedPipeGivenOnTheCommandLineIsStillRead() throws {
        // `linkdoc compile <(generate)`: a pipe the user names is read.
        let run = try cli.run(["-c", "exec \"$0\" compile <(printf '请阅读《用户协议》')", CLIRunner.binary.path],
                              executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertTrue(run.stdout.contains("\"text\":\"请阅读《用户协议》\""), run.stdout + run.stderr)
    }

    func testCompileSkipsAppleDoubleFilesAsLintDoes() throws {
        let dir = try folder()
        try write("\"a\" = \"b\";\n", "Res/en.lproj/L.strings", in: dir)
        try write([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00, 0x4D, 0x61, 0x63], "Res/en.lproj/._L.strings", in: dir)
        try write([0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31], "Res/en.lproj/.DS_Store", in: dir)
        let compile = try cli.run(["compile", "Res"], in: dir)
        XCTAssertEqual(compile.status, 0, compile.stderr)
        XCTAssertFalse(compile.stdout.contains("._L"), compile.stdout)
        XCTAssertEqual(compile.stderr, "")
        let lint = try cli.run(["lint", "Res"], in: dir)
        XCTAssertTrue(lint.stdout.contains("1 file linted"), lint.stdout)
    }

    // MARK: Row 23: --split writes the whole set or nothing

    func testSplitThatCannotFinishLeavesTheOldSetWhole() throws {
        let dir = try folder()
        try write("\"a\" = \"b\";\n", "Res/en.lproj/L.strings", in: dir)
        try write("\"a\" = \"乙\";\n", "Res/zh-Hans.lproj/L.strings", in: dir)
        let out = dir.appendingPathComponent("out")
        try write("old en\n", "out/en.json", in: dir)
        try write("mine\n", "out/notes.txt", in: dir)
        // zh-Hans.json cannot be replaced (a folder is in its place): en.json, written first,
        // must be put back.
        try FileManager.default.createDirectory(at: out.appendingPathComponent("zh-Hans.json"), withIntermediateDirectories: true)
        let failed = try cli.run(["compile", "Res", "--split", "out"], in: dir)
        XCTAssertEqual(failed.status, 2, failed.stderr)
        XCTAssertEqual(String(decoding: try bytes(out.appendingPathComponent("en.json")), as: UTF8.self), "old en\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["en.json", "notes.txt", "zh-Hans.json"])
        try FileManager.default.removeItem(at: out.appendingPathComponent("zh-Hans.json"))
        let done = try cli.run(["compile", "Res", "--split", "out"], in: dir)
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertTrue(String(decoding: try bytes(out.appendingPathComponent("zh-Hans.json")), as: UTF8.self).contains("乙"))
        XCTAssertEqual(String(decoding: try bytes(out.appendingPathComponent("notes.txt")), as: UTF8.self), "mine\n")
    }

    func testSplitOnAFullDiskLeavesTheOldSetWhole() throws {
        let dir = try folder()
        let long = String(repeating: "使用 Swift 开发，", count: 60)
        try write("\"a\" = \"\(long)\";\n", "Res/en.lproj/L.strings", in: dir)
        try write("\"a\" = \"乙\";\n", "Res/zh-Hans.lproj/L.strings", in: dir)
        try write("old en\n", "out/en.json", in: dir)
        try write("old zh\n", "out/zh-Hans.json", in: dir)
        // en.json is larger than the 1 KiB limit; zh-Hans.json is not, and must not be replaced alone.
        let script = "trap '' XFSZ; ulimit -f 2; exec \"$0\" compile Res --split out"
        let run = try cli.run(["-c", script, CLIRunner.binary.path], in: dir, executable: URL(fileURLWithPath: "/bin/sh"))
        if run.stderr.contains("ThreadSanitizer") { throw XCTSkip("the ThreadSanitizer runtime cannot run under ulimit -f") }
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(String(decoding: try bytes(dir.appendingPathComponent("out/en.json")), as: UTF8.self), "old en\n")
        XCTAssertEqual(String(decoding: try bytes(dir.appendingPathComponent("out/zh-Hans.json")), as: UTF8.self), "old zh\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted(),
                       ["en.json", "zh-Hans.json"], "temporary files were left behind")
    }

    // MARK: Row 26: NDJSON's byte order mark

    func testNDJSONSkipsAByteOrderMarkBeforeTheFirstRecord() throws {
        let input = Data([0xEF, 0xBB, 0xBF] + Array("{\"id\":\"1\",\"text\":\"a\"}\n{\"id\":\"2\",\"text\":\"b\"}\n".utf8))
        for window in ["1", "2", "65536"] {
            let run = try cli.run(["compile", "--ndjson"], stdin: input, environment: ["LINKDOC_NDJSON_WINDOW_BYTES": window])
            XCTAssertEqual(run.status, 0, run.stdout)
            XCTAssertEqual(run.stdout.split(separator: "\n").count, 2)
            XCTAssertFalse(run.stdout.contains("error"), run.stdout)
        }
        // Only before the first record: a BOM later is the record's own bytes.
        let later = try cli.run(["compile", "--ndjson"], stdin: Data(Array("{\"text\":\"a\"}\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("{\"text\":\"b\"}\n".utf8)))
        XCTAssertEqual(later.status, 1, later.stdout)
    }

    // MARK: Found by the --fix fuzzer (Tests/Fuzz/fix)

    func testFixNeverEditsTheCharacterOfAStringsEscape() throws {
        let dir = try folder()
        let original = "\"broken\" = \"\\\u{200B}\";\n\"k\" = \"Line\\\u{200B}next\";\n\"k2\" = \"完成\\!下一步\";\n\"ok\" = \"使用Swift开发\";\n"
        let file = try write(original, "L.strings", in: dir)
        try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self),
                       original.replacingOccurrences(of: "使用Swift开发", with: "使用 Swift 开发"),
                       "an unknown escape's character (and a line continuation) is the escape's, never edited")
    }

    func testFixNeverChangesWhatACatalogsMarkdownEscapes() throws {
        let dir = try folder()
        // `\!` is Markdown's escaped `!`; a backslash before U+200B is a literal backslash, and
        // removing the U+200B would make it escape the comma.
        let original = #"{"sourceLanguage":"zh-Hans","strings":{"a":{"localizations":{"zh-Hans":{"stringUnit":{"state":"translated","value":"完成\\!下一步"}}}},"#
            + #""b":{"localizations":{"zh-Hans":{"stringUnit":{"state":"translated","value":"a\\\#u{200B},b"}}}}}}"#
        let file = try write(original, "L.xcstrings", in: dir)
        try cli.run(["lint", "--fix", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), original)
    }

    func testFixKeepsAndroidWhitespaceRunsAndMalformedFiles() throws {
        let dir = try folder()
        try write(#"{"rules":{"cjk-latin-spacing":{"severity":"warning","style":"never"}}}"#, ".linkdoc.json", in: dir)
        let runs = try write(#"<resources><string name="a">中   A</string><string name="b">中 B</string></resources>"#,
                             "res/values/strings.xml", in: dir)
        try cli.run(["lint", "--fix", runs.path])
        XCTAssertEqual(String(decoding: try bytes(runs), as: UTF8.self),
                       #"<resources><string name="a">中   A</string><string name="b">中B</string></resources>"#,
                       "one space of a run that aapt2 collapses is not removed: the value would not change")
        let malformed = #"<resources><string name="b">< x 中 B</string><string name="c">中 C</string></resources>"#
        let broken = try write(malformed, "res/values-zh-rCN/strings.xml", in: dir)
        let run = try cli.run(["lint", "--fix", "--reporter", "json", broken.path])
        XCTAssertEqual(String(decoding: try bytes(broken), as: UTF8.self), malformed, "a file the XML parser had to recover is not rewritten")
        XCTAssertTrue(run.stdout.contains("fix-not-applied"), run.stdout)
    }

    func testAUTF8FileWithANulByteIsFixedAsUTF8() throws {
        let dir = try folder()
        let file = try write("/* \u{0} */\n\"k\" = \"使用Swift开发\";\n", "L.strings", in: dir)
        let run = try cli.run(["lint", "--fix", "--reporter", "json", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self), "/* \u{0} */\n\"k\" = \"使用 Swift 开发\";\n")
        XCTAssertFalse(run.stdout.contains("UTF-16"), run.stdout)
    }

    func testFixKeepsAnInvisibleCharacterThatEndsALink() throws {
        let dir = try folder()
        try write(#"{"rules":{"invisible-character":"warning"}}"#, ".linkdoc.json", in: dir)
        // Without the U+200B the address would run on into 中文 and no longer be an e-mail link.
        let original = "\"a\" = \"客服@例子.公司\u{200B}中文\";\n\"b\" = \"中\u{200B}文\";\n"
        let file = try write(original, "L.strings", in: dir)
        let run = try cli.run(["lint", "--fix", "--reporter", "json", file.path])
        XCTAssertEqual(String(decoding: try bytes(file), as: UTF8.self),
                       "\"a\" = \"客服@例子.公司\u{200B}中文\";\n\"b\" = \"中文\";\n")
        XCTAssertTrue(run.stdout.contains("it borders a link"), run.stdout)
        let copy = try write("请联系客服@例子.公司\u{200B}谢谢", "copy.txt", in: dir)
        try cli.run(["lint", "--fix", copy.path])
        XCTAssertEqual(String(decoding: try bytes(copy), as: UTF8.self), "请联系客服@例子.公司\u{200B}谢谢")
    }

    /// The file `original` at `path` after `lint --fix` with invisible-character (and `also`) on.
    func fixing(_ original: String, at path: String, also: String = "") throws -> String {
        let dir = try folder()
        try write(#"{"rules":{"invisible-character":"warning"\#(also)}}"#, ".linkdoc.json", in: dir)
        let file = try write(original, path, in: dir)
        try cli.run(["lint", "--fix", file.path])
        return String(decoding: try bytes(file), as: UTF8.self)
    }

    func testFixNeverChangesATextsLinks() throws {
        // The URL's end before 帮助 is a guess that what follows the CJK moves: without the U+200B
        // (six characters past the link) the whole run would be the URL. And without the one after
        // the comma the host would be `e.com,中文`; without the one after the @ the text would read as
        // an address whose domain is not valid (an invalid-url error).
        let original = "\"b\" = \"见 https://example.com/帮助,常见问题\u{200B}Auf\";\n\"c\" = \"http://e.com,\u{200B}中文\";\n"
            + "\"e\" = \"下一步@\u{200B}Auf.ge\";\n"
            + "\"d\" = \"见 https://example.com/a 用户\u{200B}协议\";\n"
        XCTAssertEqual(try fixing(original, at: "L.strings"),
                       original.replacingOccurrences(of: "用户\u{200B}协议", with: "用户协议"))
    }

    func testFixNeverChangesHowACatalogsMarkdownReads() throws {
        // After a URL, Markdown is not read up to the next white space: a space put in there starts
        // a run where `code` is a code span. Between two code spans, a U+200B keeps `` from closing one.
        func value(_ key: String, _ value: String) -> String {
            #""\#(key)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"\#(value)"}}}}"#
        }
        let original = #"{"sourceLanguage":"en","strings":{"# + value("k", "http://e.com但ab;`code` x") + ","
            + value("n", "`a`\u{200B}`b`") + "," + value("m", "使用Swift开发") + "}}"
        XCTAssertEqual(try fixing(original, at: "L.xcstrings", also: #","cjk-latin-spacing":"warning""#),
                       original.replacingOccurrences(of: "使用Swift开发", with: "使用 Swift 开发"))
    }

    func testFixKeepsAnInvisibleCharacterAloneBetweenACRAndALF() throws {
        // Without the U+200B, CR and LF would be one line break (CR LF) instead of two.
        XCTAssertEqual(try fixing("a\r\u{200B}\nb\n", at: "copy.txt"), "a\r\u{200B}\nb\n")
        let strings = "\"k\" = \"a\\r\u{200B}\\nb\";\n\"l\" = \"用户\u{200B}协议\";\n"
        XCTAssertEqual(try fixing(strings, at: "L.strings"), strings.replacingOccurrences(of: "用户\u{200B}协议", with: "用户协议"))
    }

    func testFixLeavesAFileThatStartsWithANulAsItIs() throws {
        // 9 bytes + 1 inserted space would be an even length starting with a NUL: read as UTF-16 next time.
        let original = "\u{0}\"k\"=\"使用Swift开发\";\n"
        XCTAssertEqual(try fixing(original, at: "L.strings", also: #","cjk-latin-spacing":"warning""#), original)
    }

    func testFixNeverJoinsAStringsEscapeWithWhatFollows() throws {
        // `\7` is U+0007; without the U+200B it would be `\740` and `0`. A literal CR LF in a value stays.
        let original = "\"k\" = \"a\\7\u{200B}400\";\r\n\"l\" = \"用户\u{200B}协议\r\n下一步\";\r\n"
        XCTAssertEqual(try fixing(original, at: "L.strings"), original.replacingOccurrences(of: "用户\u{200B}协议", with: "用户协议"))
    }

    func testFixLeavesNoAndroidWhitespaceFirstOrLastInAValue() throws {
        // aapt2 trims white space at either end of a value: removing the U+200B would take the space with it.
        let original = "<resources><string name=\"a\">请稍后再试。 \u{200B}</string><string name=\"b\">\u{200B} 你好</string>"
            + "<string name=\"c\"><![CDATA[好 \u{200B}]]></string><string name=\"d\">你\u{200B}好</string></resources>"
        XCTAssertEqual(try fixing(original, at: "res/values/strings.xml"),
                       original.replacingOccurrences(of: "你\u{200B}好", with: "你好"))
    }

    // MARK: Rows 14, 15: language folders as Android and Apple read them

    func testAndroidQualifierFoldersNeverReplaceTheDefaultText() throws {
        let dir = try folder()
        try write(#"<resources><string name="settings">Settings</string></resources>"#, "res/values/strings.xml", in: dir)
        try write(#"<resources><string name="settings">Settings (dark)</string></resources>"#, "res/values-night/strings.xml", in: dir)
        try write(#"<resources><string name="settings">Settings (v21)</string></resources>"#, "res/values-v21/strings.xml", in: dir)
        let run = try cli.run(["compile", dir.appendingPathComponent("res").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let bundle = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let entry = try XCTUnwrap(((bundle["strings"] as? [String: Any])?["settings"] as? [String: Any])?["und"] as? [String: Any])
        XCTAssertEqual((entry["document"] as? [String: Any])?["text"] as? String, "Settings")
        let variations = try XCTUnwrap(entry["variations"] as? [String: [String: Any]])
        XCTAssertEqual(variations["config.night"]?["text"] as? String, "Settings (dark)")
        XCTAssertEqual(variations["config.v21"]?["text"] as? String, "Settings (v21)")
    }

    func testLanguageFoldersBecomeBCP47Tags() throws {
        let dir = try folder()
        for (folder, text) in [("zh_CN.lproj", "简体"), ("English.lproj", "English"), ("Base.lproj", "base")] {
            try write("\"k\" = \"\(text)\";\n", "Resources/\(folder)/L.strings", in: dir)
        }
        for (folder, text) in [("values-in", "Bahasa"), ("values-iw", "עברית"), ("values-ji", "ייִדיש"), ("values-b+sr+Latn", "latinica")] {
            try write(#"<resources><string name="k">"# + text + "</string></resources>", "res/\(folder)/strings.xml", in: dir)
        }
        for (folder, languages) in [("Resources", ["Base", "en", "zh-CN"]), ("res", ["he", "id", "sr-Latn", "yi"])] {
            let split = dir.appendingPathComponent("split-" + folder)
            let run = try cli.run(["compile", dir.appendingPathComponent(folder).path, "--split", split.path])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: split.path).sorted(), languages.map { $0 + ".json" })
        }
    }

    // MARK: Rows 16, 17, 18: accessors that never move, never fail to compile, never collide on a Mac

    func testAccessorNamesThatWouldCollideStopTheBuildNamingBoth() throws {
        let dir = try folder()
        try write("\"sign_in\" = \"Sign in\";\n\"signIn\" = \"Sign in with Apple\";\n", "en.lproj/Auth.strings", in: dir)
        let out = dir.appendingPathComponent("LinkDocStrings.swift")
        let run = try cli.run(["compile", "--swift-accessors", out.path, "en.lproj/Auth.strings"], in: dir)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains(#"the key "signIn" and the key "sign_in" would both be LinkDocStrings.Auth.signIn"#), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "no accessors were written")
    }

    func testResourcesDifferingOnlyInCaseAreRefused() throws {
        let dir = try folder()
        try write("Terms", "Copy/Legal.txt", in: dir)
        try write("terms", "Copy/legal.html", in: dir)
        let out = dir.appendingPathComponent("LinkDocStrings.swift")
        let run = try cli.run(["compile", "--swift-accessors", out.path, "Copy/Legal.txt", "Copy/legal.html"], in: dir)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("'Legal.json' and 'legal.json', one file on a case-insensitive disk"), run.stderr)
    }

    /// Tables and folders named after the types the accessors use, and an app type called
    /// `Document`: the generated file still type-checks against the real LinkDocModel module.
    func testGeneratedAccessorsCompileWhateverTheNames() throws {
        let modules = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("LinkDocModel.swiftmodule").path) else {
            throw XCTSkip("LinkDocModel.swiftmodule is not in \(modules.path) (a build layout other than SwiftPM's on Linux): the generated accessors were not type-checked")
        }
        let dir = try folder()
        for table in ["LinkDocKey", "LinkDocResource", "LinkDocModel", "Foundation"] {
            try write("\"title\" = \"Hi\";\n", "en.lproj/\(table).strings", in: dir)
        }
        try write("Hi", "Copy/LinkScheme/a.txt", in: dir)
        try write("Hi", "Copy/Swift/b.txt", in: dir)
        try write("Hi", "Copy/document.txt", in: dir)
        // What SwiftPM generates for a target with resources, and an app's own type that shares a name with the library's.
        try write("import Foundation\nextension Foundation.Bundle { static let module = Foundation.Bundle.main }\nstruct Document {}\nstruct LinkScheme {}\n",
                  "App.swift", in: dir)
        for access in [[], ["--swift-public"]] {
            let out = dir.appendingPathComponent("LinkDocStrings.swift")
            let generate = try cli.run(["compile", "--swift-accessors", out.path, "--swift-copy-folder", "Copy"] + access
                + ["en.lproj/LinkDocKey.strings", "en.lproj/LinkDocResource.strings", "en.lproj/LinkDocModel.strings",
                   "en.lproj/Foundation.strings", "Copy/LinkScheme/a.txt", "Copy/Swift/b.txt", "Copy/document.txt"], in: dir)
            XCTAssertEqual(generate.status, 0, generate.stderr)
            let typecheck = try cli.run(["swiftc", "-typecheck", "-parse-as-library", "-module-name", "App", "-I", modules.path,
                                         "LinkDocStrings.swift", "App.swift"],
                                        in: dir, executable: URL(fileURLWithPath: "/usr/bin/env"))
            XCTAssertEqual(typecheck.status, 0, "\(access): \(typecheck.stderr)")
        }
    }

    /// The accessors of keys with placeholders and plurals are functions whose parameter types
    /// come from the placeholders: the right types compile, a wrong one does not.
    func testTypedAccessorsCompileOnlyWithTheirArgumentTypes() throws {
        let modules = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("LinkDocModel.swiftmodule").path) else {
            throw XCTSkip("LinkDocModel.swiftmodule is not in \(modules.path) (a build layout other than SwiftPM's on Linux): the generated accessors were not type-checked")
        }
        let dir = try folder()
        try write(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "unread": {"localizations": {
            "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld unread message"}},
                                             "other": {"stringUnit": {"state": "translated", "value": "%lld unread messages"}}}}},
            "zh-Hans": {"stringUnit": {"state": "translated", "value": "%lld 条未读消息"}}}},
          "invite": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%2$@ invited you to %1$@ at %3$.1f"}}}}}}
        """#, "Localizable.xcstrings", in: dir)
        let out = dir.appendingPathComponent("LinkDocStrings.swift")
        let generate = try cli.run(["compile", "--swift-accessors", out.path, "Localizable.xcstrings"], in: dir)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let module = "import Foundation\nimport LinkDocModel\nextension Foundation.Bundle { static let module = Foundation.Bundle.main }\n"
        func typecheck(_ use: String) throws -> CLIRunner.Run {
            try write(module + "func use() throws {\n" + use + "\n}\n", "App.swift", in: dir)
            return try cli.run(["swiftc", "-typecheck", "-parse-as-library", "-module-name", "App", "-I", modules.path,
                                "LinkDocStrings.swift", "App.swift"], in: dir, executable: URL(fileURLWithPath: "/usr/bin/env"))
        }
        let right = try typecheck("""
            _ = try LinkDocStrings.Localizable.unread(3).document(language: "zh-Hans")
            _ = try LinkDocStrings.Localizable.invite("the team", Document(text: "@小明"), 1.5).attributedString()
            """)
        XCTAssertEqual(right.status, 0, right.stderr)
        for wrong in ["_ = LinkDocStrings.Localizable.unread(\"3\")", "_ = LinkDocStrings.Localizable.invite(\"a\", \"b\", \"c\")",
                      "_ = try LinkDocStrings.Localizable.unread.document()"] {
            XCTAssertNotEqual(try typecheck(wrong).status, 0, "\(wrong) must not compile")
        }
    }
}

/// "`lint` of one large file holds at most a small multiple of the file": measured on the
/// process itself (its peak resident memory), not on a model of it.
final class LintMemoryTests: XCTestCase {
    /// Peak resident bytes of `linkdoc ARGS…`, from the kernel's accounting of that child alone.
    func peakMemory(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        let argv = ([CLIRunner.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        XCTAssertEqual(posix_spawn(&pid, argv[0]!, &actions, nil, argv, environ), 0)
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        #if canImport(Darwin)
        let bytes = Int(usage.ru_maxrss)         // bytes on Apple platforms
        #else
        let bytes = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        return ((status >> 8) & 0xFF, bytes)
    }

    func testLintOfA50MBLocalizationFileHoldsASmallMultipleOfIt() throws {
        // `swift test --sanitize=address` (Tests/SANITIZERS.md): the peak then counts ASan's shadow
        // memory and quarantine, not linkdoc's; the bound is the plain build's.
        if let binary = FileManager.default.contents(atPath: CLIRunner.binary.path), binary.range(of: Data("__asan_init".utf8)) != nil {
            throw XCTSkip("linkdoc is built with AddressSanitizer, whose shadow memory is part of the peak")
        }
        let dir = try CLIRunner().temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"rules":{"cjk-latin-spacing":"warning","fullwidth-punctuation":"warning","invisible-character":"warning"}}"#
            .write(to: dir.appendingPathComponent(".linkdoc.json"), atomically: true, encoding: .utf8)
        // A fifth of it a finding every three bytes (a machine-made file: millions of findings;
        // 10 MB of them took 7.5 GB before findings past 10,000 a rule were counted, not held),
        // the rest ordinary entries with comments and links.
        var text = ""
        var n = 0
        while text.utf8.count < 10_000_000 {
            text += "\"dense_\(n)\" = \"\(String(repeating: "中a", count: 200))\";\n"
            n += 1
        }
        // Short entries are the costly shape: each string is held with its key, map and place.
        let copy = ["请阅读《用户协议》和《隐私政策》", "访问 https://example.com/help 了解更多", "联系 @小明 获取帮助", "普通文本，没有链接。", "Tap here to continue"]
        while text.utf8.count < 50_000_000 {
            text += "/* \(n) */\n\"entry_\(n)\" = \"\(copy[n % copy.count]) \(n)\";\n"
            n += 1
        }
        let file = dir.appendingPathComponent("Big.strings")
        try text.write(to: file, atomically: false, encoding: .utf8)
        let size = text.utf8.count
        let run = try peakMemory(["lint", "--reporter", "json", file.path])
        XCTAssertEqual(run.status, 0)
        print("lint of a \(size / 1_000_000) MB .strings file: peak \(run.bytes / 1_000_000) MB, \(String(format: "%.1f", Double(run.bytes) / Double(size)))× the file")
        // The README's promise.
        XCTAssertLessThan(run.bytes, 10 * size)
    }
}
