// Flat-text offset → source offset.
//
// The flat text is built by appending pieces in source order. Each piece is a
// segment: either copied byte-for-byte from the source (`identity`, so offsets
// inside it map 1:1) or produced by decoding/synthesis (an entity, a <br>, a
// paragraph separator), in which case every byte of it maps to the segment's
// source start. Both columns only grow, so lookups are a binary search and the
// mapping is monotone by construction.
//
// LinkDocBase's OffsetMap answers the same question for the prepared text and the localization
// readers. This one differs at the edges: it knows where the flat text ends (offsets past it map
// to the end of the source that was flattened, `sourceEnd`), it keeps positions that libxml2
// reports out of order from going backwards, and its segment array is recycled by the
// flattener's per-thread scratch.

struct OffsetMap: Sendable {
    struct Segment: Sendable {
        var flatStart: Int
        var sourceStart: Int
        var length: Int
        var identity: Bool
    }

    private(set) var segments: [Segment]

    /// An empty map whose segments are written into `buffer` (emptied; the flattener passes one
    /// from its scratch), with room for a typical fragment's pieces from the start.
    init(buffer: [Segment] = []) {
        segments = buffer
        segments.removeAll(keepingCapacity: true)
        segments.reserveCapacity(32)
    }
    /// Where flat offset == text.count maps to (just past the last segment).
    private(set) var endSource: Int = 0

    mutating func append(flatStart: Int, sourceStart: Int, length: Int, identity: Bool, sourceEnd: Int) {
        guard length > 0 else { return }
        // Keep the source column monotone even if a caller hands us an earlier
        // position (defensive: diagnostics must never go backwards).
        let src = max(sourceStart, endSource)
        if let last = segments.last, identity, last.identity,
           last.flatStart + last.length == flatStart,
           last.sourceStart + last.length == src {
            segments[segments.count - 1].length += length   // merge adjacent copies
        } else {
            segments.append(Segment(flatStart: flatStart, sourceStart: src, length: length, identity: identity))
        }
        endSource = max(src + (identity ? length : 0), max(sourceEnd, src))
    }

    func sourceOffset(forFlatOffset flatOffset: Int) -> Int {
        guard let last = segments.last else { return 0 }
        if flatOffset >= last.flatStart + last.length { return endSource }
        if flatOffset <= 0 { return segments[0].sourceStart }
        // Last segment whose flatStart <= flatOffset.
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].flatStart <= flatOffset { lo = mid } else { hi = mid - 1 }
        }
        let s = segments[lo]
        return s.identity ? s.sourceStart + (flatOffset - s.flatStart) : s.sourceStart
    }

    /// The index of the last segment whose `flatStart <= flatOffset`, for an offset inside the
    /// segments (`0 < flatOffset <` the end of the last one). Walks forward from `hint` a few
    /// steps (callers ask in nearly ascending order, so the answer is usually `hint` or the next
    /// one), else searches: never worse than the binary search.
    func segmentIndex(forFlatOffset flatOffset: Int, from hint: Int) -> Int {
        var k = hint
        if k < segments.count && segments[k].flatStart <= flatOffset {
            var steps = 0
            while k + 1 < segments.count && segments[k + 1].flatStart <= flatOffset {
                k += 1
                steps += 1
                if steps == 8 { return binarySearch(flatOffset, lo: k, hi: segments.count - 1) }
            }
            return k
        }
        return binarySearch(flatOffset, lo: 0, hi: min(k, segments.count - 1))
    }

    private func binarySearch(_ flatOffset: Int, lo: Int, hi: Int) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].flatStart <= flatOffset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `sourceOffset(forFlatOffset:)` with the segment search starting at `hint`, which is moved
    /// to the segment found.
    func sourceOffset(forFlatOffset flatOffset: Int, hint: inout Int) -> Int {
        guard let last = segments.last else { return 0 }
        if flatOffset >= last.flatStart + last.length { return endSource }
        if flatOffset <= 0 { return segments[0].sourceStart }
        hint = segmentIndex(forFlatOffset: flatOffset, from: hint)
        let s = segments[hint]
        return s.identity ? s.sourceStart + (flatOffset - s.flatStart) : s.sourceStart
    }
}

/// `FlatHTML.sourceOffset(forFlatOffset:)` for a caller that asks about many offsets in nearly
/// ascending order (a document's links and diagnostics): each lookup starts where the last one
/// ended instead of a binary search over all the segments. Same answers in any order.
public struct FlatOffsetCursor: Sendable {
    let map: OffsetMap
    private var hint = 0

    init(map: OffsetMap) { self.map = map }

    public mutating func sourceOffset(forFlatOffset flatOffset: Int) -> Int {
        map.sourceOffset(forFlatOffset: flatOffset, hint: &hint)
    }
}
