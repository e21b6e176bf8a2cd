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
        let words = comment.utf8.split(whereSeparator: Self.isSeparator)
        guard let first = words.first, first.elementsEqual(Self.marker) else {
            self = .none
            return
        }
        let ids = words.dropFirst().map { String(decoding: $0, as: UTF8.self) }
        self = ids.isEmpty ? .all : .rules(Set(ids))
    }

    /// The first word of a comment that silences rules.
    static let marker: [UInt8] = Array("linkdoc-disable-next-line".utf8)

    /// The bytes a comment's words are split at.
    static func isSeparator(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: ",") || b == UInt8(ascii: "\t") || b == 0x0A
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
        // Nearly no document has a suppression comment: the lines are read only when a comment
        // opening with the marker after it is there.
        guard readsComments, Self.mayHoldDirective(source.bytes) else { return }
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

    /// Whether some `<!--` in `bytes` is followed by the marker, after separators only: every line
    /// that silences something holds one (`SilencedRules(comment:)` takes the comment's first word).
    /// An ASCII `!` is rare in copy (CJK text has the full-width one) and rarer than `<` in HTML:
    /// `memchr` from one to the next, where a loop over every byte for the marker's first letter
    /// (`l`, common in words) cost more than parsing the document.
    static func mayHoldDirective(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            SilencedRules.marker.withUnsafeBufferPointer { m in
                guard let base = b.baseAddress else { return false }
                let n = b.count
                var i = 1  // the `!` of a `<!--`
                while n - i >= 3 + m.count, let found = memchr(base + i, Int32(UInt8(ascii: "!")), n - i) {
                    let k = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    i = k + 1
                    guard n - k >= 3 + m.count else { return false }  // no room for `!--` and the marker
                    guard b[k - 1] == UInt8(ascii: "<"), b[k + 1] == UInt8(ascii: "-"), b[k + 2] == UInt8(ascii: "-") else {
                        continue
                    }
                    var j = k + 3
                    while j < n, SilencedRules.isSeparator(b[j]) { j += 1 }
                    if n - j >= m.count && memcmp(base + j, m.baseAddress!, m.count) == 0 { return true }
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
