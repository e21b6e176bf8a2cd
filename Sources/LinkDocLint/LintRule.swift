import LinkDocCore

/// What a rule is, for `linkdoc rules`, configuration, SARIF metadata and tests.
/// The examples double as the rule's tests (Tests/LinkDocLintTests/RuleExampleTests).
public struct RuleDescription: Sendable {
    public let id: RuleID
    /// The severity a rule has unless configured; nil means off by default.
    public let defaultSeverity: Severity?
    public let summary: String
    public let rationale: String
    /// Copy that must trigger the rule (with the rule on, against `RuleExamples.manifest`).
    public let triggering: [String]
    /// Copy that must not trigger it.
    public let nonTriggering: [String]
    /// For fixable rules: copy → the copy after `--fix`.
    public let corrections: [(String, String)]
    /// Options the rule takes, with their meaning.
    public let options: [(name: String, meaning: String)]

    public init(id: RuleID, defaultSeverity: Severity?, summary: String, rationale: String,
                triggering: [String], nonTriggering: [String], corrections: [(String, String)] = [],
                options: [(name: String, meaning: String)] = []) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
        self.options = options
    }

    public var isFixable: Bool { !corrections.isEmpty }
}

/// A lint rule: a small type with a description and a check.
public protocol LintRule: Sendable {
    static var description: RuleDescription { get }
    /// Reads the rule's options; throws for options it does not know.
    init(options: RuleOptions) throws(LintConfigurationError)
    func check(_ context: LintContext) -> [LintFinding]
}

extension LintRule {
    public var description: RuleDescription { Self.description }
}

/// Rules without options.
public protocol OptionlessRule: LintRule { init() }

extension OptionlessRule {
    public init(options: RuleOptions) throws(LintConfigurationError) {
        if let unknown = options.values.keys.sorted().first {
            throw LintConfigurationError(message: "rules.\(Self.description.id): unknown option \"\(unknown)\"")
        }
        self.init()
    }
}

/// A rule's options from the configuration, besides its severity.
public struct RuleOptions: Sendable {
    public var values: [String: String]
    public init(_ values: [String: String] = [:]) { self.values = values }
}

/// A replacement of a byte range of the (normalized) source.
public struct TextEdit: Hashable, Sendable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = Array(replacement.utf8)
    }
}

/// What a rule found, before configuration gives it a severity.
public struct LintFinding: Sendable {
    public var ruleID: RuleID
    public var message: String
    /// Byte offset in the normalized source.
    public var offset: Int
    /// A safe fix, for `--fix`.
    public var fix: [TextEdit]?

    public init(ruleID: RuleID, message: String, offset: Int, fix: [TextEdit]? = nil) {
        self.ruleID = ruleID
        self.message = message
        self.offset = offset
        self.fix = fix
    }
}
