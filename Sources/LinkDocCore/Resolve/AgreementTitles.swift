@_spi(Bytes) import LinkDocBase
import Foundation  // trimmingCharacters, memcmp

/// What a 《title》 that the manifest does not know reads as: the one definition that `compile`,
/// `lint` and the build plugin share (Grammar/spec.md, "Agreements").
///
/// Chinese copy puts books, songs, films, games, laws and UI labels in 《》 as well (《红楼梦》,
/// 《中华人民共和国个人信息保护法》, 是否将《%s》放入书架？): those are titles, not agreements that
/// the manifest is missing, and warning about them buries the warnings that matter.
public enum UnknownTitle: Equatable, Sendable {
    /// `《%s》`, `《 %1$s 》`, `《%@》`, `《{0}》`: the app fills in a title at run time.
    case placeholder
    /// A book, song, film, law, … title: no agreement, no warning.
    case otherTitle
    /// A title that reads as an agreement (…协议, …政策, Terms of …) or is near one the manifest
    /// knows; `near` is that manifest title when there is one.
    case agreement(near: String?)
}

/// The manifest's view of agreement titles: its titles and the words that make a title read as an
/// agreement. Made once per compiler (`CompilerContext`).
public struct AgreementTitles: Sendable {
    /// Title endings that make a 《》 title an agreement, in simplified and traditional forms.
    public static let agreementWords = [
        "协议", "協議", "政策", "条款", "條款", "规则", "規則", "声明", "聲明", "须知", "須知", "指引", "清单", "清單",
        "协定", "協定", "守则", "守則", "公约", "公約", "规范", "規範", "细则", "細則", "告知书", "告知書", "同意书", "同意書",
        "授权书", "授權書", "承诺书", "承諾書",
    ]
    /// What may follow an agreement word in an agreement's title: its summary, short form, annex.
    static let qualifiers = ["摘要", "概要", "简版", "簡版", "附件", "（简版）", "(简版)"]
    /// Words that make a Latin title an agreement wherever they stand (Terms of Service).
    static let latinAgreementWords: Set<String> = ["terms", "policy", "agreement", "eula", "conditions", "notice"]
    /// When the manifest knows at most this many titles, a warning without a near title names them all.
    static let titlesNamedInFull = 4

    /// The manifest's titles, sorted.
    public let known: [String]
    private let ignored: Set<String>
    private let words: [String]

    public init(_ manifest: Manifest) {
        known = manifest.agreements.keys.sorted()
        ignored = Set(manifest.options.ignoredTitles)
        // The endings of the manifest's own titles (《会员服务说明》 → 说明) make other titles that end
        // the same way agreements too.
        words = Self.agreementWords + manifest.options.agreementWords + known.compactMap(Self.ending)
    }

    /// What `title` (between the brackets, not known to the manifest) reads as.
    public func classify(_ title: String) -> UnknownTitle {
        if Self.isPlaceholder(title) { return .placeholder }
        if ignored.contains(title) { return .otherTitle }
        if let near = nearTitle(to: title) { return .agreement(near: near) }
        return readsAsAgreement(title) ? .agreement(near: nil) : .otherTitle
    }

    /// The warning's message for an unknown title that reads as an agreement.
    public func unknownTitleMessage(_ title: String, near: String?) -> String {
        let head = "unknown agreement 《\(title)》"
        let tail = "the manifest has no agreement with this title, so it stays text"
        if let near { return "\(head): did you mean 《\(near)》? \(tail.prefix(1).uppercased() + tail.dropFirst())" }
        guard !known.isEmpty, known.count <= Self.titlesNamedInFull else { return "\(head): \(tail)" }
        let names = known.map { "《\($0)》" }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "\(head): \(tail) (it knows \(list))"
    }

    func readsAsAgreement(_ title: String) -> Bool {
        let trimmed = Self.trimmed(title)
        // 《隐私政策摘要》, 《用户协议（简版）》: an agreement's summary or short form is one too.
        let base = Self.qualifiers.reduce(trimmed) { title, qualifier in
            title.hasSuffix(qualifier) ? String(title.dropLast(qualifier.count)).trimmingCharacters(in: CharacterSet(charactersIn: " （）()")) : title
        }
        if words.contains(where: { base.hasSuffix($0) }) { return true }
        return trimmed.lowercased().split { !$0.isLetter }.contains { Self.latinAgreementWords.contains(String($0)) }
    }

    /// The manifest title that `title` most likely means: a typo of it (《用户协意》), the same subject
    /// with another agreement word (《隐私协议》 for 《隐私政策》), or one with a word left out or added
    /// (《用户协议》 for 《用户服务协议》).
    func nearTitle(to title: String) -> String? {
        guard !known.isEmpty else { return nil }
        if let typo = Spelling.closest(to: title, among: known) { return typo }
        let subject = Self.subject(of: title, words: words)
        if let subject, !subject.isEmpty,
           let same = known.first(where: { Self.subject(of: $0, words: words) == subject }) {
            return same
        }
        // A word of one or two characters left out or added, with the agreement word kept.
        let scalars = Array(title.unicodeScalars)
        guard scalars.count >= 3, subject != nil else { return nil }
        return known.first { candidate in
            let other = Array(candidate.unicodeScalars)
            guard abs(other.count - scalars.count) <= 2, other.count != scalars.count,
                  Self.subject(of: candidate, words: words) != nil else { return false }
            let (short, long) = other.count < scalars.count ? (other, scalars) : (scalars, other)
            return Self.isSubsequence(short, of: long) && short.first == long.first && short.last == long.last
        }
    }

    /// The title without its agreement word (《隐私政策》 → 隐私), nil when it ends in none.
    private static func subject(of title: String, words: [String]) -> String? {
        let trimmed = Self.trimmed(title)
        guard let word = words.filter({ trimmed.hasSuffix($0) }).max(by: { $0.count < $1.count }) else { return nil }
        return String(trimmed.dropLast(word.count))
    }

    /// Without ASCII and ideographic spaces at either end.
    private static func trimmed(_ title: String) -> String {
        title.trimmingCharacters(in: CharacterSet(charactersIn: " \u{3000}"))
    }

    private static func isSubsequence(_ short: [Unicode.Scalar], of long: [Unicode.Scalar]) -> Bool {
        var i = 0
        for c in long where i < short.count && short[i] == c { i += 1 }
        return i == short.count
    }

    /// The last two characters of a CJK manifest title (《会员服务说明》 → 说明).
    private static func ending(of title: String) -> String? {
        guard title.count >= 3, let last = title.unicodeScalars.last, CJKLetters.isLetter(last.value) else { return nil }
        return String(title.suffix(2))
    }

    /// Whether the words around a 《title》 (its source range in `text`) say that it names the document
    /// it is in or another party's, not one the app should link: `本《隐私政策》` ("this privacy policy",
    /// in the policy itself), `《…协议》（以下简称“本协议”）`, `第三方的《用户协议》`, `该页面的《隐私政策》`, and
    /// a national standard cited with its number (`《信息安全技术个人信息安全规范》（GB/T 35273）`).
    public static func namesAnotherDocument(in text: UnsafeBufferPointer<UInt8>, at title: Range<Int>) -> Bool {
        func matches(_ word: [UInt8], at i: Int) -> Bool {
            i >= 0 && i + word.count <= text.count && text[i] == word[0] && memcmp(text.baseAddress! + i, word, word.count) == 0
        }
        if matches(this, at: title.lowerBound - this.count) { return true }
        // Another party's, at most two characters before: 第三方的《…》, 该第三方页面《…》, 该页面的《…》.
        for word in otherParties {
            for between in 0...2 where matches(word, at: title.lowerBound - word.count - 3 * between) { return true }
        }
        return hereafterOrStandard.contains { matches($0, at: title.upperBound) }
    }

    private static let this = Array("本".utf8)
    private static let otherParties = ["第三方", "该页面", "对方"].map { Array($0.utf8) }
    private static let hereafterOrStandard = ["（以下简称", "(以下简称", "（以下稱", "（GB", "(GB", "（ GB"].map { Array($0.utf8) }

    /// Whether the bytes between two titles join them into one list: 和, 及, 与 or 、 (or nothing).
    public static func joinsTitles(_ between: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        between.isEmpty || conjunctions.contains { $0.elementsEqual(between) }
    }

    private static let conjunctions = ["和", "及", "与", "、", "以及"].map { Array($0.utf8) }

    /// Whether a title is only a format placeholder (`FormatPlaceholder`).
    public static func isPlaceholder(_ title: String) -> Bool { FormatPlaceholder.isWhole(Array(title.utf8)) }
}
