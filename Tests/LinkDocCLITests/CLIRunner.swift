import Foundation
import XCTest

/// Runs the built `linkdoc` binary: arguments, standard input, exit code and both outputs.
struct CLIRunner {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        // The test bundle sits beside the executables it depends on.
        let candidates = [Bundle.main.bundleURL, Bundle(for: CLITests.self).bundleURL.deletingLastPathComponent()]
        for directory in candidates {
            let url = directory.appendingPathComponent("linkdoc")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/linkdoc")
    }

    /// Standard input comes from a file, not a pipe written in full first: a streaming
    /// command's output can then fill the stdout pipe while its input is still being read.
    /// `executable` runs another program than linkdoc (READMETests runs `/bin/sh`).
    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String] = [:],
             executable: URL = CLIRunner.binary) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-stdin-\(UUID().uuidString)")
        try (stdin ?? Data()).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        try process.run()
        // Read standard error on another thread, so a full pipe cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

}
