import Foundation
import XCTest

/// `linkdoc compile` and `linkdoc lint` on Android string resources.
extension CLITests {
    func testAndroidCompileGivesABundlePerFolderLanguage() throws {
        let zh = try run(["compile", "Tests/Fixtures/android/values-zh-rCN/strings.xml"], in: root)
        XCTAssertEqual(zh.status, 0, zh.stderr)
        XCTAssert(zh.stderr.contains("Tests/Fixtures/android/values-zh-rCN/strings.xml:10:46: warning: key \"unknown_book\" (zh-CN): unknown agreement 《会员条款》"),
                  zh.stderr)
        XCTAssertFalse(zh.stderr.contains("unknown agreement 《红楼梦》"), "a book title is no missing agreement: \(zh.stderr)")
        let bundle = try json(zh.stdout)
        XCTAssertNil(bundle["sourceLanguage"])
        let strings = try XCTUnwrap(bundle["strings"] as? [String: [String: Any]])
        XCTAssertEqual(strings["privacy_body"]?.keys.sorted(), ["zh-CN"], "the manifest in Tests/Fixtures was found and the language is the folder's")
        let tips = try XCTUnwrap((strings["onboarding_tips"]?["zh-CN"] as? [String: Any])?["variations"] as? [String: Any])
        XCTAssertEqual(tips.keys.sorted(), ["item.0", "item.1", "item.2"])

        let golden = try run(["compile", "Tests/Fixtures/android/values/strings.xml", "--manifest", "Tests/Fixtures/linkdoc.json", "--pretty"], in: root)
        XCTAssertEqual(golden.status, 0, golden.stderr)
        XCTAssertEqual(golden.stdout, String(decoding: try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/android/values.bundle.json")), as: UTF8.self))

        let hant = try run(["compile", "Tests/Fixtures/android/values-b+zh+Hant/strings.xml", "--language", "zh-TW"], in: root)
        XCTAssertEqual(hant.status, 1, "android-escape errors are input errors")
        XCTAssert(hant.stderr.contains(":7:33: error: key \"apostrophe\" (zh-TW): unescaped apostrophe"), hant.stderr)
        XCTAssertEqual(((try json(hant.stdout)["strings"] as? [String: [String: Any]])?["welcome"])?.keys.sorted(), ["zh-TW"], "--language wins")
    }

    func testAndroidSplitAndHostileFiles() throws {
        let dir = try temporaryDirectory().appendingPathComponent("split")
        let r = try run(["compile", "Tests/Fixtures/android/values-b+zh+Hant/strings.xml", "--split", dir.path, "-q"], in: root)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["zh-Hant.json"])

        let xxe = try run(["compile", "Tests/Fixtures/android/hostile/values/xxe-file.xml"], in: root)
        XCTAssertEqual(xxe.status, 1)
        XCTAssert(xxe.stderr.contains("xxe-file.xml:8:36: error: key \"leak\" (und): the entity reference &xxe; is not expanded"), xxe.stderr)
        XCTAssertFalse((xxe.stdout + xxe.stderr).contains("root:"))
    }

    func testAndroidLintReadsStringResourcesAndNoOtherXML() throws {
        let dir = try temporaryDirectory()
        let res = dir.appendingPathComponent("app/src/main/res")
        for folder in ["values", "values-zh-rCN", "layout"] {
            try FileManager.default.createDirectory(at: res.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("<resources><string name=\"a\">请阅读《用户协议》</string></resources>".utf8)
            .write(to: res.appendingPathComponent("values-zh-rCN/strings.xml"))
        try Data("<resources><string-array name=\"tips\"><item>It's</item></string-array></resources>".utf8)
            .write(to: res.appendingPathComponent("values/arrays.xml"))
        try Data("<LinearLayout><TextView android:text=\"It's 《x》\"/></LinearLayout>".utf8)
            .write(to: res.appendingPathComponent("layout/activity_main.xml"))
        try Data("<manifest>《y》</manifest>".utf8).write(to: dir.appendingPathComponent("app/src/main/AndroidManifest.xml"))
        try Data(#"{"rules": {"unknown-agreement": "warning"}}"#.utf8).write(to: dir.appendingPathComponent(".linkdoc.json"))

        let r = try run(["lint", "app"], in: dir)
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssert(r.stdout.contains("app/src/main/res/values/arrays.xml:1:46: error: key \"tips\" (und, item.0): unescaped apostrophe"), r.stdout)
        XCTAssert(r.stdout.contains("app/src/main/res/values-zh-rCN/strings.xml:1:32: warning: key \"a\" (zh-CN): unknown agreement 《用户协议》"), r.stdout)
        XCTAssertFalse(r.stdout.contains("activity_main") || r.stdout.contains("AndroidManifest"), r.stdout)
        XCTAssert(r.stdout.hasSuffix("2 files linted: 1 error, 1 warning, 0 infos\n"), r.stdout)
    }

    func testAndroidHelpMentionsTheFormat() throws {
        XCTAssert(try run(["help", "compile"]).stdout.contains("values-b+zh+Hant → zh-Hant"))
        XCTAssert(try run(["help", "lint"]).stdout.contains("strings.xml"))
    }
}

extension CLITests {
    /// A string-array of `@string/` references in `arrays.xml` takes its text from `strings.xml`
    /// beside it, or from the default `values/` folder for a locale folder (issue 16: such arrays
    /// were left out of the bundle without a word); what resolves nowhere is reported.
    func testAndroidReferencesResolveFromTheFolderSet() throws {
        let res = try temporaryDirectory().appendingPathComponent("res")
        func write(_ path: String, _ xml: String) throws {
            let url = res.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: url)
        }
        try write("values/strings.xml", #"<resources><string name="news">News</string><string name="trending">Trending</string></resources>"#)
        try write("values/arrays.xml", #"<resources><string-array name="menu"><item>@string/news</item><item>@string/trending</item></string-array></resources>"#)
        try write("values-zh-rCN/strings.xml", #"<resources><string name="news">新闻</string></resources>"#)
        try write("values-zh-rCN/arrays.xml", "<resources>\n<string-array name=\"menu\"><item>@string/news</item><item>@string/trending</item><item>@string/gone</item></string-array>\n</resources>")

        let en = try run(["compile", "res/values/arrays.xml"], in: res.deletingLastPathComponent())
        XCTAssertEqual(en.status, 0, en.stderr)
        XCTAssertEqual(en.stderr, "")
        let menu = try XCTUnwrap(((try json(en.stdout)["strings"] as? [String: [String: Any]])?["menu"]?["und"] as? [String: Any])?["variations"] as? [String: [String: Any]])
        XCTAssertEqual(menu.mapValues { $0["text"] as? String }, ["item.0": "News", "item.1": "Trending"])

        let zh = try run(["compile", "res/values-zh-rCN/arrays.xml"], in: res.deletingLastPathComponent())
        XCTAssertEqual(zh.status, 0, "a warning, not an error: \(zh.stderr)")
        let zhMenu = try XCTUnwrap(((try json(zh.stdout)["strings"] as? [String: [String: Any]])?["menu"]?["zh-CN"] as? [String: Any])?["variations"] as? [String: [String: Any]])
        XCTAssertEqual(zhMenu.mapValues { $0["text"] as? String }, ["item.0": "新闻", "item.1": "Trending"],
                       "the folder's own string first, then the default folder's")
        XCTAssert(zh.stderr.contains("res/values-zh-rCN/arrays.xml:2:87: warning: key \"menu\" (zh-CN, item.2): @string/gone is a resource reference that cannot be resolved"),
                  zh.stderr)
        XCTAssert(zh.stderr.contains("[android-reference]"), zh.stderr)
    }
}
