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
    /// The paragraphs' base direction (NSParagraphStyle.baseWritingDirection): `natural` takes
    /// each paragraph's from its first strong character (UAX #9 rules P2 and P3).
    public var baseDirection: BaseDirection = .natural
    /// NSParagraphStyle.lineBreakStrategy; nil takes the profile's default (UILabel `.standard`,
    /// UITextView none).
    public var lineBreakStrategy: LineBreakStrategy?
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
    public var resolvedLineBreakStrategy: LineBreakStrategy { lineBreakStrategy ?? profile.defaultLineBreakStrategy }
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

/// NSTextAlignment. `natural` is left in a left-to-right paragraph and right in a right-to-left
/// one; `justified` is not offered yet rather than silently drawn as natural.
public enum Alignment: String, Sendable, CaseIterable {
    case natural, left, center, right
}

/// NSWritingDirection for a paragraph's base direction.
public enum BaseDirection: String, Sendable, CaseIterable {
    /// From the paragraph's first strong character, left to right when it has none.
    case natural
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// NSParagraphStyle.LineBreakStrategy: rules on top of the break opportunities (Grammar/layout.md,
/// "Line-break strategies").
public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// "The text system pushes out individual lines to avoid an orphan word on the last line of the paragraph."
    public static let pushOut = LineBreakStrategy(rawValue: 1)
    /// "The text system prohibits breaking between Hangul characters."
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 2)
    /// UILabel's default, "the same configuration of line-break strategies that it uses for standard
    /// UI labels": every strategy bit (NSLineBreakStrategyStandard is 0xFFFF).
    public static let standard: LineBreakStrategy = [.pushOut, .hangulWordPriority]
    public static let none: LineBreakStrategy = []

    /// "standard", "none", or a comma list of "push-out" and "hangul-word-priority": the spelling
    /// of the command line and the manifest.
    public init?(name: String) {
        switch name {
        case "standard": self = .standard
        case "none": self = .none
        default:
            var strategy = LineBreakStrategy.none
            for part in name.split(separator: ",", omittingEmptySubsequences: false) {
                switch part {
                case "push-out": strategy.insert(.pushOut)
                case "hangul-word-priority": strategy.insert(.hangulWordPriority)
                default: return nil
                }
            }
            self = strategy
        }
    }
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

    /// UILabel.lineBreakStrategy defaults to `.standard`; NSParagraphStyle's (a text view's) to none.
    var defaultLineBreakStrategy: LineBreakStrategy { kind == .label ? .standard : .none }
    var defaultInsets: EdgeInsets { kind == .textView ? EdgeInsets(top: 8, left: 0, bottom: 8, right: 0) : .zero }
    var defaultLineFragmentPadding: Double { kind == .textView ? 5 : 0 }
}

/// The ranges every number a layout takes must lie in (Grammar/layout.md, "Bounds"): far wider
/// than any real view, and narrow enough that no sum can overflow to infinity and no picture can
/// outgrow memory. Lengths are points.
public enum LayoutBounds {
    /// Widths, insets, padding, spacings and line heights.
    public static let length: ClosedRange<Double> = 0...100_000
    /// The font size (more than 0).
    public static let size: ClosedRange<Double> = 0...10_000
    public static let lineHeightMultiple: ClosedRange<Double> = 0...1_000
    /// The hit tolerance.
    public static let tolerance: ClosedRange<Double> = 0...10_000
    /// A hit point's coordinates.
    public static let coordinate: ClosedRange<Double> = -1e9...1e9
    public static let maximumLines: ClosedRange<Int> = 0...100_000_000
    /// A preview picture's pixels on each side, and in all (4 bytes each: 256 MiB at most).
    public static let pictureSide = 16_384, picturePixels = 64 << 20
}

/// A number outside its bounds (LayoutBounds), named as the request names it.
public struct LayoutInputError: Error, CustomStringConvertible, Sendable {
    /// The input's name: "width", "size", "lineSpacing", …
    public var name: String
    public var message: String
    public var description: String { "\(name) \(message)" }

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// Throws unless `value` is a finite number in `range` (and more than 0 when `positive`).
    public static func check(_ value: Double, _ name: String, in range: ClosedRange<Double>, positive: Bool = false) throws(LayoutInputError) {
        guard value.isFinite, range.contains(value), !positive || value > 0 else {
            let lower = positive ? "more than \(format(range.lowerBound))" : format(range.lowerBound)
            throw LayoutInputError(name: name, message: "\(format(value)) is not a number from \(lower) to \(format(range.upperBound))")
        }
    }

    static func format(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}

extension LayoutRequest {
    /// Throws unless every number of the request is finite and within LayoutBounds, and the
    /// width leaves room for text once the insets and the padding are taken off.
    public func validate() throws(LayoutInputError) {
        let length = LayoutBounds.length
        try LayoutInputError.check(width, "width", in: length, positive: true)
        try LayoutInputError.check(size, "size", in: LayoutBounds.size, positive: true)
        try LayoutInputError.check(lineSpacing, "lineSpacing", in: length)
        try LayoutInputError.check(paragraphSpacing, "paragraphSpacing", in: length)
        try LayoutInputError.check(lineHeightMultiple, "lineHeightMultiple", in: LayoutBounds.lineHeightMultiple)
        try LayoutInputError.check(minimumLineHeight, "minimumLineHeight", in: length)
        try LayoutInputError.check(maximumLineHeight, "maximumLineHeight", in: length)
        let insets = resolvedInsets
        for (value, side) in [(insets.top, "top"), (insets.left, "left"), (insets.bottom, "bottom"), (insets.right, "right")] {
            try LayoutInputError.check(value, "insets.\(side)", in: length)
        }
        try LayoutInputError.check(resolvedPadding, "lineFragmentPadding", in: length)
        try LayoutInputError.check(profile.heightRoundingScale, "heightRoundingScale", in: 0...16)
        guard LayoutBounds.maximumLines.contains(maximumLines) else {
            throw LayoutInputError(name: "maximumLines", message: "\(maximumLines) is not a whole number from 0 to \(LayoutBounds.maximumLines.upperBound)")
        }
        guard usableWidth > 0 else {
            throw LayoutInputError(name: "width", message: "\(LayoutInputError.format(width)) leaves no room for text once the insets and the padding are taken off")
        }
    }
}
