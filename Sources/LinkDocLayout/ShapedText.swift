import LinkDocModel

/// Stage 1 of a layout: the text itemized into runs of one font and one script, each shaped
/// whole, with the pen position before every UTF-16 offset. Line breaking (Typesetter) measures
/// pieces of it, and shapes a piece again where a line would end inside a run at a place the
/// shaper marked unsafe to break.
struct ShapedText {
    struct Run {
        var range: Range<Int>
        /// An index into `FontSet.all`, or nil for an attachment (U+FFFC with a declared size).
        var font: Int?
        var script: ScriptCode
        var metrics: LineMetrics
    }

    let text: LayoutText
    let fonts: [any LayoutFont]
    let size: Double
    let language: String
    let runs: [Run]
    /// `pen[i]`: the advance of everything before UTF-16 offset i (a cluster's whole advance
    /// counts at its first code unit).
    let pen: [Double]
    /// `unsafe[i]`: the shaper marked breaking before offset i as unsafe.
    let unsafe: [Bool]
    /// The size of each attachment, by the UTF-16 offset of its U+FFFC.
    let attachments: [Int: (width: Double, height: Double)]

    init(_ text: LayoutText, fonts fontSet: FontSet, size: Double, language: String, bold: [Range<Int>] = [],
         attachments: [Int: (width: Double, height: Double)] = [:]) {
        self.text = text
        self.fonts = fontSet.all
        self.size = size
        self.language = language
        self.attachments = attachments
        runs = Self.itemize(text, fontSet: fontSet, size: size, bold: bold, attachments: attachments, fonts: fontSet.all)
        var advances = [Double](repeating: 0, count: text.count)
        var unsafe = [Bool](repeating: false, count: text.count + 1)
        for run in runs {
            if run.font == nil {
                advances[run.range.lowerBound] = attachments[run.range.lowerBound]?.width ?? 0
                continue
            }
            for glyph in fonts[run.font!].shape(text.utf16, range: run.range, script: run.script, language: language, size: size) {
                advances[glyph.cluster] += glyph.advance
                if glyph.unsafeToBreak && glyph.cluster > run.range.lowerBound { unsafe[glyph.cluster] = true }
            }
        }
        var pen = [Double](repeating: 0, count: text.count + 1)
        for i in 0..<text.count { pen[i + 1] = pen[i] + advances[i] }
        self.pen = pen
        self.unsafe = unsafe
    }

    /// Splits the text into runs wherever the font or the script changes, and at line feeds
    /// (which are not drawn). Common and inherited characters (spaces, punctuation, marks) join
    /// the script before them, or after them at the start of a paragraph, as Pango does.
    private static func itemize(_ text: LayoutText, fontSet: FontSet, size: Double, bold: [Range<Int>],
                                attachments: [Int: (width: Double, height: Double)], fonts: [any LayoutFont]) -> [Run] {
        struct Cluster { var range: Range<Int>; var font: Int?; var script: ScriptCode }
        var clusters: [Cluster] = []
        var at = 0
        while at < text.count {
            let end = text.clusterEnd(after: at)
            if text.utf16[at] == 0x0A { at = end; clusters.append(Cluster(range: at - 1..<at, font: -1, script: .common)); continue }
            var scalars: [Unicode.Scalar] = []
            var k = at
            while k < end { scalars.append(text.scalar(at: k)); k += text.scalarWidth(at: k) }
            if scalars == ["\u{FFFC}"], attachments[at] != nil {
                clusters.append(Cluster(range: at..<end, font: nil, script: .common))
            } else {
                let isBold = bold.contains { $0.contains(at) }
                clusters.append(Cluster(range: at..<end, font: fontSet.choice(for: scalars, bold: isBold), script: unicodeScript(of: scalars[0])))
            }
            at = end
        }
        // Neutral scripts take the preceding strong script, or the following one at the start.
        var previous: ScriptCode? = nil
        for k in clusters.indices {
            if clusters[k].font == -1 { previous = nil; continue }
            if clusters[k].script.isNeutral {
                if let previous { clusters[k].script = previous }
            } else {
                previous = clusters[k].script
            }
        }
        var next: ScriptCode? = nil
        for k in clusters.indices.reversed() {
            if clusters[k].font == -1 { next = nil; continue }
            if clusters[k].script.isNeutral { if let next { clusters[k].script = next } } else { next = clusters[k].script }
        }
        var runs: [Run] = []
        for cluster in clusters where cluster.font != -1 {
            if let last = runs.last, last.range.upperBound == cluster.range.lowerBound, last.font == cluster.font,
               last.script == cluster.script, cluster.font != nil {
                runs[runs.count - 1].range = last.range.lowerBound..<cluster.range.upperBound
                continue
            }
            let metrics = cluster.font.map { fonts[$0].lineMetrics(size: size) }
                ?? LineMetrics(ascent: attachments[cluster.range.lowerBound]?.height ?? 0, descent: 0, leading: 0)
            runs.append(Run(range: cluster.range, font: cluster.font, script: cluster.script, metrics: metrics))
        }
        return runs
    }

    /// The pen positions of `start...end` relative to `start` (one more than `end - start`),
    /// as the piece is drawn when a line holds exactly it: where an end of the piece falls
    /// inside a run at an unsafe place, the runs it cuts are shaped again on their own.
    func positions(from start: Int, to end: Int) -> [Double] {
        var xs = [Double](repeating: 0, count: end - start + 1)
        let reshape = (unsafe[start] && !isRunBoundary(start)) || (end < text.count && unsafe[end] && !isRunBoundary(end))
        guard reshape else {
            for i in start...end { xs[i - start] = pen[i] - pen[start] }
            return xs
        }
        var advances = [Double](repeating: 0, count: end - start)
        for run in runs where run.range.overlaps(start..<end) {
            let piece = max(run.range.lowerBound, start)..<min(run.range.upperBound, end)
            guard let font = run.font else {
                advances[piece.lowerBound - start] = attachments[piece.lowerBound]?.width ?? 0
                continue
            }
            for glyph in fonts[font].shape(text.utf16, range: piece, script: run.script, language: language, size: size) {
                advances[glyph.cluster - start] += glyph.advance
            }
        }
        for i in 0..<advances.count { xs[i + 1] = xs[i] + advances[i] }
        return xs
    }

    func width(from start: Int, to end: Int) -> Double {
        guard end > start else { return 0 }
        return positions(from: start, to: end).last!
    }

    private func isRunBoundary(_ offset: Int) -> Bool {
        runs.contains { $0.range.lowerBound == offset || $0.range.upperBound == offset }
    }

    /// The metrics of a line holding `range`: the largest of its runs' (the regular font's for
    /// an empty line).
    func metrics(of range: Range<Int>) -> LineMetrics {
        var result: LineMetrics? = nil
        for run in runs where run.range.overlaps(range) {
            result = result.map { $0.union(run.metrics) } ?? run.metrics
        }
        return result ?? fonts[0].lineMetrics(size: size)
    }
}
