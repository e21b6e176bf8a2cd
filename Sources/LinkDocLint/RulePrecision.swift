/// How each rule did on real copy, judged finding by finding: what `linkdoc rules ID` shows, so
/// that a team can see what a rule costs in noise before it turns it on. Measured by linting
/// ../shared/realworld (76 files) and 28 more localization files from 19 public app repositories
/// (97 files that lint reads, 60 apps), with no manifest, and judging every finding true, false
/// or debatable by hand (issue 18). Rules with no finding there are not listed.
public enum RulePrecision {
    public struct Measurement: Sendable {
        public let findings: Int
        public let falseFindings: Int
        public let debatable: Int
        public var falseRate: Double { findings == 0 ? 0 : Double(falseFindings) / Double(findings) }
    }

    public static let corpus = "97 real localization and copy files of 60 public apps"

    public static let onRealCopy: [String: Measurement] = [
        "duplicate-key": .init(findings: 220, falseFindings: 0, debatable: 0),
        "fullwidth-punctuation": .init(findings: 116, falseFindings: 0, debatable: 0),
        "insecure-url": .init(findings: 56, falseFindings: 2, debatable: 0),
        "unknown-agreement": .init(findings: 57, falseFindings: 0, debatable: 1),
        "invalid-url": .init(findings: 37, falseFindings: 0, debatable: 16),
        "duplicate-link": .init(findings: 35, falseFindings: 0, debatable: 28),
        "unbalanced-brackets": .init(findings: 36, falseFindings: 0, debatable: 2),
        "invisible-character": .init(findings: 24, falseFindings: 0, debatable: 0),
        "android-unknown-escape": .init(findings: 21, falseFindings: 0, debatable: 0),
        "html-unknown-element": .init(findings: 16, falseFindings: 0, debatable: 0),
        "xml-entity": .init(findings: 9, falseFindings: 0, debatable: 0),
        "strings-escape": .init(findings: 8, falseFindings: 0, debatable: 0),
        "html-malformed": .init(findings: 7, falseFindings: 0, debatable: 2),
        "encoded-url": .init(findings: 5, falseFindings: 0, debatable: 0),
        "disallowed-scheme": .init(findings: 4, falseFindings: 0, debatable: 4),
        "ambiguous-url-end": .init(findings: 3, falseFindings: 0, debatable: 0),
        "android-reference": .init(findings: 1, falseFindings: 0, debatable: 1),
    ]

    /// A rule that is on by default stays under this share of false findings on real copy.
    public static let maximumFalseRate = 0.05
}
