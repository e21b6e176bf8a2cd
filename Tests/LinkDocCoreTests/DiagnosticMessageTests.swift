import XCTest
import LinkDocCore

/// A diagnostic's message is checked for control characters on its UTF-8 bytes first; it must
/// come out as the scalar-by-scalar escaping spells it, for controls and for the non-control
/// characters that share their lead bytes (`©` and `—` start like C1 controls and U+2028, `ا`
/// like U+061C); bidi controls are escaped too, so that no message reorders the line it is on.
final class DiagnosticMessageTests: XCTestCase {
    private func spelledScalarByScalar(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    func testMessagesAreEscapedAsScalarByScalar() {
        let pieces = ["plain", "line\nbreak", "tab\there", "cr\r", "\u{1}", "\u{1B}[31m", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
                      "\u{A0}", "©", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}", "ا", "—", "…", "中文", "\"quoted\" \\", "👍🏽", ""]
        var messages = pieces
        for a in pieces { for b in pieces { messages.append(a + b) } }
        for message in messages {
            let d = Diagnostic(severity: .warning, message: message, ruleID: RuleID.unknownAgreement, file: "f")
            XCTAssertEqual(d.message, spelledScalarByScalar(message), message.debugDescription)
            var changed = d
            changed.message = message + "\u{2028}"
            XCTAssertEqual(changed.message, spelledScalarByScalar(message + "\u{2028}"))
        }
    }
}
