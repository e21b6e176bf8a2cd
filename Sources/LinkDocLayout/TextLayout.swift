/// A rectangle in points, origin at the view's top left, y growing downwards.
public struct Rect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// How far `point` is from the rectangle on each axis (0 inside), the larger of the two:
    /// a point is within `tolerance` when the rectangle grown by `tolerance` on every side
    /// (`insetBy(dx: -t, dy: -t)`) contains it.
    func distance(to point: Point) -> Double {
        let dx = max(x - point.x, 0, point.x - maxX)
        let dy = max(y - point.y, 0, point.y - maxY)
        return max(dx, dy)
    }
}

public struct Point: Hashable, Sendable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One line as laid out.
public struct LineFragment: Hashable, Sendable {
    /// The UTF-16 range of the text on the line, with its trailing spaces and the line feed that
    /// ends a paragraph (as NSLayoutManager's line fragment glyph range has them).
    public var range: Range<Int>
    /// The used rectangle: from the first glyph to the end of the last visible one (trailing
    /// spaces hang outside), the line's full height; lineSpacing and paragraphSpacing below it
    /// are not part of it.
    public var rect: Rect
    /// The y of the baseline.
    public var baseline: Double
    /// The index of the paragraph the line belongs to.
    public var paragraph: Int
    /// Whether the line's paragraph runs right to left (its base direction).
    public var isRightToLeft: Bool
    /// The visible text in stretches of one direction, in visual order from the left.
    let runs: [VisualRun]

    /// The horizontal extents of the visible text of `range` on this line, from the left, one
    /// per stretch it covers (adjacent stretches joined): one for left-to-right text, one per
    /// visual piece where the range crosses a change of direction.
    func spans(of range: Range<Int>) -> [(x0: Double, x1: Double)] {
        var spans: [(x0: Double, x1: Double)] = []
        for run in runs {
            let lower = max(range.lowerBound, run.range.lowerBound), upper = min(range.upperBound, run.range.upperBound)
            guard lower < upper else { continue }
            let span = run.extent(of: lower..<upper)
            if let last = spans.last, abs(last.x1 - span.x0) < 1e-9 {
                spans[spans.count - 1].x1 = span.x1
            } else {
                spans.append(span)
            }
        }
        return spans
    }
}

/// A stretch of a line in one direction, as drawn.
struct VisualRun: Hashable, Sendable {
    /// The UTF-16 range, in logical order.
    let range: Range<Int>
    /// The x of the stretch's left edge in the view.
    let x: Double
    let isRightToLeft: Bool
    /// Pen positions in logical order from `range.lowerBound` (one more than the range's length).
    let positions: [Double]

    var width: Double { positions.last! - positions.first! }

    /// Where `part` (within the stretch) is drawn, from its left edge to its right. A font's
    /// kerning can make an advance negative, so the two ends are ordered: never a negative width.
    func extent(of part: Range<Int>) -> (x0: Double, x1: Double) {
        let a = positions[part.lowerBound - range.lowerBound] - positions[0], b = positions[part.upperBound - range.lowerBound] - positions[0]
        let (x0, x1) = isRightToLeft ? (x + width - b, x + width - a) : (x + a, x + b)
        return (min(x0, x1), max(x0, x1))
    }
}

/// The rectangles of one link, one per line fragment it is drawn on.
public struct LinkGeometry: Hashable, Sendable {
    /// The link's index in the document's `links`.
    public var link: Int
    public var rects: [Rect]
}

/// Where the truncation token was drawn.
public struct TokenGeometry: Hashable, Sendable {
    public var token: TruncationToken
    public var rect: Rect
}

/// What a point hits: a link, or the truncation token.
public enum HitTarget: Hashable, Sendable {
    case link(Int)
    case token
}

/// The laid-out text, immutable: line fragments, height, link rectangles, truncation, and
/// hit-testing against that geometry.
public struct TextLayout: Sendable {
    /// The view's width, as requested.
    public let width: Double
    public let lines: [LineFragment]
    /// The view's height that shows every line: the insets, the lines and the spacing between them.
    public let height: Double
    public let links: [LinkGeometry]
    /// The token, when the text needed more lines than the request allows.
    public let token: TokenGeometry?
    public var isTruncated: Bool { token != nil }
    /// The text and the token as shaped for this layout, kept so that the preview draws from the
    /// shaping that placed the lines instead of shaping the text again.
    let shaped: ShapedText
    let shapedToken: ShapedText?

    /// The link (or token) whose rectangles, grown by `tolerance` on each side, contain `point`;
    /// when several do, the nearest (ties: the first). Never the nearest character: a point on
    /// plain text, between lines, below the last line or beside a short last line hits nothing
    /// unless it is within `tolerance` of a link's own rectangle; a point outside the view
    /// (0...width, 0...height) hits nothing, as the view never receives it.
    public func hitTest(_ point: Point, tolerance: Double = 2) -> HitTarget? {
        guard point.x >= 0, point.y >= 0, point.x <= width, point.y <= height else { return nil }
        var best: (target: HitTarget, distance: Double)? = nil
        func consider(_ rect: Rect, _ target: HitTarget) {
            let distance = rect.distance(to: point)
            guard distance <= tolerance else { return }
            if best == nil || distance < best!.distance { best = (target, distance) }
        }
        for geometry in links {
            for rect in geometry.rects { consider(rect, .link(geometry.link)) }
        }
        if let token { consider(token.rect, .token) }
        return best?.target
    }
}
