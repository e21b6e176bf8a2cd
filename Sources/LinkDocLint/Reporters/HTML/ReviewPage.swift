import Foundation
import LinkDocCore
import LinkDocModel

/// A picture of one string laid out in one of the manifest's views at one text size, for the
/// review page (the review command renders them with the layout core; lint's HTML reporter has none).
public struct ReviewPreview: Sendable {
    public var view: String
    public var size: Double
    public var width: Double
    /// The picture with the link tap areas and the truncation token marked, and without marks (PNG).
    public var marked: [UInt8]
    public var clean: [UInt8]
    /// The lines the copy needs at this size and the most the view allows (0: no limit).
    public var lines: Int
    public var maxLines: Int
    /// Whether every link's tap area is at least the view's minimum; nil when the copy has no link.
    public var tapAreasLargeEnough: Bool?

    public init(view: String, size: Double, width: Double, marked: [UInt8], clean: [UInt8], lines: Int, maxLines: Int,
                tapAreasLargeEnough: Bool?) {
        self.view = view
        self.size = size
        self.width = width
        self.marked = marked
        self.clean = clean
        self.lines = lines
        self.maxLines = maxLines
        self.tapAreasLargeEnough = tapAreasLargeEnough
    }
}

/// A string of the review: the report it is in and its index in that report's `strings`.
public struct ReviewStringID: Hashable, Sendable {
    public var file: Int
    public var string: Int
    public init(file: Int, string: Int) {
        self.file = file
        self.string = string
    }
}

/// The review page: one self-contained HTML file that shows every string as the app shows it,
/// with its findings and previews, for people who do not read terminals.
///
/// Safety: copy can hold anything, `<script>` included, so it never becomes markup. All data goes
/// into one `<script type="application/json">` block (`ReviewData`, with `<`, `>`, `&`, U+2028
/// and U+2029 escaped), and the page's script renders it with `textContent`. The
/// Content-Security-Policy allows no network access, only the page's own script and style (by
/// their SHA-256) and `data:` images.
public struct ReviewPage {
    public let reports: [LintFileReport]
    public let previews: [ReviewStringID: [ReviewPreview]]
    public let language: MessageLanguage
    public let rules: [RuleDescription]

    public init(reports: [LintFileReport], previews: [ReviewStringID: [ReviewPreview]] = [:], language: MessageLanguage,
                rules: [RuleDescription]) {
        self.reports = reports
        self.previews = previews
        self.language = language
        self.rules = rules
    }

    /// The policy for the page's own script and style: nothing else loads or runs.
    static func contentSecurityPolicy(script: String, style: String) -> String {
        func hash(_ text: String) -> String { "'sha256-" + Data(SHA256.digest(Array(text.utf8))).base64EncodedString() + "'" }
        return "default-src 'none'; script-src \(hash(script)); style-src \(hash(style)); img-src data:; "
            + "base-uri 'none'; form-action 'none'"
    }

    public func html() -> [UInt8] {
        let script = ReviewPageScript.source, style = ReviewPageStyle.source
        let title = MessageCatalogue.word(.pageTitle, in: language)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        out += Array("""
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy(script: script, style: style))">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>\(CheckstyleReporter.escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <noscript>\(CheckstyleReporter.escape(MessageCatalogue.word(.needsJavaScript, in: language)))</noscript>
        <script type="application/json" id="review-data">
        """.utf8)
        out += ReviewData(page: self).json()
        out += Array("</script>\n<script>\(script)</script>\n</body>\n</html>\n".utf8)
        return out
    }
}

/// `lint --reporter html`: the review page without previews, for CI artifacts.
public struct HTMLReporter: LintReporter {
    public var isReadByPeople: Bool { true }
    public static let name = "html"
    public init() {}

    public var needsStrings: Bool { true }

    public func render(_ files: [LintFileReport], rules: [RuleDescription]) -> String {
        render(files, rules: rules, language: .english)
    }

    public func render(_ files: [LintFileReport], rules: [RuleDescription], language: MessageLanguage) -> String {
        String(decoding: ReviewPage(reports: files, language: language, rules: rules).html(), as: UTF8.self)
    }
}
