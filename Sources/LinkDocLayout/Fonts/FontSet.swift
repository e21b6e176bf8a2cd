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

    /// Every font in the set, numbered as `FontChoice` numbers them.
    var all: [any LayoutFont] { [regular] + (bold.map { [$0] } ?? []) + fallbacks }

    /// The font for a grapheme cluster: the run's face (bold or regular) when it has a glyph for
    /// every visible scalar of the cluster, else the first fallback that has them, else the run's
    /// face (whose .notdef box then shows what is missing).
    func choice(for scalars: some Sequence<Unicode.Scalar>, bold wantsBold: Bool) -> Int {
        let visible = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint && !$0.properties.isVariationSelector }
        let own = wantsBold && bold != nil ? 1 : 0
        let fonts = all
        if visible.allSatisfy(fonts[own].hasGlyph(for:)) { return own }
        let firstFallback = bold == nil ? 1 : 2
        for k in firstFallback..<fonts.count where visible.allSatisfy(fonts[k].hasGlyph(for:)) { return k }
        return own
    }
}
