import LinkDocModel

/// Lays out a link document for a view: breaks lines (stage 2), stacks them with TextKit's
/// metrics (stage 3), truncates, and measures the links. Grammar/layout.md is the specification.
public enum Typesetter {
    public static func layout(_ document: Document, _ request: LayoutRequest) -> TextLayout {
        let shaped = shapedText(document, request)
        var broken = breakLines(shaped, width: request.usableWidth, locale: request.lineBreakLocale)
        if !request.profile.extraLineAfterFinalLineFeed, broken.count > 1, broken.last!.range.isEmpty { broken.removeLast() }
        var token: (range: Range<Int>, shaped: ShapedText)? = nil
        if request.maximumLines > 0, broken.count > request.maximumLines {
            let last = broken[request.maximumLines - 1]
            broken.removeSubrange(request.maximumLines...)
            let tokenText = shapedToken(request)
            let kept = truncate(shaped, from: last.range.lowerBound, paragraphEnd: last.paragraphEnd,
                                room: request.usableWidth - tokenText.width(from: 0, to: tokenText.text.count))
            broken[broken.count - 1] = BrokenLine(range: last.range.lowerBound..<kept.end, visibleEnd: kept.visibleEnd,
                                                  paragraph: last.paragraph, paragraphEnd: last.paragraphEnd, endsParagraph: true)
            token = (kept.end..<kept.end, tokenText)
        }
        return stack(broken, shaped, request, token: token?.shaped, links: document.links)
    }

    /// Stage 1 for a document: its text shaped with the request's fonts, bold runs in the bold
    /// face, attachments at their declared sizes (the preview draws from the same shaping).
    static func shapedText(_ document: Document, _ request: LayoutRequest) -> ShapedText {
        let bold = document.styles.filter { $0.bold == true }.map { $0.range.utf16.location..<$0.range.utf16.upperBound }
        var attachments: [Int: (width: Double, height: Double)] = [:]
        for attachment in document.attachments {
            attachments[attachment.range.utf16.location] = (Double(attachment.width ?? 0), Double(attachment.height ?? 0))
        }
        return ShapedText(LayoutText(document.text), fonts: request.fonts, size: request.size, language: request.language, bold: bold,
                          attachments: attachments)
    }

    /// The token's text shaped on its own, as it is measured and drawn.
    static func shapedToken(_ request: LayoutRequest) -> ShapedText {
        ShapedText(LayoutText(request.truncationToken.text), fonts: request.fonts, size: request.size, language: request.language)
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
    /// grapheme cluster boundaries. Mandatory breaks always end the line.
    static func breakLines(_ shaped: ShapedText, width: Double, locale: String) -> [BrokenLine] {
        let text = shaped.text
        guard text.count > 0 else { return [] }
        let slack = 1e-9   // widths are sums of Doubles: a line that fits exactly must not wrap
        let opportunities = LineBreaker.opportunities(in: text.utf16, locale: locale).filter { text.isClusterStart[$0.offset] }
        var lines: [BrokenLine] = []
        var paragraphStart = 0, paragraph = 0, next = 0
        while paragraphStart <= text.count {
            var paragraphEnd = paragraphStart
            while paragraphEnd < text.count && text.utf16[paragraphEnd] != 0x0A { paragraphEnd += 1 }
            let fullEnd = paragraphEnd < text.count ? paragraphEnd + 1 : paragraphEnd
            var start = paragraphStart
            repeat {
                var end: Int? = nil
                while next < opportunities.count && opportunities[next].offset <= start { next += 1 }
                var k = next
                while true {
                    let candidate = k < opportunities.count && opportunities[k].offset < paragraphEnd ? opportunities[k] : nil
                    let offset = candidate?.offset ?? paragraphEnd
                    guard shaped.width(from: start, to: visibleEnd(text, start, offset)) <= width + slack else { break }
                    end = offset
                    if candidate == nil || candidate!.isMandatory { break }
                    k += 1
                }
                if end == nil || end == start {
                    // Nothing fits: as many whole clusters as fit, at least one (TextKit's character wrapping).
                    var cut = text.clusterEnd(after: start)
                    while cut < paragraphEnd {
                        let further = text.clusterEnd(after: cut)
                        guard shaped.width(from: start, to: visibleEnd(text, start, further)) <= width + slack else { break }
                        cut = further
                    }
                    end = min(cut, max(paragraphEnd, start + 1))
                }
                let stop = end!
                let endsParagraph = stop >= paragraphEnd
                lines.append(BrokenLine(range: start..<(endsParagraph ? fullEnd : stop), visibleEnd: visibleEnd(text, start, min(stop, paragraphEnd)),
                                        paragraph: paragraph, paragraphEnd: paragraphEnd, endsParagraph: endsParagraph))
                start = stop
            } while start < paragraphEnd
            paragraph += 1
            // A line feed that ends the text starts one more, empty paragraph (TextKit's extra line fragment).
            if fullEnd == paragraphEnd { break }
            paragraphStart = fullEnd
        }
        return lines
    }

    private static func visibleEnd(_ text: LayoutText, _ start: Int, _ end: Int) -> Int {
        var visible = end
        while visible > start && text.isHangingSpace(at: visible - 1) { visible -= 1 }
        return visible
    }

    /// The longest prefix of the paragraph's text from `start` (whole clusters) whose visible
    /// part leaves `room` for the token, as byTruncatingTail cuts.
    static func truncate(_ shaped: ShapedText, from start: Int, paragraphEnd: Int, room: Double) -> (end: Int, visibleEnd: Int) {
        let text = shaped.text
        var end = start
        while end < paragraphEnd {
            let further = text.clusterEnd(after: end)
            guard shaped.width(from: start, to: visibleEnd(text, start, further)) <= room + 1e-9 else { break }
            end = further
        }
        return (end, visibleEnd(text, start, end))
    }

    /// Stage 3: gives each line its height, baseline and place (TextKit's metrics), then the
    /// links their rectangles and the token its place.
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
            var positions = shaped.positions(from: line.range.lowerBound, to: line.visibleEnd)
            let tokenWidth = isLast ? token.map { $0.width(from: 0, to: $0.text.count) } : nil
            if let token, isLast { metrics = metrics.union(token.metrics(of: 0..<token.text.count)) }
            var height = metrics.ascent + metrics.descent + (request.usesFontLeading ? metrics.leading : 0)
            if request.lineHeightMultiple > 0 { height *= request.lineHeightMultiple }
            if request.minimumLineHeight > 0 { height = max(height, request.minimumLineHeight) }
            if request.maximumLineHeight > 0 { height = min(height, request.maximumLineHeight) }
            let textWidth = positions.last ?? 0
            let drawn = textWidth + (tokenWidth ?? 0)
            let x: Double
            switch request.alignment {
            case .natural, .left: x = insets.left + padding
            case .center: x = insets.left + padding + (usable - drawn) / 2
            case .right: x = insets.left + padding + usable - drawn
            }
            if positions.isEmpty { positions = [0] }
            let rect = Rect(x: x, y: y, width: textWidth, height: height)
            lines.append(LineFragment(range: line.range, rect: rect, baseline: y + height - metrics.descent,
                                      paragraph: line.paragraph, positions: positions))
            if let tokenWidth {
                tokenGeometry = TokenGeometry(token: request.truncationToken, rect: Rect(x: x + textWidth, y: y, width: tokenWidth, height: height))
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
            for (n, line) in lines.enumerated() {
                let visible = line.range.lowerBound..<broken[n].visibleEnd
                let start = max(range.lowerBound, visible.lowerBound), end = min(range.upperBound, visible.upperBound)
                guard start < end else { continue }
                let x0 = line.x(at: start)
                rects.append(Rect(x: x0, y: line.rect.y, width: line.x(at: end) - x0, height: line.rect.height))
            }
            geometries.append(LinkGeometry(link: index, rects: rects))
        }
        return TextLayout(lines: lines, height: height, links: geometries, token: tokenGeometry)
    }
}
