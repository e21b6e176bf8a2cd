import LinkDocCore
import LinkDocLint

/// `linkdoc rules [RULE-ID]`: the rule catalogue, or one rule explained.
enum RulesCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try Arguments(arguments, valued: ["--lang"], boolean: ["-h", "--help"], command: "rules")
        let language = try MessageLanguageChoice.language(parsed.value("--lang"))
        // In another language than English, each rule's meaning from the message catalogue, the English summary after it.
        func summary(_ rule: RuleDescription) -> String {
            MessageCatalogue.headline(for: rule.id, in: language).map { $0 + "：" + rule.summary } ?? rule.summary
        }
        if parsed.flag("-h", "--help") {
            StandardStreams.writeOutput(Help.rules)
            return .success
        }
        guard let id = parsed.positional.first else {
            let width = RuleCatalogue.descriptions.map(\.id.rawValue.count).max() ?? 0
            var out = ""
            for rule in RuleCatalogue.descriptions {
                let severity = rule.defaultSeverity?.rawValue ?? "off"
                out += rule.id.rawValue.padding(width) + "  " + severity.padding(7) + "  " + (rule.isFixable ? "fix " : "    ") + summary(rule) + "\n"
            }
            StandardStreams.writeOutput(out + "\nRun 'linkdoc rules RULE-ID' for a rule's rationale and examples.\n")
            return .success
        }
        guard let rule = RuleCatalogue.rule(withID: id)?.description else {
            let list = "run 'linkdoc rules' for the list"
            let message = Spelling.closest(to: id, among: RuleCatalogue.descriptions.map(\.id.rawValue))
                .map { "unknown rule '\(id)'; did you mean '\($0)'? R" + list.dropFirst() + "." } ?? "unknown rule '\(id)'; \(list)"
            throw UsageError(message: message, suggestHelp: false)
        }
        var out = "\(rule.id): \(summary(rule))\n\n"
        out += "Default severity: \(rule.defaultSeverity?.rawValue ?? "off")\(rule.isFixable ? " (fixable with --fix)" : "")\n\n"
        out += rule.rationale + "\n"
        if let m = RulePrecision.onRealCopy[rule.id.rawValue] {
            out += "\nOn copy nobody tuned it on (\(RulePrecision.corpus)): \(m.findings) findings, \(m.judged) judged, \(m.falseFindings) false"
                + " (\(Int((m.falseRate * 100).rounded())) %), \(m.debatable) debatable"
                + (rule.defaultSeverity == nil && m.falseRate > RulePrecision.maximumFalseRate
                   ? "; off by default, over the \(Int(RulePrecision.maximumFalseRate * 100)) % that a rule on by default may have.\n" : ".\n")
        }
        if !rule.options.isEmpty {
            out += "\nOptions:\n" + rule.options.map { "  \($0.name): \($0.meaning)\n" }.joined()
        }
        if !rule.triggering.isEmpty {
            out += "\nTriggers on:\n" + rule.triggering.map { "  \($0.debugDescription)\n" }.joined()
        }
        if !rule.nonTriggering.isEmpty {
            out += "\nDoes not trigger on:\n" + rule.nonTriggering.map { "  \($0.debugDescription)\n" }.joined()
        }
        if !rule.corrections.isEmpty {
            out += "\nFixes:\n" + rule.corrections.map { "  \($0.0.debugDescription) → \($0.1.debugDescription)\n" }.joined()
        }
        out += "\nConfigure it in .linkdoc.json: {\"rules\": {\"\(rule.id)\": \"off\" | \"info\" | \"warning\" | \"error\"}}\n"
        StandardStreams.writeOutput(out)
        return .success
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
