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

enum Script {
    static func isLatinLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
        s.isASCII && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s))
    }

    static func isEmoji(_ s: Unicode.Scalar) -> Bool { s.properties.isEmojiPresentation || (s.properties.isEmoji && s.value > 0xFF) }
}
