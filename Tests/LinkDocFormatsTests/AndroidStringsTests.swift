import Foundation
import LinkDocCore
import LinkDocFormats
@_spi(LinkDocInternal) import LinkDocModel
import XCTest

/// Android `res/values*/strings.xml`: structure, aapt2's text rules, languages,
/// positions, and hostile files.
final class AndroidStringsTests: XCTestCase {
    static let zhCN = "android/values-zh-rCN/strings.xml"
    static let zhHant = "android/values-b+zh+Hant/strings.xml"
    static let en = "android/values/strings.xml"

    /// Reads a fixture under the name a user would give it, so the folder decides the language.
    func read(_ name: String) throws -> LocalizationFile {
        LocalizationFile.read(try Fixtures.bytes(name), name: "Tests/Fixtures/" + name, format: .androidStrings,
                              language: LocalizationFile.language(forPath: name))
    }

    /// One `<string>` (the content is put between the tags as written) read from a default-folder file.
    func value(_ content: String, file: StaticString = #filePath, line: UInt = #line) -> (String?, [String]) {
        let xml = "<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n<string name=\"k\">\(content)</string>\n</resources>\n"
        let f = LocalizationFile.read(Array(xml.utf8), name: "values/strings.xml", format: .androidStrings, language: "und")
        return (f.value("k"), f.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.ruleID)" })
    }

    func testFormatAndLanguageFromThePath() {
        for (path, format) in [("res/values/strings.xml", LocalizationFile.Format.androidStrings),
                               ("strings.xml", .androidStrings), ("app/src/main/res/values-ja/arrays.xml", .androidStrings),
                               ("res/values-night/colors.xml", .androidStrings), ("res/layout/activity_main.xml", nil),
                               ("AndroidManifest.xml", nil), ("res/xml/values.xml", nil), ("values-x.txt", nil)] {
            XCTAssertEqual(LocalizationFile.format(forPath: path), format, path)
        }
        for (path, language) in [("res/values/strings.xml", "und"), ("res/values-ja/strings.xml", "ja"),
                                 ("res/values-zh-rCN/strings.xml", "zh-CN"), ("res/values-b+zh+Hans/strings.xml", "zh-Hans"),
                                 ("res/values-b+sr+Latn+RS/strings.xml", "sr-Latn-RS"), ("res/values-es-r419/strings.xml", "es-419"),
                                 ("res/values-mcc460-zh-rTW/strings.xml", "zh-TW"), ("res/values-zh-rCN-night/strings.xml", "zh-CN"),
                                 ("res/values-night/strings.xml", "und"), ("res/values-v21/strings.xml", "und"),
                                 ("res/values-car/strings.xml", "und"), ("res/values-b+../strings.xml", "und"),
                                 ("strings.xml", "und"), ("fr.lproj/Localizable.strings", "fr")] {
            XCTAssertEqual(LocalizationFile.language(forPath: path), language, path)
        }
    }

    func testDefaultFolderFixture() throws {
        let file = try read(Self.en)
        XCTAssertEqual(file.diagnostics.map(\.message), [])
        XCTAssertEqual(file.sourceLanguage, "en", "tools:locale names the default folder's language, the fallback for every locale")
        XCTAssert(file.strings.allSatisfy { $0.language == "en" })
        XCTAssertEqual(Set(file.strings.map(\.key)), ["app_name", "privacy_title", "privacy_body", "escapes", "quoted", "collapsed",
                                                      "entities", "welcome", "styled", "cdata_link", "onboarding_tips",
                                                      "unread_messages", "tablet_hint", "alias"],
                       "<color> and <dimen> are not text; the @string/ alias is its target's text")
        XCTAssertEqual(file.value("alias"), file.value("app_name"))
        XCTAssertEqual(file.value("escapes"), "@home: Don't say \"hi\"\nTab:\tunicode:中 emoji:😀 back\\slash")
        XCTAssertEqual(file.value("quoted"), "  It's   kept   as is  ")
        XCTAssertEqual(file.value("collapsed"), "Lines and spaces collapse")
        XCTAssertEqual(file.value("entities"), "Tom &amp; Jerry &lt;3 中文", "'<' and '&' stay references for the HTML layer")
        XCTAssertEqual(file.value("welcome"), "Welcome, %1$s! You have %2$d new messages.")
        XCTAssertEqual(file.value("styled"), "By continuing you accept the <b>Terms</b> and <a href=\"https://example.com/privacy?a=1&amp;b=2\">privacy policy</a>.")
        // CDATA is text to aapt2 too: its unescaped quotes open and close a quoted
        // stretch and are dropped (Html.fromHtml, like linkdoc, reads href=… unquoted).
        XCTAssertEqual(file.value("cdata_link"), "Read our <a href=https://example.com/terms>terms</a> & conditions.")
        XCTAssertEqual(file.strings.filter { $0.key == "onboarding_tips" }.map(\.variation), ["item.0", "item.1", "item.2"])
        XCTAssertEqual(file.value("onboarding_tips", variation: "item.2"), "Mention a friend with @小明")
        XCTAssertEqual(file.value("unread_messages", variation: "plural.one"), "%d unread message")
        XCTAssertEqual(file.value("tablet_hint", variation: "product.tablet"), "Rotate your tablet")
        XCTAssertEqual(file.value("tablet_hint"), "Rotate your phone")
    }

    func testCompiledDocumentsKeepLinksStylesAndHTML() throws {
        let compiled = Fixtures.compiler.compile(try read(Self.zhCN))
        XCTAssertNil(compiled.sourceLanguage)
        func doc(_ key: String, _ variation: String = "") throws -> Document {
            try XCTUnwrap(compiled.document(key, "zh-CN", variation)).document
        }
        XCTAssertEqual(try doc("privacy_body").links.map(\.kind), [.agreement, .agreement, .mention])
        let styled = try doc("styled")
        XCTAssertEqual(styled.text, "继续即表示您同意《用户协议》和隐私政策。")
        XCTAssertEqual(styled.links.map(\.kind), [.agreement, .url], "an agreement inside <b>, an <a href>")
        XCTAssertEqual(styled.styles.count, 1)
        XCTAssertEqual(try doc("cdata_link").links.first?.url, "https://example.com/terms", "CDATA HTML becomes a link")
        XCTAssertEqual(try doc("onboarding_tips", "item.1").links.map(\.kind), [.agreement])
        XCTAssertEqual(try doc("unread_messages", "plural.other").text, "%d 条未读消息")
        XCTAssertEqual(try doc("escapes").text, "@首页：别说\"你好\"\n制表符：\t中文")
    }

    /// The semantics of aapt2 that the reader implements, one case each.
    func testTextRules() {
        let cases: [(String, String?)] = [
            ("  lead and trail  ", "lead and trail"),
            ("a \n\t  b", "a b"),
            ("\"  quoted  \"", "  quoted  "),
            ("a\"  b  \"c  d", "a  b  c d"),
            ("trailing escape\\n  ", "trailing escape\n"),
            ("\\'\\\"\\\\\\@\\?\\#", "'\"\\@?#"),
            ("\\u4e2d\\u4E2D", "中中"),
            ("&#x1F600;&#65;&lt;&gt;", "😀A&lt;>"),
            ("&quot; a  b &quot;", " a  b "),  // aapt2 reads decoded text: &quot; quotes too
            ("a<!-- comment -->b<?pi x?>c", "abc"),
            ("<xliff:g id=\"n\" example=\"3\">%d</xliff:g> items", "%d items"),
            ("<![CDATA[<b>bold</b> & \\'x\\']]>", "<b>bold</b> & 'x'"),
            ("  <b>kept</b>  ", " <b>kept</b> ", ),  // with a span, no trimming (whitespace still collapses)
            ("<b>a &lt; b &amp; c</b>", "<b>a &lt; b &amp; c</b>"),
            ("a &lt; b", "a &lt; b"),  // without a span too: decoded, it would become a tag
            ("\"a<b>b  c</b>  d", "a<b>b c</b> d"),  // a tag ends the quoted stretch
            ("@小明 hi", "@小明 hi"),
            ("", ""),
        ]
        for (content, expected) in cases {
            let (value, diagnostics) = value(content)
            XCTAssertEqual(value, expected, content)
            XCTAssertEqual(diagnostics, [], content)
        }
    }

    func testEscapeProblems() {
        XCTAssertEqual(value("It's").1, ["2:20 android-escape"])
        XCTAssertEqual(value("It's").0, "It's", "kept, though aapt2 rejects it")
        XCTAssertEqual(value("\"It's\"").1, [], "fine inside quotes")
        XCTAssertEqual(value("\\u12G4").0, "\u{FFFD}G4")
        XCTAssertEqual(value("\\u12G4").1, ["2:18 android-escape"])
        XCTAssertEqual(value("\\uD83D x").1, ["2:18 android-escape"], "an unpaired surrogate")
        XCTAssertEqual(value("a\\qb").0, "aqb")
        XCTAssertEqual(value("a\\qb").1, ["2:19 android-unknown-escape"])
        XCTAssertEqual(value("a\\<b>x</b>").1, ["2:19 android-unknown-escape"], "an escape does not reach past a tag")
    }

    func testDiagnosticsNameKeyLanguageAndPosition() throws {
        let compiled = Fixtures.compiler.compile(try read(Self.zhHant))
        XCTAssertEqual(compiled.rendered, [
            "5:36: warning: key \"privacy_body\" (zh-Hant): unknown agreement 《使用者條款》: the manifest has no agreement with this title, so it stays text (it knows 《Terms of Service》, 《用户协议》 and 《隐私政策》) [unknown-agreement]",
            "7:33: error: key \"apostrophe\" (zh-Hant): unescaped apostrophe: aapt2 rejects it; write \\' or put the value in double quotes [android-escape]",
            "8:35: error: key \"bad_unicode\" (zh-Hant): '\\u' must be followed by 4 hex digits (aapt2 rejects it); U+FFFD was used [android-escape]",
            "9:48: warning: key \"markup_escape\" (zh-Hant): unknown escape '\\《'; Android reads it as '《'; to escape linkdoc markup in an Android string write \\\\《 [android-unknown-escape]",
            "9:48: warning: key \"markup_escape\" (zh-Hant): unknown agreement 《這條款》: the manifest has no agreement with this title, so it stays text (it knows 《Terms of Service》, 《用户协议》 and 《隐私政策》) [unknown-agreement]",
            "12:9: warning: key \"unread_messages\" (zh-Hant): \"several\" is not a plural quantity (zero, one, two, few, many, other); it will never be chosen [plural-category]",
            "14:5: warning: duplicate key \"privacy_title\" (zh-Hant) (first defined on line 4); the later value is used [duplicate-key]",
        ])
        XCTAssertEqual(compiled.document("privacy_title", "zh-Hant")?.document.text, "重複的標題")
        XCTAssertEqual(compiled.document("markup_escape", "zh-Hant")?.document.links, [], "\\\\《 is linkdoc's escape; \\《 is a bracket")
        let d = try XCTUnwrap(compiled.diagnostics.first)
        XCTAssertEqual(d.file, "Tests/Fixtures/" + Self.zhHant)
        XCTAssertEqual(d.sourceLine, "    <string name=\"privacy_body\">請閱讀《使用者條款》。如有疑問請聯絡 @小明。</string>")
    }

    /// Byte-exact positions through entities, escapes and CDATA: 《新条款》 is found
    /// at its column in the file whatever precedes it in the value.
    func testPositionsMapThroughEntitiesEscapesAndCDATA() throws {
        for (content, column) in [("&amp;&#x4E2D;\\n\\' 《新条款》", 36), ("<![CDATA[<b>x</b>]]> 《新条款》", 39), ("<b>粗</b>\n   《新条款》", 4)] {
            let xml = "<resources>\n<string name=\"k\">\(content)</string>\n</resources>\n"
            let file = LocalizationFile.read(Array(xml.utf8), name: "values/strings.xml", format: .androidStrings, language: "und")
            let compiled = Fixtures.compiler.compile(file)
            let d = try XCTUnwrap(compiled.diagnostics.first { $0.ruleID == RuleID.unknownAgreement }, content)
            XCTAssertEqual(d.location?.column, column, content)
        }
    }

    func testGoldenBundle() throws {
        // To update: swift run linkdoc compile Tests/Fixtures/android/values/strings.xml
        //   --manifest Tests/Fixtures/linkdoc.json --pretty > Tests/Fixtures/android/values.bundle.json
        let compiled = Fixtures.compiler.compile(try read(Self.en))
        let json = JSONFormatter.prettyPrinted(BundleWriter.bundle(compiled)) + [0x0A]
        XCTAssertEqual(String(decoding: json, as: UTF8.self), String(decoding: try Fixtures.bytes("android/values.bundle.json"), as: UTF8.self))
        let bundle = try LinkDocBundle(jsonData: Data(BundleWriter.bundle(compiled)))
        XCTAssertEqual(try bundle.document(key: "unread_messages", languages: ["en"], variation: "plural.few").text, "%d unread messages",
                       "plural fallback to other")
        XCTAssertEqual(try bundle.document(key: "privacy_title", languages: ["de"]).text, "Before you start",
                       "the default resources are the fallback for any language")
    }

    func testBundlesMatchTheSchema() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-android-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for name in [Self.en, Self.zhCN, Self.zhHant, "android/hostile/values/xxe-file.xml"] {
            let compiled = Fixtures.compiler.compile(try read(name))
            let url = dir.appendingPathComponent("bundle-\(paths.count).json")
            try Data(BundleWriter.bundle(compiled)).write(to: url)
            paths.append(url.path)
            for (language, json) in BundleWriter.split(compiled) {
                let split = dir.appendingPathComponent("split-\(paths.count)-\(language).json")
                try Data(json).write(to: split)
                paths.append(split.path)
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.directory.deletingLastPathComponent().appendingPathComponent("validate_bundles.py").path] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "bundle schema validation failed (Tests/validate_bundles.py needs python3 with jsonschema; its output says how to install what is missing):\n\(text)")
        XCTAssert(text.contains("bundle schema: \(paths.count) passed, 0 failed"), text)
    }
}

/// Resource references (`@string/x`) as values: resolved from the file and its folder set,
/// or reported, never dropped without a word (issue 16: string-arrays of references were
/// left out of the bundle).
final class AndroidReferenceTests: XCTestCase {
    func read(_ xml: String, name: String = "values/arrays.xml",
              siblings: [(name: String, bytes: [UInt8])] = []) -> LocalizationFile {
        LocalizationFile.read(Array(xml.utf8), name: name, format: .androidStrings, language: "und", siblings: { siblings })
    }

    func testArrayAndPluralsItemsResolveInTheFileInAnyOrder() {
        let file = read("""
            <resources>
                <string-array name="languages"><item>@string/follow_system</item><item>@string/chinese</item><item>English</item></string-array>
                <plurals name="files"><item quantity="one">@string/one_file</item><item quantity="other">%d files</item></plurals>
                <string name="follow_system">跟随系统</string>
                <string name="chinese">@string/chinese_name</string>
                <string name="chinese_name">中文</string>
                <string name="one_file">One &lt;file&gt;</string>
            </resources>
            """)
        XCTAssertEqual(file.diagnostics.map(\.message), [])
        XCTAssertEqual(file.value("languages", variation: "item.0"), "跟随系统")
        XCTAssertEqual(file.value("languages", variation: "item.1"), "中文", "a chain of references resolves")
        XCTAssertEqual(file.value("languages", variation: "item.2"), "English")
        XCTAssertEqual(file.value("files", variation: "plural.one"), "One &lt;file>", "the target's value, '<' kept as a reference")
        XCTAssertEqual(file.value("chinese"), "中文", "a <string> alias too")
        // The value read in this file keeps its map: a diagnostic points at the string referred to.
        let item = file.strings.first { $0.key == "languages" && $0.variation == "item.0" }!
        let target = file.strings.first { $0.key == "follow_system" }!
        XCTAssertEqual(item.map.fileOffset(ofValueOffset: 0), target.map.fileOffset(ofValueOffset: 0))
    }

    func testReferencesResolveFromTheFolderSetAndMapToTheReference() {
        let strings = Array("<resources><string name=\"menu_news\">新闻</string></resources>".utf8)
        let xml = "<resources>\n  <string-array name=\"menu\"><item>@string/menu_news</item></string-array>\n</resources>"
        let file = read(xml, siblings: [("values/strings.xml", strings)])
        XCTAssertEqual(file.diagnostics.map(\.message), [])
        XCTAssertEqual(file.value("menu", variation: "item.0"), "新闻")
        let item = file.strings.first { $0.key == "menu" }!
        XCTAssertEqual(file.text.location(of: item.map.fileOffset(ofValueOffset: 3)).line, 2, "the value maps to the reference in this file")
        var asked = 0
        _ = LocalizationFile.read(Array("<resources><string name=\"a\">x</string></resources>".utf8), name: "values/a.xml",
                                  format: .androidStrings, language: "und", siblings: { asked += 1; return [] })
        XCTAssertEqual(asked, 0, "a file without references reads no sibling")
    }

    func testUnresolvableReferencesAreReported() {
        let file = read("""
            <resources>
                <string-array name="a"><item>@string/missing</item><item>ok</item><item>@android:string/ok</item></string-array>
                <plurals name="p"><item quantity="other">?attr/label</item></plurals>
                <string name="n">@null</string>
            </resources>
            """)
        XCTAssertEqual(file.value("a", variation: "item.1"), "ok", "the other items keep their index")
        XCTAssertEqual(file.strings.map(\.key), ["a"])
        XCTAssertEqual(file.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity) \($0.ruleID)" },
                       ["2:34 warning android-reference", "2:77 warning android-reference",
                        "3:46 warning android-reference", "4:22 warning android-reference"], "each at its '@' or '?'")
        XCTAssert(file.diagnostics[0].message.contains("@string/missing") && file.diagnostics[0].message.contains("item.0"),
                  file.diagnostics[0].message)
        XCTAssert(file.diagnostics[1].message.contains("Android's own resources"), file.diagnostics[1].message)
    }

    /// A typed `<array>` holds strings beside colors and drawables: its strings are copy and keep
    /// their positions; its other items are no copy and are left out without a warning.
    func testTypedArrayKeepsItsStringItems() {
        let file = read("""
            <resources>
                <string name="home">首页</string>
                <array name="tabs"><item>@color/accent</item><item>@string/home</item><item>我的</item></array>
                <array name="icons"><item>@drawable/ic_home</item><item>@mipmap/ic_me</item></array>
            </resources>
            """)
        XCTAssertEqual(file.diagnostics.map(\.message), [])
        XCTAssertEqual(file.value("tabs", variation: "item.1"), "首页")
        XCTAssertEqual(file.value("tabs", variation: "item.2"), "我的")
        XCTAssertEqual(file.strings.filter { $0.key == "tabs" }.map(\.variation).sorted(), ["item.1", "item.2"])
        XCTAssertFalse(file.strings.contains { $0.key == "icons" }, "an array of drawables is no copy")
    }

    /// `&lt;not set&gt;` is text on Android; decoded before the compiler it became the tag `<not set>`
    /// and vanished. Escaped HTML that apps pass to `Html.fromHtml` (`&lt;a href=…&gt;`) keeps its
    /// links and styles.
    func testEscapedAngleBracketsStayTextUnlessTheyAreEscapedHTML() {
        let file = read("""
            <resources>
                <string name="plain">&lt;not set&gt;</string>
                <string name="cjk">&lt;用户协议&gt;</string>
                <string name="styled">&lt;not set&gt; <b>now</b></string>
                <string name="amp">&amp;lt;b&amp;gt;</string>
                <string name="escaped_html">See &lt;a href="https://example.com/terms"&gt;the terms&lt;/a&gt; and &lt;B&gt;more&lt;/B&gt;&lt;br/&gt;x</string>
                <string name="less">a &lt; b &lt;bogus&gt; &lt;a</string>
            </resources>
            """, name: "values/strings.xml")
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertEqual(compiled.document("plain", "und")?.document.text, "<not set>")
        XCTAssertEqual(compiled.document("cjk", "und")?.document.text, "<用户协议>")
        XCTAssertEqual(compiled.document("styled", "und")?.document.text, "<not set> now")
        XCTAssertEqual(compiled.document("amp", "und")?.document.text, "&lt;b&gt;", "decoded once, as on Android")
        let html = compiled.document("escaped_html", "und")?.document
        XCTAssertEqual(html?.text, "See the terms and more\nx")
        XCTAssertEqual(html?.links.map(\.url), ["https://example.com/terms"])
        XCTAssertEqual(html?.styles.map(\.bold), [true])
        XCTAssertEqual(compiled.document("less", "und")?.document.text, "a < b <bogus> <a")
        XCTAssertEqual(compiled.diagnostics.map(\.message), [])
    }

    /// Escaped tags are read only when they close: a start tag whose end tag follows (each end tag
    /// closes the nearest open start tag of its name), a void or self-closing tag. A tag named in
    /// the copy ("the `&lt;a&gt;` element") stays text, whole, with no diagnostic.
    func testOnlyEscapedTagsThatCloseAreRead() {
        let file = read("""
            <resources>
                <string name="named">Wrap it in the &lt;a&gt; element, not a &lt;script&gt; tag.</string>
                <string name="both">The &lt;a&gt; tag: &lt;a href="https://example.com/"&gt;example&lt;/a&gt;</string>
                <string name="open">&lt;b&gt;never closed, &lt;/i&gt; never opened</string>
                <string name="voids">one&lt;br&gt;two&lt;br/&gt;three&lt;b/&gt;</string>
                <string name="nested">&lt;B&gt;&lt;i&gt;both&lt;/i&gt; bold&lt;/B&gt; &lt;b&gt;text &lt;b&gt;bold&lt;/b&gt;</string>
                <string name="unended">&lt;b class=x &lt;b&gt;bold&lt;/b&gt;</string>
            </resources>
            """, name: "values/strings.xml")
        let compiled = Fixtures.compiler.compile(file)
        func document(_ key: String) -> Document? { compiled.document(key, "und")?.document }
        XCTAssertEqual(document("named")?.text, "Wrap it in the <a> element, not a <script> tag.")
        XCTAssertEqual(document("named")?.links, [])
        XCTAssertEqual(document("both")?.text, "The <a> tag: example")
        XCTAssertEqual(document("both")?.links.map(\.url), ["https://example.com/"], "the end tag closes the nearest <a>")
        XCTAssertEqual(document("both")?.links.map(\.text), ["example"])
        XCTAssertEqual(document("open")?.text, "<b>never closed, </i> never opened")
        XCTAssertEqual(document("open")?.styles, [])
        XCTAssertEqual(document("voids")?.text, "one\ntwo\nthree")
        XCTAssertEqual(document("nested")?.text, "both bold <b>text bold")
        XCTAssertEqual(document("nested")?.styles.map(\.range.utf16),
                       [TextSpan(location: 0, length: 9), TextSpan(location: 0, length: 4), TextSpan(location: 18, length: 4)],
                       "the last </b> closes the nearest <b>; the one before stays text")
        XCTAssertEqual(document("unended")?.text, "<b class=x bold", "a tag that does not end before the next one is text")
        XCTAssertEqual(document("unended")?.styles.map(\.range.utf16), [TextSpan(location: 11, length: 4)])
        XCTAssertEqual(compiled.diagnostics.map(\.message), [])
    }

    /// An `<a>` without href in a value is the app's link, as in any HTML (Grammar/spec.md, HTML):
    /// written as a tag or as escaped HTML for `Html.fromHtml`. A named anchor's text stays text.
    func testAnchorWithoutHrefIsAnAppLink() throws {
        let file = read("""
            <resources>
                <string name="tag">我已阅读<a>用户协议</a>和<a href="">隐私政策</a></string>
                <string name="escaped">点击&lt;a&gt;这里&lt;/a&gt;继续</string>
                <string name="named">回到<a name="top">顶部</a></string>
            </resources>
            """, name: "values/strings.xml")
        let compiled = Fixtures.compiler.compile(file)
        let tag = try XCTUnwrap(compiled.document("tag", "und")?.document)
        XCTAssertEqual(tag.text, "我已阅读用户协议和隐私政策")
        XCTAssertEqual(tag.links.map(\.text), ["用户协议", "隐私政策"])
        XCTAssertEqual(tag.links.map(\.target), [.appHandled(fragment: ""), .appHandled(fragment: "")])
        let escaped = try XCTUnwrap(compiled.document("escaped", "und")?.document)
        XCTAssertEqual(escaped.text, "点击这里继续")
        XCTAssertEqual(escaped.links.map(\.target), [.appHandled(fragment: "")])
        XCTAssertEqual(escaped.links.map(\.text), ["这里"])
        let named = try XCTUnwrap(compiled.document("named", "und")?.document)
        XCTAssertEqual(named.text, "回到顶部")
        XCTAssertEqual(named.links, [])
        XCTAssertEqual(compiled.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity) \($0.ruleID)" },
                       ["4:28 info html-unknown-element"], "at the named anchor's tag in the file")
    }

    /// `<annotation key="value">` spans are kept as styles with their attributes, spelled as in the file.
    func testAnnotationsAreTypedRuns() throws {
        let file = read("""
            <resources>
                <string name="terms">Read the <annotation type="terms_link" fontFamily="bold">terms</annotation> and <annotation link="x"><b>more</b></annotation></string>
            </resources>
            """, name: "values/strings.xml")
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertEqual(compiled.diagnostics.map(\.message), [], "no unsupported-element warning")
        let document = try XCTUnwrap(compiled.document("terms", "und")?.document)
        XCTAssertEqual(document.text, "Read the terms and more")
        XCTAssertEqual(document.styles.compactMap(\.annotation), [["type": "terms_link", "fontFamily": "bold"], ["link": "x"]])
        XCTAssertEqual(document.styles.first?.range.utf16, TextSpan(location: 9, length: 5))
        XCTAssertEqual(document.styles.filter { $0.bold == true }.map(\.range.utf16), [TextSpan(location: 19, length: 4)])
        let json = String(decoding: document.jsonBytes(), as: UTF8.self)
        XCTAssert(json.contains(#""annotation":{"fontFamily":"bold","type":"terms_link"}"#), "sorted by name: \(json)")
        XCTAssertEqual(try Document(jsonData: Data(document.jsonBytes())), document, "decodes to the same document")
    }
}
