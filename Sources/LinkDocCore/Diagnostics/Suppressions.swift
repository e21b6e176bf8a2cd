import Foundation

/// Rules silenced for a whole document by the file it stands in: the comment a localization
/// format has for one string (a catalog key's `comment`, the XML comment before an Android
/// string), where a comment inside the value would be display text.
public enum SilencedRules: Sendable, Hashable {
    case none
    /// `linkdoc-disable-next-line` without rule ids.
    case all
    case rules(Set<String>)

    /// What a comment's text asks for: `linkdoc-disable-next-line rule-id, rule-id` (all rules
    /// without ids) as its first word, `.none` for any other comment.
    public init(comment: String) {
        let words: [Substring] = comment.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
        guard words.first == "linkdoc-disable-next-line" else {
            self = .none
            return
        }
        let ids = words.dropFirst().map(String.init)
        self = ids.isEmpty ? .all : .rules(Set(ids))
    }

    public func silences(_ rule: RuleID) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .rules(let ids): ids.contains(rule.rawValue)
        }
    }
}

/// What silences findings in one document: `<!-- linkdoc-disable-next-line rule-id, rule-id -->`
/// on the line before a finding silences those rules (all rules, without ids) on that line, and
/// `CompileOptions.silenced` silences rules in the whole document. The compiler applies it to its
/// diagnostics (`Compiler.compile`), and lint to its rules' findings through
/// `CompileResult.suppressions`, so every input honours it alike.
public struct Suppressions: Sendable {
    private var byLine: [Int: SilencedRules] = [:]
    private var whole: SilencedRules = .none

    static let none = Suppressions()

    private init() {}

    /// `readsComments`: whether comments in the text count (not where the format shows them as
    /// text, see `CompileOptions.readsSuppressionComments`).
    init(_ source: SourceText, readsComments: Bool, whole: SilencedRules) {
        self.whole = whole
        guard readsComments else { return }
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
                let silenced = SilencedRules(comment: String(text[range.upperBound..<end.lowerBound]))
                if silenced != .none { byLine[line + 1] = silenced }
            }
            line += 1
            lineStart = i + 1
        }
    }

    /// A plain scan for the marker's first byte, then a comparison: Foundation's `firstRange(of:)`
    /// costs several times as much, and this runs on every document that is compiled.
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

    /// Whether nothing is silenced: the common case, which costs no filtering.
    var isEmpty: Bool { whole == .none && byLine.isEmpty }

    public func suppresses(_ rule: RuleID, onLine line: Int) -> Bool {
        whole.silences(rule) || (byLine[line]?.silences(rule) ?? false)
    }

    /// `diagnostics` without those this silences (a diagnostic without a place is silenced only
    /// for the whole document).
    func filter(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !isEmpty, !diagnostics.isEmpty else { return diagnostics }
        return diagnostics.filter { d in
            guard let line = d.location?.line else { return !whole.silences(d.ruleID) }
            return !suppresses(d.ruleID, onLine: line)
        }
    }
}
