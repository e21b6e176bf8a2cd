/// Language tags as BCP 47 spells them, from the ways language folders and lookups spell them.
///
/// Apple's folders are named `zh_CN.lproj`, `zh-Hans.lproj` or, in projects from before
/// Mac OS X 10.4, `English.lproj`; Android's are `values-in` (Indonesian), `values-iw`
/// (Hebrew) and `values-ji` (Yiddish), the ISO 639 codes Java's `Locale` still gives. A bundle
/// keys its strings by the BCP 47 tag (`zh-CN`, `en`, `id`, `he`, `yi`), which is what
/// `Locale.preferredLanguages` asks for, so every spelling of one language meets in one key.
public enum LanguageTag {
    /// The BCP 47 spelling of `tag`: `_` becomes `-`, Apple's legacy English language names and
    /// Java's withdrawn ISO 639 codes become today's codes, and each subtag takes its
    /// conventional case (language lower, script title, region upper: `zh-hans-cn` → `zh-Hans-CN`).
    /// Nil when `tag` is not made of 1 to 8 ASCII letters or digits per subtag.
    public static func canonical<S: StringProtocol>(_ tag: S) -> String? {
        if let code = appleLegacyNames[String(tag)] { return code }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard !subtags.isEmpty, subtags.allSatisfy({ (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy(isASCIIAlphanumeric) }),
              subtags[0].utf8.allSatisfy(isASCIILetter) else { return nil }
        var parts: [String] = []
        for (index, subtag) in subtags.enumerated() {
            let lower = String(subtag).lowercased()
            if index == 0 {
                parts.append(withdrawnCodes[lower] ?? lower)
            } else if subtag.utf8.count == 4, subtag.utf8.allSatisfy(isASCIILetter), index == 1 {
                parts.append(lower.prefix(1).uppercased() + lower.dropFirst())  // script: Hans, Latn
            } else if subtag.utf8.count == 2, subtag.utf8.allSatisfy(isASCIILetter) {
                parts.append(lower.uppercased())  // region: CN
            } else {
                parts.append(lower)  // UN M.49 area (419), variant, extension
            }
        }
        return parts.joined(separator: "-")
    }

    /// The tags to try for `tag`, most specific first, as Apple's and Android's lookups fall
    /// back: `zh-Hans-CN` → `zh-Hans-CN`, `zh-CN`, `zh-Hans`, `zh` (the language and region
    /// without the script come before the script alone, so `zh_CN.lproj` answers a request
    /// for `zh-Hans-CN`).
    public static func fallbacks(_ tag: String) -> [String] {
        let canonical = canonical(tag) ?? tag
        var parts = canonical.split(separator: "-").map(String.init)
        var tags: [String] = []
        while !parts.isEmpty {
            tags.append(parts.joined(separator: "-"))
            if parts.count == 3, parts[1].count == 4 {
                tags.append(parts[0] + "-" + parts[2])
            }
            parts.removeLast()
        }
        return tags
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) }

    /// ISO 639 codes withdrawn in 1989, which Java's `Locale` (and so Android's `values-` folders)
    /// still uses.
    private static let withdrawnCodes: [String: String] = ["in": "id", "iw": "he", "ji": "yi"]

    /// The English language names that old `.lproj` folders carry (CoreFoundation reads them the
    /// same way, CFLocaleIdentifier's table of old Apple names).
    private static let appleLegacyNames: [String: String] = [
        "Afrikaans": "af", "Albanian": "sq", "Arabic": "ar", "Armenian": "hy", "Basque": "eu",
        "Belarusian": "be", "Bengali": "bn", "Bulgarian": "bg", "Catalan": "ca", "Chinese": "zh",
        "Croatian": "hr", "Czech": "cs", "Danish": "da", "Dutch": "nl", "English": "en", "Estonian": "et",
        "Farsi": "fa", "Finnish": "fi", "French": "fr", "Georgian": "ka", "German": "de", "Greek": "el",
        "Hebrew": "he", "Hindi": "hi", "Hungarian": "hu", "Icelandic": "is", "Indonesian": "id",
        "Irish": "ga", "Italian": "it", "Japanese": "ja", "Kazakh": "kk", "Khmer": "km", "Korean": "ko",
        "Lao": "lo", "Latvian": "lv", "Lithuanian": "lt", "Macedonian": "mk", "Malay": "ms",
        "Norwegian": "nb", "Persian": "fa", "Polish": "pl", "Portuguese": "pt", "Romanian": "ro",
        "Russian": "ru", "Serbian": "sr", "Slovak": "sk", "Slovenian": "sl", "Spanish": "es",
        "Swedish": "sv", "Tagalog": "fil", "Thai": "th", "Turkish": "tr", "Ukrainian": "uk", "Urdu": "ur",
        "Vietnamese": "vi", "Welsh": "cy",
    ]
}
