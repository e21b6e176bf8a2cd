/// The fonts a request draws with: the regular face, the face for bold runs, and the fallbacks
/// tried in order for a character the run's own face lacks (emoji, rare Han, symbols).
public struct FontSet: Sendable {
    public var regular: any LayoutFont
    public var bold: (any LayoutFont)?
    public var fallbacks: [any LayoutFont]

    public init(regular: any LayoutFont, bold: (any LayoutFont)? = nil, fallbacks: [any LayoutFont] = []) {
        self.regular = regular
        self.bold = bold
        self.fallbacks = fallbacks
    }

    /// The fonts of Debian's packages: Noto Sans CJK SC regular and bold (fonts-noto-cjk), and
    /// Noto Color Emoji (fonts-noto-color-emoji) and DejaVu Sans (fonts-dejavu-core) as fallbacks
    /// when installed. Throws when the regular face is missing.
    public static func debianDefault() throws -> FontSet {
        let regular = try OpenTypeFont(.notoSansCJKSC)
        return FontSet(regular: regular, bold: try? OpenTypeFont(.notoSansCJKSCBold),
                       fallbacks: [FontFile.notoColorEmoji, .dejaVuSans].compactMap { try? OpenTypeFont($0) })
    }

    /// Every font in the set, numbered as `FontChooser` numbers them: the regular face, the bold
    /// face when there is one, then the fallbacks.
    var all: [any LayoutFont] { [regular] + (bold.map { [$0] } ?? []) + fallbacks }
}

/// Picks the font of each grapheme cluster (Grammar/layout.md, "Fonts"), over a font set's faces
/// as `FontSet.all` numbers them.
struct FontChooser {
    let fonts: [any LayoutFont]
    private let hasBold: Bool
    private let firstFallback: Int

    init(_ set: FontSet) {
        fonts = set.all
        hasBold = set.bold != nil
        firstFallback = hasBold ? 2 : 1
    }

    /// The font for a grapheme cluster: the first of the run's face (bold or regular) and the
    /// fallbacks that has a glyph for every visible scalar of the cluster; among those, a colour
    /// font first when the cluster asks for emoji presentation (U+FE0F) and a font without colour
    /// first when it asks for text presentation (U+FE0E). With none, the run's face (its .notdef
    /// box shows what is missing).
    func choice(for scalars: [Unicode.Scalar], bold wantsBold: Bool) -> Int {
        let own = wantsBold && hasBold ? 1 : 0
        func covers(_ k: Int) -> Bool {
            scalars.allSatisfy {
                $0.isPlainVisible ? fonts[k].hasGlyph(for: $0)
                    : $0.properties.isDefaultIgnorableCodePoint || $0.properties.isVariationSelector || fonts[k].hasGlyph(for: $0)
            }
        }
        func first(where accept: (Int) -> Bool) -> Int? {
            if accept(own) { return own }
            for k in firstFallback..<fonts.count where accept(k) { return k }
            return nil
        }
        if scalars.count > 1 {
            if scalars.contains("\u{FE0F}"), let k = first(where: { fonts[$0].hasColorGlyphs && covers($0) }) { return k }
            if scalars.contains("\u{FE0E}"), let k = first(where: { !fonts[$0].hasColorGlyphs && covers($0) }) { return k }
        }
        return first(where: covers) ?? own
    }
}
