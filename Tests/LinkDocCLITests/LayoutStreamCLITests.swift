import Foundation
import XCTest

/// `linkdoc layout --ndjson` as a pipeline runs it: one result line per input line, in order,
/// error lines for bad records, the same bytes at every `--jobs`, the same layout as
/// `linkdoc layout` gives one file.
final class LayoutStreamCLITests: XCTestCase {
    let cli = CLIRunner()
    static let font = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.font) else {
            throw XCTSkip("linkdoc layout --ndjson tests: did not run: the default font \(Self.font) is missing (Debian: apt-get install fonts-noto-cjk)")
        }
    }

    func lines(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) ?? ["unreadable": String($0)]
        }
    }

    func testEveryLineIsAnsweredInOrderAndBadRecordsGiveErrorLines() throws {
        let input = [
            #"{"id":"copy","text":"请阅读[隐私政策](https://example.com/p)","view":{"width":100,"size":16,"profile":"label"},"hits":[[20,30]]}"#,
            "",
            #"{"id":"doc","document":{"version":1,"text":"abc","links":[]},"view":{"width":100,"size":16}}"#,
            #"{"id":"wide","text":"x","view":{"width":1e9,"size":16}}"#,
            "not json",
            #"{"id":"typo","text":"x","view":{"width":100,"size":16,"maxline":2}}"#,
            #"{"id":"rtl","text":"שלום עולם","view":{"width":300,"size":16,"profile":"label"}}"#,
            #"{"id":"both","text":"x","document":{"version":1,"text":"abc","links":[]},"view":{"width":100,"size":16}}"#,
            #"{"id":"nan","text":"x","view":{"width":100,"size":16},"hits":[[1,1e999]]}"#,
        ].joined(separator: "\n") + "\n"
        let r = try cli.run(["layout", "--ndjson"], stdin: Data(input.utf8), in: CLIRunner.packageRoot)
        XCTAssertEqual(r.status, 1, "some records have errors: \(r.stderr)")
        let out = lines(r.stdout)
        XCTAssertEqual(out.count, 9, r.stdout)
        guard out.count == 9 else { return }
        XCTAssertEqual(out.map { $0["id"] as? String }, ["copy", nil, "doc", "wide", nil, "typo", "rtl", "both", nil])
        let copy = try XCTUnwrap(out[0]["layout"] as? [String: Any])
        XCTAssertEqual((copy["lines"] as? [Any])?.count, 2, "请阅读隐私政策 at 100 points: two lines (请阅读隐私 政策, pushed out)")
        XCTAssertEqual(((copy["hits"] as? [[String: Any]])?.first?["link"] as? Int), 0, "(20, 30) is on the link's second line")
        XCTAssertNotNil(out[2]["layout"] as? [String: Any], "a compiled document")
        XCTAssertEqual(((out[6]["layout"] as? [String: Any])?["lines"] as? [[String: Any]])?.first?["direction"] as? String, "rtl")
        for (index, expected) in [(1, "empty line"), (3, "width 1000000000 is not a number"), (4, "not a JSON object"),
                                  (5, "unknown setting \"maxline\""), (7, "one of them"),
                                  (8, "not a JSON object")] {  // 1e999 is no Double: JSONSerialization refuses the line
            XCTAssertTrue(out[index]["layout"] is NSNull, "line \(index + 1): \(out[index])")
            XCTAssertEqual(out[index]["line"] as? Int, index + 1)
            let message = ((out[index]["diagnostics"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
            XCTAssertTrue(message.contains(expected), "line \(index + 1): \(message)")
        }
        XCTAssertFalse(r.stdout.contains("nan") || r.stdout.contains("inf"))
    }

    func testTheCommandLineGivesEveryRecordsDefaults() throws {
        let input = #"{"id":"a","text":"中文中文中文中文"}"# + "\n" + #"{"id":"b","text":"中文中文中文中文","view":{"width":64}}"# + "\n"
        let r = try cli.run(["layout", "--ndjson", "--width", "300", "--size", "16", "--profile", "label", "--first-line", "41"],
                            stdin: Data(input.utf8), in: CLIRunner.packageRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = lines(r.stdout)
        XCTAssertEqual(out.compactMap { (($0["layout"] as? [String: Any])?["lines"] as? [Any])?.count }, [1, 2], "64 points hold 4 ideographs")
        let bad = try cli.run(["layout", "--ndjson", "--first-line", "41"], stdin: Data("{}\n".utf8), in: CLIRunner.packageRoot)
        XCTAssertEqual(lines(bad.stdout).first?["line"] as? Int, 41, "error lines count from --first-line")
    }

    func testTheStreamGivesTheSameLayoutAsOneFile() throws {
        let copy = "登录即表示同意《用户协议》和[隐私政策](https://example.com/privacy)，详情见 https://example.com/help 。"
        let file = try cli.temporaryDirectory().appendingPathComponent("copy.txt")
        try Data(copy.utf8).write(to: file)
        let single = try cli.run(["layout", file.path, "--width", "270", "--size", "16", "--max-lines", "2", "--token", "…展开",
                                  "--hit", "100,30"], in: CLIRunner.packageRoot)
        XCTAssertEqual(single.status, 0, single.stderr)
        let record = try JSONSerialization.data(withJSONObject: ["id": "x", "text": copy, "hits": [[100, 30]],
                                                                 "view": ["width": 270, "size": 16, "maxLines": 2, "token": "…展开"]])
        let stream = try cli.run(["layout", "--ndjson"], stdin: record + Data("\n".utf8), in: CLIRunner.packageRoot)
        let layout = try XCTUnwrap(lines(stream.stdout).first?["layout"] as? NSDictionary)
        let alone = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? NSDictionary)
        XCTAssertEqual(layout, alone)
    }

    func testTheOutputIsTheSameBytesAtEveryJobCount() throws {
        var records = ""
        let texts = ["请阅读《用户协议》和[隐私政策](https://example.com/p)", "שלום [עולם](https://example.com/w) abc", "a\tb\tc 😀 ⚠️",
                     "안녕하세요 여러분 반갑습니다", "[bad](javascript:alert(1))", "", "{", "مرحبا بالعالم"]
        for k in 0..<400 {
            let text = texts[k % texts.count]
            if text.isEmpty { records += "\n"; continue }
            if text == "{" { records += "{\n"; continue }
            let record: [String: Any] = ["id": "r\(k)", "text": text,
                                         "view": ["width": 80 + (k * 37) % 300, "size": 12 + k % 9, "maxLines": k % 4,
                                                  "profile": k % 2 == 0 ? "label" : "textview"]]
            records += String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self) + "\n"
        }
        var outputs: [String] = []
        for jobs in ["1", "2", "3"] {
            // Small windows: records straddle windows and parts.
            let r = try cli.run(["layout", "--ndjson", "--jobs", jobs], stdin: Data(records.utf8), in: CLIRunner.packageRoot,
                                environment: ["LINKDOC_NDJSON_WINDOW_BYTES": "1000"])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(r.stdout.filter { $0 == "\n" }.count, 400)
            outputs.append(r.stdout)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertEqual(outputs[0], outputs[2])
    }

    func testUsageErrors() throws {
        for (arguments, message) in [(["Examples/english.txt", "--ndjson"], "--ndjson reads standard input"),
                                     (["--ndjson", "--hit", "1,1"], "--hit does not apply with --ndjson"),
                                     (["--ndjson", "--png", "x.png"], "--png does not apply with --ndjson"),
                                     (["Examples/english.txt", "--width", "200", "--size", "16", "--jobs", "2"], "applies only to --ndjson"),
                                     (["--ndjson", "--line-spacing", "1e300"], "--line-spacing 1e+300 is not a number")] {
            let r = try cli.run(["layout"] + arguments, stdin: Data(), in: CLIRunner.packageRoot)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
    }
}
