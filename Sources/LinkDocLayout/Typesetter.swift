import LinkDocModel

/// Lays out a link document for a view: breaks lines (stage 2), stacks them with TextKit's
/// metrics and orders each line's text visually (stage 3), truncates, and measures the links.
/// Grammar/layout.md is the specification.
public enum Typesetter {
    /// Throws when a number of the request is outside its bounds (LayoutBounds).
    public static func layout(_ document: Document, _ request: LayoutRequest) throws(LayoutInputError) -> TextLayout {
        try layout(document, request, meter: nil)
    }

    static func layout(_ document: Document, _ request: LayoutRequest, meter: LayoutMeter?) throws(LayoutInputError) -> TextLayout {
        try request.validate()
        try checkRanges(document)
        let shaped = shapedText(document, request, meter: meter)
        var broken = breakLines(shaped, width: request.usableWidth, locale: request.lineBreakLocale,
                                strategy: request.resolvedLineBreakStrategy)
        if broken.isEmpty && request.profile.extraLineAfterFinalLineFeed {
            // An empty text view still has TextKit's extra line fragment, where the caret stands.
            broken = [BrokenLine(range: 0..<0, visibleEnd: 0, paragraph: 0, paragraphEnd: 0, endsParagraph: true)]
        }
        if !request.profile.extraLineAfterFinalLineFeed, broken.count > 1, broken.last!.range.isEmpty { broken.removeLast() }
        var token: ShapedText? = nil
        if request.maximumLines > 0, broken.count > request.maximumLines {
            let last = broken[request.maximumLines - 1]
            broken.removeSubrange(request.maximumLines...)
            let direction: BaseDirection = shaped.bidi.paragraphLevels[last.paragraph] & 1 == 1 ? .rightToLeft : .leftToRight
            let tokenText = shapedToken(request, direction: direction)
            token = tokenText
            let kept = truncate(shaped, from: last.range.lowerBound, paragraphEnd: last.paragraphEnd,
                                room: request.usableWidth - tokenText.width(from: 0, to: tokenText.text.count))
            broken[broken.count - 1] = BrokenLine(range: last.range.lowerBound..<kept.end, visibleEnd: kept.visibleEnd,
                                                  paragraph: last.paragraph, paragraphEnd: last.paragraphEnd, endsParagraph: true)
        }
        return stack(broken, shaped, request, token: token, links: document.links)
    }

    /// Throws unless every link, style and attachment range lies within the text: a document read
    /// from JSON is anyone's, and its ranges are used as offsets.
    static func checkRanges(_ document: Document) throws(LayoutInputError) {
        let count = document.text.utf16.count
        func check(_ range: TextRange, _ what: String) throws(LayoutInputError) {
            let location = range.utf16.location, length = range.utf16.length
            guard location >= 0, length >= 0, location <= count, length <= count - location else {
                throw LayoutInputError(name: "document", message: "\(what)'s UTF-16 range [\(location), \(length)] is not within the text (\(count) units)")
            }
        }
        for (k, link) in document.links.enumerated() { try check(link.range, "link \(k)") }
        for (k, style) in document.styles.enumerated() { try check(style.range, "style \(k)") }
        for (k, attachment) in document.attachments.enumerated() { try check(attachment.range, "attachment \(k)") }
    }

    /// Stage 1 for a document: its text shaped with the request's fonts, bold runs in the bold
    /// face, attachments at their declared sizes (the layout keeps it for the preview).
    static func shapedText(_ document: Document, _ request: LayoutRequest, meter: LayoutMeter? = nil) -> ShapedText {
        let bold = document.styles.filter { $0.bold == true }.map { $0.range.utf16.location..<$0.range.utf16.upperBound }
        var attachments: [Int: (width: Double, height: Double)] = [:]
        for attachment in document.attachments {
            attachments[attachment.range.utf16.location] = (Double(attachment.width ?? 0), Double(attachment.height ?? 0))
        }
        return ShapedText(LayoutText(document.text), fonts: request.fonts, size: request.size, language: request.language,
                          direction: request.baseDirection, bold: bold, attachments: attachments, meter: meter)
    }

    /// The token's text shaped on its own in the direction of the paragraph it ends, cut to the
    /// whole clusters that fit in the usable width: a token is never wider than the view.
    static func shapedToken(_ request: LayoutRequest, direction: BaseDirection) -> ShapedText {
        var text = LayoutText(request.truncationToken.text)
        var shaped = ShapedText(text, fonts: request.fonts, size: request.size, language: request.language, direction: direction)
        let room = request.usableWidth
        guard shaped.width(from: 0, to: text.count) > room + 1e-9 else { return shaped }
        var end = 0
        while end < text.count {
            let further = text.clusterEnd(after: end)
            guard shaped.width(from: 0, to: further) <= room + 1e-9 else { break }
            end = further
        }
        text = LayoutText(String(decoding: text.utf16[..<end], as: UTF16.self))
        shaped = ShapedText(text, fonts: request.fonts, size: request.size, language: request.language, direction: direction)
        return shaped
    }

    /// A line as broken, before it has a place.
    struct BrokenLine {
        var range: Range<Int>
        /// Where the visible text ends (before trailing spaces and the line feed).
        var visibleEnd: Int
        var paragraph: Int
        /// The end of the paragraph's text (before its line feed).
        var paragraphEnd: Int
        var endsParagraph: Bool
    }

    /// Greedy line breaking, as TextKit's word wrapping: each line takes the longest run of text
    /// up to a break opportunity whose visible part fits; a word longer than the line is cut at
    /// grapheme cluster boundaries. Mandatory breaks always end the line. The strategy then
    /// removes the opportunities inside Korean words, and pushes a lone last word down with one
    /// more from the line before it.
    static func breakLines(_ shaped: ShapedText, width: Double, locale: String, strategy: LineBreakStrategy = .none) -> [BrokenLine] {
        let text = shaped.text
        guard text.count > 0 else { return [] }
        let slack = 1e-9   // widths are sums of Doubles: a line that fits exactly must not wrap
        var opportunities = LineBreaker.opportunities(in: text.utf16, locale: locale).filter { text.isClusterStart[$0.offset] }
        shaped.meter?.count(text.count + opportunities.count)   // ICU's pass, and the filters
        if strategy.contains(.hangulWordPriority) {
            opportunities.removeAll { !$0.isMandatory && $0.offset < text.count && isHangul(text, before: $0.offset) && isHangul(text, at: $0.offset) }
        }
        var lines: [BrokenLine] = []
        var paragraphStart = 0, paragraph = 0, next = 0
        while paragraphStart <= text.count {
            var paragraphEnd = paragraphStart
            while paragraphEnd < text.count && text.utf16[paragraphEnd] != 0x0A { paragraphEnd += 1 }
            let fullEnd = paragraphEnd < text.count ? paragraphEnd + 1 : paragraphEnd
            let firstLine = lines.count
            var start = paragraphStart
            repeat {
                var end: Int? = nil
                while next < opportunities.count && opportunities[next].offset <= start { next += 1; shaped.meter?.count(1) }
                var k = next
                while true {
                    shaped.meter?.count(1)
                    let candidate = k < opportunities.count && opportunities[k].offset < paragraphEnd ? opportunities[k] : nil
                    let offset = candidate?.offset ?? paragraphEnd
                    guard shaped.width(from: start, to: text.visibleEnd(from: start, to: offset)) <= width + slack else { break }
                    end = offset
                    if candidate == nil || candidate!.isMandatory { break }
                    k += 1
                }
                if end == nil || end == start {
                    // Nothing fits: as many whole clusters as fit, at least one (TextKit's character wrapping).
                    var cut = text.clusterEnd(after: start)
                    while cut < paragraphEnd {
                        shaped.meter?.count(1)
                        let further = text.clusterEnd(after: cut)
                        guard shaped.width(from: start, to: text.visibleEnd(from: start, to: further)) <= width + slack else { break }
                        cut = further
                    }
                    end = min(cut, max(paragraphEnd, start + 1))
                }
                let stop = end!
                let endsParagraph = stop >= paragraphEnd
                lines.append(BrokenLine(range: start..<(endsParagraph ? fullEnd : stop),
                                        visibleEnd: text.visibleEnd(from: start, to: min(stop, paragraphEnd)),
                                        paragraph: paragraph, paragraphEnd: paragraphEnd, endsParagraph: endsParagraph))
                start = stop
            } while start < paragraphEnd
            if strategy.contains(.pushOut), lines.count - firstLine >= 2 {
                pushOut(&lines, shaped, opportunities: opportunities, width: width + slack)
            }
            paragraph += 1
            // A line feed that ends the text starts one more, empty paragraph (TextKit's extra line fragment).
            if fullEnd == paragraphEnd { break }
            paragraphStart = fullEnd
        }
        return lines
    }

    /// NSLineBreakStrategyPushOut: "pushes out individual lines to avoid an orphan word on the
    /// last line of the paragraph". When the paragraph's last line holds one word (no break
    /// opportunity inside its visible text) and the line before it ended at an opportunity, that
    /// line ends at its previous opportunity instead, if the last line then still fits.
    private static func pushOut(_ lines: inout [BrokenLine], _ shaped: ShapedText, opportunities: [LineBreakOpportunity], width: Double) {
        let text = shaped.text
        let last = lines[lines.count - 1], before = lines[lines.count - 2]
        guard before.paragraph == last.paragraph, !before.endsParagraph else { return }
        /// The opportunities after `range.lowerBound` and before `range.upperBound`.
        func inside(_ range: Range<Int>) -> ArraySlice<LineBreakOpportunity> {
            var low = 0, high = opportunities.count
            while low < high { let mid = (low + high) / 2; if opportunities[mid].offset <= range.lowerBound { low = mid + 1 } else { high = mid } }
            var upper = low
            while upper < opportunities.count && opportunities[upper].offset < range.upperBound { upper += 1 }
            return opportunities[low..<upper]
        }
        // The last line must start at an opportunity (not at a cut inside a word), and its visible
        // text must hold no other.
        guard inside((last.range.lowerBound - 1)..<(last.range.lowerBound + 1)).contains(where: { !$0.isMandatory }),
              inside(last.range.lowerBound..<last.visibleEnd).isEmpty,
              let push = inside(before.range).last(where: { !$0.isMandatory }) else { return }
        let newEnd = push.offset
        guard shaped.width(from: newEnd, to: last.visibleEnd) <= width else { return }
        lines[lines.count - 2] = BrokenLine(range: before.range.lowerBound..<newEnd, visibleEnd: text.visibleEnd(from: before.range.lowerBound, to: newEnd),
                                            paragraph: before.paragraph, paragraphEnd: before.paragraphEnd, endsParagraph: false)
        lines[lines.count - 1] = BrokenLine(range: newEnd..<last.range.upperBound, visibleEnd: last.visibleEnd,
                                            paragraph: last.paragraph, paragraphEnd: last.paragraphEnd, endsParagraph: last.endsParagraph)
    }

    private static func isHangul(_ text: LayoutText, at offset: Int) -> Bool {
        unicodeScript(of: text.scalar(at: offset)) == ScriptCode("Hang")
    }

    private static func isHangul(_ text: LayoutText, before offset: Int) -> Bool {
        var start = offset - 1
        while start > 0 && !text.isClusterStart[start] { start -= 1 }
        return start >= 0 && isHangul(text, at: start)
    }

    /// The longest prefix of the paragraph's text from `start` (whole clusters) whose visible
    /// part leaves `room` for the token, as byTruncatingTail cuts.
    static func truncate(_ shaped: ShapedText, from start: Int, paragraphEnd: Int, room: Double) -> (end: Int, visibleEnd: Int) {
        let text = shaped.text
        var end = start
        while end < paragraphEnd {
            shaped.meter?.count(1)
            let further = text.clusterEnd(after: end)
            guard shaped.width(from: start, to: text.visibleEnd(from: start, to: further)) <= room + 1e-9 else { break }
            end = further
        }
        return (end, text.visibleEnd(from: start, to: end))
    }

    /// The visible text of `range` in stretches of one bidi level, in visual order, with each
    /// stretch's positions: UAX #9's rule L1 puts segment separators (tabs), the white space
    /// before them and at the line's end at the paragraph's level, rule L2 (ICU) orders them.
    static func visualRuns(_ shaped: ShapedText, _ range: Range<Int>, paragraphLevel: UInt8, positions: [Double],
                           left: Double) -> [VisualRun] {
        guard !range.isEmpty else { return [] }
        shaped.meter?.count(2 * range.count)
        var levels = Array(shaped.bidi.levels[range])
        let kinds = shaped.bidi.kinds[range]
        var trailing = true
        for i in levels.indices.reversed() {
            let kind = kinds[range.lowerBound + i]
            if kind == BidiLevels.segmentSeparator { levels[i] = paragraphLevel; trailing = true; continue }
            if trailing && kind == BidiLevels.whitespace { levels[i] = paragraphLevel; continue }   // before a tab, or at the end
            trailing = false
        }
        var pieces: [(range: Range<Int>, level: UInt8)] = []
        for (i, level) in levels.enumerated() {
            let offset = range.lowerBound + i
            if let last = pieces.last, last.level == level {
                pieces[pieces.count - 1].range = last.range.lowerBound..<(offset + 1)
            } else if let last = pieces.last, !shaped.text.isClusterStart[offset] {
                pieces[pieces.count - 1].range = last.range.lowerBound..<(offset + 1)   // a cluster never splits
            } else {
                pieces.append((offset..<(offset + 1), level))
            }
        }
        var runs: [VisualRun] = []
        var x = left
        for index in BidiLevels.visualOrder(pieces.map(\.level)) {
            let piece = pieces[index]
            let own = Array(positions[(piece.range.lowerBound - range.lowerBound)...(piece.range.upperBound - range.lowerBound)])
            let run = VisualRun(range: piece.range, x: x, isRightToLeft: piece.level & 1 == 1, positions: own)
            x += run.width
            runs.append(run)
        }
        return runs
    }

    /// Stage 3: gives each line its height, baseline and place (TextKit's metrics) and its text
    /// its visual order, then the links their rectangles and the token its place.
    static func stack(_ broken: [BrokenLine], _ shaped: ShapedText, _ request: LayoutRequest, token: ShapedText?,
                      links: [Link]) -> TextLayout {
        let insets = request.resolvedInsets
        let padding = request.resolvedPadding
        let usable = request.usableWidth
        var lines: [LineFragment] = []
        var tokenGeometry: TokenGeometry? = nil
        var y = insets.top
        for (n, line) in broken.enumerated() {
            let isLast = n == broken.count - 1
            var metrics = shaped.metrics(of: line.range.lowerBound..<max(line.visibleEnd, line.range.lowerBound + (line.range.isEmpty ? 0 : 1)))
            let positions = shaped.positions(from: line.range.lowerBound, to: line.visibleEnd)
            let tokenWidth = isLast ? token.map { $0.width(from: 0, to: $0.text.count) } : nil
            if let token, isLast, token.text.count > 0 { metrics = metrics.union(token.metrics(of: 0..<token.text.count)) }
            var height = metrics.ascent + metrics.descent + (request.usesFontLeading ? metrics.leading : 0)
            if request.lineHeightMultiple > 0 { height *= request.lineHeightMultiple }
            if request.minimumLineHeight > 0 { height = max(height, request.minimumLineHeight) }
            if request.maximumLineHeight > 0 { height = min(height, request.maximumLineHeight) }
            let paragraphLevel = shaped.bidi.paragraphLevels[line.paragraph]
            let rightToLeft = paragraphLevel & 1 == 1
            let textWidth = max(0, positions.last ?? 0)   // negative only with a font's negative advances
            let drawn = textWidth + (tokenWidth ?? 0)
            let blockX: Double
            switch (request.alignment, rightToLeft) {
            case (.left, _), (.natural, false): blockX = insets.left + padding
            case (.center, _): blockX = insets.left + padding + (usable - drawn) / 2
            case (.right, _), (.natural, true): blockX = insets.left + padding + usable - drawn
            }
            // The token ends the line on its trailing side: right of the text left to right, left of it right to left.
            let textX = rightToLeft ? blockX + (tokenWidth ?? 0) : blockX
            let rect = Rect(x: textX, y: y, width: textWidth, height: height)
            let runs = visualRuns(shaped, line.range.lowerBound..<line.visibleEnd, paragraphLevel: paragraphLevel, positions: positions, left: textX)
            lines.append(LineFragment(range: line.range, rect: rect, baseline: y + height - metrics.descent,
                                      paragraph: line.paragraph, isRightToLeft: rightToLeft, runs: runs))
            if let tokenWidth, let token {
                let tokenText = String(decoding: token.text.utf16, as: UTF16.self)
                tokenGeometry = TokenGeometry(token: TruncationToken(text: tokenText, action: request.truncationToken.action),
                                              rect: Rect(x: rightToLeft ? blockX : textX + textWidth, y: y, width: tokenWidth, height: height))
            }
            y += height
            if !isLast || request.profile.lineSpacingAfterLastLine { y += request.lineSpacing }
            if line.endsParagraph && (!isLast || request.profile.paragraphSpacingAfterLastParagraph) { y += request.paragraphSpacing }
        }
        var height = y + insets.bottom
        let scale = request.profile.heightRoundingScale
        if scale > 0 { height = (height * scale - 1e-9).rounded(.up) / scale }

        var geometries: [LinkGeometry] = []
        for (index, link) in links.enumerated() {
            let range = link.range.utf16.location..<link.range.utf16.upperBound
            var rects: [Rect] = []
            // The first line that ends after the link's start, then the lines until its end.
            var low = 0, high = lines.count
            while low < high { let mid = (low + high) / 2; if lines[mid].range.upperBound <= range.lowerBound { low = mid + 1 } else { high = mid } }
            var n = low
            while n < lines.count && lines[n].range.lowerBound < range.upperBound {
                shaped.meter?.count(1 + lines[n].runs.count)
                for span in lines[n].spans(of: range) {
                    rects.append(Rect(x: span.x0, y: lines[n].rect.y, width: span.x1 - span.x0, height: lines[n].rect.height))
                }
                n += 1
            }
            geometries.append(LinkGeometry(link: index, rects: rects))
        }
        return TextLayout(width: request.width, lines: lines, height: height, links: geometries, token: tokenGeometry,
                          shaped: shaped, shapedToken: token)
    }
}
