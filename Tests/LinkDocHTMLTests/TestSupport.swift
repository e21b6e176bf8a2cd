// Foundation-free on purpose (see Sources/CLibXML2/shim.h): only XCTest,
// Dispatch and LinkDocHTML.
import XCTest
import LinkDocBase
import LinkDocHTML

func flatten(_ s: String, maxDepth: Int = 64) -> FlatHTML {
    HTMLFlattener.flatten(Array(s.utf8), options: HTMLOptions(maxDepth: maxDepth))
}

/// All a flattening gives, to compare two of them: the text, elements, diagnostics and the source
/// offset of every flat offset (one past the end too, which maps to the source's end).
struct FlattenedResult: Equatable {
    let text: [UInt8]
    let elements: [HTMLElement]
    let diagnostics: [HTMLDiagnostic]
    let offsets: [Int]

    init(_ f: FlatHTML) {
        text = f.text
        elements = f.elements
        diagnostics = f.diagnostics
        offsets = (0...f.text.count + 1).map { f.sourceOffset(forFlatOffset: $0) }
    }
}

/// Byte offset of the first occurrence of `needle` in `haystack` (UTF-8).
func byteOffset(of needle: String, in haystack: String, occurrence: Int = 1) -> Int? {
    let h = Array(haystack.utf8), n = Array(needle.utf8)
    guard !n.isEmpty, h.count >= n.count else { return nil }
    var seen = 0
    for i in 0...(h.count - n.count) where Array(h[i..<(i + n.count)]) == n {
        seen += 1
        if seen == occurrence { return i }
    }
    return nil
}

extension FlatHTML {
    func substring(_ range: Range<Int>) -> String {
        String(decoding: text[range], as: UTF8.self)
    }

    func diagnostics(_ rule: RuleID) -> [HTMLDiagnostic] {
        diagnostics.filter { $0.ruleID == rule }
    }

    var styles: [(style: TextStyle, text: String)] {
        elements.compactMap {
            if case .style(let s) = $0.kind { return (s, substring($0.range)) }
            return nil
        }
    }

    /// Invariants every result must satisfy, whatever the input.
    func assertInvariants(sourceCount: Int, file: StaticString = #filePath, line: UInt = #line) {
        var previousOffset = -1
        for element in elements {
            XCTAssertTrue(element.range.lowerBound >= 0 && element.range.upperBound <= text.count,
                          "element range \(element.range) outside text of \(text.count) bytes", file: file, line: line)
            XCTAssertTrue(element.sourceOffset >= 0 && element.sourceOffset < max(sourceCount, 1), file: file, line: line)
            XCTAssertGreaterThanOrEqual(element.sourceOffset, previousOffset, "elements not in start-tag order", file: file, line: line)
            previousOffset = element.sourceOffset
        }
        for d in diagnostics {
            XCTAssertTrue(d.sourceOffset >= 0 && d.sourceOffset <= sourceCount, file: file, line: line)
        }
        var last = -1
        var i = 0
        while i <= text.count {
            let s = sourceOffset(forFlatOffset: i)
            XCTAssertGreaterThanOrEqual(s, last, "offset map not monotone at \(i)", file: file, line: line)
            XCTAssertLessThanOrEqual(s, sourceCount, file: file, line: line)
            last = s
            i += max(1, text.count / 512)
        }
    }
}
