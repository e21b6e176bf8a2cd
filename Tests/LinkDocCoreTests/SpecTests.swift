import Foundation
import LinkDocCore
import LinkDocModel
import XCTest

/// Runs every example of Grammar/spec.md, the normative spec of the markup.
final class SpecTests: XCTestCase {
    func testSpecExamples() throws {
        let examples = try SpecFile.load()
        XCTAssertGreaterThanOrEqual(examples.count, 80, "the spec must keep at least 80 examples")
        var compilers: [String: Compiler] = [:]
        var failures: [String] = []
        for example in examples {
            let compiler = try compilers[example.manifest] ?? {
                let path = SpecFile.grammarDirectory.appendingPathComponent(example.manifest).path
                return Compiler(manifest: try Manifest.load(path: path))
            }()
            compilers[example.manifest] = compiler
            // A copy example is a copy file; a localization example is a value, read whole.
            let options = CompileOptions(inputKind: example.inputKind, isFile: example.inputKind == .copy)
            let result = compiler.compile(example.input, name: "<spec>", options: options)
            let json = result.document.map { String(decoding: $0.jsonBytes(), as: UTF8.self) } ?? "null"
            let diagnostics = result.diagnostics.map { d in
                "\(d.location?.line ?? 0):\(d.location?.column ?? 0): \(d.severity.rawValue) [\(d.ruleID)]"
            }
            var problems: [String] = []
            if json != example.expectedJSON { problems.append("  expected \(example.expectedJSON)\n  actual   \(json)") }
            if diagnostics != example.expectedDiagnostics {
                problems.append("  expected diagnostics \(example.expectedDiagnostics)\n  actual diagnostics   \(diagnostics)")
            }
            if !problems.isEmpty {
                failures.append("Example \(example.number) (\(example.section), spec.md line \(example.line)):\n" + problems.joined(separator: "\n"))
            }
        }
        print("spec: \(examples.count - failures.count) passed, \(failures.count) failed (Grammar/spec.md)")
        XCTAssert(failures.isEmpty, failures.joined(separator: "\n"))
    }

    /// Every section of the grammar has examples, so none of its rules goes untested.
    func testSpecCoversEverySection() throws {
        let sections = Set(try SpecFile.load().map(\.section))
        for section in ["Text and paragraphs", "Escapes", "Agreements", "Mentions", "Topics", "Explicit links",
                        "Bare URLs", "Autolinks in angle brackets", "Emails", "Phone numbers", "Detectors", "Precedence",
                        "Unicode ranges", "URLs", "HTML", "Limits"] {
            XCTAssert(sections.contains(section), "no examples for \(section)")
        }
    }

    /// Every diagnostic the compiler can report appears in at least one example.
    func testSpecCoversEveryCompilerDiagnostic() throws {
        let rules = Set(try SpecFile.load().flatMap(\.expectedDiagnostics).compactMap { line -> String? in
            guard let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        })
        for rule in [RuleID.invalidUTF8, RuleID.unknownAgreement, RuleID.emptyLinkText, RuleID.invalidTarget,
                     RuleID.mentionTooLong, RuleID.topicTooLong, RuleID.invalidURL, RuleID.disallowedScheme,
                     RuleID.insecureURL, RuleID.encodedURL, RuleID.homographHost, RuleID.htmlSanitized,
                     RuleID.htmlUnknownElement, RuleID.htmlMalformed, RuleID.htmlDepthLimit,
                     RuleID.documentTooLarge, RuleID.tooManyLinks] {
            XCTAssert(rules.contains(rule.rawValue), "no spec example reports [\(rule)]")
        }
    }
}

/// Reads Grammar/spec.md: fenced `example` blocks of input, `.`, expected JSON,
/// and optionally `.` and expected diagnostics.
struct SpecExample {
    var number: Int
    var section: String
    var line: Int
    var manifest: String
    /// `input=localization` in the fence: compiled as a string of a localization file.
    var inputKind: InputKind
    var input: [UInt8]
    var expectedJSON: String
    var expectedDiagnostics: [String]
}

enum SpecFile {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let grammarDirectory = packageRoot.appendingPathComponent("Grammar")

    static func load() throws -> [SpecExample] {
        let text = try String(contentsOf: grammarDirectory.appendingPathComponent("spec.md"), encoding: .utf8)
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        let lines = text.components(separatedBy: "\n")
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            guard line.hasPrefix(fence + " example") else { i += 1; continue }
            let start = i + 1
            var manifest = "spec-manifest.json"
            var inputKind = InputKind.copy
            for word in line.split(separator: " ").dropFirst(2) {
                if word.hasPrefix("manifest=") { manifest = String(word.dropFirst("manifest=".count)) }
                if word.hasPrefix("input=") {
                    guard let kind = InputKind(rawValue: String(word.dropFirst("input=".count))) else {
                        throw SpecError(message: "example at line \(i + 1): unknown \(word)")
                    }
                    inputKind = kind
                }
            }
            var parts: [[String]] = [[]]
            i += 1
            while i < lines.count && lines[i] != fence {
                if lines[i] == "." && parts.count < 3 { parts.append([]) } else { parts[parts.count - 1].append(lines[i]) }
                i += 1
            }
            guard parts.count >= 2 else { throw SpecError(message: "example at line \(start) has no expected output") }
            examples.append(SpecExample(number: examples.count + 1, section: section, line: start, manifest: manifest,
                                        inputKind: inputKind, input: decodeInput(parts[0].joined(separator: "\n")),
                                        expectedJSON: parts[1].joined(separator: "\n"),
                                        expectedDiagnostics: parts.count > 2 ? parts[2] : []))
            i += 1
        }
        return examples
    }

    struct SpecError: Error { let message: String }

    /// `⟪EF BB BF⟫` stands for raw bytes.
    static func decodeInput(_ s: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(s)
        while let open = rest.range(of: "⟪"), let close = rest.range(of: "⟫", range: open.upperBound..<rest.endIndex) {
            bytes += Array(rest[..<open.lowerBound].utf8)
            for hex in rest[open.upperBound..<close.lowerBound].split(separator: " ") { bytes.append(UInt8(hex, radix: 16)!) }
            rest = rest[close.upperBound...]
        }
        return bytes + Array(rest.utf8)
    }
}
