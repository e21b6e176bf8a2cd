import Foundation
import XCTest

/// One table in several language folders (`*.lproj`, Android `values*`) compiles into one
/// bundle; the accessors follow copy subfolders and can be public.
extension CLITests {
    /// A Resources/ folder with the table Legal in en.lproj and zh-Hans.lproj, and the table
    /// Main only in en.lproj.
    private func lprojFolder() throws -> URL {
        let resources = try temporaryDirectory().appendingPathComponent("Resources")
        let files = [
            "en.lproj/Legal.strings": #""consent" = "I agree to the 《Terms of Service》";"# + "\n" + #""help" = "Mail help@example.com";"#,
            "zh-Hans.lproj/Legal.strings": #""consent" = "我已阅读并同意《用户协议》";"#,
            "en.lproj/Main.strings": #""title" = "Welcome, @小明";"#,
        ]
        for (path, text) in files {
            let url = resources.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return resources
    }

    func testTablesLprojFilesMergeIntoOneBundle() throws {
        let resources = try lprojFolder()
        let manifest = root.appendingPathComponent("Tests/Fixtures/linkdoc.json").path
        let r = try run(["compile", "zh-Hans.lproj/Legal.strings", "en.lproj/Legal.strings", "--manifest", manifest], in: resources)
        XCTAssertEqual(r.status, 0, r.stderr)
        let bundle = try json(r.stdout)
        XCTAssertEqual(bundle["source"] as? String, "en.lproj/Legal.strings", "the first file in code point order names the bundle")
        XCTAssertEqual(bundle["sources"] as? [String], ["en.lproj/Legal.strings", "zh-Hans.lproj/Legal.strings"])
        let strings = try XCTUnwrap(bundle["strings"] as? [String: [String: Any]])
        XCTAssertEqual(strings["consent"]?.keys.sorted(), ["en", "zh-Hans"])
        XCTAssertEqual(strings["help"]?.keys.sorted(), ["en"])
        let chinese = try XCTUnwrap(strings["consent"]?["zh-Hans"] as? [String: Any])
        XCTAssertEqual(chinese["text"] as? String, "我已阅读并同意《用户协议》")

        let reversed = try run(["compile", "en.lproj/Legal.strings", "zh-Hans.lproj/Legal.strings", "--manifest", manifest], in: resources)
        XCTAssertEqual(reversed.stdout, r.stdout, "the command line's order does not change the bundle")

        let split = try temporaryDirectory().appendingPathComponent("split")
        let s = try run(["compile", "en.lproj/Legal.strings", "zh-Hans.lproj/Legal.strings", "--split", split.path, "--manifest", manifest],
                        in: resources)
        XCTAssertEqual(s.status, 0, s.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: split.path).sorted(), ["en.json", "zh-Hans.json"])

        let language = try run(["compile", "en.lproj/Legal.strings", "zh-Hans.lproj/Legal.strings", "--language", "de"], in: resources)
        XCTAssertEqual(language.status, 2)
        XCTAssert(language.stderr.contains("--language names the language of one file"), language.stderr)
    }

    /// A folder of *.lproj folders: one bundle per table, one JSON line each.
    func testTablesFolderOfLprojFolders() throws {
        let resources = try lprojFolder()
        let r = try run(["compile", resources.path, "--manifest", root.appendingPathComponent("Tests/Fixtures/linkdoc.json").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, r.stdout)
        let legal = try json(lines[0]), main = try json(lines[1])
        XCTAssertEqual(legal["file"] as? String, resources.path + "/en.lproj/Legal.strings")
        XCTAssertEqual(((legal["bundle"] as? [String: Any])?["sources"] as? [String])?.count, 2)
        XCTAssertEqual(main["file"] as? String, resources.path + "/en.lproj/Main.strings")
        XCTAssertNil((main["bundle"] as? [String: Any])?["sources"], "a table in one file is the bundle it always was")
    }

    /// A String Catalog beside the *.lproj folders, and one inside a folder of its own, are
    /// compiled with the tables; a .stringsdict (not read) is named in a note, copy is left alone.
    func testFolderCompilesItsStringCatalogsAndNamesWhatItSkips() throws {
        let resources = try lprojFolder()
        let catalog = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"consent": {"localizations": {"#
            + #""zh-Hans": {"stringUnit": {"state": "translated", "value": "我已阅读并同意《用户协议》"}}}}}}"#
        try Data(catalog.utf8).write(to: resources.appendingPathComponent("Localizable.xcstrings"))
        try Data("<plist/>".utf8).write(to: resources.appendingPathComponent("en.lproj/Localizable.stringsdict"))
        try Data("请阅读《用户协议》".utf8).write(to: resources.appendingPathComponent("notes.txt"))
        let manifest = root.appendingPathComponent("Tests/Fixtures/linkdoc.json").path
        let r = try run(["compile", resources.path, "--manifest", manifest])
        XCTAssertEqual(r.status, 0, r.stderr)
        let files = try r.stdout.split(separator: "\n").map { try json(String($0))["file"] as? String }
        XCTAssertEqual(files, ["Localizable.xcstrings", "en.lproj/Legal.strings", "en.lproj/Main.strings"].map { resources.path + "/" + $0 })
        let first = try json(String(r.stdout.split(separator: "\n")[0]))
        let strings = (first["bundle"] as? [String: Any])?["strings"] as? [String: [String: Any]]
        XCTAssertEqual(strings?["consent"]?.keys.sorted(), ["en", "zh-Hans"], "the catalog compiled: its source language and its translation")
        XCTAssertEqual(r.stderr, "linkdoc: note: \(resources.path)/en.lproj/Localizable.stringsdict is not compiled: linkdoc does not "
                       + "read .stringsdict files (plurals in a property list); a String Catalog's plural variations compile\n")

        // A folder that holds only a catalog stands for it too; one with only copy is refused.
        let lone = try temporaryDirectory()
        try Data(catalog.utf8).write(to: lone.appendingPathComponent("Localizable.xcstrings"))
        let single = try run(["compile", lone.path, "--manifest", manifest])
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(try json(single.stdout)["source"] as? String, lone.path + "/Localizable.xcstrings", "one table: its bundle alone")
        let copy = try temporaryDirectory()
        try Data("请阅读《用户协议》".utf8).write(to: copy.appendingPathComponent("notes.txt"))
        let refused = try run(["compile", copy.path, "--manifest", manifest])
        XCTAssertEqual(refused.status, 2)
        XCTAssert(refused.stderr.contains("is a directory; compile takes files"), refused.stderr)
    }

    /// Android's res/: values/, values-zh-rCN/ and values-b+zh+Hant/ strings.xml in one bundle,
    /// with the default folder's language as the source language.
    func testTablesAndroidResFolder() throws {
        let r = try run(["compile", "Tests/Fixtures/android", "--manifest", "Tests/Fixtures/linkdoc.json", "-q"], in: root)
        XCTAssertEqual(r.status, 1, "the zh-Hant file has errors, and they are reported")
        XCTAssert(r.stderr.contains("values-b+zh+Hant/strings.xml:7:33: error: key \"apostrophe\" (zh-Hant)"), r.stderr)
        let bundle = try json(r.stdout)
        XCTAssertEqual(bundle["sourceLanguage"] as? String, "en")
        XCTAssertEqual((bundle["sources"] as? [String])?.count, 3)
        let strings = try XCTUnwrap(bundle["strings"] as? [String: [String: Any]])
        XCTAssertEqual(strings["privacy_body"]?.keys.sorted(), ["en", "zh-CN", "zh-Hant"])
    }

    /// Two folders that give the same language: the first file's value is kept, with a
    /// warning naming both; and an unreadable file is reported while the others compile.
    func testTablesConflictsAndUnreadableFilesAreReported() throws {
        let res = try temporaryDirectory().appendingPathComponent("res")
        for (folder, text) in [("values-zh-rCN", "甲"), ("values-b+zh+CN", "乙")] {
            let url = res.appendingPathComponent(folder + "/strings.xml")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<resources><string name=\"hello\">\(text)</string></resources>".utf8).write(to: url)
        }
        let r = try run(["compile", "res/values-zh-rCN/strings.xml", "res/values-b+zh+CN/strings.xml", "res/values-ja/strings.xml"],
                        in: res.deletingLastPathComponent())
        XCTAssertEqual(r.status, 2, "the missing file is an I/O error")
        XCTAssert(r.stderr.contains("res/values-ja/strings.xml"), r.stderr)
        XCTAssert(r.stderr.contains("res/values-zh-rCN/strings.xml: warning: key \"hello\" (zh-CN) is also in res/values-b+zh+CN/strings.xml"),
                  r.stderr)
        let bundle = try json(r.stdout)
        let hello = try XCTUnwrap((bundle["strings"] as? [String: [String: [String: Any]]])?["hello"])
        XCTAssertEqual(hello["zh-CN"]?["text"] as? String, "乙", "values-b+zh+CN sorts first, so its value is kept")
    }

    func testTablesAccessorsFollowSubfoldersAndCanBePublic() throws {
        let resources = try lprojFolder()
        let copy = resources.appendingPathComponent("Copy")
        for folder in ["onboarding", "settings"] {
            try FileManager.default.createDirectory(at: copy.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("Hi".utf8).write(to: copy.appendingPathComponent(folder + "/welcome.txt"))
        }
        let out = resources.appendingPathComponent("LinkDocStrings.swift")
        let r = try run(["compile", "--swift-accessors", out.path, "--swift-copy-folder", "Copy", "--swift-public",
                         "Copy/onboarding/welcome.txt", "Copy/settings/welcome.txt",
                         "en.lproj/Legal.strings", "zh-Hans.lproj/Legal.strings"], in: resources)
        XCTAssertEqual(r.status, 0, r.stderr)
        let swift = try String(contentsOf: out, encoding: .utf8)
        for line in [
            "public enum LinkDocStrings {",
            "    public enum Legal {",
            "        public static let consent = _linkDocKey(table: \"Legal\", key: \"consent\")",
            "        public static let help = _linkDocKey(table: \"Legal\", key: \"help\")",
            "    public enum Onboarding {",
            "        public static let welcome = _linkDocResource(name: \"onboarding.welcome\")",
            "        public static let welcome = _linkDocResource(name: \"settings.welcome\")",
            "public struct LinkDocResource: Swift.Hashable, Swift.Sendable {",
        ] {
            XCTAssert(swift.contains(line + "\n"), "missing: \(line)\n\(swift)")
        }
        XCTAssertEqual(swift.components(separatedBy: "enum Legal").count, 2, "one table, not one per language")

        let flat = try run(["compile", "--swift-accessors", out.path, "Copy/onboarding/welcome.txt", "Copy/settings/welcome.txt"], in: resources)
        XCTAssertEqual(flat.status, 1, "without --swift-copy-folder both are the resource welcome")
        XCTAssert(flat.stderr.contains("would both be the resource 'welcome.json'"), flat.stderr)
    }
}
