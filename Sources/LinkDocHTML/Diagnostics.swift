// Diagnostic collection for one flatten run.

import LinkDocBase

/// Collects diagnostics, capping each rule so pathological input (100,000
/// unclosed tags) cannot produce 100,000 diagnostics.
struct DiagnosticCollector {
    static let limitPerRule = 100
    private var items: [HTMLDiagnostic] = []
    private var counts: [RuleID: Int] = [:]

    mutating func add(_ offset: Int, _ severity: Severity, _ rule: RuleID, _ message: String) {
        let n = counts[rule, default: 0]
        counts[rule] = n + 1
        guard n < Self.limitPerRule else { return }
        items.append(HTMLDiagnostic(sourceOffset: offset, severity: severity, message: message, ruleID: rule))
    }

    func sorted() -> [HTMLDiagnostic] {
        if items.isEmpty { return [] }   // most fragments: nothing to sort
        var result = items.enumerated().sorted {
            ($0.element.sourceOffset, $0.offset) < ($1.element.sourceOffset, $1.offset)
        }.map(\.element)
        for (rule, n) in counts.sorted(by: { $0.key < $1.key }) where n > Self.limitPerRule {
            let last = result.last?.sourceOffset ?? 0
            result.append(HTMLDiagnostic(sourceOffset: last, severity: .info,
                                         message: "\(n - Self.limitPerRule) more \(rule) diagnostics not shown",
                                         ruleID: rule))
        }
        return result
    }
}
