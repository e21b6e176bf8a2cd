/// Renders diagnostics the way compilers do:
///
///     copy.txt:3:5: warning: unknown agreement 《红楼梦》 … [unknown-agreement]
///         请阅读《红楼梦》
///               ^
///
/// The caret is placed by display width, so it sits under the right character
/// after wide CJK characters (two terminal columns each) and tabs.
public enum DiagnosticFormatter {
    /// `note` follows the rule id on the first line, e.g. " (fixable)".
    public static func format(_ d: Diagnostic, excerpt: Bool = true, note: String = "") -> String {
        var out = d.file
        if let location = d.location { out += ":\(location.line):\(location.column)" }
        out += ": \(d.severity.rawValue): \(d.message) [\(d.ruleID)]" + note
        if excerpt, let line = d.sourceLine, let location = d.location {
            out += "\n    " + shown(line) + "\n    " + caretPadding(line, column: d.sourceLineColumn ?? location.column) + "^"
        }
        return out
    }

    /// The excerpt as printed: controls other than tab, and the bidi controls that would reorder the
    /// line on the terminal (`Escaping.isControl`), spelled as escapes.
    static func shown(_ line: String) -> String {
        Escaping.replacingScalars(line) { $0 != "\t" && Escaping.isControl($0) ? escape($0) : nil }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    static func caretPadding(_ line: String, column: Int) -> String {
        var padding = ""
        for scalar in line.unicodeScalars.prefix(max(0, column - 1)) {
            if scalar == "\t" {
                padding += "\t"
            } else if Escaping.isControl(scalar) {
                padding += String(repeating: " ", count: escape(scalar).count)
            } else {
                padding += String(repeating: " ", count: displayWidth(scalar.value))
            }
        }
        return padding
    }

    /// Terminal columns a scalar takes: two for East Asian wide and full-width
    /// characters, zero for combining marks and joiners, one otherwise.
    static func displayWidth(_ c: UInt32) -> Int {
        if (0x0300...0x036F).contains(c) || c == 0x200D || (0xFE00...0xFE0F).contains(c) { return 0 }
        if (0x1100...0x115F).contains(c) || (0x2E80...0xA4CF).contains(c) || (0xAC00...0xD7A3).contains(c)
            || (0xF900...0xFAFF).contains(c) || (0xFE30...0xFE4F).contains(c) || (0xFF00...0xFF60).contains(c)
            || (0xFFE0...0xFFE6).contains(c) || (0x1F300...0x1FAFF).contains(c) || (0x20000...0x3FFFD).contains(c) {
            return 2
        }
        return 1
    }
}
