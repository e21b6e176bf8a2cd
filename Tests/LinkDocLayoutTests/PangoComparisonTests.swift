// Line breaks against Pango, a real layout engine, on real copy: ../shared/layout-cases/ (57
// paragraphs of app copy), each compiled to its display text, laid out by linkdoc and by
// pango-view (Debian pango1.0-tools) with the same font, size and width, and compared line start
// by line start. Every difference must be listed with its reason in
// Grammar/layout-pango-differences.txt; a listed case that now agrees fails too.
//
// pango-view settings: --pixels (72 dpi, so widths are points), --hinting=none, --hint-metrics=off,
// --subpixel-positions (no glyph-position rounding), --wrap=word-char (TextKit's word wrapping with
// its fallback to characters), --language=zh-cn (linkdoc's default language, zh-Hans).

import Foundation
import LinkDocCore
import LinkDocModel
import XCTest
@testable import LinkDocLayout

final class PangoComparisonTests: XCTestCase {
    /// The view widths compared. pango-view takes about half a second per layout (it loads the
    /// 20 MB font collection each time), so the suite compares at 270 points, a phone's dialog;
    /// LINKDOC_PANGO_WIDTHS=200,240,270 compares at several.
    static let widths: [Int] = {
        let given = ProcessInfo.processInfo.environment["LINKDOC_PANGO_WIDTHS"]?.split(separator: ",").compactMap { Int($0) } ?? []
        return given.isEmpty ? [270] : given
    }()
    static let pangoView = "/usr/bin/pango-view"

    func testLineBreaksAgreeWithPango() throws {
        let folder = packageRoot.appendingPathComponent("../shared/layout-cases").standardized
        let cases = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".txt") && $0.first!.isNumber }.sorted()
        guard !cases.isEmpty else {
            throw XCTSkip("Pango comparison: did not run: no layout cases in \(folder.path) (../shared/layout-cases/ beside the package: "
                          + "paragraphs of real app copy, README: Conformance data)")
        }
        guard FileManager.default.isExecutableFile(atPath: Self.pangoView) else {
            throw XCTSkip("Pango comparison: did not run: \(Self.pangoView) is missing (Debian: apt-get install pango1.0-tools)")
        }
        guard FileManager.default.fileExists(atPath: FontFile.notoSansCJKSC.path) else {
            throw XCTSkip("Pango comparison: did not run: the font \(FontFile.notoSansCJKSC.path) is missing (Debian: apt-get install fonts-noto-cjk)")
        }
        let fonts = FontSet(regular: try OpenTypeFont(.notoSansCJKSC),
                            fallbacks: [FontFile.notoColorEmoji].compactMap { try? OpenTypeFont($0) })
        let known = try Self.knownDifferences()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-pango-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var compared = 0, identical = 0
        var differing: Set<String> = []
        for name in cases {
            let copy = try Data(contentsOf: folder.appendingPathComponent(name))
            let text = try XCTUnwrap(Compiler().compile(Array(copy), name: name, options: CompileOptions(isFile: true)).document?.text, name)
            let layoutText = LayoutText(text)
            for width in Self.widths {
                var request = LayoutRequest(width: Double(width), fonts: fonts, size: 16)
                request.profile = .label
                request.lineBreakStrategy = LineBreakStrategy.none  // Pango has neither push-out nor Hangul word priority
                let ours = try Typesetter.layout(Document(text: text), request).lines.map { layoutText.utf8Offset($0.range.lowerBound) }
                let theirs = try Self.pangoLineStarts(text, width: width, scratch: scratch)
                compared += 1
                let key = "\(name)\t\(width)"
                if ours == theirs { identical += 1; continue }
                differing.insert(key)
                if known[key] == nil {
                    XCTFail("\(name) at \(width): linkdoc starts lines at UTF-8 offsets \(ours), Pango at \(theirs); "
                        + "explain the difference in Grammar/layout-pango-differences.txt or fix it")
                }
            }
        }
        for (key, reason) in known where !differing.contains(key) && Self.widths.contains(where: { key.hasSuffix("\t\($0)") }) {
            XCTFail("layout-pango-differences.txt lists \(key.replacingOccurrences(of: "\t", with: " at ")) (\(reason.prefix(60))…), but the breaks now agree: remove it")
        }
        print("Pango comparison (../shared/layout-cases, Noto Sans CJK SC 16, widths \(Self.widths.map(String.init).joined(separator: ", "))): "
              + "\(identical)/\(compared) layouts with identical line breaks; \(differing.count) known differences (Grammar/layout-pango-differences.txt)")
    }

    /// Grammar/layout-pango-differences.txt: `case<TAB>width<TAB>reason`, "#" comments.
    static func knownDifferences() throws -> [String: String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Grammar/layout-pango-differences.txt"), encoding: .utf8)
        var known: [String: String] = [:]
        for line in text.components(separatedBy: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.components(separatedBy: "\t")
            guard fields.count == 3 else { XCTFail("bad line in layout-pango-differences.txt: \(line)"); continue }
            known["\(fields[0])\t\(fields[1])"] = fields[2]
        }
        return known
    }

    /// The UTF-8 offsets where Pango starts each line (from its serialized layout).
    static func pangoLineStarts(_ text: String, width: Int, scratch: URL) throws -> [Int] {
        let input = scratch.appendingPathComponent("text.txt"), output = scratch.appendingPathComponent("layout.json")
        try Data(text.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pangoView)
        process.arguments = ["--pixels", "--font=Noto Sans CJK SC 16px", "--language=zh-cn", "--width=\(width)", "--wrap=word-char",
                             "--hinting=none", "--hint-metrics=off", "--subpixel-positions", "--margin=0", "-q",
                             "--serialize-to=\(output.path)", input.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any],
              let layout = json["output"] as? [String: Any], let lines = layout["lines"] as? [[String: Any]] else {
            throw XCTSkip("Pango comparison: did not run: pango-view failed (exit \(process.terminationStatus)) or wrote no layout")
        }
        return lines.compactMap { $0["start-index"] as? Int }
    }
}
