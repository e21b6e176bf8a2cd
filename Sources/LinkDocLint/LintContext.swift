import LinkDocCore
import LinkDocModel

/// Everything a rule may look at for one document: the source as read, the
/// compiled document with each link's source range, and the manifest.
public struct LintContext: Sendable {
    public let source: SourceText
    public let result: CompileResult
    public let manifest: Manifest
    /// The BCP 47 language of the text when known (localization files know it: `de`, `zh-Hans`,
    /// `und` for a base table), for rules whose conventions depend on it; nil for copy files.
    public let language: String?
    /// The model, built once here: rules read it many times, and `CompileResult`
    /// builds it on each read.
    public let document: Document
    /// The file's name as given to the linter, and the key of the string when it comes from a
    /// localization file: what view profiles bind copy by (fits-lines).
    public let file: String
    public let key: String?

    public init(source: SourceText, result: CompileResult, manifest: Manifest, language: String? = nil,
                file: String = "", key: String? = nil) {
        self.source = source
        self.result = result
        self.manifest = manifest
        self.language = language
        self.file = file
        self.key = key
        document = result.document ?? .empty
    }
    public var bytes: [UInt8] { source.bytes }

    /// Links with the source range each was written in.
    public var linksWithSources: [(link: Link, source: Range<Int>)] {
        Array(zip(document.links, result.linkSources))
    }

    /// Whether a byte offset lies inside the source of a link (markup included);
    /// text rules leave links alone, since changing them would change targets.
    public func isInsideLink(_ offset: Int) -> Bool {
        let sources = result.linkSources
        var lo = 0, hi = sources.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sources[mid].upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < sources.count && sources[lo].contains(offset)
    }

    public func finding(_ rule: RuleID, _ message: String, at offset: Int, fix: [TextEdit]? = nil) -> LintFinding {
        LintFinding(ruleID: rule, message: message, offset: offset, fix: fix)
    }
}

/// Walks the scalars of UTF-8 text with their byte offsets.
struct ScalarWalker: Sequence {
    let bytes: [UInt8]

    func makeIterator() -> AnyIterator<(offset: Int, scalar: Unicode.Scalar, length: Int)> {
        var i = 0
        let bytes = self.bytes
        return AnyIterator {
            guard i < bytes.count else { return nil }
            let b0 = bytes[i]
            let length = b0 < 0x80 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
            var value = UInt32(b0)
            switch length {
            case 2: value = (value & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
            case 3: value = (value & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            case 4: value = (value & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
            default: break
            }
            defer { i += length }
            return (i, Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }
    }
}

enum Script {
    /// Han ideographs, kana and Hangul: the letters of CJK text.
    static func isCJKLetter(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x20000...0x323AF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0x3040...0x30FF).contains(v) || (0xAC00...0xD7AF).contains(v)
    }

    static func isLatinLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
        s.isASCII && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s))
    }

    static func isEmoji(_ s: Unicode.Scalar) -> Bool { s.properties.isEmojiPresentation || (s.properties.isEmoji && s.value > 0xFF) }
}
