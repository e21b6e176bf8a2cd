import Foundation
import XCTest

/// How `compile --ndjson` cuts the stream into windows and parts (issue 16): whatever the cut,
/// one output line per input line and the bytes of `--jobs 1`. The window is shrunk through
/// `LINKDOC_NDJSON_WINDOW_BYTES` so that a few records make many windows and parts.
extension CLITests {
    func ndjson(_ input: String, jobs: Int, window: Int? = nil, maxRecord: Int? = nil) throws -> Run {
        var environment: [String: String] = [:]
        if let window { environment["LINKDOC_NDJSON_WINDOW_BYTES"] = String(window) }
        if let maxRecord { environment["LINKDOC_NDJSON_MAX_RECORD_BYTES"] = String(maxRecord) }
        return try run(["compile", "--ndjson", "--jobs", String(jobs)], stdin: Data(input.utf8), environment: environment)
    }

    /// The issue's input: with two workers the empty line is the first line of the second part.
    /// The part's bytes were copied from its first non-empty line on, so the empty line's slice
    /// started before the copy (`Negative Array index is out of range`).
    func testStreamEmptyLineFirstInAPart() throws {
        let record = #"{"id":"a","text":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}"#
        let input = record + "\n\n" + record.replacingOccurrences(of: "\"a\"", with: "\"b\"") + "\n"
        let one = try ndjson(input, jobs: 1)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(one.stdout.split(separator: "\n").count, 3)
        XCTAssert(one.stdout.contains("ndjson-empty-line"))
        for jobs in [2, 3] {
            let r = try ndjson(input, jobs: jobs)
            XCTAssertEqual(r.status, 0, "--jobs \(jobs): \(r.stderr)")
            XCTAssert(r.stdout == one.stdout, "--jobs \(jobs) gives the bytes of --jobs 1")
        }
    }

    /// Empty lines, blank lines and lone CR lines (empty once the CR is dropped) at the start, in
    /// the middle and at the end of parts, and parts made only of them: an empty line after a
    /// part's last record lay past the end of the copy, and a part of empty lines only had an
    /// empty copy.
    func testStreamEmptyLinesAtEveryPlaceOfAPart() throws {
        var input = ""
        for i in 0..<60 {
            switch i % 6 {
            case 0: input += "\n"
            case 1: input += "\r\n"
            case 2: input += " \t\n"
            case 3: input += "\r\r\n"  // a line that is one CR: not blank, so a bad record
            default: input += #"{"id":"r\#(i)","text":"请阅读《用户协议》 @小明 https://example.com/\#(i)"}"# + (i % 4 == 0 ? "\r\n" : "\n")
            }
            if i % 17 == 0 { input += "\n\n\n" }
        }
        input += "\r"  // a lone CR, no final newline
        // Bytes, not Characters: Swift reads CRLF as one Character.
        let expectedLines = input.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
        let one = try ndjson(input, jobs: 1)
        XCTAssertEqual(one.status, 1, "the CR lines are bad records: \(one.stderr)")
        XCTAssertEqual(one.stdout.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count - 1, expectedLines)
        for jobs in [2, 3] {
            for window in [1, 3, 40, 200, 100_000] {
                let r = try ndjson(input, jobs: jobs, window: window)
                XCTAssertEqual(r.status, 1, "--jobs \(jobs), window \(window): \(r.stderr)")
                XCTAssert(r.stdout == one.stdout, "--jobs \(jobs), window \(window) gives the bytes of --jobs 1")
            }
        }
    }

    /// A line over the record limit is too long by its length alone. Before, only a partial line
    /// was measured: a long line whose LF came in the same read as the bytes that took it past
    /// the limit was kept, so the answer depended on how reads cut the stream (here: the window,
    /// which bounds a read). A CRLF line of exactly the limit is not too long.
    func testStreamTooLongDependsOnTheLineOnly() throws {
        let limit = 60
        func record(_ id: String, length: Int) -> String {
            let head = #"{"id":"\#(id)","text":""#, tail = #""}"#
            return head + String(repeating: "x", count: length - head.utf8.count - tail.utf8.count) + tail
        }
        let input = [record("fits", length: limit) + "\r\n", record("over", length: limit + 1) + "\n",
                     record("far", length: 3 * limit) + "\n", record("last", length: limit + 1)].joined()
        var outputs: Set<String> = []
        for (jobs, window) in [(1, 1), (1, 7), (1, 4096), (2, 1), (2, 4096), (3, 33)] {
            let r = try ndjson(input, jobs: jobs, window: window, maxRecord: limit)
            XCTAssertEqual(r.status, 1, r.stderr)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 4)
            XCTAssert(lines[0].hasPrefix(#"{"id":"fits","document":{"#), lines[0])
            for n in 1...3 { XCTAssert(lines[n].contains("longer than \(limit) bytes"), "window \(window), line \(n + 1): \(lines[n])") }
            outputs.insert(r.stdout)
        }
        XCTAssertEqual(outputs.count, 1, "the same bytes whatever the window and --jobs")
    }
}
