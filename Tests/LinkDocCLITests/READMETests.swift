import Foundation
import XCTest

/// The README is tested (issue 17): every ```sh block of README.md with `$ ` command lines is
/// run against the built binary, and its output compared with what the README shows.
///
/// - A command's output is the block's lines after its `$ ` line, or, when the `$ ` line ends
///   its block, the fenced block right after it (the `--pretty` example's ```json block).
/// - Commands run through `/bin/sh -c` in the package root, standard error merged into standard
///   output (as a terminal shows both), with `swift run linkdoc` replaced by the built binary.
/// - The only normalization: the package root's absolute path is removed from the output.
/// - A line that is only `…` (indentation allowed) stands for any number of lines: a block
///   ending in `…` shows a prefix of the output, and that prefix is compared exactly, as is
///   every run of lines between two `…` lines (in order). Every other line is compared exactly.
final class READMETests: XCTestCase {
    let cli = CLIRunner()

    struct Example {
        var line: Int          // 1-based line of the `$ ` command in README.md
        var command: String
        var output: [String]
    }

    static func readme() throws -> [String] {
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
            .components(separatedBy: "\n")
    }

    /// The fenced blocks of the README: their first content line (0-based) and their lines.
    static func fencedBlocks(_ lines: [String]) -> [(info: String, start: Int, lines: [String])] {
        var blocks: [(info: String, start: Int, lines: [String])] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else { index += 1; continue }
            let info = String(lines[index].dropFirst(3)), start = index + 1
            var end = start
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            blocks.append((info, start, Array(lines[start..<min(end, lines.count)])))
            index = end + 1
        }
        return blocks
    }

    static func examples() throws -> [Example] {
        let lines = try readme()
        let blocks = fencedBlocks(lines)
        var examples: [Example] = []
        for (number, block) in blocks.enumerated() where block.info == "sh" {
            for (offset, text) in block.lines.enumerated() where text.hasPrefix("$ ") {
                var output = Array(block.lines[(offset + 1)...].prefix { !$0.hasPrefix("$ ") })
                let fenceEnd = block.start + block.lines.count   // the closing fence's line
                if offset == block.lines.count - 1, number + 1 < blocks.count, blocks[number + 1].start == fenceEnd + 2 {
                    output = blocks[number + 1].lines
                }
                examples.append(Example(line: block.start + offset + 1, command: String(text.dropFirst(2)), output: output))
            }
        }
        return examples
    }

    /// Where `actual` departs from `expected` (with `…` lines as gaps), or nil when it matches.
    static func mismatch(expected: [String], actual: [String]) -> String? {
        var segments: [[String]] = [[]]
        for line in expected {
            if line.trimmingCharacters(in: .whitespaces) == "…" { segments.append([]) } else { segments[segments.count - 1].append(line) }
        }
        let opensWithGap = segments.first?.isEmpty == true && segments.count > 1
        let endsWithGap = segments.count > 1 && segments.last?.isEmpty == true
        func matches(_ segment: [String], at position: Int) -> Bool {
            position >= 0 && position + segment.count <= actual.count && Array(actual[position..<position + segment.count]) == segment
        }
        var position = 0
        for (index, segment) in segments.enumerated() where !segment.isEmpty {
            let isFirst = index == 0, isLast = index == segments.count - 1
            if isLast && !endsWithGap {
                let at = actual.count - segment.count
                if at >= position, matches(segment, at: at) { return nil }
                if segments.count == 1 { return firstDifference(segment, Array(actual[position...]), from: position) }
                return "the lines after the last '…' are not the end of the output:\n" + segment.joined(separator: "\n")
                    + "\nthe output ends with:\n" + actual.suffix(segment.count).joined(separator: "\n")
            }
            if isFirst && !opensWithGap {
                guard matches(segment, at: 0) else { return firstDifference(segment, actual, from: 0) }
                position = segment.count
                continue
            }
            guard let at = (position...max(position, actual.count)).first(where: { matches(segment, at: $0) }) else {
                return "these lines (after a '…') do not appear in the output after line \(position):\n" + segment.joined(separator: "\n")
            }
            position = at + segment.count
        }
        return nil
    }

    static func firstDifference(_ expected: [String], _ actual: [String], from offset: Int) -> String {
        let index = (0..<min(expected.count, actual.count)).first { expected[$0] != actual[$0] } ?? min(expected.count, actual.count)
        let shown = index < expected.count ? expected[index] : "(end of the output shown)"
        let got = index < actual.count ? actual[index] : "(end of the output)"
        return "first difference at output line \(offset + index + 1):\n  README: \(shown)\n  actual: \(got)"
    }

    func testEveryREADMECommandPrintsWhatTheREADMEShows() throws {
        let examples = try Self.examples()
        XCTAssertGreaterThanOrEqual(examples.count, 3, "the README's examples with output were not found")
        let root = CLIRunner.packageRoot.standardizedFileURL.path
        let binary = "'" + CLIRunner.binary.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        for example in examples {
            let command = example.command.replacingOccurrences(of: "swift run linkdoc", with: binary)
            let run = try cli.run(["-c", "exec 2>&1\n" + command], in: CLIRunner.packageRoot, executable: URL(fileURLWithPath: "/bin/sh"))
            var output = run.stdout.replacingOccurrences(of: root + "/", with: "")
            if output.hasSuffix("\n") { output.removeLast() }
            if let problem = Self.mismatch(expected: example.output, actual: output.components(separatedBy: "\n")) {
                XCTFail("README.md:\(example.line): $ \(example.command)\n\(problem)\n--- the output ---\n\(output)\n---")
            }
        }
    }

    /// Each flag that `linkdoc help compile` and `help lint` list appears in the README's
    /// "The command line" section (its synopsis and the short forms under it).
    func testREADMECommandLineListsEveryFlagOfHelp() throws {
        let readme = try Self.readme().joined(separator: "\n")
        let section = try XCTUnwrap(readme.components(separatedBy: "## The command line").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let token = try NSRegularExpression(pattern: "(?<![\\w-])--?[a-z][a-z-]*")
        let inREADME = Set(token.matches(in: section, range: NSRange(section.startIndex..., in: section))
            .compactMap { Range($0.range, in: section).map { String(section[$0]) } })
        for command in ["compile", "lint"] {
            let help = try cli.run(["help", command]).stdout
            let options = try XCTUnwrap(help.components(separatedBy: "OPTIONS:").dropFirst().first, command)
            // An option line: "  -m, --manifest FILE  What it does."; each flag before the description.
            let flags = options.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("-") }
                .flatMap { $0.components(separatedBy: "  ")[0].components(separatedBy: ", ").map { $0.components(separatedBy: " ")[0] } }
            XCTAssertGreaterThan(flags.count, 5, "the flags of 'help \(command)' were not found")
            for flag in flags where !inREADME.contains(flag) {
                XCTFail("'linkdoc help \(command)' lists \(flag), the README's command line section does not")
            }
        }
    }
}
