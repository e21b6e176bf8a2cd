import LinkDocCore
@_spi(Bytes) import LinkDocBase
@testable import LinkDocLint
import XCTest

/// Lint's rules read the same CJK letters as the compiler's parser (LinkDocBase's `CJKLetters`):
/// 〇 (U+3007) and the CJK Compatibility Ideographs Supplement (U+2F800–U+2FA1F) are Han.
final class CJKLetterTests: XCTestCase {
    private func messages(_ text: String, rule: RuleID) throws -> [String] {
        var configuration = LintConfiguration()
        for other in RuleCatalogue.descriptions { configuration.levels[other.id] = .off }
        configuration.levels[rule] = .warning
        return try Linter(configuration: configuration).lint(Array(text.utf8), name: "copy.txt", compiler: Compiler(manifest: .empty))
            .diagnostics.map(\.diagnostic.message)
    }

    func testZeroAndSupplementIdeographsAreCJKForPunctuation() throws {
        for letter in ["〇", "\u{2F800}", "\u{2FA1D}"] {
            XCTAssertEqual(try messages("第\(letter),\(letter)号", rule: .fullwidthPunctuation),
                           ["use full-width ， between CJK characters, not ,"], letter)
        }
        XCTAssertEqual(try messages("第a,b号", rule: .fullwidthPunctuation), [], "Latin letters around the comma")
    }

    /// The parser ends a bare URL at 〇; lint says that end is a guess, as for any CJK letter.
    func testABareURLThatZeroFollowsHasAnAmbiguousEnd() throws {
        XCTAssertEqual(try messages("见 https://example.com/a〇号", rule: .ambiguousURLEnd).count, 1)
        XCTAssertEqual(try messages("见 https://example.com/a\u{2F800}号", rule: .ambiguousURLEnd).count, 1)
        XCTAssertEqual(try messages("见 https://example.com/a 号", rule: .ambiguousURLEnd), [])
    }

    func testTheClassesAgreeWithUnicodesHanScript() {
        for value: UInt32 in [0x3007, 0x4E00, 0x9FFF, 0x3400, 0x20000, 0x323AF, 0xF900, 0x2F800, 0x2FA1F] {
            XCTAssert(CJKLetters.isIdeograph(value), String(value, radix: 16))
            XCTAssert(CJKLetters.isLetter(value), String(value, radix: 16))
        }
        for value: UInt32 in [0x3006, 0x3008, 0x323B0, 0x41, 0x3000] {
            XCTAssertFalse(CJKLetters.isLetter(value), String(value, radix: 16))
        }
        XCTAssert(CJKLetters.isLetter(0x3042), "kana")
        XCTAssert(CJKLetters.isLetter(0xAC00), "Hangul")
        XCTAssertFalse(CJKLetters.isIdeograph(0xAC00), "Hangul is no ideograph")
    }
}
