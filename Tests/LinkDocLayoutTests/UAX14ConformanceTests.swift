// ICU's line breaking (through CLinkDocICU, as LinkDocLayout uses it) against the Unicode line
// breaking conformance data, LineBreakTest.txt 15.0.0 (Unicode Consortium data, in
// ../shared/conformance/uax14/; ICU 72 implements Unicode 15.0). Every case runs. A case may
// differ only if Grammar/layout-known-gaps.txt lists it with the reason (ICU's tailorings, which
// UAX #14 allows); every listed case must still differ, so the list cannot go stale.

import Foundation
import XCTest
@testable import LinkDocLayout

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

final class UAX14ConformanceTests: XCTestCase {
    struct Case {
        var line: Int
        var source: String     // the test line's code points, "0023 0020 0023"
        var scalars: [Unicode.Scalar]
        /// Break opportunities after each scalar (the `÷` after it), in code points.
        var breaks: [Int]
    }

    static func cases() throws -> [Case] {
        let file = packageRoot.appendingPathComponent("../shared/conformance/uax14/15.0.0/LineBreakTest.txt").standardized
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw XCTSkip("UAX #14 conformance (LineBreakTest.txt 15.0.0): did not run: \(file.path) is missing; it is the Unicode "
                + "Consortium's LineBreakTest-15.0.0.txt (../shared/conformance/uax14/15.0.0/ beside the package)")
        }
        var cases: [Case] = []
        for (index, raw) in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = [], breaks: [Int] = []
            for token in tokens {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.append(scalars.count) }
                case "×": break
                default: scalars.append(Unicode.Scalar(UInt32(token, radix: 16)!)!)
                }
            }
            cases.append(Case(line: index + 1, source: scalars.map { String(format: "%04X", $0.value) }.joined(separator: " "),
                              scalars: scalars, breaks: breaks))
        }
        return cases
    }

    /// ICU's breaks for the case, in code points.
    static func icuBreaks(_ scalars: [Unicode.Scalar]) -> [Int] {
        var utf16: [UInt16] = [], scalarAt: [Int: Int] = [:]
        for (n, scalar) in scalars.enumerated() {
            utf16.append(contentsOf: String(Character(scalar)).utf16)
            scalarAt[utf16.count] = n + 1
        }
        return LineBreaker.opportunities(in: utf16).compactMap { scalarAt[$0.offset] }
    }

    /// Grammar/layout-known-gaps.txt: `uax14<TAB>code points<TAB>reason`, "#" comments.
    static func knownGaps() throws -> [String: String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Grammar/layout-known-gaps.txt"), encoding: .utf8)
        var gaps: [String: String] = [:]
        for line in text.components(separatedBy: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.components(separatedBy: "\t")
            guard fields.count == 3, fields[0] == "uax14" else { XCTFail("bad line in layout-known-gaps.txt: \(line)"); continue }
            gaps[fields[1]] = fields[2]
        }
        return gaps
    }

    func testLineBreakTest15() throws {
        let cases = try Self.cases()
        let gaps = try Self.knownGaps()
        XCTAssertEqual(cases.count, 7654, "LineBreakTest-15.0.0.txt has 7654 test lines")
        var passed = 0
        var differing: Set<String> = []
        for test in cases {
            let got = Self.icuBreaks(test.scalars)
            if got == test.breaks { passed += 1; continue }
            differing.insert(test.source)
            if gaps[test.source] == nil {
                XCTFail("LineBreakTest.txt line \(test.line): \(test.source): expected breaks after \(test.breaks), ICU gives \(got)")
            }
        }
        for (source, reason) in gaps where !differing.contains(source) {
            XCTFail("layout-known-gaps.txt lists \(source) (\(reason)), but ICU now passes it: remove it from the list")
        }
        print("UAX #14 conformance (LineBreakTest 15.0.0, system ICU): \(passed)/\(cases.count) pass, "
              + "\(differing.count) known tailoring differences (Grammar/layout-known-gaps.txt)")
    }
}
