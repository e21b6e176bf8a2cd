// Homograph (spoofed host) detection through ICU's uspoof checker.
//
// Each label of the host is converted back to Unicode (punycode labels via ICU ToUnicode) and
// checked two ways:
// - USPOOF_RESTRICTION_LEVEL at MODERATELY_RESTRICTIVE plus USPOOF_MIXED_NUMBERS: a label may use
//   one script, or Latin with one other script except Cyrillic, Greek and Cherokee (the ones that
//   look like Latin), or the Han+Kana / Han+Hangul / Han+Bopomofo combinations. So "аpple"
//   (Cyrillic а + Latin) fails, while "例子", "bücher" and "日本語" pass.
// - whole-script lookalikes: a label in one other script whose every letter looks like a Latin one
//   (all-Cyrillic "аррӏе" for "apple"), by ICU's confusable skeletons (UTS #39). As in Chrome's IDN
//   policy, a host under a top-level domain of a country that writes that script (.ru, .рф, .gr, …)
//   may be one: there such a label is a word of the language.
// The script data is ICU's; this file holds no tables but that list of domains.

internal import CLinkDocICU

/// How a host looks like another one.
public enum HostSpoof: Equatable, Sendable {
    /// A label mixes scripts the way homograph attacks do (`аpple` with a Cyrillic а).
    case mixedScripts
    /// A label is written entirely in another script's letters that look like Latin ones (`аррӏе`).
    case wholeScriptLookalike
}

/// Top-level domains of countries that write Cyrillic or Greek, where a label in that script is a
/// word of the language, not a disguise (Chrome's IDN policy allows these the same way).
private let cyrillicAndGreekTopLevelDomains: Set<String> = [
    "ru", "su", "ua", "by", "kz", "bg", "mk", "rs", "mn", "kg", "tj", "uz", "me", "ba", "gr", "cy",
]

/// Whether some label of the (ASCII or Unicode) host mixes scripts the way homograph attacks do,
/// or is a whole-script lookalike of a Latin label. IP addresses and all-ASCII labels (Latin only)
/// are never flagged.
public func hostSpoof(_ host: String) -> HostSpoof? {
    // An ASCII host without a punycode label is Latin only: nothing to ask ICU.
    if host.utf8.allSatisfy({ $0 < 0x80 }) && !containsPunycodeLabel(host) { return nil }
    let unicode = domainToUnicodeBytes(Array(host.utf8))
    let labels = unicode.split(separator: 0x2E, omittingEmptySubsequences: false)
    // Under a country's own non-ASCII or Cyrillic/Greek top-level domain, its script is at home.
    let tld = labels.last.map { String(decoding: $0, as: UTF8.self).lowercased() } ?? ""
    let lookalikesAtHome = tld.utf8.contains { $0 >= 0x80 } || cyrillicAndGreekTopLevelDomains.contains(tld)
    var lookalike = false
    for label in labels where label.contains(where: { $0 >= 0x80 }) {
        let bytes = Array(label)
        let suspicious = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { linkdoc_label_is_suspicious($0.baseAddress, Int32($0.count)) }
        }
        if suspicious == 1 { return .mixedScripts }
        if !lookalikesAtHome && !lookalike {
            var skeleton = [CChar](repeating: 0, count: 4 * bytes.count + 16)
            var length: Int32 = 0
            let result = bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) {
                    linkdoc_label_latin_lookalike($0.baseAddress, Int32($0.count), &skeleton, Int32(skeleton.count), &length)
                }
            }
            lookalike = result == 1
        }
    }
    return lookalike ? .wholeScriptLookalike : nil
}

/// Whether some label starts with "xn--" (any case), looking at bytes only.
private func containsPunycodeLabel(_ host: String) -> Bool {
    let bytes = Array(host.utf8)
    var labelStart = 0
    for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x2E {
        if i - labelStart >= 4 && bytes[labelStart] | 0x20 == 0x78 && bytes[labelStart + 1] | 0x20 == 0x6E
            && bytes[labelStart + 2] == 0x2D && bytes[labelStart + 3] == 0x2D {
            return true
        }
        labelStart = i + 1
    }
    return false
}
