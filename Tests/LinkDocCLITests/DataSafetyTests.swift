import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// "It must never crash, hang or write half a file": the output file is the old one or the
/// complete new one whatever happens to the process, a full disk is a clear error, and in
/// batch mode no input is lost, unreadable ones included.
final class DataSafetyTests: XCTestCase {
    let cli = CLIRunner()

    /// A few MB of copy with every kind of link, so that compiling and writing take a while.
    func writeLargeInput(in directory: URL, megabytes: Int = 4) throws -> URL {
        let line = "请阅读《用户协议》和《隐私政策》，联系 @小明 或 dpo@example.com，拨打 400-820-8820，详见 https://example.com/a?b=1 #话题# [展开](https://e.com/x)\n"
        let input = directory.appendingPathComponent("big.txt")
        let count = megabytes * 1_000_000 / line.utf8.count
        try String(repeating: line, count: count).write(to: input, atomically: false, encoding: .utf8)
        return input
    }

    func leftovers(in directory: URL, of name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".\(name).") }
    }

    func testKilledCompileLeavesTheOldOrTheCompleteNewOutput() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try writeLargeInput(in: dir, megabytes: 3)
        let manifest = CLIRunner.packageRoot.appendingPathComponent("Examples/linkdoc.json").path
        let reference = dir.appendingPathComponent("reference.json")
        let start = Date()
        // Exit 1: so many links that options.maxLinks is exceeded, an error in the copy; the document is still written.
        XCTAssertEqual(try cli.run(["compile", input.path, "--manifest", manifest, "-o", reference.path]).status, 1)
        let duration = Date().timeIntervalSince(start)
        let expected = try Data(contentsOf: reference)
        XCTAssertGreaterThan(expected.count, 1_000_000)

        let output = dir.appendingPathComponent("out.json")
        let old = Data("{\"old\":true}\n".utf8)
        var killed = 0
        // Kill moments spread over a whole run (from at once to after it would have finished).
        for step in 0...8 {
            try old.write(to: output)
            let process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = ["compile", input.path, "--manifest", manifest, "-o", output.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(duration * 1_000_000 * Double(step) / 7))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }
            let now = try Data(contentsOf: output)
            XCTAssert(now == old || now == expected,
                      "after SIGKILL at step \(step): \(now.count) bytes, neither the old file nor the complete output")
            // A SIGKILL leaves no chance to remove the temporary file; it is never the output itself.
            for name in try leftovers(in: dir, of: "out.json") { try FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
        }
        XCTAssertGreaterThan(killed, 0, "no run was killed before it finished")
    }

    func testFullDiskIsAClearErrorAndKeepsTheOldFile() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try writeLargeInput(in: dir, megabytes: 1)
        let output = dir.appendingPathComponent("out.json")
        let old = Data("{\"old\":true}\n".utf8)
        try old.write(to: output)
        // A file-size limit of 8 KiB with SIGXFSZ ignored: write() fails with EFBIG, as on a full disk.
        let script = "trap '' XFSZ; ulimit -f 8; exec \"$0\" compile \"$1\" -o \"$2\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, CLIRunner.binary.path, input.path, output.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if message.contains("ThreadSanitizer:DEADLYSIGNAL") {
            // `swift test --sanitize=thread` only: the TSan runtime itself dies of SIGBUS under a
            // file-size limit (Tests/SANITIZERS.md); the ASan and plain builds run this test.
            throw XCTSkip("the ThreadSanitizer runtime cannot run under ulimit -f")
        }
        XCTAssertEqual(process.terminationReason, .exit, "killed by a signal: \(message)")
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssert(message.contains("linkdoc: error: cannot write \(output.path): File too large"), message)
        XCTAssertEqual(try Data(contentsOf: output), old, "the old file is intact")
        XCTAssertEqual(try leftovers(in: dir, of: "out.json"), [], "no temporary file is left")
    }

    func testFullDiskOnStandardOutputIsAnError() throws {
        // /dev/full: every write fails with ENOSPC. (Linux provides it, containers included.)
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full on this system") }
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["compile", CLIRunner.packageRoot.appendingPathComponent("Examples/privacy-dialog.txt").path]
        process.standardOutput = full
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 2, "output that did not arrive must not exit 0")
        XCTAssert(message.contains("linkdoc: error: cannot write standard output: No space left on device"), message)
    }

    /// Inputs that cannot be read, without relying on permissions (CI runs as root).
    func makeMixedInputs(in dir: URL) throws -> (good: [String], unreadable: [String], invalid: [String]) {
        let fm = FileManager.default
        try "请阅读《用户协议》".write(to: dir.appendingPathComponent("a.txt"), atomically: false, encoding: .utf8)
        try fm.createDirectory(at: dir.appendingPathComponent("b.txt"), withIntermediateDirectories: false)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("c.txt").path, withDestinationPath: dir.appendingPathComponent("missing.txt").path)
        try Data([0x61, 0xFF, 0x62]).write(to: dir.appendingPathComponent("d.txt"))
        try "@小明 你好".write(to: dir.appendingPathComponent("e.txt"), atomically: false, encoding: .utf8)
        let path = { (name: String) in dir.appendingPathComponent(name).path }
        return ([path("a.txt"), path("e.txt")], [path("b.txt"), path("c.txt")], [path("d.txt")])
    }

    func testBatchCompileGivesOneRecordPerInput() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (good, unreadable, invalid) = try makeMixedInputs(in: dir)
        let inputs = [good[0], unreadable[0], unreadable[1], invalid[0], good[1]]
        let run = try cli.run(["compile"] + inputs)
        XCTAssertEqual(run.status, 2, "unreadable inputs are I/O errors")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, inputs.count, run.stdout)
        for (line, input) in zip(lines, inputs) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["file"] as? String, input)
            let hasDocument = !(object["document"] is NSNull)
            XCTAssertEqual(hasDocument, good.contains(input), line)
        }
        for path in unreadable { XCTAssert(run.stderr.contains("linkdoc: error: \(path):"), run.stderr) }
        XCTAssert(run.stderr.contains("\(invalid[0]):1:2: error:"), run.stderr)
    }

    func testBatchLintGivesOneRecordPerFile() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (good, unreadable, invalid) = try makeMixedInputs(in: dir)
        // A folder: the directory b.txt is walked (it is empty), the dangling symlink is reported.
        let run = try cli.run(["lint", "--reporter", "checkstyle", dir.path])
        XCTAssertEqual(run.status, 2, run.stderr)
        let reported = run.stdout.components(separatedBy: "<file name=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(Set(reported), Set(good + invalid), run.stdout)
        XCTAssertEqual(reported.count, good.count + invalid.count)
        XCTAssert(run.stderr.contains("linkdoc: error: \(unreadable[1]):"), "the dangling symlink is an error, not lost: \(run.stderr)")
        // Named on the command line: a missing file no longer stops the others from being linted
        // (the folder b.txt is walked like any folder named there).
        let named = try cli.run(["lint", "--reporter", "checkstyle"] + good + unreadable + invalid + [dir.appendingPathComponent("gone.txt").path])
        XCTAssertEqual(named.status, 2)
        XCTAssertEqual(named.stdout.components(separatedBy: "<file name=\"").count - 1, good.count + invalid.count, named.stdout)
        for path in [unreadable[1], dir.appendingPathComponent("gone.txt").path] {
            XCTAssert(named.stderr.contains("linkdoc: error: \(path): No such file or directory"), named.stderr)
        }
    }

    func testLintingAFolderThatChangesNeverCrashes() throws {
        let dir = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 0..<20 { try "文件 \(k) @小明".write(to: dir.appendingPathComponent("keep\(k).txt"), atomically: false, encoding: .utf8) }
        final class Flag: @unchecked Sendable { var stop = false; let lock = NSLock()
            var isSet: Bool { lock.lock(); defer { lock.unlock() }; return stop }
            func set() { lock.lock(); stop = true; lock.unlock() } }
        let flag = Flag()
        let churn = Thread { [dir] in
            var k = 0
            while !flag.isSet {
                let file = dir.appendingPathComponent("churn\(k % 50).txt")
                let folder = dir.appendingPathComponent("sub\(k % 7)")
                try? "请阅读《用户协议》 \(k)".write(to: file, atomically: false, encoding: .utf8)
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? "x".write(to: folder.appendingPathComponent("f.txt"), atomically: false, encoding: .utf8)
                if k % 3 == 0 { try? FileManager.default.removeItem(at: dir.appendingPathComponent("churn\((k + 25) % 50).txt")) }
                if k % 5 == 0 { try? FileManager.default.removeItem(at: dir.appendingPathComponent("sub\((k + 3) % 7)")) }
                k += 1
            }
        }
        churn.start()
        defer { flag.set() }
        for run in 0..<25 {
            let process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = ["lint", "--reporter", "json", dir.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "run \(run) died of signal \(process.terminationStatus)")
            XCTAssert([0, 1, 2].contains(process.terminationStatus), "run \(run): exit \(process.terminationStatus)")
        }
    }
}
