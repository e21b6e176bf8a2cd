internal import CLinkDocICU

/// ICU's CLDR cardinal plural rules, which `linkdoc compile` writes into a bundle for each
/// language with plural variations (`pluralRules`), so that the app's LinkDocModel, which has no
/// ICU to ask, selects the variation for a count (`LinkDocModel.PluralRules`).
public enum CLDRPluralRules {
    /// Category → rule (`"one": "i = 1 and v = 0"`, `"other": ""`) without CLDR's samples, for a
    /// BCP 47 tag (`zh-Hans` gets `zh`'s rules, as ICU finds them); nil when ICU has no rules for
    /// the language (`Base`, `und`), which then selects `other` for every count, as ICU does.
    public static func rules(forLanguage tag: String) -> [String: String]? {
        guard let text = callICU({ linkdoc_plural_rules(tag, $0, $1) }), !text.isEmpty else { return nil }
        var rules: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let rule = parts[1].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
            rules[String(parts[0])] = rule.trimmingSpaces
        }
        return rules
    }

    /// The locales ICU's plural data names (`af`, `pt_PT`, …), for the tests that compare
    /// LinkDocModel's evaluation with ICU's.
    static func locales() -> [String] {
        (callICU { linkdoc_plural_locales($0, $1) } ?? "").split(separator: "\n").map(String.init)
    }

    /// The category ICU selects for `number` in `tag`'s rules, for the same tests.
    static func select(_ number: Double, language tag: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBufferPointer { linkdoc_plural_select(tag, number, $0.baseAddress, 32) }
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Text from one of the shim's calls that return a length, or minus the length needed.
    private static func callICU(_ call: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> String? {
        var capacity: Int32 = 4096
        while true {
            var buffer = [CChar](repeating: 0, count: Int(capacity))
            let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, capacity) }
            if length == Int32.min { return nil }
            if length < 0 { capacity = -length; continue }
            return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
