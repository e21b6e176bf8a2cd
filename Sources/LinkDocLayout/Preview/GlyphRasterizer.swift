internal import CFreeType

/// Draws glyphs with FreeType from the same font files the layout shaped with: outlines
/// unhinted (the layout's advances are unhinted too), colour-emoji strikes scaled to the size.
final class GlyphRasterizer {
    // FreeType's load flags are C macros Swift does not import.
    private static let loadNoHinting: Int32 = 1 << 1, loadRender: Int32 = 1 << 2, loadColor: Int32 = 1 << 20
    private var library: FT_Library?
    private var faces: [Int: (face: FT_Face, strikeScale: Double?)?] = [:]
    private let fonts: [any LayoutFont]
    private let pixelsPerEm: Double

    init(fonts: [any LayoutFont], pixelsPerEm: Double) {
        self.fonts = fonts
        self.pixelsPerEm = pixelsPerEm
        if FT_Init_FreeType(&library) != 0 { library = nil }
    }

    deinit {
        for case let (face, _)? in faces.values { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Draws glyph `glyph` of font `font` with its origin at pixel (x, y) on the baseline.
    func draw(glyph: UInt32, font: Int, x: Double, y: Double, color: (r: UInt8, g: UInt8, b: UInt8), on image: inout PNGImage) {
        guard let (face, strikeScale) = self.face(font) else { return }
        let flags = Self.loadNoHinting | Self.loadRender | (strikeScale == nil ? 0 : Self.loadColor)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph else { return }
        let bitmap = slot.pointee.bitmap
        guard let buffer = bitmap.buffer, bitmap.width > 0, bitmap.rows > 0 else { return }
        let pitch = Int(bitmap.pitch), left = Double(slot.pointee.bitmap_left), top = Double(slot.pointee.bitmap_top)
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            let x0 = Int((x + left).rounded()), y0 = Int((y - top).rounded())
            for row in 0..<Int(bitmap.rows) {
                for column in 0..<Int(bitmap.width) {
                    let coverage = buffer[row * pitch + column]
                    if coverage > 0 { image.blend(x: x0 + column, y: y0 + row, color, coverage: Double(coverage) / 255) }
                }
            }
        } else if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let s = strikeScale {
            // A fixed-size colour strike: scaled to the size by sampling the nearest source pixel.
            let x0 = x + left * s, y0 = y - top * s
            let w = Int((Double(bitmap.width) * s).rounded(.up)), h = Int((Double(bitmap.rows) * s).rounded(.up))
            for row in 0..<h {
                for column in 0..<w {
                    let sx = min(Int(Double(column) / s), Int(bitmap.width) - 1), sy = min(Int(Double(row) / s), Int(bitmap.rows) - 1)
                    let p = sy * pitch + sx * 4
                    image.composite(x: Int(x0.rounded()) + column, y: Int(y0.rounded()) + row,
                                    premultiplied: buffer[p + 2], buffer[p + 1], buffer[p], alpha: buffer[p + 3])
                }
            }
        }
    }

    /// The FreeType face for a font index, sized (nil when it is not a font file FreeType reads);
    /// `strikeScale` is nil for outlines, or pixels per em over the strike's for a bitmap-only face.
    private func face(_ index: Int) -> (face: FT_Face, strikeScale: Double?)? {
        if let known = faces[index] { return known }
        var result: (face: FT_Face, strikeScale: Double?)? = nil
        if let library, let file = (fonts[index] as? OpenTypeFont)?.file {
            var face: FT_Face?
            if FT_New_Face(library, file.path, FT_Long(file.index), &face) == 0, let face {
                if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
                    FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelsPerEm * 64), 72, 72)
                    result = (face, nil)
                } else if face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0, let sizes = face.pointee.available_sizes {
                    result = (face, pixelsPerEm / (Double(sizes[0].y_ppem) / 64))
                } else {
                    FT_Done_Face(face)
                }
            }
        }
        faces[index] = .some(result)
        return result
    }
}
