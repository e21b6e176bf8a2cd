import Foundation
import LinkDocCore
import LinkDocModel
import XCTest

/// The JSON that linkdoc emits, and the manifests it ships, conform to the
/// schemas in Grammar/ (checked with Python's jsonschema, Draft 2020-12).
final class SchemaTests: XCTestCase {
    func testEmittedDocumentsAndManifestsMatchTheSchemas() throws {
        let root = SpecFile.packageRoot
        var lines: [UInt8] = []
        var count = 0
        func add(_ document: Document?) {
            guard let document else { return }
            lines += document.jsonBytes() + [0x0A]
            count += 1
        }
        for example in try SpecFile.load() {
            let manifest = try Manifest.load(path: SpecFile.grammarDirectory.appendingPathComponent(example.manifest).path)
            add(Compiler(manifest: manifest).compile(example.input, name: "<spec>").document)
        }
        let examples = root.appendingPathComponent("Examples")
        let compiler = Compiler(manifest: try Manifest.load(path: examples.appendingPathComponent("linkdoc.json").path))
        for file in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() where file.hasSuffix(".txt") {
            add(compiler.compile(Array(try Data(contentsOf: examples.appendingPathComponent(file))), name: file).document)
        }
        add(DocumentTestsFixture.withStylesAndAttachments)

        let ndjson = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-schema-\(UUID().uuidString).ndjson")
        try Data(lines).write(to: ndjson)
        defer { try? FileManager.default.removeItem(at: ndjson) }
        let manifests = ["Examples/linkdoc.json", "Grammar/spec-manifest.json", "Grammar/spec-manifest-options.json",
                         "Grammar/spec-manifest-limits.json", "Grammar/spec-manifest-base.json", "Grammar/spec-manifest-views.json"]
            .map { root.appendingPathComponent($0).path }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Tests/validate_schemas.py").path, ndjson.path] + manifests
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text, terminator: "")
        XCTAssertEqual(process.terminationStatus, 0,
                       "schema validation failed (Tests/validate_schemas.py needs python3 with jsonschema; its output says how to install what is missing):\n\(text)")
        XCTAssert(text.contains("schema: \(count + manifests.count) passed, 0 failed"), text)
    }
}

/// A document with the members that the markup alone does not produce yet
/// (styles and attachments come from HTML), so the schema covers them too.
enum DocumentTestsFixture {
    static let withStylesAndAttachments: Document = {
        let r = TextRange(utf16: TextSpan(location: 0, length: 1), scalars: TextSpan(location: 0, length: 1),
                          utf8: TextSpan(location: 0, length: 3))
        return Document(text: "\u{FFFC}", links: [],
                        styles: [Style(range: r, bold: true, baseline: .superscript, color: "#ff0000", backgroundColor: "#00ff0080")],
                        paragraphs: [Paragraph(range: r)],
                        attachments: [Attachment(range: r, url: "https://example.com/a.png", alt: "logo", width: 20, height: 10)])
    }()
}
