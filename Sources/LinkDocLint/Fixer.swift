import LinkDocCore

/// Applies safe fixes to a file's bytes and renders them as a unified diff.
///
/// Fixes are computed on the normalized source (LF, no BOM, no final line ending). They
/// never touch line breaks, so the fixed text is turned back into the file's own form: its
/// BOM and its line endings (CRLF or CR) are restored line by line, the final one included.
public enum Fixer {
    /// The fixed normalized text, applying non-overlapping edits in order (the
    /// first of two overlapping edits wins; the next run of --fix catches the rest).
    /// Two insertions at one place are overlapping too: the same bytes reached twice (an
    /// Android alias shares its target's text) are fixed once.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.count * 3)
        var cursor = 0
        var lastInsertion: Int?
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            guard edit.range.lowerBound >= cursor, edit.range.upperBound <= bytes.count,
                  !(edit.range.isEmpty && lastInsertion == edit.range.lowerBound) else { continue }
            if edit.range.isEmpty { lastInsertion = edit.range.lowerBound }
            out += bytes[cursor..<edit.range.lowerBound]
            out += edit.replacement
            cursor = edit.range.upperBound
        }
        out += bytes[cursor...]
        return out
    }

    /// Puts the original file's BOM and line endings back on fixed normalized text.
    /// `original` is the file as read; its lines correspond one to one, but for the final line
    /// ending of a copy file, which is not in its text.
    public static func restoreForm(_ fixed: [UInt8], like original: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        if original.starts(with: [0xEF, 0xBB, 0xBF]) { out = [0xEF, 0xBB, 0xBF]; i = 3 }
        // The line endings of the original, in order.
        var endings: [[UInt8]] = []
        while i < original.count {
            if original[i] == 0x0D {
                if i + 1 < original.count && original[i + 1] == 0x0A { endings.append([0x0D, 0x0A]); i += 2 } else { endings.append([0x0D]); i += 1 }
            } else if original[i] == 0x0A {
                endings.append([0x0A]); i += 1
            } else {
                i += 1
            }
        }
        var line = 0
        for b in fixed {
            if b == 0x0A {
                out += line < endings.count ? endings[line] : [0x0A]
                line += 1
            } else {
                out.append(b)
            }
        }
        if line < endings.count { out += endings[line] }
        return out
    }

    /// A unified diff of two texts that have the same lines but for changed ones
    /// (fixes never add or remove lines), with three lines of context.
    public static func unifiedDiff(path: String, old: [UInt8], new: [UInt8]) -> String {
        // Split on LF bytes: a CR stays at the end of its line, as in the file.
        // The LF that ends the last line starts no line of its own.
        func lines(_ bytes: [UInt8]) -> [String] {
            let body = bytes.last == 0x0A ? bytes.dropLast() : bytes[...]
            return body.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        let a = lines(old), b = lines(new)
        guard a.count == b.count else { return "" }
        let changed = a.indices.filter { a[$0] != b[$0] }
        guard !changed.isEmpty else { return "" }
        let (oldName, newName) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var k = 0
        while k < changed.count {
            // Group changes whose context overlaps into one hunk.
            var end = k
            while end + 1 < changed.count && changed[end + 1] - changed[end] <= 6 { end += 1 }
            let lo = max(0, changed[k] - 3), hi = min(a.count - 1, changed[end] + 3)
            let count = hi - lo + 1
            out += "@@ -\(lo + 1),\(count) +\(lo + 1),\(count) @@\n"
            for line in lo...hi {
                if a[line] == b[line] {
                    out += " \(a[line])\n"
                } else {
                    out += "-\(a[line])\n+\(b[line])\n"
                }
            }
            k = end + 1
        }
        return out
    }
}

/// Reported by `lint --fix` itself, for a file whose fixes it did not write.
public struct FixNotAppliedRule: OptionlessRule {
    public init() {}
    public static let description = RuleDescription(
        id: .fixNotApplied, defaultSeverity: .warning,
        summary: "--fix left a file as it was: rewriting it would change more than the fix, or the write failed",
        rationale: "A user's file is never rewritten in a way they did not ask for: not a read-only file, not one with other hard links (a rewrite would part them), not one whose invalid bytes were read as U+FFFD or that is UTF-16 (a rewrite would change every byte). When the write itself fails (a full disk, a read-only folder) the file is left whole and this is an error. The findings stay in the report.",
        triggering: [], nonTriggering: ["普通文本"])

    public func check(_ context: LintContext) -> [LintFinding] { [] }
}
