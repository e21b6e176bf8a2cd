/// How a view lays out text: everything but the text itself. Sizes are in points.
///
/// The names and meanings follow TextKit (NSParagraphStyle, NSTextContainer, UITextView), so a
/// request can be written from an app's view code; Grammar/layout.md defines each one.
public struct LayoutRequest: Sendable {
    /// The view's width, insets included.
    public var width: Double
    public var fonts: FontSet
    public var size: Double
    /// The text's language (BCP 47). It picks the font's localized forms (Chinese full-width
    /// dashes and quotation marks for "zh-Hans").
    public var language = "zh-Hans"
    /// The ICU locale of the line-breaking rules: "" for ICU's root rules (UAX #14 with ICU's
    /// tailorings, which break between ideographs and keep CJK closing punctuation on its line).
    /// "zh" or "ja" select ICU's locale rules, which also break next to quotation marks ("授予权限”|按钮");
    /// "ja@lb=strict" and the like select the CSS line-break levels.
    public var lineBreakLocale = ""
    /// Space added after every line fragment (NSParagraphStyle.lineSpacing).
    public var lineSpacing: Double = 0
    /// Space added after the last line of a paragraph (NSParagraphStyle.paragraphSpacing).
    public var paragraphSpacing: Double = 0
    /// Whether the font's line gap counts in the line height (NSLayoutManager.usesFontLeading, default true).
    public var usesFontLeading = true
    /// Multiplies the natural line height when positive (NSParagraphStyle.lineHeightMultiple).
    public var lineHeightMultiple: Double = 0
    /// Clamps of the line height when positive (minimumLineHeight, maximumLineHeight).
    public var minimumLineHeight: Double = 0
    public var maximumLineHeight: Double = 0
    public var alignment: Alignment = .natural
    /// UITextView.textContainerInset; nil takes the profile's default.
    public var insets: EdgeInsets?
    /// NSTextContainer.lineFragmentPadding, on each side of every line; nil takes the profile's default.
    public var lineFragmentPadding: Double?
    /// At most this many lines, 0 for no limit (numberOfLines / maximumNumberOfLines).
    public var maximumLines: Int = 0
    /// What ends a truncated last line, for example "…展开" opening `expand`.
    public var truncationToken: TruncationToken = TruncationToken(text: "…")
    public var profile: ViewProfile = .textView

    public init(width: Double, fonts: FontSet, size: Double) {
        self.width = width
        self.fonts = fonts
        self.size = size
    }

    public var resolvedInsets: EdgeInsets { insets ?? profile.defaultInsets }
    public var resolvedPadding: Double { lineFragmentPadding ?? profile.defaultLineFragmentPadding }
    /// The width lines are filled to: the view's width less the insets and the padding on both sides.
    public var usableWidth: Double { width - resolvedInsets.left - resolvedInsets.right - 2 * resolvedPadding }
}

public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// NSTextAlignment. `natural` is left for the left-to-right text this phase lays out;
/// `justified` is not offered yet rather than silently drawn as left.
public enum Alignment: String, Sendable, CaseIterable {
    case natural, left, center, right
}

public struct TruncationToken: Hashable, Sendable {
    public var text: String
    /// What a tap on the token does (an action name such as "expand"), nil when it is not tappable.
    public var action: String?
    public init(text: String, action: String? = nil) {
        self.text = text
        self.action = action
    }
}

/// The view whose behaviour to reproduce, and the switches where TextKit's behaviour is not
/// pinned down by its documentation (Grammar/layout.md, "Profile switches").
public struct ViewProfile: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// UITextView: textContainerInset (8, 0, 8, 0), lineFragmentPadding 5.
        case textView = "UITextView"
        /// UILabel: no inset, no padding.
        case label = "UILabel"
    }
    public var kind: Kind
    /// Whether the last line fragment of the text also carries lineSpacing below it.
    public var lineSpacingAfterLastLine: Bool
    /// Whether the last paragraph also carries paragraphSpacing below it.
    public var paragraphSpacingAfterLastParagraph: Bool
    /// Whether a line feed that ends the text starts one more, empty line (NSLayoutManager's
    /// extra line fragment, which a text view shows for the caret).
    public var extraLineAfterFinalLineFeed: Bool
    /// Rounds the total height up to whole device pixels at this scale (2 or 3), 0 for no rounding.
    public var heightRoundingScale: Double

    public init(kind: Kind, lineSpacingAfterLastLine: Bool = false, paragraphSpacingAfterLastParagraph: Bool = false,
                extraLineAfterFinalLineFeed: Bool? = nil, heightRoundingScale: Double = 0) {
        self.kind = kind
        self.extraLineAfterFinalLineFeed = extraLineAfterFinalLineFeed ?? (kind == .textView)
        self.lineSpacingAfterLastLine = lineSpacingAfterLastLine
        self.paragraphSpacingAfterLastParagraph = paragraphSpacingAfterLastParagraph
        self.heightRoundingScale = heightRoundingScale
    }

    public static let textView = ViewProfile(kind: .textView)
    public static let label = ViewProfile(kind: .label)

    var defaultInsets: EdgeInsets { kind == .textView ? EdgeInsets(top: 8, left: 0, bottom: 8, right: 0) : .zero }
    var defaultLineFragmentPadding: Double { kind == .textView ? 5 : 0 }
}
