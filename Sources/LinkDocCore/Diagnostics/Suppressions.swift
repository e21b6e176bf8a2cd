import Foundation

/// `<!-- linkdoc-disable-next-line rule-id, rule-id -->` on the line before a
/// finding silences those rules (all rules, without ids) on that line, for `lint` and for
/// `compile` (and so the build plugin) alike.
public struct Suppressions: Sendable {
    private var byLine: [Int: Set<String>?] = [:]

    public init(_ source: SourceText) {
        let marker = Array("linkdoc-disable-next-line".utf8)
        // Nearly no document has a suppression comment: one search for the marker, and the
        // lines are read only when it is there.
        guard source.bytes.count >= marker.count, Self.contains(marker, in: source.bytes) else { return }
        var line = 1
        var lineStart = 0
        let bytes = source.bytes
        for i in 0...bytes.count {
            guard i == bytes.count || bytes[i] == 0x0A else { continue }
            let text = String(decoding: bytes[lineStart..<i], as: UTF8.self)
            if let range = text.range(of: "<!--"), let end = text.range(of: "-->", range: range.upperBound..<text.endIndex) {
                let body = text[range.upperBound..<end.lowerBound].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
                if body.first.map(String.init) == "linkdoc-disable-next-line" {
                    let ids = body.dropFirst().map(String.init)
                    byLine[line + 1] = ids.isEmpty ? .some(nil) : .some(Set(ids))
                }
            }
            line += 1
            lineStart = i + 1
        }
    }

    /// A plain scan for the marker's first byte, then a comparison: Foundation's `firstRange(of:)`
    /// costs several times as much, and this runs on every document that is linted.
    private static func contains(_ marker: [UInt8], in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            marker.withUnsafeBufferPointer { m in
                let first = m[0], last = b.count - m.count
                var i = 0
                while i <= last {
                    if b[i] == first && memcmp(b.baseAddress! + i, m.baseAddress!, m.count) == 0 { return true }
                    i += 1
                }
                return false
            }
        }
    }

    public func suppresses(_ rule: RuleID, onLine line: Int) -> Bool {
        guard let entry = byLine[line] else { return false }
        guard let ids = entry else { return true }
        return ids.contains(rule.rawValue)
    }

    /// `diagnostics` without those that a comment silences; all of them when `source` has
    /// no suppression comment (the common case costs one search for the marker).
    public static func filter(_ diagnostics: [Diagnostic], in source: SourceText?) -> [Diagnostic] {
        guard let source, !diagnostics.isEmpty else { return diagnostics }
        let suppressions = Suppressions(source)
        guard !suppressions.byLine.isEmpty else { return diagnostics }
        return diagnostics.filter { d in
            guard let line = d.location?.line else { return true }
            return !suppressions.suppresses(d.ruleID, onLine: line)
        }
    }
}
