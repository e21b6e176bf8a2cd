internal import CFreeType
internal import CHarfBuzz

/// A font file read by FreeType (the face, its names and hhea vertical metrics, as CoreText reads them) and shaped by
/// HarfBuzz (glyphs, advances, kerning, and where breaking is unsafe).
///
/// HarfBuzz works in font units here (its scale is the units per em), and advances are scaled to
/// points in Double: no 26.6 rounding, so widths are exact and the same on every machine.
public final class OpenTypeFont: LayoutFont, @unchecked Sendable {
    // @unchecked: the HarfBuzz font is made immutable after creation, and hb_shape may then be
    // called on it from several threads; nothing else here changes after init.
    public let file: FontFile
    public let name: String
    public let hasColorGlyphs: Bool
    private let unitsPerEm: Double
    /// hhea ascender, descender (positive) and line gap, in font units, as FreeType reports them.
    private let ascender: Double, descender: Double, lineGap: Double
    private let font: OpaquePointer

    public init(_ file: FontFile) throws {
        self.file = file
        // FreeType reads the upper bits of a face index as a named instance, HarfBuzz takes 32 bits.
        guard (0...FontFile.maximumIndex).contains(file.index) else {
            throw FontError(file: file, reason: "the face index is not 0 to \(FontFile.maximumIndex)")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError(file: file, reason: "FreeType did not start") }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let status = FT_New_Face(library, file.path, FT_Long(file.index), &face)
        guard status == 0, let face else {
            if status == 1 { throw FontError(file: file, reason: "no such file") }
            // Face index -1 asks FreeType only how many faces the file has: a bad #INDEX says so.
            var probe: FT_Face?
            if FT_New_Face(library, file.path, -1, &probe) == 0, let probe {
                let faces = probe.pointee.num_faces
                FT_Done_Face(probe)
                if file.index >= faces { throw FontError(file: file, reason: "the file has faces 0 to \(faces - 1)") }
            }
            throw FontError(file: file, reason: "FreeType cannot read it as a font (error \(status))")
        }
        defer { FT_Done_Face(face) }
        let record = face.pointee
        let family = record.family_name.map { String(cString: $0) } ?? "?"
        let style = record.style_name.map { String(cString: $0) } ?? ""
        name = "\(family) \(style) (\(file))"
        hasColorGlyphs = record.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0

        guard let blob = hb_blob_create_from_file_or_fail(file.path) else { throw FontError(file: file, reason: "HarfBuzz cannot read it") }
        defer { hb_blob_destroy(blob) }
        let hbFace = hb_face_create(blob, UInt32(file.index))
        defer { hb_face_destroy(hbFace) }
        let font = hb_font_create(hbFace)!
        self.font = font
        // The table values are signed 16-bit numbers in any order a file likes: they are read as
        // Double (no Int16 negation can overflow) and a negative metric counts as 0.
        if record.units_per_EM > 0 {
            unitsPerEm = Double(record.units_per_EM)
            ascender = max(0, Double(record.ascender))
            descender = max(0, -Double(record.descender))
            lineGap = max(0, Double(record.height) - Double(record.ascender) + Double(record.descender))
        } else {
            // A bitmap-only face (colour emoji in CBDT): FreeType gives no scalable metrics, so
            // the hhea values are read through HarfBuzz.
            let upem = Double(hb_face_get_upem(hbFace))
            unitsPerEm = upem
            hb_font_set_scale(font, Int32(upem), Int32(upem))
            func metric(_ tag: hb_ot_metrics_tag_t) -> Double {
                var value: hb_position_t = 0
                hb_ot_metrics_get_position_with_fallback(font, tag, &value)
                return Double(value)
            }
            ascender = max(0, metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER))
            descender = max(0, -metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER))
            lineGap = max(0, metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP))
        }
        guard unitsPerEm > 0 else { throw FontError(file: file, reason: "it has no units per em") }
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
    }

    deinit { hb_font_destroy(font) }

    public func lineMetrics(size: Double) -> LineMetrics {
        let scale = size / unitsPerEm
        return LineMetrics(ascent: ascender * scale, descent: descender * scale, leading: lineGap * scale)
    }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 && glyph != 0
    }

    public func shape(_ text: [UInt16], range: Range<Int>, script: ScriptCode, language: String, size: Double, rightToLeft: Bool) -> [ShapedGlyph] {
        guard !range.isEmpty else { return [] }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script.tag))
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        guard let infos, let positions else { return [] }
        let scale = size / unitsPerEm
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for k in 0..<Int(count) {
            var info = infos[k]
            let flags = hb_glyph_info_get_glyph_flags(&info).rawValue
            glyphs.append(ShapedGlyph(glyph: info.codepoint, cluster: Int(info.cluster),
                                      advance: Double(positions[k].x_advance) * scale,
                                      xOffset: Double(positions[k].x_offset) * scale,
                                      yOffset: Double(positions[k].y_offset) * scale,
                                      unsafeToBreak: flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
        return glyphs
    }
}

/// The Unicode script of a scalar, from HarfBuzz's Unicode functions (the engine's itemizer
/// needs scripts; Swift's standard library does not give them).
func unicodeScript(of scalar: Unicode.Scalar) -> ScriptCode {
    ScriptCode(tag: hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue)
}
