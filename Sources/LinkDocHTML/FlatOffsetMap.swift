import LinkDocBase

/// Flat-text offset → source offset: LinkDocBase's `OffsetMap` (the flat text is built in source
/// order from copied pieces and decoded or synthesized ones: an entity, a `<br>`, a paragraph
/// separator) plus what flattening needs at the edges. It knows where the flat text ends, so
/// that offsets from there on map to the end of the source that was flattened (`endSource`, which
/// may lie past the last piece's bytes: a closing tag), and it keeps positions that libxml2
/// reports out of order from sending the source column backwards (diagnostics never do).
struct FlatOffsetMap: Sendable {
    /// The runs; their storage is recycled through the `HTMLWorkspace`.
    private(set) var runs: OffsetMap
    /// The length of the flat text mapped so far.
    private var flatEnd = 0
    /// Where flat offsets from `flatEnd` on map to.
    private var endSource = 0

    /// An empty map whose runs are written into `storage` (emptied; the flattener passes the one
    /// its workspace kept), with room for a typical fragment's pieces from the start.
    init(storage: OffsetMap = OffsetMap()) {
        runs = storage
        runs.removeAll(keepingCapacity: true)
        runs.reserveCapacity(32)
    }

    /// The flat bytes `flatStart ..< flatStart + length` (appended at the flat text's end) are the
    /// source bytes from `sourceStart` on when `identity`, else stand for the source at
    /// `sourceStart`; the piece's source ends at `sourceEnd`.
    mutating func append(flatStart: Int, sourceStart: Int, length: Int, identity: Bool, sourceEnd: Int) {
        guard length > 0 else { return }
        let source = max(sourceStart, endSource)
        if identity { runs.copy(from: source, at: flatStart) } else { runs.replace(source, at: flatStart) }
        flatEnd = flatStart + length
        endSource = max(source + (identity ? length : 0), max(sourceEnd, source))
    }

    // `flatEnd == 0` is `runs.isEmpty` (every piece appended is a run), without a call into
    // LinkDocBase per lookup.

    func sourceOffset(forFlatOffset flatOffset: Int) -> Int {
        if flatEnd == 0 { return 0 }
        if flatOffset >= flatEnd { return endSource }
        return runs.sourceOffset(flatOffset)
    }

    /// `sourceOffset(forFlatOffset:)` with the run search starting at `hint`, which is moved to
    /// the run found.
    func sourceOffset(forFlatOffset flatOffset: Int, hint: inout Int) -> Int {
        if flatEnd == 0 { return 0 }
        if flatOffset >= flatEnd { return endSource }
        return runs.sourceOffset(flatOffset, hint: &hint)
    }
}

/// `FlatHTML.sourceOffset(forFlatOffset:)` for a caller that asks about many offsets in nearly
/// ascending order (a document's links and diagnostics): each lookup starts where the last one
/// ended instead of a binary search over all the runs. Same answers in any order.
public struct FlatOffsetCursor: Sendable {
    let map: FlatOffsetMap
    private var hint = 0

    init(map: FlatOffsetMap) { self.map = map }

    public mutating func sourceOffset(forFlatOffset flatOffset: Int) -> Int {
        map.sourceOffset(forFlatOffset: flatOffset, hint: &hint)
    }
}
