import Foundation
import XCTest
@testable import LinkDocLayout

/// The font sets the layout tests lay out with: Debian's files, or a skip naming the missing one.
enum TestFonts {
    /// Noto Sans CJK SC alone, with its bold face when `bold`.
    static func cjk(for suite: String, bold: Bool) throws -> FontSet {
        let files = bold ? [FontFile.notoSansCJKSC, .notoSansCJKSCBold] : [.notoSansCJKSC]
        for file in files where !FileManager.default.fileExists(atPath: file.path) {
            throw XCTSkip("\(suite): did not run: the font \(file.path) is missing (Debian: apt-get install fonts-noto-cjk)")
        }
        return FontSet(regular: try OpenTypeFont(.notoSansCJKSC), bold: bold ? try OpenTypeFont(.notoSansCJKSCBold) : nil)
    }

    /// Noto Sans CJK SC (regular and bold), then Noto Color Emoji and DejaVu Sans (Hebrew, Arabic)
    /// as fallbacks.
    static func cjkWithFallbacks(for suite: String) throws -> FontSet {
        for file in [FontFile.notoSansCJKSC, .notoSansCJKSCBold, .notoColorEmoji, .dejaVuSans]
        where !FileManager.default.fileExists(atPath: file.path) {
            throw XCTSkip("\(suite): did not run: the font \(file.path) is missing "
                          + "(Debian: apt-get install fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core)")
        }
        return FontSet(regular: try OpenTypeFont(.notoSansCJKSC), bold: try OpenTypeFont(.notoSansCJKSCBold),
                       fallbacks: [try OpenTypeFont(.notoColorEmoji), try OpenTypeFont(.dejaVuSans)])
    }
}
