import Foundation
import XCTest

/// LinkDocModel is the library apps link, so what it makes public is a promise: this test lists its
/// public symbols (SPI ones, such as the JSON writer the other modules share, are not part of it) with
/// swift-symbolgraph-extract, from the module this test run was built with, and compares them with
/// PublicSurface.txt. A change to the surface fails here until the list is changed with it.
final class PublicSurfaceTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let listFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PublicSurface.txt")

    /// The folder of the built modules, `.build/<triple>/debug/Modules`: in the test bundle's folder
    /// (Linux gives that folder as the bundle) or one above.
    private func modulesFolder() throws -> URL {
        var folder = Bundle(for: Self.self).bundleURL
        for _ in 0..<2 where !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/LinkDocModel.swiftmodule").path) {
            folder = folder.deletingLastPathComponent()
        }
        let modules = folder.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("LinkDocModel.swiftmodule").path) else {
            throw XCTSkip("no Modules/LinkDocModel.swiftmodule near \(Bundle(for: Self.self).bundleURL.path)")
        }
        return modules
    }

    private func toolchainTool(_ name: String) throws -> URL {
        guard let tool = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ URL(fileURLWithPath: String($0)).appendingPathComponent(name) })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("\(name) is not on PATH")
        }
        return tool
    }

    #if arch(x86_64)
    static let architecture = "x86_64"
    #else
    static let architecture = "arm64"
    #endif
    #if os(Linux)
    static let target = "\(architecture)-unknown-linux-gnu"
    #else
    static let target = "\(architecture)-apple-macosx15.0"
    #endif

    /// `kind path` lines, sorted: `struct Document`, `property Document.text`, ….
    private func publicSymbols() throws -> [String] {
        let tool = try toolchainTool("swift-symbolgraph-extract")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-surface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["-module-name", "LinkDocModel", "-I", try modulesFolder().path, "-target", Self.target,
                             "-minimum-access-level", "public", "-output-dir", output.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "swift-symbolgraph-extract failed")
        var lines = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(file))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                let kind = ((symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?").replacingOccurrences(of: "swift.", with: "")
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                let declaration = ((symbol["declarationFragments"] as? [[String: Any]]) ?? []).compactMap { $0["spelling"] as? String }.joined()
                lines.insert("\(kind) \(path): \(declaration)")
            }
        }
        XCTAssertFalse(lines.isEmpty, "no public symbols were read")
        return lines.sorted()
    }

    func testThePublicSurfaceIsTheCheckedInList() throws {
        let actual = try publicSymbols()
        let expected = try String(contentsOf: Self.listFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let added = Set(actual).subtracting(expected).sorted(), removed = Set(expected).subtracting(actual).sorted()
        XCTAssert(added.isEmpty && removed.isEmpty, """
            LinkDocModel's public surface changed; if that is meant, write the new list to \(Self.listFile.path) \
            (LINKDOC_WRITE_SURFACE=1 swift test --filter PublicSurfaceTests) and say so in the CHANGELOG.
            added: \(added)
            removed: \(removed)
            """)
        if ProcessInfo.processInfo.environment["LINKDOC_WRITE_SURFACE"] == "1" {
            try Data((actual.joined(separator: "\n") + "\n").utf8).write(to: Self.listFile)
        }
    }

    /// The writer the other modules share is SPI (`@_spi(LinkDocInternal)`), not the app's API.
    func testTheJSONWriterIsNotPublic() throws {
        let actual = try publicSymbols()
        for name in ["JSONWriter", "JSONFormatter", "DocumentJSON", "DocumentJSONSource"] {
            XCTAssertFalse(actual.contains { $0.contains(" \(name)") || $0.contains("(\(name)") }, name)
        }
        XCTAssert(actual.contains { $0.hasPrefix("struct Document:") }, "the surface lists Document")
    }

    /// An app that imports LinkDocModel names `TextStyle` (a style's attributes) and nothing else of
    /// linkdoc's base module: type-checks a small app file against the built modules.
    func testAnAppSeesTextStyleAndNoOtherTypeOfTheBaseModule() throws {
        let swiftc = try toolchainTool("swiftc")
        let modules = try modulesFolder()
        func typeChecks(_ source: String) throws -> Bool {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-app-\(UUID().uuidString).swift")
            try Data(source.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = swiftc
            process.arguments = ["-typecheck", "-I", modules.path, "-target", Self.target, file.path]
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        XCTAssert(try typeChecks("import LinkDocModel\nlet style = TextStyle()\nprint(style, Document.self)\n"),
                  "an app cannot name TextStyle through LinkDocModel")
        for name in ["RuleID", "Severity", "Problem", "MessageCatalogue", "ASCII", "OffsetMap", "LanguageTag"] {
            XCTAssertFalse(try typeChecks("import LinkDocModel\nprint(\(name).self)\n"), "an app sees \(name) through LinkDocModel")
        }
    }
}
