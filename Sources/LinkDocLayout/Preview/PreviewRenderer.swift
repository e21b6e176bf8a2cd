import LinkDocModel

/// Stage 4, for people: a picture of the layout as the view would draw it, with what the
/// geometry says made visible: each link's rectangles tinted, the area a tap still hits
/// (the rectangles grown by the tolerance) outlined dashed, the truncation token tinted in
/// another colour. Coordinates are the layout's points times `scale`.
public enum PreviewRenderer {
    static let background: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255)
    static let ink: (r: UInt8, g: UInt8, b: UInt8) = (28, 28, 30)
    static let linkColor: (r: UInt8, g: UInt8, b: UInt8) = (0, 122, 255)
    static let tokenColor: (r: UInt8, g: UInt8, b: UInt8) = (255, 149, 0)
    static let viewEdge: (r: UInt8, g: UInt8, b: UInt8) = (199, 199, 204)
    static let tintOpacity = 0.18

    /// Throws, before allocating anything, when the picture would be larger than
    /// LayoutBounds.pictureSide on a side or LayoutBounds.picturePixels in all.
    /// `overlays: false` draws the text alone, as the app shows it: no view edge, tints or tap areas
    /// (links and the truncation token keep their colour, as the app draws them).
    public static func render(_ layout: TextLayout, document: Document, request: LayoutRequest, scale: Int = 2,
                              tolerance: Double = 2, overlays: Bool = true) throws(LayoutInputError) -> PNGImage {
        let s = Double(scale)
        let width = (request.width * s).rounded(.up), height = (layout.height * s).rounded(.up)
        let side = Double(LayoutBounds.pictureSide)
        guard scale >= 1, width <= side, height <= side, width * height <= Double(LayoutBounds.picturePixels) else {
            throw LayoutInputError(name: "picture", message: "would be \(LayoutInputError.format(width))×\(LayoutInputError.format(height)) pixels; "
                + "at most \(LayoutBounds.pictureSide) on a side and \(LayoutBounds.picturePixels >> 20) M pixels in all (a smaller --width, --size or --scale)")
        }
        var image = PNGImage(width: max(1, Int(width)), height: max(1, Int(height)), fill: background)
        if overlays {
            strokeDashed(Rect(x: 0, y: 0, width: request.width, height: layout.height), scale: s, viewEdge, dash: 0, on: &image)
            for geometry in layout.links {
                for rect in geometry.rects { fill(rect, scale: s, linkColor, opacity: tintOpacity, on: &image) }
            }
            if let token = layout.token { fill(token.rect, scale: s, tokenColor, opacity: tintOpacity * 1.5, on: &image) }
        }

        let shaped = layout.shaped
        let linkRanges = document.links.map { $0.range.utf16.location..<$0.range.utf16.upperBound }
        let rasterizer = GlyphRasterizer(fonts: shaped.fonts, pixelsPerEm: request.size * s)
        for line in layout.lines {
            draw(shaped, line.runs, baseline: line.baseline, scale: s, rasterizer,
                 color: { offset in linkRanges.contains { $0.contains(offset) } ? linkColor : ink }, on: &image)
        }
        if let token = layout.token, let tokenText = layout.shapedToken, let last = layout.lines.last, !token.token.text.isEmpty {
            let runs = Typesetter.visualRuns(tokenText, 0..<tokenText.text.count, paragraphLevel: last.isRightToLeft ? 1 : 0,
                                             positions: tokenText.positions(from: 0, to: tokenText.text.count), left: token.rect.x)
            let tokenRasterizer = GlyphRasterizer(fonts: tokenText.fonts, pixelsPerEm: request.size * s)
            draw(tokenText, runs, baseline: last.baseline, scale: s, tokenRasterizer, color: { _ in tokenColor }, on: &image)
        }

        guard overlays else { return image }
        for geometry in layout.links {
            for rect in geometry.rects { strokeDashed(grown(rect, by: tolerance), scale: s, linkColor, dash: 3 * scale, on: &image) }
        }
        if let token = layout.token { strokeDashed(grown(token.rect, by: tolerance), scale: s, tokenColor, dash: 3 * scale, on: &image) }
        return image
    }

    /// Draws a line's stretches, each font run's piece of a stretch shaped in the stretch's
    /// direction and drawn from the left edge of where the layout placed it.
    private static func draw(_ shaped: ShapedText, _ stretches: [VisualRun], baseline: Double, scale s: Double,
                             _ rasterizer: GlyphRasterizer, color: (Int) -> (r: UInt8, g: UInt8, b: UInt8), on image: inout PNGImage) {
        for stretch in stretches {
            var k = shaped.runIndex(containing: stretch.range.lowerBound) ?? shaped.runs.count
            while k < shaped.runs.count && shaped.runs[k].range.lowerBound < stretch.range.upperBound {
                let run = shaped.runs[k]
                k += 1
                let piece = max(run.range.lowerBound, stretch.range.lowerBound)..<min(run.range.upperBound, stretch.range.upperBound)
                guard !piece.isEmpty else { continue }
                let left = stretch.extent(of: piece).x0
                guard let font = run.font else {
                    // An attachment: a box of its declared size standing on the baseline.
                    let size = shaped.attachments[piece.lowerBound] ?? (0, 0)
                    fill(Rect(x: left, y: baseline - size.height, width: size.width, height: size.height), scale: s, viewEdge, opacity: 1, on: &image)
                    continue
                }
                var pen = left
                for glyph in shaped.fonts[font].shape(shaped.text.utf16, range: piece, script: run.script, language: shaped.language,
                                                      size: shaped.size, rightToLeft: stretch.isRightToLeft) {
                    if shaped.text.utf16[glyph.cluster] == 0x09 {
                        // A tab is drawn as the space up to its stop: nothing.
                        let at = glyph.cluster - stretch.range.lowerBound
                        pen += stretch.positions[at + 1] - stretch.positions[at]
                        continue
                    }
                    rasterizer.draw(glyph: glyph.glyph, font: font, x: (pen + glyph.xOffset) * s, y: (baseline - glyph.yOffset) * s,
                                    color: color(glyph.cluster), on: &image)
                    pen += glyph.advance
                }
            }
        }
    }

    private static func grown(_ rect: Rect, by t: Double) -> Rect {
        Rect(x: rect.x - t, y: rect.y - t, width: rect.width + 2 * t, height: rect.height + 2 * t)
    }

    /// The pixels whose centres lie inside `rect` (in points).
    private static func pixelBounds(_ rect: Rect, scale s: Double) -> (x: Range<Int>, y: Range<Int>) {
        let x0 = Int((rect.x * s).rounded()), x1 = Int((rect.maxX * s).rounded())
        let y0 = Int((rect.y * s).rounded()), y1 = Int((rect.maxY * s).rounded())
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    private static func fill(_ rect: Rect, scale s: Double, _ color: (r: UInt8, g: UInt8, b: UInt8), opacity: Double, on image: inout PNGImage) {
        let bounds = pixelBounds(rect, scale: s)
        for y in bounds.y { for x in bounds.x { image.blend(x: x, y: y, color, coverage: opacity) } }
    }

    /// A one-pixel outline just inside `rect`, dashed `dash` pixels on and `dash` off (0: solid).
    private static func strokeDashed(_ rect: Rect, scale s: Double, _ color: (r: UInt8, g: UInt8, b: UInt8), dash: Int, on image: inout PNGImage) {
        let bounds = pixelBounds(rect, scale: s)
        guard let left = bounds.x.first, let right = bounds.x.last, let top = bounds.y.first, let bottom = bounds.y.last else { return }
        func on(_ k: Int) -> Bool { dash == 0 || (k / dash) % 2 == 0 }
        for x in bounds.x where on(x - left) {
            image.blend(x: x, y: top, color, coverage: 0.9)
            image.blend(x: x, y: bottom, color, coverage: 0.9)
        }
        for y in bounds.y.dropFirst().dropLast() where on(y - top) {
            image.blend(x: left, y: y, color, coverage: 0.9)
            image.blend(x: right, y: y, color, coverage: 0.9)
        }
    }
}
