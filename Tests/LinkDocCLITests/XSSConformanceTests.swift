import Foundation
import XCTest

/// The attack vectors of ../shared/conformance/xss/ (DOMPurify's fixtures, the OWASP filter-evasion
/// cheat sheet, html5lib's tokenizer and tree-construction inputs, and vectors aimed at linkdoc's
/// own layers) through the real binary, as copy from many hands would arrive: no emitted URL, and
/// no app-filled template once filled, may run script, embed content or reach the disk, whatever
/// the manifest's `schemes` say; and every record is answered by one line.
final class XSSConformanceTests: XCTestCase {
    static let root = CLIRunner.packageRoot.appendingPathComponent("../shared/conformance/xss").standardized

    /// What every check runs on the records of a vector file: as written, and with a manifest
    /// whose `schemes` lists every never-allowed scheme (the provenance file's second run).
    static let permissiveSchemes = ["https", "http", "mailto", "tel", "myapp", "javascript", "data", "vbscript", "file"]
    static let neverAllowed: Set<String> = ["javascript", "data", "vbscript", "file"]

    func vectorRoot() throws -> URL {
        guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("PROVENANCE.md").path) else {
            throw XCTSkip("XSSConformanceTests: ../shared/conformance/xss/ is absent; the XSS vectors did not run. They are made "
                          + "from DOMPurify's fixtures, OWASP's cheat sheet and html5lib-tests (README: Conformance data)")
        }
        return Self.root
    }

    func testNDJSONVectorsEmitNoUnsafeLink() throws {
        let root = try vectorRoot()
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".ndjson") }.sorted()
        XCTAssertFalse(files.isEmpty)
        var records = 0, links = 0
        var unsafe: [String] = []
        for file in files {
            let raw = try Data(contentsOf: root.appendingPathComponent(file))
            for (variant, input) in [("as written", raw), ("permissive schemes", Self.withManifest(raw))] {
                let run = try CLIRunner().run(["compile", "--ndjson", "--jobs", "2"], stdin: input)
                XCTAssertTrue(run.status == 0 || run.status == 1, "\(file) (\(variant)): exit \(run.status): \(run.stderr.prefix(300))")
                let inLines = Self.lineCount(input), outLines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                XCTAssertEqual(outLines.count, inLines, "\(file) (\(variant)): one line per record")
                for line in outLines {
                    records += 1
                    guard let result = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                        unsafe.append("\(file) (\(variant)): unparsable output line \(line.prefix(80))")
                        continue
                    }
                    guard let document = result["document"] as? [String: Any] else { continue }
                    links += (document["links"] as? [Any])?.count ?? 0
                    for problem in Self.unsafeTargets(in: document) {
                        unsafe.append("\(file) (\(variant)) \(result["id"] ?? "?"): \(problem)")
                    }
                }
            }
        }
        print("xss: \(records) records (\(files.count) files, each as written and with permissive schemes), \(links) links emitted, \(unsafe.count) unsafe")
        XCTAssertEqual(unsafe, [])
    }

    func testWholeFilesEmitNoUnsafeLink() throws {
        let root = try vectorRoot().appendingPathComponent("files")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if !url.hasDirectoryPath, ["html", "strings", "xcstrings", "xml"].contains(url.pathExtension) { files.append(url) }
        }
        files.sort { $0.path < $1.path }
        XCTAssertFalse(files.isEmpty)
        var unsafe: [String] = [], refused = 0
        for file in files {
            // From the file's folder, so that manifest-js/ is compiled with its own linkdoc.json.
            let run = try CLIRunner().run(["compile", file.lastPathComponent], in: file.deletingLastPathComponent())
            XCTAssertTrue(run.status == 0 || run.status == 1, "\(file.lastPathComponent): exit \(run.status): \(run.stderr.prefix(300))")
            guard let output = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) else {
                // Refused whole (latin1-nul.html, utf16le-bom.html are not UTF-8): safe, if it says so.
                if run.status != 1 || !run.stderr.contains(": error: ") { unsafe.append("\(file.lastPathComponent): no JSON output and no error") }
                refused += 1
                continue
            }
            unsafe += Self.unsafeTargets(in: output).map { "\(file.lastPathComponent): \($0)" }
        }
        print("xss: \(files.count) whole files, \(files.count - refused) compiled, \(refused) refused with an error, \(unsafe.count) unsafe")
        XCTAssertEqual(unsafe, [])
    }

    /// Every `url` in `value` (links, attachments, a bundle's documents) whose scheme is never
    /// allowed, and every app-filled `placeholder` that would have such a scheme once filled.
    static func unsafeTargets(in value: Any, path: String = "") -> [String] {
        switch value {
        case let object as [String: Any]:
            return object.keys.sorted().flatMap { key -> [String] in
                let member = object[key]!
                if let string = member as? String, key == "url" || key == "placeholder" {
                    let filled = key == "placeholder" ? string.replacingOccurrences(of: "%", with: "") : string
                    return neverAllowed.contains(scheme(of: filled)) ? ["\(path).\(key) = \(string.prefix(80))"] : []
                }
                return unsafeTargets(in: member, path: path + "." + key)
            }
        case let array as [Any]:
            return array.enumerated().flatMap { unsafeTargets(in: $1, path: path + "[\($0)]") }
        default:
            return []
        }
    }

    /// The scheme a browser would read: leading controls and spaces skipped, tabs and newlines
    /// dropped, lowercased.
    static func scheme(of url: String) -> String {
        let trimmed = url.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        guard let colon = trimmed.firstIndex(of: ":") else { return "" }
        return String(String.UnicodeScalarView(trimmed[..<colon])).lowercased()
    }

    static func lineCount(_ data: Data) -> Int {
        let newlines = data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return newlines + (data.last == 0x0A || data.isEmpty ? 0 : 1)
    }

    /// The records with a manifest of `permissiveSchemes` added where they have no manifest; lines that are
    /// no JSON object stay as they are (they are vectors of their own).
    static func withManifest(_ data: Data) -> Data {
        var out = Data()
        for (i, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out.append(0x0A) }
            if var record = try? JSONSerialization.jsonObject(with: line) as? [String: Any], record["manifest"] == nil,
               !line.contains(0x0D) {
                record["manifest"] = ["schemes": permissiveSchemes]
                if let encoded = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) {
                    out.append(encoded)
                    continue
                }
            }
            out.append(line)
        }
        return out
    }
}
