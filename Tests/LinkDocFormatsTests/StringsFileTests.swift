import LinkDocCore
import LinkDocFormats
import LinkDocModel
import XCTest

final class StringsFileTests: XCTestCase {
    func testReadsEntriesCommentsEscapesAndUnquotedStrings() throws {
        let file = try Fixtures.read("Localizable.strings")
        XCTAssertEqual(file.strings.map(\.key), ["privacy_title", "privacy_body", "escapes", "markup_escape", "unquoted_key",
                                                 "key_only", "multi_line", "with_crlf_escape"])
        XCTAssertEqual(file.diagnostics, [])
        XCTAssertEqual(file.value("privacy_body"), "请阅读《用户协议》和《隐私政策》。\n如有疑问请联系 @小明 或拨打 400-820-8820。")
        XCTAssertEqual(file.value("escapes"), "Tab:\t quote:\" backslash:\\ unicode:中文 emoji:😀 octal:A")
        XCTAssertEqual(file.value("markup_escape"), "书名号 \\《不是链接》")
        XCTAssertEqual(file.value("unquoted_key"), "unquoted.value")
        XCTAssertEqual(file.value("key_only"), "key_only")
        XCTAssertEqual(file.value("multi_line"), "第一行\n第二行 《新条款》")
        XCTAssertEqual(file.value("with_crlf_escape"), "a\nb 《新条款》", "\\r\\n becomes one LF, as the compiler would make it")
        XCTAssert(file.strings.allSatisfy { $0.language == "zh-Hans" && $0.variation.isEmpty })
    }

    func testCompiledLinksAndMarkupEscapeThroughTwoLevels() throws {
        let compiled = try Fixtures.compile("Localizable.strings")
        let body = try XCTUnwrap(compiled.document("privacy_body", "zh-Hans")).document
        XCTAssertEqual(body.links.map(\.kind), [.agreement, .agreement, .mention, .phone])
        let escaped = try XCTUnwrap(compiled.document("markup_escape", "zh-Hans")).document
        XCTAssertEqual(escaped.text, "书名号 《不是链接》")
        XCTAssertEqual(escaped.links, [], "\\\\《 in the file is \\《 in the value: a literal bracket")
    }

    func testDiagnosticsPointIntoTheFile() throws {
        let compiled = try Fixtures.compile("Localizable.strings")
        // 《新条款》 on the second line of a multi-line value (file line 17, column 5),
        // and after the escapes \r\n on line 18: column 30 counts the escape's characters in the file.
        XCTAssertEqual(compiled.rendered.filter { $0.contains("unknown-agreement") }.map { String($0.prefix(while: { $0 != " " })) },
                       ["17:5:", "18:30:"], compiled.rendered.joined(separator: "\n"))
        let d = try XCTUnwrap(compiled.diagnostics.first)
        XCTAssertEqual(d.file, "Localizable.strings")
        XCTAssert(d.message.hasPrefix("key \"multi_line\" (zh-Hans): unknown agreement 《新条款》"), d.message)
        XCTAssertEqual(d.sourceLine, "第二行 《新条款》\";")
    }

    func testUTF16LittleAndBigEndianReadLikeUTF8() throws {
        let utf8 = try Fixtures.compile("utf8.strings")
        for name in ["utf16le.strings", "utf16be.strings"] {
            let utf16 = try Fixtures.compile(name)
            XCTAssertEqual(utf16.strings.map(\.key), ["greeting", "terms", "emoji"], name)
            XCTAssertEqual(utf16.strings.map(\.document), utf8.strings.map(\.document), name)
            XCTAssertEqual(utf16.diagnostics.map { [$0.location?.line, $0.location?.column] },
                           utf8.diagnostics.map { [$0.location?.line, $0.location?.column] }, name)
            XCTAssertEqual(utf16.diagnostics.first?.location?.line, 4, "《新条款》 after an emoji: \(name)")
            XCTAssertEqual(utf16.diagnostics.first?.location?.column, 14, "the emoji is one column: \(name)")
        }
    }

    func testMalformedFileReportsAndRecovers() throws {
        let compiled = try Fixtures.compile("malformed.strings")
        XCTAssertEqual(compiled.strings.map(\.key), ["ok_1", "ok_2", "bad_escape", "ok_3", "ok_4"])
        XCTAssertEqual(compiled.rendered, [
            "2:29: error: expected ';' after the entry for key \"missing_semicolon\", found '\"' [strings-syntax]",
            "4:19: warning: unknown escape '\\q'; it stands for 'q' [strings-escape]",
            "4:24: error: '\\U' must be followed by 4 hex digits; U+FFFD was used [strings-escape]",
            "5:13: error: expected a value (a quoted string), found '=' [strings-syntax]",
            "6:15: warning: key \"ok_3\" (zh-Hans): unknown agreement 《新条款》: the manifest has no agreement with this title, so it stays text (it knows 《Terms of Service》, 《用户协议》 and 《隐私政策》) [unknown-agreement]",
            "7:18: error: unterminated string (no closing '\"' on its line) [strings-syntax]",
        ])
        XCTAssert(compiled.hasErrors)
    }

    func testHostileInputs() throws {
        // A 10 MB value: read and compiled, with its position map still small.
        var big = Array("\"big\" = \"".utf8)
        big += Array(repeating: UInt8(ascii: "a"), count: 10 << 20)
        big += Array(" 《新条款》\";\n\"after\" = \"ok\";".utf8)
        let file = LocalizationFile.read(big, name: "big.strings", format: .strings, language: "en")
        XCTAssertEqual(file.strings.map(\.key), ["big", "after"])
        XCTAssertEqual(file.strings[0].value.count, (10 << 20) + 16)
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertEqual(compiled.diagnostics.first?.location?.column, 10 + (10 << 20) + 1)

        // Unterminated comment, a lone backslash, unpaired surrogate, NUL bytes, invalid UTF-8: never a crash.
        let cases: [[UInt8]] = [
            Array("/* never closed\n\"a\" = \"b\";".utf8),
            Array("\"a\" = \"b\\".utf8),
            Array("\"a\" = \"\\UD800x\";".utf8),
            [0x22, 0x61, 0x22, 0x3D, 0x22, 0x00, 0x22, 0x3B],
            [0x22, 0x61, 0x22, 0x3D, 0x22, 0xFF, 0xFE, 0x22, 0x3B],
            Array(repeating: UInt8(ascii: "\""), count: 100_001),
            Array(repeating: UInt8(ascii: "{"), count: 10_000),
            [0xFF, 0xFE, 0x00, 0xD8],  // UTF-16 LE: an unpaired high surrogate
        ]
        for bytes in cases {
            let file = LocalizationFile.read(bytes, name: "x.strings", format: .strings, language: "en")
            let compiled = Fixtures.compiler.compile(file)
            XCTAssert(compiled.hasErrors || !compiled.strings.isEmpty, "\(bytes.prefix(20))")
            XCTAssert(compiled.diagnostics.allSatisfy { $0.location != nil }, "every diagnostic has a position")
        }
    }

    func testLanguageFromLprojFolder() {
        XCTAssertEqual(LocalizationFile.language(forStringsPath: "App/zh-Hans.lproj/Localizable.strings"), "zh-Hans")
        XCTAssertEqual(LocalizationFile.language(forStringsPath: "Base.lproj/Main.strings"), "Base")
        XCTAssertEqual(LocalizationFile.language(forStringsPath: "Localizable.strings"), "und")
        XCTAssertEqual(LocalizationFile.language(forStringsPath: "../x.lproj/../y.strings"), "und")
    }

    /// A .strings file that is an XML property list (Xcode reads both forms): the top dict's keys
    /// and string values, XML's references and CDATA decoded, positions in the file.
    func testXMLPropertyListTables() throws {
        let file = try Fixtures.read("plist.strings")
        XCTAssertEqual(file.strings.map(\.key), ["privacy_dialog", "cdata", "empty", "escaped"])
        XCTAssertEqual(file.value("privacy_dialog"), "请阅读《用户协议》和《会员条款》")
        XCTAssertEqual(file.value("escaped"), "第二个", "the later value of a duplicate key is used")
        XCTAssertEqual(file.value("cdata"), "<b>粗</b> & 细")
        XCTAssertEqual(file.value("empty"), "")
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertEqual(compiled.rendered, [
            "6:23: warning: key \"privacy_dialog\" (zh-Hans): unknown agreement 《会员条款》: the manifest has no agreement with this title, so it stays text (it knows 《Terms of Service》, 《用户协议》 and 《隐私政策》) [unknown-agreement]",
            "14:14: warning: the value of key \"not_a_string\" is a <integer>, not a <string>: no string of the table [strings-syntax]",
            "15:10: warning: duplicate key \"escaped\" (first defined on line 7); the later value is used [duplicate-key]",
        ])
        XCTAssertEqual(compiled.document("privacy_dialog", "zh-Hans")?.document.links.map(\.text), ["《用户协议》"])
        let first = LocalizationFile.read(Array("<plist><dict><key>k</key><string>A &amp; B &#x4E2D;</string></dict></plist>".utf8),
                                          name: "a.strings", format: .strings, language: "en")
        XCTAssertEqual(first.value("k"), "A & B 中")
        let broken = LocalizationFile.read(Array("<plist><dict><key>k</key><string>x</dict>".utf8), name: "b.strings", format: .strings, language: "en")
        XCTAssert(broken.diagnostics.contains { $0.ruleID == RuleID.stringsSyntax && $0.severity == .error }, "\(broken.diagnostics)")
    }
}
