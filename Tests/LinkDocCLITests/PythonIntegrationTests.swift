import Foundation
import XCTest

/// The Python package (Integrations/python, issue 12) tested against the linkdoc binary these
/// tests built: its unittest suites run here so that `swift test` counts them. The Spark suite
/// needs pyspark, pyarrow, pandas and Java; without them it is skipped, saying what is missing
/// (`.ci/run` installs them).
final class PythonIntegrationTests: XCTestCase {
    let tests = CLIRunner.packageRoot.appendingPathComponent("Integrations/python/tests")

    /// Runs `python3 -m unittest -v MODULES` in Integrations/python/tests; fails with its output.
    func unittest(_ modules: [String], expectAtLeast minimum: Int) throws {
        let run = try CLIRunner().run(["python3", "-m", "unittest", "-v"] + modules, in: tests,
                                      environment: ["LINKDOC_BINARY": CLIRunner.binary.path, "PYTHONDONTWRITEBYTECODE": "1"],
                                      executable: URL(fileURLWithPath: "/usr/bin/env"))
        let output = run.stdout + run.stderr
        let ran = output.components(separatedBy: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("Ran ") else { return nil }
            return Int(line.dropFirst(4).prefix { $0.isNumber })
        }.last ?? 0
        XCTAssertEqual(run.status, 0, "python3 -m unittest \(modules.joined(separator: " ")) failed:\n\(output)")
        XCTAssertFalse(output.contains("skipped"), "a Python test was skipped:\n\(output)")
        XCTAssertGreaterThanOrEqual(ran, minimum, "fewer Python tests ran than there are:\n\(output)")
        print("python \(modules.joined(separator: " ")): \(ran) ran, status \(run.status)")
    }

    func testPythonPackageAgainstTheBuiltBinary() throws {
        try unittest(["test_stream", "test_wheel"], expectAtLeast: 20)
    }

    func testPythonSparkInLocalMode() throws {
        let probe = try CLIRunner().run(["sh", "-c", "command -v java >/dev/null || echo 'java (Debian: openjdk-17-jre-headless)'; "
                                             + "python3 -c 'import pyspark, pyarrow, pandas' 2>/dev/null || echo 'pyspark, pyarrow or pandas (pip install pyspark pyarrow pandas)'"],
                                        executable: URL(fileURLWithPath: "/usr/bin/env"))
        let missing = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try XCTSkipUnless(missing.isEmpty, "PythonIntegrationTests.testPythonSparkInLocalMode (Integrations/python/tests/test_spark.py) needs "
                                           + missing.replacingOccurrences(of: "\n", with: " and "))
        try unittest(["test_spark"], expectAtLeast: 10)
    }
}
