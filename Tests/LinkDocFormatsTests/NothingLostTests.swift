import Foundation
import LinkDocCore
import LinkDocFormats
import XCTest

/// Nothing lost, as an invariant (issue 27): every letter and digit of a source value reaches the
/// document's text unless a diagnostic says what was dropped and why. The value is the string as
/// its format decodes it (`LocalizationFile.read`), or a copy file or post as it is; what it should
/// show is read from it independently of the compiler (`ExpectedText`), and compared with the
/// document's text as multisets of letters and digits (white space, punctuation and quoting follow
/// the formats' rules and are not counted).
///
/// Runs over every fixture and example, and over the unseen-copy corpus when `LINKDOC_CORPUS_FILES`
/// names its folder (`LINKDOC_CORPUS_LIST` a part of its list, `LINKDOC_CORPUS_POSTS` the posts file
/// that `Tests/Corpus/corpus.py run` writes): see Tests/Corpus/README.md.
final class NothingLostTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testNothingIsLostInTheFixturesAndExamples() throws {
        var tally = LossTally()
        let fixtures = Self.root.appendingPathComponent("Tests/Fixtures")
        for path in try files(under: fixtures) where LocalizationFile.format(forPath: path) != nil && !path.contains("/hostile/") {
            tally.add(localizationFile: path, compiler: Fixtures.compiler)
        }
        let examples = Self.root.appendingPathComponent("Examples")
        for path in try files(under: examples) where path.hasSuffix(".txt") || path.hasSuffix(".html") {
            tally.add(copyFile: path, compiler: Compiler())
        }
        print("nothing lost (fixtures and examples): \(tally.summary)")
        XCTAssertGreaterThan(tally.strings, 50, "the fixtures were read")
        XCTAssertEqual(tally.silentLosses, [], "letters and digits dropped without a diagnostic")
    }

    /// The corpus of Tests/Corpus, where it has been rebuilt (it is never committed).
    func testNothingIsLostInTheCorpus() throws {
        let env = ProcessInfo.processInfo.environment
        guard let folder = env["LINKDOC_CORPUS_FILES"] else {
            print("nothing lost (corpus): not run; LINKDOC_CORPUS_FILES is not set (Tests/Corpus/README.md)")
            return
        }
        var tally = LossTally()
        // The whole list, or one half of it (`corpus.py list --half tune`).
        let listPath = env["LINKDOC_CORPUS_LIST"] ?? Self.root.appendingPathComponent("Tests/Corpus/corpus.tsv").path
        let list = try String(contentsOfFile: listPath, encoding: .utf8)
        for line in list.split(separator: "\n") where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 5 else { continue }
            let path = folder + "/" + cells[0].replacingOccurrences(of: "/", with: "+") + "/" + cells[2]
            switch cells[4] {
            case "android", "strings", "xcstrings": tally.add(localizationFile: path, compiler: Compiler())
            case "html", "markdown": tally.add(copyFile: path, compiler: Compiler())
            default: break  // posts: read from LINKDOC_CORPUS_POSTS below
            }
        }
        if let posts = env["LINKDOC_CORPUS_POSTS"], let data = FileManager.default.contents(atPath: posts) {
            for line in data.split(separator: UInt8(ascii: "\n")) {
                guard let record = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                      let text = record["text"] as? String, let id = record["id"] as? String else { continue }
                tally.add(value: Array(text.utf8), name: id, compiler: Compiler(), kind: .copy)
            }
        }
        print("nothing lost (corpus): \(tally.summary)")
        for loss in tally.silentLosses.prefix(40) { print("  silent: \(loss)") }
        for loss in tally.explained.prefix(20) { print("  explained: \(loss)") }
        XCTAssertEqual(tally.silentLosses.count, 0, "letters and digits dropped without a diagnostic")
    }

    private func files(under folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var out: [String] = []
        while let name = enumerator?.nextObject() as? String { out.append(folder.path + "/" + name) }
        return out.sorted()
    }
}

/// What the tests count: strings read, letters and digits expected and lost, losses a diagnostic
/// explains, and the silent ones (file, string, what went missing).
struct LossTally {
    var strings = 0
    var expectedCharacters = 0
    var lostCharacters = 0
    var explainedLosses = 0
    var explained: [String] = []
    var silentLosses: [String] = []

    /// Rules whose diagnostics say that something was left out of the text.
    static let droppingRules: Set<RuleID> = [
        .htmlSanitized, .htmlUnknownElement, .htmlMalformed, .htmlDepthLimit, .documentTooLarge, .invalidUTF8, .invalidEncoding,
    ]

    var summary: String {
        "\(strings) strings, \(expectedCharacters) letters and digits, \(lostCharacters) lost (\(explainedLosses) strings with a diagnostic saying why, \(silentLosses.count) without)"
    }

    mutating func add(localizationFile path: String, compiler: Compiler) {
        guard let data = FileManager.default.contents(atPath: path), let format = LocalizationFile.format(forPath: path) else { return }
        let language = LocalizationFile.language(forPath: path)
        let file = LocalizationFile.read(Array(data), name: path, format: format, language: language,
                                         siblings: { AndroidResourceFolder.siblingFiles(of: path) })
        for string in file.strings {
            add(value: string.value, name: "\(path) \(string.label)", compiler: compiler, kind: .localization)
        }
    }

    mutating func add(copyFile path: String, compiler: Compiler) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        add(value: Array(data), name: path, compiler: compiler, kind: .copy)
    }

    mutating func add(value: [UInt8], name: String, compiler: Compiler, kind: InputKind) {
        guard let text = String(validating: value, as: UTF8.self) else { return }  // invalid bytes: an error, no document
        let result = compiler.compile(value, name: name, excerpts: false, options: CompileOptions(inputKind: kind))
        strings += 1
        let expected = ExpectedText.lettersAndDigits(of: text)
        expectedCharacters += expected.values.reduce(0, +)
        let shown = ExpectedText.count(result.document?.text ?? "")
        var lost: [Character: Int] = [:]
        for (c, n) in expected where n > shown[c, default: 0] { lost[c] = n - shown[c, default: 0] }
        guard !lost.isEmpty else { return }
        lostCharacters += lost.values.reduce(0, +)
        if let reason = result.diagnostics.first(where: { Self.droppingRules.contains($0.ruleID) }) {
            explainedLosses += 1
            explained.append("\(name): lost \(String(lost.keys.sorted().prefix(20))), said by [\(reason.ruleID)] \(reason.message)")
        } else {
            silentLosses.append("\(name): lost \(String(lost.keys.sorted().prefix(20))) of \(text.prefix(120).debugDescription)")
        }
    }
}

/// The letters and digits a value should show, read without the compiler: backslash escapes give
/// their character; an explicit link `[text](target)` shows its text; HTML tags, comments and the
/// contents of `<script>`, `<style>`, `<head>` and `<title>` show nothing (a `<` escaped as `\<`
/// opens no tag: a catalog value keeps its literal `<` so); entities show their character.
enum ExpectedText {
    static func lettersAndDigits(of value: String) -> [Character: Int] {
        var text = value
        for element in ["script", "style", "head", "title"] {
            text = text.replacingOccurrences(of: "(?is)(?<!\\\\)<\(element)\\b[^>]*>.*?</\(element)\\s*>", with: " ", options: .regularExpression)
        }
        text = text.replacingOccurrences(of: "(?s)<!--.*?-->", with: " ", options: .regularExpression)
        // A tag, unless its `<` is escaped (`\<`: how a catalog value keeps a literal `<`).
        text = text.replacingOccurrences(of: "(?<!\\\\)<[A-Za-z/!?][^<>]*>", with: " ", options: .regularExpression)
        text = decodeEntities(text)
        // Explicit links show their text; their targets are URLs, not text.
        text = text.replacingOccurrences(of: "\\]\\([^()\\s]*(\\([^()\\s]*\\))?[^()\\s]*(\\s+\"[^\"]*\")?\\)", with: "]", options: .regularExpression)
        return count(text)
    }

    static func count(_ text: String) -> [Character: Int] {
        var counts: [Character: Int] = [:]
        for c in text where c.isLetter || c.isNumber { counts[c, default: 0] += 1 }
        return counts
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: value)
        }
        // Numeric references show their character; other named ones are counted as nothing.
        let pattern = try! NSRegularExpression(pattern: "&#(x[0-9A-Fa-f]+|[0-9]+);|&[A-Za-z]+;")
        let ns = out as NSString
        var result = ""
        var last = 0
        for m in pattern.matches(in: out, range: NSRange(location: 0, length: ns.length)) {
            result += ns.substring(with: NSRange(location: last, length: m.range.location - last))
            if m.range(at: 1).location != NSNotFound {
                let digits = ns.substring(with: m.range(at: 1))
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                if let value, let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) }
            }
            last = m.range.location + m.range.length
        }
        return result + ns.substring(from: last)
    }
}
