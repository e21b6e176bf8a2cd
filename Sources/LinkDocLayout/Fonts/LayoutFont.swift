/// A font the layout engine can measure and shape with, at any size.
///
/// A protocol so that the engine does not depend on one font stack: `OpenTypeFont` reads font
/// files through FreeType and shapes with HarfBuzz (Linux, and anywhere the two libraries are); a
/// CoreText backend can conform on Apple platforms. Implementations are immutable and may be
/// used from several threads at once.
public protocol LayoutFont: AnyObject, Sendable {
    /// A human-readable name (family and style, and the file it came from) for messages.
    var name: String { get }
    /// The font's vertical metrics at `size` points.
    func lineMetrics(size: Double) -> LineMetrics
    /// Whether the font maps `scalar` to a glyph of its own (not .notdef).
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool
    /// Whether the font draws in colour (emoji): U+FE0F asks for such a font, U+FE0E for another.
    var hasColorGlyphs: Bool { get }
    /// Shapes `text[range]` as one run in `script` and `language` (BCP 47, which picks localized
    /// forms: "zh-Hans" gives Chinese full-width punctuation) at `size` points, right to left when
    /// `rightToLeft` (mirrored brackets, joined Arabic letters). The text around `range` is context
    /// only (for contextual forms); the glyphs come in visual order, left to right, and their
    /// clusters are UTF-16 offsets into `text` (descending in a right-to-left run).
    func shape(_ text: [UInt16], range: Range<Int>, script: ScriptCode, language: String, size: Double, rightToLeft: Bool) -> [ShapedGlyph]
}

/// A font's vertical metrics in points, as TextKit reads them (`UIFont.ascender`, `descender`,
/// `leading`; the descent is positive here, below the baseline).
public struct LineMetrics: Hashable, Sendable {
    public var ascent: Double
    public var descent: Double
    public var leading: Double

    public init(ascent: Double, descent: Double, leading: Double) {
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
    }

    /// The larger of each metric: a line's metrics are those of everything on it.
    func union(_ other: LineMetrics) -> LineMetrics {
        LineMetrics(ascent: max(ascent, other.ascent), descent: max(descent, other.descent), leading: max(leading, other.leading))
    }
}

/// One glyph as shaped: where it belongs in the text and how far it moves the pen, in points.
public struct ShapedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    /// The UTF-16 offset of the first code unit of the glyph's cluster.
    public var cluster: Int
    public var advance: Double
    public var xOffset: Double
    public var yOffset: Double
    /// The shaper says that breaking the line before this glyph's cluster would change the shapes
    /// or positions around the break (kerning, ligatures), so the pieces must be shaped again.
    public var unsafeToBreak: Bool

    public init(glyph: UInt32, cluster: Int, advance: Double, xOffset: Double = 0, yOffset: Double = 0, unsafeToBreak: Bool = false) {
        self.glyph = glyph
        self.cluster = cluster
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.unsafeToBreak = unsafeToBreak
    }
}

/// An ISO 15924 script as a four-letter tag packed big-endian (`Hani`, `Latn`, `Zyyy`), the form
/// HarfBuzz and OpenType use.
public struct ScriptCode: Hashable, Sendable {
    public var tag: UInt32
    public init(tag: UInt32) { self.tag = tag }

    public static let common = ScriptCode("Zyyy")
    public static let inherited = ScriptCode("Zinh")
    public static let unknown = ScriptCode("Zzzz")

    public init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 4)
        let b = name.utf8Start
        tag = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
    }

    /// Common and inherited characters (punctuation, spaces, digits, marks) take the script
    /// of the text around them.
    var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }
}
