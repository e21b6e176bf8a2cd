import LinkDocModel

/// Stage 1 of a layout: the text's bidi levels resolved, the text itemized into runs of one
/// font, one script and one level, each shaped whole in its direction, with the pen position
/// before every UTF-16 offset. Line breaking (Typesetter) measures pieces of it; where a piece
/// ends inside a run at a place the shaper marked unsafe to break, the few clusters up to the
/// nearest safe place are shaped again on their own.
struct ShapedText {
    struct Run {
        var range: Range<Int>
        /// An index into `fonts`, or nil for an attachment (U+FFFC with a declared size).
        var font: Int?
        var script: ScriptCode
        /// The bidi embedding level: odd runs are shaped and drawn right to left.
        var level: UInt8
        var metrics: LineMetrics
        var isRightToLeft: Bool { level & 1 == 1 }
    }

    let text: LayoutText
    let fonts: [any LayoutFont]
    let size: Double
    let language: String
    let bidi: BidiLevels
    let runs: [Run]
    /// `pen[i]`: the advance of everything before UTF-16 offset i (a cluster's whole advance
    /// counts at its first code unit; a tab counts 0 here, its advance depends on the line).
    let pen: [Double]
    /// `unsafe[i]`: the shaper marked breaking before offset i as unsafe.
    let unsafe: [Bool]
    /// The size of each attachment, by the UTF-16 offset of its U+FFFC.
    let attachments: [Int: (width: Double, height: Double)]
    /// The UTF-16 offsets of the tabs, ascending, and the advance of a space in each one's font
    /// (what a tab past the last tab stop advances).
    let tabs: [Int]
    let tabSpaceAdvances: [Double]
    /// Counts this text's steps for WorkGrowthTests, when given.
    let meter: LayoutMeter?

    /// TextKit's default tab stops: "an array of 12 left-aligned tabs at 28-point intervals"
    /// (NSParagraphStyle.tabStops), and no default interval after them (defaultTabInterval 0).
    static let tabInterval = 28.0, tabStopCount = 12.0
    /// How far from a piece's end a reshaped piece reaches at most, in UTF-16 units: a cut changes
    /// the shapes of the few glyphs beside it, never a whole run.
    static let reshapeReach = 128

    init(_ text: LayoutText, fonts fontSet: FontSet, size: Double, language: String, direction: BaseDirection = .natural,
         bold: [Range<Int>] = [], attachments: [Int: (width: Double, height: Double)] = [:], meter: LayoutMeter? = nil) {
        self.text = text
        self.meter = meter
        let chooser = FontChooser(fontSet)
        fonts = chooser.fonts
        self.size = size
        self.language = language
        self.attachments = attachments
        bidi = BidiLevels(text, direction: direction)
        runs = Self.itemize(text, chooser: chooser, bidi: bidi, size: size, bold: bold, attachments: attachments)
        var advances = [Double](repeating: 0, count: text.count)
        var unsafe = [Bool](repeating: false, count: text.count + 1)
        var tabs: [Int] = [], tabSpaceAdvances: [Double] = []
        var spaceAdvance: [Int: Double] = [:]
        for run in runs {
            guard let font = run.font else {
                advances[run.range.lowerBound] = attachments[run.range.lowerBound]?.width ?? 0
                continue
            }
            for glyph in fonts[font].shape(text.utf16, range: run.range, script: run.script, language: language, size: size,
                                           rightToLeft: run.isRightToLeft) {
                meter?.count(1)
                advances[glyph.cluster] += glyph.advance
                if glyph.unsafeToBreak && glyph.cluster > run.range.lowerBound { unsafe[glyph.cluster] = true }
            }
            for offset in run.range where text.utf16[offset] == 0x09 {
                advances[offset] = 0
                tabs.append(offset)
                if spaceAdvance[font] == nil {
                    spaceAdvance[font] = fonts[font].shape([0x20], range: 0..<1, script: run.script, language: language, size: size,
                                                           rightToLeft: false).reduce(0) { $0 + $1.advance }
                }
                tabSpaceAdvances.append(spaceAdvance[font]!)
            }
        }
        var pen = [Double](repeating: 0, count: text.count + 1)
        for i in 0..<text.count { pen[i + 1] = pen[i] + advances[i] }
        // The bidi pass, the itemizer's clusters, the runs' tab scans and the pen: one step per unit each.
        meter?.count(4 * text.count + runs.count)
        self.pen = pen
        self.unsafe = unsafe
        self.tabs = tabs
        self.tabSpaceAdvances = tabSpaceAdvances
    }

    /// Splits the text into runs wherever the font, the script or the bidi level changes, and at
    /// line feeds (which are not drawn). Common and inherited characters (spaces, punctuation,
    /// marks) join the script before them, or after them at the start of a paragraph, as Pango
    /// does; spaces and other invisible characters keep the font of the text before them when it
    /// has them, as Pango does (a font is never chosen for a space alone), except after emoji or
    /// at a paragraph's start, where they take the font of the text after them: Pango's runs end
    /// where emoji presentation does, and a space starting a run takes the run's next font.
    /// Whether a cluster is shown as emoji, as Pango's emoji iterator reads it: a character with
    /// default emoji presentation (not asked for text with U+FE0E), or any asked for emoji with
    /// U+FE0F, a keycap, a skin-tone modifier or a flag.
    static func hasEmojiPresentation(_ scalars: [Unicode.Scalar]) -> Bool {
        if scalars.count == 1 && scalars[0].isPlainVisible { return false }
        if scalars.contains("\u{FE0E}") { return false }
        if scalars[0].properties.isEmojiPresentation { return true }
        return scalars.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0.properties.isEmojiModifier || (0x1F1E6...0x1F1FF).contains($0.value) }
    }

    private static func itemize(_ text: LayoutText, chooser: FontChooser, bidi: BidiLevels, size: Double, bold: [Range<Int>],
                                attachments: [Int: (width: Double, height: Double)]) -> [Run] {
        struct Cluster {
            var range: Range<Int>; var font: Int?; var script: ScriptCode; var level: UInt8
            var followsFont: Bool, isEmoji = false, takesNextFont = false
        }
        // Bold units from the style ranges in one pass, however many styles overlap.
        var boldDepth = [Int32](repeating: 0, count: text.count + 1)
        for range in bold where !range.isEmpty {
            boldDepth[max(0, min(range.lowerBound, text.count))] += 1
            boldDepth[max(0, min(range.upperBound, text.count))] -= 1
        }
        var clusters: [Cluster] = []
        var at = 0, depth: Int32 = 0
        var scalars: [Unicode.Scalar] = []
        while at < text.count {
            let end = text.clusterEnd(after: at)
            depth += boldDepth[at]
            let isBold = depth > 0
            for k in (at + 1)..<end { depth += boldDepth[k] }
            let level = bidi.levels[at]
            if text.utf16[at] == 0x0A {
                clusters.append(Cluster(range: at..<end, font: -1, script: .common, level: level, followsFont: false))
                at = end
                continue
            }
            scalars.removeAll(keepingCapacity: true)
            var k = at
            while k < end { scalars.append(text.scalar(at: k)); k += text.scalarWidth(at: k) }
            if scalars == ["\u{FFFC}"], attachments[at] != nil {
                clusters.append(Cluster(range: at..<end, font: nil, script: .common, level: level, followsFont: false))
            } else {
                let first = scalars[0]
                let invisible = !first.isPlainVisible
                    && (first.properties.isWhitespace || first.properties.isDefaultIgnorableCodePoint || first.properties.generalCategory == .control)
                clusters.append(Cluster(range: at..<end, font: chooser.choice(for: scalars, bold: isBold),
                                        script: unicodeScript(of: scalars[0]), level: level, followsFont: invisible,
                                        isEmoji: Self.hasEmojiPresentation(scalars)))
            }
            at = end
        }
        // Neutral scripts take the preceding strong script, or the following one at the start;
        // invisible characters the preceding font, or the following one at the start.
        var previous: ScriptCode? = nil, previousFont: Int? = nil
        for k in clusters.indices {
            if clusters[k].font == -1 { previous = nil; previousFont = nil; continue }
            if clusters[k].script.isNeutral {
                if let previous { clusters[k].script = previous }
            } else {
                previous = clusters[k].script
            }
            if clusters[k].followsFont {
                if let font = previousFont {
                    if Self.has(text, clusters[k].range, in: chooser.fonts[font]) { clusters[k].font = font }
                } else {
                    clusters[k].takesNextFont = true
                }
            } else if let font = clusters[k].font {
                previousFont = clusters[k].isEmoji ? nil : font
            }
        }
        var next: ScriptCode? = nil, nextFont: Int? = nil
        for k in clusters.indices.reversed() {
            if clusters[k].font == -1 { next = nil; nextFont = nil; continue }
            if clusters[k].script.isNeutral { if let next { clusters[k].script = next } } else { next = clusters[k].script }
            if clusters[k].takesNextFont {
                if let font = nextFont, Self.has(text, clusters[k].range, in: chooser.fonts[font]) { clusters[k].font = font }
            } else if !clusters[k].followsFont, let font = clusters[k].font {
                nextFont = font
            }
        }
        var runs: [Run] = []
        for cluster in clusters where cluster.font != -1 {
            if let last = runs.last, last.range.upperBound == cluster.range.lowerBound, last.font == cluster.font,
               last.script == cluster.script, last.level == cluster.level, cluster.font != nil {
                runs[runs.count - 1].range = last.range.lowerBound..<cluster.range.upperBound
                continue
            }
            let metrics = cluster.font.map { chooser.fonts[$0].lineMetrics(size: size) }
                ?? LineMetrics(ascent: attachments[cluster.range.lowerBound]?.height ?? 0, descent: 0, leading: 0)
            runs.append(Run(range: cluster.range, font: cluster.font, script: cluster.script, level: cluster.level, metrics: metrics))
        }
        return runs
    }

    /// Whether `font` has a glyph for every scalar of `range` that is drawn (tabs and controls
    /// are not).
    private static func has(_ text: LayoutText, _ range: Range<Int>, in font: any LayoutFont) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound {
            let scalar = text.scalar(at: k)
            let drawn = scalar.properties.generalCategory != .control && !scalar.properties.isDefaultIgnorableCodePoint
                && !scalar.properties.isVariationSelector
            if drawn && !font.hasGlyph(for: scalar) { return false }
            k += text.scalarWidth(at: k)
        }
        return true
    }

    // MARK: Measuring pieces

    /// The index of the run holding UTF-16 offset `offset`, nil on a line feed or past the end.
    func runIndex(containing offset: Int) -> Int? {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low < runs.count && runs[low].range.contains(offset) ? low : nil
    }

    private func isRunBoundary(_ offset: Int) -> Bool {
        guard let k = runIndex(containing: offset) else { return true }
        return runs[k].range.lowerBound == offset
    }

    /// How a piece `start..<end` measures when a line holds exactly it: the pen positions of
    /// the whole text, except where an end of the piece cuts a run at an unsafe place, where the
    /// clusters up to the nearest safe place (at most `reshapeReach` units away) are shaped again
    /// on their own, as Pango does; and the tabs, which advance to the next stop from the start.
    struct Piece {
        let start: Int, end: Int
        /// `head[i - start]` for `start...headEnd`: the reshaped positions at the start.
        let headEnd: Int
        let head: [Double]
        /// `tail[i - tailStart]` for `tailStart...end`: the reshaped positions at the end.
        let tailStart: Int
        let tail: [Double]
    }

    func piece(from start: Int, to end: Int) -> Piece {
        var headEnd = start, head: [Double] = [0]
        var tailStart = end, tail: [Double] = [0]
        guard end > start else { return Piece(start: start, end: end, headEnd: start, head: head, tailStart: end, tail: tail) }
        if unsafe[start] && !isRunBoundary(start), let k = runIndex(containing: start) {
            var safe = start + 1
            let limit = min(runs[k].range.upperBound, end, start + Self.reshapeReach)
            while safe < limit && (unsafe[safe] || !text.isClusterStart[safe]) { safe += 1 }
            meter?.count(safe - start)
            headEnd = safe
        }
        if end < text.count && unsafe[end] && !isRunBoundary(end), let k = runIndex(containing: end - 1) {
            var safe = end - 1
            let limit = max(runs[k].range.lowerBound, headEnd, end - Self.reshapeReach)
            while safe > limit && (unsafe[safe] || !text.isClusterStart[safe]) { safe -= 1 }
            meter?.count(end - safe)
            tailStart = max(safe, headEnd)
        }
        if headEnd > start && tailStart < end && tailStart <= headEnd {
            // Both ends cut the same few clusters: they are one piece shaped on its own.
            headEnd = end
            tailStart = end
        }
        if headEnd > start { head = reshaped(start..<headEnd) }
        if tailStart < end { tail = reshaped(tailStart..<end) }
        return Piece(start: start, end: end, headEnd: headEnd, head: head, tailStart: tailStart, tail: tail)
    }

    /// The positions of `range` (within one run, or across runs) shaped on its own, relative to its start.
    private func reshaped(_ range: Range<Int>) -> [Double] {
        meter?.count(2 * range.count)
        var advances = [Double](repeating: 0, count: range.count)
        var k = runIndex(containing: range.lowerBound) ?? runs.count
        while k < runs.count && runs[k].range.lowerBound < range.upperBound {
            let run = runs[k]
            let part = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            k += 1
            guard let font = run.font else {
                advances[part.lowerBound - range.lowerBound] = attachments[part.lowerBound]?.width ?? 0
                continue
            }
            for glyph in fonts[font].shape(text.utf16, range: part, script: run.script, language: language, size: size,
                                           rightToLeft: run.isRightToLeft) where text.utf16[glyph.cluster] != 0x09 {
                advances[glyph.cluster - range.lowerBound] += glyph.advance
            }
        }
        var xs = [Double](repeating: 0, count: range.count + 1)
        for i in 0..<advances.count { xs[i + 1] = xs[i] + advances[i] }
        return xs
    }

    /// The position of offset `i` (within the piece) from the piece's start, tabs not counted.
    private func untabbedPosition(_ i: Int, in piece: Piece) -> Double {
        if i <= piece.headEnd { return piece.head[i - piece.start] }
        let beforeTail = piece.head.last! + (pen[min(i, piece.tailStart)] - pen[piece.headEnd])
        return i <= piece.tailStart ? beforeTail : beforeTail + piece.tail[i - piece.tailStart]
    }

    /// The advance of a tab whose pen position from the line's start is `x`: to the next default
    /// tab stop, or a space's width past the last one.
    static func tabAdvance(at x: Double, spaceAdvance: Double) -> Double {
        let stop = ((x / tabInterval).rounded(.down) + 1) * tabInterval
        return stop <= tabInterval * tabStopCount ? stop - x : spaceAdvance
    }

    /// The tabs of the piece (index into `tabs`, first and past the last).
    private func tabIndices(_ start: Int, _ end: Int) -> Range<Int> {
        guard !tabs.isEmpty else { return 0..<0 }
        func firstAtOrAfter(_ offset: Int) -> Int {
            var low = 0, high = tabs.count
            while low < high { let mid = (low + high) / 2; if tabs[mid] < offset { low = mid + 1 } else { high = mid } }
            return low
        }
        return firstAtOrAfter(start)..<firstAtOrAfter(end)
    }

    /// The width of the piece `start..<end` as a line holding exactly it draws it.
    func width(from start: Int, to end: Int) -> Double {
        guard end > start else { return 0 }
        let piece = piece(from: start, to: end)
        var added = 0.0
        meter?.count(1 + tabIndices(start, end).count)
        for t in tabIndices(start, end) {
            let x = untabbedPosition(tabs[t], in: piece) + added
            added += Self.tabAdvance(at: x, spaceAdvance: tabSpaceAdvances[t])
        }
        return untabbedPosition(end, in: piece) + added
    }

    /// The pen positions of `start...end` relative to `start` (one more than `end - start`), as
    /// a line holding exactly the piece draws it: the same numbers `width(from:to:)` adds up.
    func positions(from start: Int, to end: Int) -> [Double] {
        guard end > start else { return [0] }
        let piece = piece(from: start, to: end)
        let tabRange = tabIndices(start, end)
        var nextTab = tabRange.lowerBound
        var xs = [Double](repeating: 0, count: end - start + 1)
        var added = 0.0
        meter?.count(end - start + 1)
        for i in start...end {
            xs[i - start] = untabbedPosition(i, in: piece) + added
            if nextTab < tabRange.upperBound, tabs[nextTab] == i {
                added += Self.tabAdvance(at: xs[i - start], spaceAdvance: tabSpaceAdvances[nextTab])
                nextTab += 1
            }
        }
        return xs
    }

    /// The metrics of a line holding `range`: the largest of its runs' (the regular font's for
    /// an empty line).
    func metrics(of range: Range<Int>) -> LineMetrics {
        var result: LineMetrics? = nil
        var k = runIndex(containing: range.lowerBound) ?? firstRun(after: range.lowerBound)
        while k < runs.count && runs[k].range.lowerBound < range.upperBound {
            if runs[k].range.overlaps(range) { result = result.map { $0.union(runs[k].metrics) } ?? runs[k].metrics }
            meter?.count(1)
            k += 1
        }
        return result ?? fonts[0].lineMetrics(size: size)
    }

    private func firstRun(after offset: Int) -> Int {
        var low = 0, high = runs.count
        while low < high { let mid = (low + high) / 2; if runs[mid].range.lowerBound <= offset { low = mid + 1 } else { high = mid } }
        return low
    }
}

/// Counts a layout's steps for WorkGrowthTests, as CompileWorkspace.work does the compiler's:
/// what each stage's own loops examine (HarfBuzz's and ICU's work is counted by the units they
/// are given). A count, not a time, so growth tests mean the same on a loaded machine. One
/// layout's meter, never shared between threads.
final class LayoutMeter: @unchecked Sendable {
    private(set) var work = 0
    func count(_ steps: Int) { work += steps }
}
