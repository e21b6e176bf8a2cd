import Foundation
import LinkDocCore
import LinkDocFormats
@_spi(LinkDocInternal) import LinkDocModel
import XCTest

final class BundleTests: XCTestCase {
    /// The bundle of the catalog fixture, byte for byte. To update after an
    /// intended change: `swift run linkdoc compile Tests/Fixtures/Localizable.xcstrings
    /// --manifest Tests/Fixtures/linkdoc.json --pretty > Tests/Fixtures/Localizable.bundle.json`
    /// (run from the package folder, so that "source" is the relative path).
    func testGoldenBundle() throws {
        let file = LocalizationFile.read(try Fixtures.bytes("Localizable.xcstrings"), name: "Tests/Fixtures/Localizable.xcstrings",
                                         format: .xcstrings, language: "und")
        let json = JSONFormatter.prettyPrinted(BundleWriter.bundle(Fixtures.compiler.compile(file))) + [0x0A]
        let golden = try Fixtures.bytes("Localizable.bundle.json")
        XCTAssertEqual(String(decoding: json, as: UTF8.self), String(decoding: golden, as: UTF8.self))
    }

    func testBundleShapeAndDeterminism() throws {
        let compiled = try Fixtures.compile("Localizable.xcstrings")
        let a = BundleWriter.bundle(compiled)
        var shuffled = compiled
        shuffled.strings.reverse()
        XCTAssertEqual(BundleWriter.bundle(shuffled), a, "the order of the strings in the file does not change the bytes")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(a)) as? [String: Any])
        let strings = try XCTUnwrap(object["strings"] as? [String: [String: [String: Any]]])
        XCTAssertEqual(strings.keys.sorted(), ["%lld unread messages", "Read the 《Terms of Service》", "consent_checkbox", "files_shared", "help_footer"])
        XCTAssertEqual(strings["consent_checkbox"]?["zh-Hans"]?["version"] as? Int, 1, "no variations: the document itself")
        XCTAssertEqual((strings["%lld unread messages"]?["ru"]?["variations"] as? [String: Any])?.keys.sorted(),
                       ["plural.few", "plural.many", "plural.one", "plural.other"])
        let shared = try XCTUnwrap(strings["files_shared"]?["en"])
        XCTAssertNotNil(shared["document"], "a unit beside substitutions is kept as document")
        XCTAssertEqual((shared["variations"] as? [String: Any])?.keys.sorted(),
                       ["substitutions.files.plural.one", "substitutions.files.plural.other"])
        // Keys are sorted by code point: '%' < 'R' < 'c'.
        let text = String(decoding: a, as: UTF8.self)
        let order = ["\"%lld unread messages\"", "\"Read the", "\"consent_checkbox\"", "\"files_shared\"", "\"help_footer\""]
            .map { text.range(of: $0)!.lowerBound }
        XCTAssertEqual(order, order.sorted())
    }

    func testSplitFilesAndRuntimeDecoding() throws {
        let compiled = try Fixtures.compile("Localizable.xcstrings")
        let split = BundleWriter.split(compiled)
        XCTAssertEqual(split.map(\.language), ["en", "ru", "zh-Hans", "zh-Hant"])
        let ru = try LinkDocBundle(jsonData: Data(split[1].json))
        XCTAssertEqual(ru.strings.keys.sorted(), ["%lld unread messages"])
        XCTAssertEqual(try ru.document(key: "%lld unread messages", languages: ["ru"], variation: "plural.few").text,
                       "%lld непрочитанных сообщения")

        let bundle = try LinkDocBundle(jsonData: Data(BundleWriter.bundle(compiled)))
        XCTAssertEqual(bundle.sourceLanguage, "en")
        XCTAssertEqual(try bundle.document(key: "consent_checkbox", languages: ["zh-Hans-CN"]).links.count, 2, "zh-Hans-CN → zh-Hans")
        XCTAssertEqual(try bundle.document(key: "consent_checkbox", languages: ["fr"]).text, "I agree to the 《Terms of Service》",
                       "an unknown language falls back to the source language")
        XCTAssertEqual(try bundle.document(key: "%lld unread messages", languages: ["en"], variation: "plural.two").text,
                       "%lld unread messages", "a missing plural category falls back to other")
        XCTAssertThrowsError(try bundle.document(key: "nope", languages: ["en"]))
        XCTAssertEqual(try bundle.document(key: "help_footer", languages: ["en"]).text, "help_footer",
                       "no source-language unit: the key is the source text")
    }

    func testBundlesMatchTheSchema() throws {
        let compiled = try Fixtures.compile("Localizable.xcstrings")
        let strings = try Fixtures.compile("Localizable.strings")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-bundles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        func write(_ bytes: [UInt8], _ name: String) throws {
            let url = dir.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            paths.append(url.path)
        }
        try write(BundleWriter.bundle(compiled), "catalog.json")
        try write(BundleWriter.bundle(strings), "strings.json")
        try write(BundleWriter.bundle(.merging([strings, Self.relabeled(strings, source: "de.lproj/Localizable.strings", language: "de")])),
                  "merged.json")
        for (language, json) in BundleWriter.split(compiled) { try write(json, "split-\(language).json") }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.directory.deletingLastPathComponent().appendingPathComponent("validate_bundles.py").path] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "bundle schema validation failed (Tests/validate_bundles.py needs python3 with jsonschema; its output says how to install what is missing):\n\(text)")
        XCTAssert(text.contains("bundle schema: \(paths.count) passed, 0 failed"), text)
    }

    /// `compiled` as if it were another file, in another language.
    static func relabeled(_ compiled: CompiledLocalization, source: String, language: String) -> CompiledLocalization {
        CompiledLocalization(source: source, sourceLanguage: compiled.sourceLanguage,
                             strings: compiled.strings.map { var s = $0; s.language = language; return s }, diagnostics: [])
    }

    func testMergingATablesFilesKeepsEveryLanguageAndReportsClashes() throws {
        let english = Self.relabeled(try Fixtures.compile("Localizable.strings"), source: "en.lproj/Localizable.strings", language: "en")
        let german = Self.relabeled(english, source: "de.lproj/Localizable.strings", language: "de")
        let merged = CompiledLocalization.merging([english, german])
        XCTAssertEqual(merged.source, "en.lproj/Localizable.strings")
        XCTAssertEqual(merged.sources, ["en.lproj/Localizable.strings", "de.lproj/Localizable.strings"])
        XCTAssertEqual(merged.strings.count, english.strings.count * 2)
        XCTAssertEqual(merged.diagnostics, [])

        let clash = CompiledLocalization.merging([english, Self.relabeled(english, source: "en-copy.lproj/Localizable.strings", language: "en")])
        XCTAssertEqual(clash.strings.map(\.document), english.strings.map(\.document), "the first file's values are kept")
        XCTAssertEqual(clash.diagnostics.count, english.strings.count, "one warning per string that was not kept")
        let first = try XCTUnwrap(clash.diagnostics.first)
        XCTAssertEqual(first.severity, .warning)
        XCTAssertEqual(first.file, "en-copy.lproj/Localizable.strings")
        XCTAssert(first.message.contains("is also in en.lproj/Localizable.strings"), first.message)

        XCTAssertEqual(LocalizationTable.group(["b/en.lproj/T.strings", "x.txt", "a/en.lproj/T.strings", "b/zh.lproj/T.strings",
                                                "b/zh.lproj/U.strings", "res/values/strings.xml", "res/values-ja/strings.xml",
                                                "b/en.lproj/T.strings", "Localizable.xcstrings"]).map(\.files), [
            ["b/en.lproj/T.strings", "b/zh.lproj/T.strings"], ["x.txt"], ["a/en.lproj/T.strings"], ["b/zh.lproj/U.strings"],
            ["res/values-ja/strings.xml", "res/values/strings.xml"], ["Localizable.xcstrings"],
        ])
    }
}
