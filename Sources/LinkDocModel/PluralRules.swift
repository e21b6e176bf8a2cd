/// A language's CLDR cardinal plural rules, which choose the plural variation of a string for a
/// count: in Russian 1, 21 and 101 are `one`, 2–4 and 22 are `few`, 5–20 are `many`.
///
/// `linkdoc compile` writes each language's rules into the bundle from ICU's data
/// (`pluralRules` in Grammar/bundle.schema.json), and this type evaluates them in the app, which
/// has no ICU of its own to ask: the tests compare it with ICU's `uplrules_select` for every
/// locale ICU has rules for. Rules are in CLDR's syntax (Unicode TR35, "Language Plural Rules"),
/// as ICU's data spells them: `i = 1 and v = 0`, `n % 10 = 2..4 and n % 100 != 12..14`.
public struct PluralRules: Sendable, Hashable {
    public enum Category: String, Sendable, Hashable, CaseIterable {
        case zero, one, two, few, many, other
    }

    /// A rule that is not CLDR plural syntax, with the category it was written for.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        public var category: String
        public var message: String
        public var description: String { "the plural rule for \"\(category)\": \(message)" }
    }

    private struct Rule: Hashable, Sendable {
        var category: Category
        var condition: Condition
    }

    private let rules: [Rule]

    /// Rules by category name (`"one": "i = 1 and v = 0"`); `other` needs no condition and any
    /// condition given for it is ignored, as CLDR's `other` is what no other rule matches. Samples
    /// after `@` (`@integer 1`) are allowed and ignored.
    public init(_ rules: [String: String]) throws(SyntaxError) {
        var parsed: [Rule] = []
        for (name, text) in rules.sorted(by: { $0.key < $1.key }) {
            guard let category = Category(rawValue: name) else {
                throw SyntaxError(category: name, message: "not a CLDR plural category (zero, one, two, few, many, other)")
            }
            guard category != .other else { continue }
            do {
                parsed.append(Rule(category: category, condition: try Condition(parsing: text)))
            } catch {
                throw SyntaxError(category: name, message: error.message)
            }
        }
        self.rules = parsed
    }

    /// The category of `count`: the one whose rule it matches (CLDR's rules of one language never
    /// overlap), else `other`. A negative count is counted by its absolute value, as CLDR does.
    public func category(for count: Int) -> Category {
        let n = UInt64(count.magnitude)
        return rules.first { $0.condition.matches(n) }?.category ?? .other
    }
}

/// One rule: relations joined by `and`, alternatives by `or`.
private struct Condition: Hashable, Sendable {
    /// `operand (% modulus)? (=|!=) ranges`.
    struct Relation: Hashable, Sendable {
        var operand: Character
        var modulus: UInt64?
        var negated: Bool
        var ranges: [ClosedRange<UInt64>]
    }

    struct ParseError: Error { var message: String }

    /// Alternatives (`or`), each a conjunction (`and`) of relations. No alternative: always true.
    var alternatives: [[Relation]]

    init(parsing text: String) throws(ParseError) {
        let rule = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var tokens = Tokens(rule)
        var alternatives: [[Relation]] = []
        guard !tokens.atEnd else { self.alternatives = []; return }
        repeat {
            var relations: [Relation] = []
            repeat { relations.append(try tokens.relation()) } while tokens.take("and")
            alternatives.append(relations)
        } while tokens.take("or")
        guard tokens.atEnd else { throw ParseError(message: "unexpected \"\(tokens.peek ?? "")\"") }
        self.alternatives = alternatives
    }

    /// Whether the integer `n` matches. Its operands as CLDR defines them for an integer:
    /// n and i are the number, the visible fraction digits (v, w, f, t) and the exponent (e, c) are 0.
    func matches(_ n: UInt64) -> Bool {
        alternatives.isEmpty || alternatives.contains { relations in
            relations.allSatisfy { relation in
                var value: UInt64 = (relation.operand == "n" || relation.operand == "i") ? n : 0
                if let modulus = relation.modulus { value %= modulus }
                return relation.ranges.contains { $0.contains(value) } != relation.negated
            }
        }
    }
}

/// The words and symbols of a rule.
private struct Tokens {
    private var tokens: [Substring]
    private var index = 0

    init(_ text: Substring) {
        // Words, numbers, and the symbols `%`, `=`, `!=`, `,`, `..`, split apart however they are spaced.
        var tokens: [Substring] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == " " || c == "\t" { i = text.index(after: i); continue }
            var j = text.index(after: i)
            if c.isLetter || c.isNumber {
                while j < text.endIndex, text[j].isLetter || text[j].isNumber { j = text.index(after: j) }
            } else if (c == "!" || c == "."), j < text.endIndex, text[j] == (c == "!" ? "=" : ".") {
                j = text.index(after: j)
            }
            tokens.append(text[i..<j])
            i = j
        }
        self.tokens = tokens
    }

    var atEnd: Bool { index == tokens.count }
    var peek: Substring? { atEnd ? nil : tokens[index] }

    mutating func take(_ token: String) -> Bool {
        guard peek == token[...] else { return false }
        index += 1
        return true
    }

    mutating func relation() throws(Condition.ParseError) -> Condition.Relation {
        guard let operand = peek, operand.count == 1, "nivwftce".contains(operand) else {
            throw Condition.ParseError(message: "expected an operand (n, i, v, w, f, t, c, e), found \"\(peek ?? "the end")\"")
        }
        index += 1
        var modulus: UInt64?
        if take("%") || take("mod") {
            modulus = try value()
            guard modulus != 0 else { throw Condition.ParseError(message: "modulus 0") }
        }
        let negated: Bool
        if take("=") { negated = false } else if take("!=") { negated = true } else {
            throw Condition.ParseError(message: "expected = or !=, found \"\(peek ?? "the end")\"")
        }
        var ranges: [ClosedRange<UInt64>] = []
        repeat {
            let low = try value()
            let high = take("..") ? try value() : low
            guard low <= high else { throw Condition.ParseError(message: "the range \(low)..\(high) is empty") }
            ranges.append(low...high)
        } while take(",")
        return Condition.Relation(operand: operand.first!, modulus: modulus, negated: negated, ranges: ranges)
    }

    private mutating func value() throws(Condition.ParseError) -> UInt64 {
        guard let token = peek, let value = UInt64(token) else {
            throw Condition.ParseError(message: "expected a whole number, found \"\(peek ?? "the end")\"")
        }
        index += 1
        return value
    }
}
