import Foundation
import XCTest

/// What engines (Spark, Dask, a shell pipeline) that feed one part of an input to each
/// `linkdoc compile --ndjson` rely on (issue 12): `--first-line` numbers the error lines as in the
/// whole input, and the exit code tells records with errors (1) from a linkdoc that failed (2).
extension CLITests {
    /// Records, bad records (not JSON, a lone CR, no text), empty lines, CRLF and a too-long line.
    static let engineInput: String = {
        var input = ""
        for i in 0..<40 {
            switch i % 8 {
            case 0: input += "oops \(i)\n"
            case 1: input += "\n"
            case 2: input += "\r\n"
            case 3: input += "\r\r\n"
            case 4: input += #"{"id":"t\#(i)"}"# + "\n"
            case 5: input += #"{"id":"long\#(i)","text":""# + String(repeating: "x", count: 300) + "\"}\n"
            default: input += #"{"id":"r\#(i)","text":"请阅读《用户协议》 @小明 https://example.com/\#(i)"}"# + "\r\n"
            }
        }
        return input
    }()

    func testStreamFirstLineNumbersErrorLinesFromIt() throws {
        let r = try run(["compile", "--ndjson", "--jobs", "1", "--first-line", "1000"], stdin: Data("oops\n\n".utf8))
        XCTAssertEqual(r.status, 1, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssert(lines[0].hasPrefix(#"{"id":null,"line":1000,"document":null,"diagnostics":[{"line":1000,"column":1,"#), String(lines[0]))
        XCTAssert(lines[1].contains(#""line":1001"#) && lines[1].contains("ndjson-empty-line"), String(lines[1]))
    }

    /// The input cut at every line into two parts, each compiled with its first line's number
    /// (and small windows and record limits, so that the too-long path and window edges run):
    /// the two outputs together are the whole input's output, byte for byte.
    func testStreamPartsWithFirstLineConcatenateToTheWholeOutput() throws {
        let environment = ["LINKDOC_NDJSON_WINDOW_BYTES": "100", "LINKDOC_NDJSON_MAX_RECORD_BYTES": "200"]
        let bytes = Array(Self.engineInput.utf8)
        let whole = try run(["compile", "--ndjson", "--jobs", "2"], stdin: Data(bytes), environment: environment)
        XCTAssertEqual(whole.status, 1, whole.stderr)
        XCTAssert(whole.stdout.contains("longer than 200 bytes"), "the too-long path ran")
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        for (index, cut) in lineStarts.enumerated() where index % 3 == 0 {
            var output = ""
            for (part, firstLine) in [(bytes[..<cut], 1), (bytes[cut...], index + 1)] where !part.isEmpty {
                let r = try run(["compile", "--ndjson", "--jobs", "2", "--first-line", String(firstLine)],
                                stdin: Data(part), environment: environment)
                XCTAssertLessThanOrEqual(r.status, 1, r.stderr)
                output += r.stdout
            }
            XCTAssert(output == whole.stdout, "cut before line \(index + 1): the parts' outputs differ from the whole output")
        }
    }

    func testStreamFirstLineIsAUsageErrorOutsideNDJSONOrBelowOne() throws {
        for arguments in [["--ndjson", "--first-line", "0"], ["--ndjson", "--first-line", "x"], ["--first-line", "3", "-"]] {
            let r = try run(["compile"] + arguments, stdin: Data("oops\n".utf8))
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(arguments)")
            XCTAssert(r.stderr.contains("--first-line"), r.stderr)
        }
    }

    /// Exit code 1 says that records had errors while every line was answered, so an engine
    /// keeps the output; 2 says linkdoc failed (here: its output could not be written).
    func testStreamExitCodesTellRecordErrorsFromFailure() throws {
        let errors = try run(["compile", "--ndjson", "--jobs", "2"], stdin: Data(Self.engineInput.utf8))
        XCTAssertEqual(errors.status, 1, errors.stderr)
        XCTAssertEqual(errors.stdout.utf8.filter { $0 == 0x0A }.count, Self.engineInput.utf8.filter { $0 == 0x0A }.count)
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"),
                          "testStreamExitCodesTellRecordErrorsFromFailure (write failure): no /dev/full on this system")
        let input = try temporaryDirectory().appendingPathComponent("records.ndjson")
        try Data(String(repeating: #"{"id":"a","text":"请阅读《用户协议》"}"# + "\n", count: 20_000).utf8).write(to: input)
        let binary = "'" + CLIRunner.binary.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let full = try CLIRunner().run(["-c", "\(binary) compile --ndjson --jobs 2 < '\(input.path)' > /dev/full"],
                           executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(full.status, 2, full.stderr)
        XCTAssert(full.stderr.contains("cannot write standard output"), full.stderr)
    }
}
