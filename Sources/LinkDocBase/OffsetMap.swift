/// A monotone map from byte offsets in a derived text (a prepared source, a decoded string value)
/// back to byte offsets in the text it was made from, so that a diagnostic about the derived text
/// points where the author sees it. The derived text is built in source order from runs: copies,
/// whose bytes map one to one, and replacements (an escape decoded, bytes dropped or inserted),
/// whose bytes all map to the start of what they replace. One run per piece, not per byte.
public struct OffsetMap: Sendable {
    @usableFromInline
    struct Run: Sendable {
        @usableFromInline var derivedStart: Int
        @usableFromInline var sourceStart: Int
        /// Whether offsets in the run map one to one (a copy) or all to `sourceStart`.
        @usableFromInline var isCopy: Bool
    }

    /// One array of runs (not one per field): one allocation per map.
    @usableFromInline private(set) var runs: [Run] = []

    public init() {}

    /// The map of a text that is its source: every offset maps to itself.
    public static let identity = OffsetMap()

    public var isEmpty: Bool { runs.isEmpty }

    /// Empties the map; with `keepingCapacity`, a workspace writes the next text's runs into the
    /// same storage instead of allocating a map per text.
    public mutating func removeAll(keepingCapacity: Bool = false) { runs.removeAll(keepingCapacity: keepingCapacity) }

    /// Makes room for `runCount` runs.
    public mutating func reserveCapacity(_ runCount: Int) { runs.reserveCapacity(runCount) }

    /// The bytes the map's storage takes (a workspace keeps none above its cap).
    public var storageBytes: Int { runs.capacity * MemoryLayout<Run>.stride }

    /// Derived bytes from `derived` on are the source bytes from `source` on, until the next run.
    /// A copy that continues the last one adds no run.
    public mutating func copy(from source: Int, at derived: Int) {
        if let last = runs.last, last.isCopy, last.sourceStart + (derived - last.derivedStart) == source { return }
        runs.append(Run(derivedStart: derived, sourceStart: source, isCopy: true))
    }

    /// Derived bytes from `derived` on, until the next run, stand for the source bytes at `source`.
    public mutating func replace(_ source: Int, at derived: Int) {
        runs.append(Run(derivedStart: derived, sourceStart: source, isCopy: false))
    }

    /// The source offset of derived offset `derived`: itself when the map is empty, the first
    /// run's source start before the first run.
    @inlinable
    public func sourceOffset(_ derived: Int) -> Int {
        guard let first = runs.first else { return derived }
        if derived < first.derivedStart { return first.sourceStart }
        return sourceOffset(derived, inRun: runIndex(derived, lo: 0))
    }

    /// `sourceOffset(_:)` with the run search starting at `hint` (moved to the run found): for
    /// offsets asked in nearly ascending order the answer is usually the same run or the next.
    /// A few steps forward at most, else the binary search, so never much worse than it.
    @inlinable
    public func sourceOffset(_ derived: Int, hint: inout Int) -> Int {
        guard let first = runs.first else { return derived }
        if derived < first.derivedStart { return first.sourceStart }
        var k = hint < runs.count && runs[hint].derivedStart <= derived ? hint : 0
        var steps = 0
        while k + 1 < runs.count && runs[k + 1].derivedStart <= derived {
            k += 1
            steps += 1
            if steps == 8 { k = runIndex(derived, lo: k); break }
        }
        hint = k
        return sourceOffset(derived, inRun: k)
    }

    /// The copied run that derived offset `derived` lies in: where it starts in both texts and
    /// where it ends in the derived one (nil: it is the last run). Nil when `derived` lies before
    /// the first run or in a replacement.
    public func copiedRun(at derived: Int) -> (derivedStart: Int, sourceStart: Int, derivedEnd: Int?)? {
        guard let first = runs.first, derived >= first.derivedStart else { return nil }
        let k = runIndex(derived, lo: 0)
        guard runs[k].isCopy else { return nil }
        return (runs[k].derivedStart, runs[k].sourceStart, k + 1 < runs.count ? runs[k + 1].derivedStart : nil)
    }

    /// The last run at or after `lo` that starts at or before `derived` (`runs[lo]` does).
    @inlinable
    func runIndex(_ derived: Int, lo: Int) -> Int {
        var lo = lo, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].derivedStart <= derived { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    @inlinable
    func sourceOffset(_ derived: Int, inRun k: Int) -> Int {
        let run = runs[k]
        return run.isCopy ? run.sourceStart + (derived - run.derivedStart) : run.sourceStart
    }
}
