import Foundation
import LinkDocCore
import LinkDocFormats

/// The files under Tests/Fixtures, and helpers to read and compile them.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static let compiler: Compiler = {
        (try? Manifest.load(path: directory.appendingPathComponent("linkdoc.json").path)).map { Compiler(manifest: $0) } ?? Compiler()
    }()

    static func read(_ name: String, language: String = "zh-Hans") throws -> LocalizationFile {
        let format = try XCTUnwrapFormat(name)
        return LocalizationFile.read(try bytes(name), name: name, format: format, language: language)
    }

    static func compile(_ name: String, language: String = "zh-Hans") throws -> CompiledLocalization {
        compiler.compile(try read(name, language: language))
    }

    struct NoFormat: Error {}
    static func XCTUnwrapFormat(_ name: String) throws -> LocalizationFile.Format {
        guard let format = LocalizationFile.format(forPath: name) else { throw NoFormat() }
        return format
    }
}

extension LocalizationFile {
    func value(_ key: String, language: String? = nil, variation: String = "") -> String? {
        strings.first { $0.key == key && (language == nil || $0.language == language) && $0.variation == variation }
            .map { String(decoding: $0.value, as: UTF8.self) }
    }
}

extension CompiledLocalization {
    func document(_ key: String, _ language: String, _ variation: String = "") -> CompiledString? {
        strings.first { $0.key == key && $0.language == language && $0.variation == variation }
    }

    /// `line:column: severity: message [rule]` for each diagnostic, to compare in tests.
    var rendered: [String] {
        diagnostics.map { d in
            "\(d.location.map { "\($0.line):\($0.column)" } ?? "-"): \(d.severity.rawValue): \(d.message) [\(d.ruleID)]"
        }
    }
}
