import Foundation
import XCTest

/// The command line for localization files, bundles, --split, --ndjson and the
/// plugin's --swift-accessors (an extension, to share CLITests' helpers).
extension CLITests {
    var root: URL { CLITests.packageRoot }

    func testFormatsPicksTheFormatByExtension() throws {
        let catalog = try run(["compile", "Tests/Fixtures/Localizable.xcstrings", "--manifest", "Tests/Fixtures/linkdoc.json"], in: root)
        XCTAssertEqual(catalog.status, 0, catalog.stderr)
        XCTAssertEqual(catalog.stdout, String(decoding: try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/Localizable.bundle.json")), as: UTF8.self)
            .replacingOccurrences(of: "\n *", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\": ", with: "\":").replacingOccurrences(of: ", ", with: ",") + "\n",
                       "the compact form of the golden bundle")
        XCTAssert(catalog.stderr.contains("Tests/Fixtures/Localizable.xcstrings:35:84: warning: key \"consent_checkbox\" (zh-Hant): unknown agreement"), catalog.stderr)

        let strings = try run(["compile", "Tests/Fixtures/malformed.strings", "--manifest", "Tests/Fixtures/linkdoc.json", "--language", "de"], in: root)
        XCTAssertEqual(strings.status, 1, "syntax errors are input errors")
        XCTAssert(strings.stderr.contains("Tests/Fixtures/malformed.strings:7:18: error: unterminated string"), strings.stderr)
        let bundle = try json(strings.stdout)
        XCTAssertEqual(((bundle["strings"] as? [String: Any])?["ok_4"] as? [String: Any])?.keys.sorted(), ["de"])
    }

    func testFormatsSplitWritesOneFilePerLanguage() throws {
        let dir = try temporaryDirectory().appendingPathComponent("out/nested")
        let r = try run(["compile", "Tests/Fixtures/Localizable.xcstrings", "--manifest", "Tests/Fixtures/linkdoc.json",
                             "--split", dir.path, "-q"], in: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "", "--quiet hides warnings")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
                       ["en.json", "ru.json", "zh-Hans.json", "zh-Hant.json"])
        let ru = try json(String(decoding: try Data(contentsOf: dir.appendingPathComponent("ru.json")), as: UTF8.self))
        XCTAssertEqual(ru["language"] as? String, "ru")
        let misuse = try run(["compile", "Examples/english.txt", "--split", dir.path], in: root)
        XCTAssertEqual(misuse.status, 2)
        XCTAssert(misuse.stderr.contains("--split needs exactly one localization file or table (.xcstrings, .strings or Android strings.xml)"), misuse.stderr)
    }

    /// 100,000 records with bad ones mixed in: one output line per input line, in
    /// order, and the same bytes with one thread as with two.
    func testFormatsNDJSONStreamKeepsCountAndOrder() throws {
        var input = ""
        var expected: [(id: String?, line: Int?)] = []
        for i in 1...100_000 {
            switch i % 1000 {
            case 17:
                input += "{\"id\": \(i), \"text\": \"bad id\"}\n"; expected.append((nil, i))
            case 333:
                input += "{\"id\": \"r\(i)\", \"txt\": \"typo\"}\n"; expected.append(("r\(i)", i))
            case 500:
                input += "not json at all\n"; expected.append((nil, i))
            case 999:
                input += "\n"; expected.append((nil, i))
            default:
                let texts = ["请阅读《用户协议》，联系 @小明", "Visit https://example.com/help #话题# now", "拨打 400-820-8820 或 dpo@example.com"]
                input += "{\"id\": \"r\(i)\", \"text\": \"\(texts[i % 3])\"}\n"; expected.append(("r\(i)", nil))
            }
        }
        let two = try run(["compile", "--ndjson", "--jobs", "2", "--manifest", "Tests/Fixtures/linkdoc.json"], stdin: Data(input.utf8), in: root)
        XCTAssertEqual(two.status, 1, "bad records make the exit code 1")
        let lines = two.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 100_000)
        XCTAssert(two.stdout.hasSuffix("\n"))
        for (n, line) in lines.enumerated() where n % 97 == 0 || expected[n].line != nil {
            let object = try json(String(line))
            XCTAssertEqual(object["id"] as? String, expected[n].id, "line \(n + 1)")
            XCTAssertEqual(object["line"] as? Int, expected[n].line, "line \(n + 1)")
            if expected[n].line == nil { XCTAssertNotNil(object["document"] as? [String: Any], "line \(n + 1)") }
        }
        let one = try run(["compile", "--ndjson", "--jobs", "1", "--manifest", "Tests/Fixtures/linkdoc.json"], stdin: Data(input.utf8), in: root)
        XCTAssertEqual(one.status, 1)
        XCTAssert(one.stdout == two.stdout, "--jobs 1 and --jobs 2 give the same bytes")
        XCTAssertEqual(two.stderr, "", "no progress line when standard error is not a terminal")
    }

    /// Each worker compiles with its own copy of the compiler and its own cache of inline
    /// manifests: records with inline manifests (repeated, new, invalid) interleaved with records
    /// that use the default one give the same bytes with one, two and three threads.
    func testFormatsNDJSONInlineManifestsSameBytesForEveryJobCount() throws {
        let manifests = [
            #"{"agreements": {"条款": "https://e.com/terms-of-service"}}"#,
            #"{"agreements": {"条款": {"url": "https://e.com/other", "id": "other"}}, "mentions": {"小红": "u_2"}}"#,
            #"{"schemes": ["https"], "options": {"includeAgreementBrackets": false, "mentionURL": "x://u/{id}"}}"#,
            #"{"agreement": {}}"#,  // invalid
        ]
        var input = ""
        for i in 0..<30_000 {
            let text = ["请阅读《条款》和《用户协议》，联系 @小明 @小红", "Visit http://example.com/help #话题# now", "<b>《隐私政策》</b> [x](agreement:other)"][i % 3]
            if i % 5 == 0 {
                input += "{\"id\": \"r\(i)\", \"text\": \"\(text)\"}\n"
            } else {
                // Mostly the first few manifests, now and then one seen only once.
                let manifest = i % 97 == 0 ? #"{"mentions": {"小明": "once-\#(i)"}}"# : manifests[i % 4]
                input += "{\"id\": \"r\(i)\", \"text\": \"\(text)\", \"manifest\": \(manifest)}\n"
            }
        }
        let one = try run(["compile", "--ndjson", "--jobs", "1", "--manifest", "Tests/Fixtures/linkdoc.json"], stdin: Data(input.utf8), in: root)
        XCTAssertEqual(one.stdout.split(separator: "\n").count, 30_000)
        XCTAssert(one.stdout.contains("https://e.com/terms-of-service") && one.stdout.contains("once-291"), "the inline manifests were used")
        XCTAssert(one.stdout.contains("invalid manifest"))
        for jobs in ["2", "3"] {
            let r = try run(["compile", "--ndjson", "--jobs", jobs, "--manifest", "Tests/Fixtures/linkdoc.json"], stdin: Data(input.utf8), in: root)
            XCTAssertEqual(r.status, one.status)
            XCTAssert(r.stdout == one.stdout, "--jobs \(jobs) gives the bytes of --jobs 1")
        }
    }

    func testFormatsNDJSONEdgeCases() throws {
        // No trailing newline, CRLF, and an empty stream.
        let r = try run(["compile", "--ndjson"], stdin: Data("{\"id\":\"a\",\"text\":\"x\"}\r\n{\"id\":\"b\",\"text\":\"y\"}".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").map { try? self.json(String($0))["id"] as? String }, ["a", "b"])
        let empty = try run(["compile", "--ndjson"], stdin: Data())
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stdout, "")
        for bad in [["compile", "--ndjson", "Examples/english.txt"], ["compile", "--ndjson", "--jobs", "0"], ["compile", "--ndjson", "-o", "x"]] {
            XCTAssertEqual(try run(bad, in: root).status, 2, "\(bad)")
        }
    }

    func testFormatsSwiftAccessors() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("LinkDocStrings.swift")
        let r = try run(["compile", "--swift-accessors", out.path, "Examples/privacy-dialog.txt", "Tests/Fixtures/Localizable.xcstrings"], in: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let swift = try String(contentsOf: out, encoding: .utf8)
        XCTAssert(swift.contains("static let privacyDialog = _linkDocResource(name: \"privacy-dialog\")"), swift)
        XCTAssert(swift.contains("static let consentCheckbox = _linkDocKey(table: \"Localizable\", key: \"consent_checkbox\")"), swift)
        let clash = try run(["compile", "--swift-accessors", out.path, "a/x.txt", "b/x.txt"], in: root)
        XCTAssert(clash.stderr.contains("a/x.txt and b/x.txt would both be the resource 'x.json'; rename one"), clash.stderr)
        XCTAssertEqual(clash.status, 1)
    }

    func testFormatsHelpDocumentsTheNewFlags() throws {
        let help = try run(["help", "compile"])
        for flag in ["--ndjson", "-j, --jobs", "--split", "--language", "--swift-accessors", "--swift-type", ".xcstrings", ".strings"] {
            XCTAssert(help.stdout.contains(flag), "help compile documents \(flag)")
        }
    }
}
