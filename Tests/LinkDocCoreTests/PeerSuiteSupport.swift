import Foundation
import LinkDocCore
import LinkDocModel
import XCTest

// Shared by the peer conformance tests (PeerConformanceTests and the phone suites): where the peers'
// files are, the known-differences files, the tally that prints pass counts and fails on any
// difference not listed, and a reader for twitter-text's YAML.
//
// The peers' files are read from ../shared/conformance/peers/ at run time and never copied into the
// repository (their licences are theirs). Where a file is absent, the suite that needs it throws an
// XCTSkip naming the suite, the missing path and where the data comes from (counted as skipped, not failed).

enum PeerData {
    static let root = SpecFile.packageRoot.appendingPathComponent("../shared/conformance/peers").standardized

    /// The path of a peer's file, or an XCTSkip saying which suite did not run and why.
    static func file(_ relativePath: String, suite: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("peer suite \(suite): did not run: \(url.path) is missing. It comes from the peer's own "
                + "repository (README: Conformance data names each source and commit); put it in "
                + "../shared/conformance/peers/ next to the package")
        }
        return url
    }

    static func text(_ relativePath: String, suite: String) throws -> String {
        try String(contentsOf: try file(relativePath, suite: suite), encoding: .utf8)
    }
}

/// A peer suite's listed differences: Grammar/peer-differences/<suite>.txt, one per line,
/// `section<TAB>input as a JSON string literal (ASCII only, \uXXXX escapes)<TAB>reason`, `#` comments,
/// as Grammar/url-known-gaps.txt. Every listed case must still differ (so the list cannot go stale).
struct PeerDifferences {
    struct Key: Hashable { var section: String; var input: String }
    private(set) var reasons: [Key: String] = [:]
    let path: URL

    init(suite: String) throws {
        path = SpecFile.grammarDirectory.appendingPathComponent("peer-differences/\(suite).txt")
        guard FileManager.default.fileExists(atPath: path.path) else { return }
        for (n, line) in try String(contentsOf: path, encoding: .utf8).components(separatedBy: "\n").enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.components(separatedBy: "\t")
            guard fields.count == 3, !fields[2].isEmpty,
                  let input = try? JSONDecoder().decode(String.self, from: Data(fields[1].utf8)) else {
                XCTFail("\(path.lastPathComponent):\(n + 1): expected section<TAB>\"JSON string\"<TAB>reason: \(line)")
                continue
            }
            reasons[Key(section: fields[0], input: input)] = fields[2]
        }
    }

    /// `s` as a JSON string literal of ASCII only, as the differences files write inputs.
    static func literal(_ s: String) -> String {
        var out = "\""
        for unit in s.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x20..<0x7F: out += String(UnicodeScalar(UInt8(unit)))
            default: out += String(format: "\\u%04x", unit)
            }
        }
        return out + "\""
    }
}

/// Counts one suite's cases by section: passed, differing as listed, differing unlisted (a failure),
/// and listed cases that pass now (a failure too: the list must be kept exact).
///
/// `LINKDOC_PEER_DUMP=FILE` appends each unlisted difference to FILE in the differences-file format
/// (reason: expected and actual), to triage new differences.
final class PeerTally {
    let suite: String
    private let differences: PeerDifferences
    private var counts: [(section: String, passed: Int, listed: Int, unlisted: Int)] = []
    private var failures: [String] = []
    private var seenListed: Set<PeerDifferences.Key> = []
    private var dump: [String] = []

    init(suite: String) throws {
        self.suite = suite
        differences = try PeerDifferences(suite: suite)
    }

    /// Records one case: it passes when `actual == expected`.
    func record(section: String, input: String, expected: String, actual: String) {
        if counts.last?.section != section { counts.append((section, 0, 0, 0)) }
        let key = PeerDifferences.Key(section: section, input: input)
        let listed = differences.reasons[key] != nil
        if listed { seenListed.insert(key) }
        let k = counts.count - 1
        switch (expected == actual, listed) {
        case (true, false): counts[k].passed += 1
        case (false, true): counts[k].listed += 1
        case (true, true):
            counts[k].passed += 1
            failures.append("\(section) \(PeerDifferences.literal(input)): listed as a difference but passes now; remove it from \(differences.path.lastPathComponent)")
        case (false, false):
            counts[k].unlisted += 1
            failures.append("\(section) \(PeerDifferences.literal(input)):\n  expected \(expected)\n  actual   \(actual)")
            dump.append("\(section)\t\(PeerDifferences.literal(input))\texpected \(expected), linkdoc \(actual)")
        }
    }

    /// Prints the counts per section and fails on unlisted differences.
    func finish(file: StaticString = #filePath, line: UInt = #line) {
        for c in counts {
            print("peer suite \(suite) / \(c.section): \(c.passed) passed, \(c.listed) listed differences, \(c.unlisted) unlisted")
        }
        let total = counts.reduce(into: (0, 0, 0)) { $0.0 += $1.passed; $0.1 += $1.listed; $0.2 += $1.unlisted }
        print("peer suite \(suite): \(total.0) passed, \(total.1) listed differences (\(differences.path.lastPathComponent)), \(total.2) unlisted")
        // A listed case whose section ran but which never came up is stale too.
        let ranSections = Set(counts.map(\.section))
        for key in differences.reasons.keys where ranSections.contains(key.section) && !seenListed.contains(key) {
            failures.append("\(key.section) \(PeerDifferences.literal(key.input)): listed but not in the suite; remove it")
        }
        if let path = ProcessInfo.processInfo.environment["LINKDOC_PEER_DUMP"], !dump.isEmpty,
           let handle = FileHandle(forWritingAtPath: path)
               ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil) {
            handle.seekToEndOfFile()
            handle.write(Data((dump.joined(separator: "\n") + "\n").utf8))
            handle.closeFile()
        }
        XCTAssert(failures.isEmpty, "peer suite \(suite):\n" + failures.joined(separator: "\n"), file: file, line: line)
    }
}

/// What linkdoc links in a text: each link's kind, display text and scalar range, compiled as copy
/// with an empty manifest (default schemes).
struct PeerLinks {
    struct Found { var kind: String; var text: String; var name: String?; var scalars: Range<Int> }
    let links: [Found]

    static let compiler = Compiler(manifest: .empty)

    init(_ text: String) {
        let document = Self.compiler.compile(text, name: "<peer>").document
        links = (document?.links ?? []).map { link in
            var name: String? = nil
            switch link.target {
            case .mention(let n, _): name = n
            case .topic(let n, _): name = n
            default: break
            }
            let scalars = link.range.scalars
            return Found(kind: link.kind.rawValue, text: link.text, name: name, scalars: scalars.location..<scalars.upperBound)
        }
    }

    func of(_ kinds: Set<String>) -> [Found] { links.filter { kinds.contains($0.kind) } }
}

/// A reader for the subset of YAML that twitter-text's conformance files use: a mapping of
/// sections to lists of cases; a case maps keys to double- or single-quoted strings, booleans,
/// numbers, flow lists (`["a", "b"]`, `[0, 9]`), a block list of such mappings, or a block mapping.
enum TwitterYAML {
    indirect enum Value: Equatable {
        case string(String), bool(Bool), number(Int), list([Value]), map([String: Value])

        var string: String? { if case .string(let s) = self { return s }; return nil }
        var list: [Value]? { if case .list(let l) = self { return l }; return nil }
        var map: [String: Value]? { if case .map(let m) = self { return m }; return nil }
        var number: Int? { if case .number(let n) = self { return n }; return nil }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Sections in file order, each with its cases.
    static func parse(_ text: String) throws -> [(section: String, cases: [[String: Value]])] {
        var sections: [(section: String, cases: [[String: Value]])] = []
        var caseMap: [String: Value]? = nil
        var blockKey: String? = nil  // a key whose value is a block list
        var blockItems: [Value] = []
        var blockMap: [String: Value]? = nil  // a key whose value is a block mapping instead
        var item: [String: Value]? = nil
        func closeItem() { if let i = item { blockItems.append(.map(i)); item = nil } }
        func closeBlock() {
            closeItem()
            if let key = blockKey { caseMap?[key] = blockMap.map(Value.map) ?? .list(blockItems) }
            blockKey = nil
            blockItems = []
            blockMap = nil
        }
        func closeCase() {
            closeBlock()
            if let c = caseMap { sections[sections.count - 1].cases.append(c) }
            caseMap = nil
        }
        for (n, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.count - trimmed.count
            func fail(_ why: String) -> Failure { Failure(description: "line \(n + 1): \(why): \(line)") }
            switch indent {
            case 0:
                continue  // `tests:`
            case 2:
                closeCase()
                guard trimmed.hasSuffix(":") else { throw fail("expected a section") }
                sections.append((String(trimmed.dropLast()), []))
            case 4:
                guard trimmed.hasPrefix("- "), !sections.isEmpty else { throw fail("expected a case") }
                closeCase()
                caseMap = [:]
                let (key, value) = try keyValue(trimmed.dropFirst(2), fail)
                caseMap?[key] = value
            case 6:
                closeBlock()
                let (key, value) = try keyValue(trimmed, fail)
                if let value { caseMap?[key] = value } else { blockKey = key }
            case 8, 10:
                guard blockKey != nil else { throw fail("unexpected indentation") }
                var rest = trimmed
                if indent == 8 && !rest.hasPrefix("- ") {
                    let (key, value) = try keyValue(rest, fail)
                    guard let value, blockItems.isEmpty else { throw fail("expected a list item or key: value") }
                    blockMap = (blockMap ?? [:]).merging([key: value]) { $1 }
                    continue
                }
                if indent == 8 {
                    closeItem()
                    rest = rest.dropFirst(2)
                    if !rest.contains(":") || rest.hasPrefix("\"") {  // a list of scalars
                        var s = Scanner(rest)
                        blockItems.append(try s.value(fail))
                        continue
                    }
                    item = [:]
                }
                let (key, value) = try keyValue(rest, fail)
                guard let value else { throw fail("nested blocks are not supported") }
                item?[key] = value
            default:
                throw fail("unexpected indentation")
            }
        }
        closeCase()
        return sections
    }

    private static func keyValue(_ s: Substring, _ fail: (String) -> Failure) throws -> (String, Value?) {
        guard let colon = s.firstIndex(of: ":") else { throw fail("expected key: value") }
        let key = String(s[..<colon])
        var scanner = Scanner(s[s.index(after: colon)...])
        scanner.skipSpaces()
        if scanner.atEnd { return (key, nil) }
        return (key, try scanner.value(fail))
    }

    private struct Scanner {
        var scalars: [Unicode.Scalar]
        var i = 0
        init(_ s: Substring) { scalars = Array(s.unicodeScalars) }
        var atEnd: Bool { i >= scalars.count }
        mutating func skipSpaces() { while i < scalars.count && scalars[i] == " " { i += 1 } }

        mutating func value(_ fail: (String) -> Failure) throws -> Value {
            skipSpaces()
            guard i < scalars.count else { throw fail("expected a value") }
            switch scalars[i] {
            case "\"", "'": return .string(try quoted(fail))
            case "[":
                i += 1
                var items: [Value] = []
                skipSpaces()
                if i < scalars.count && scalars[i] == "]" { i += 1; return .list(items) }
                while true {
                    items.append(try value(fail))
                    skipSpaces()
                    guard i < scalars.count else { throw fail("unclosed [") }
                    if scalars[i] == "," { i += 1; continue }
                    if scalars[i] == "]" { i += 1; return .list(items) }
                    throw fail("expected , or ]")
                }
            default:
                var word = ""
                while i < scalars.count && scalars[i] != "," && scalars[i] != "]" && scalars[i] != "#" {
                    word.unicodeScalars.append(scalars[i])
                    i += 1
                }
                let w = word.trimmingCharacters(in: .whitespaces)
                if w == "true" { return .bool(true) }
                if w == "false" { return .bool(false) }
                if let n = Int(w) { return .number(n) }
                return .string(w)
            }
        }

        /// A quoted string: double-quoted with YAML's escapes, or single-quoted, where `''` is a quote.
        mutating func quoted(_ fail: (String) -> Failure) throws -> String {
            let quote = scalars[i]
            i += 1
            var out = String.UnicodeScalarView()
            while i < scalars.count {
                let c = scalars[i]
                i += 1
                if c == quote {
                    guard quote == "'", i < scalars.count, scalars[i] == "'" else { return String(out) }
                    out.append("'")
                    i += 1
                    continue
                }
                guard c == "\\", quote == "\"" else { out.append(c); continue }
                guard i < scalars.count else { break }
                let e = scalars[i]
                i += 1
                switch e {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "0": out.append("\u{0}")
                case "\"", "\\", "/", " ": out.append(e)
                case "x", "u", "U":
                    let width = e == "x" ? 2 : e == "u" ? 4 : 8
                    guard i + width <= scalars.count,
                          let v = UInt32(String(String.UnicodeScalarView(scalars[i..<i + width])), radix: 16),
                          let scalar = Unicode.Scalar(v) else { throw fail("bad \\\(e) escape") }
                    out.append(scalar)
                    i += width
                default: throw fail("unknown escape \\\(e)")
                }
            }
            throw fail("unclosed string")
        }
    }
}
