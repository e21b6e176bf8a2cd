/// How a workspace hands out and takes back its buffers, keeping none larger than
/// `maxKeptBytes`, so that a workspace holds little after one huge document: the compiler's
/// workspace (LinkDocCore's `CompileWorkspace`) and the HTML flattener's (LinkDocHTML's
/// `HTMLWorkspace`), which alone take buffers out of their slots and put them back.
///
/// Public for those modules only, behind the SPI (`@_spi(Bytes) import LinkDocBase`), and
/// inlinable, not `package`: they call these for arrays of their own element types, and only an
/// inlinable generic function is sure to be specialized across modules (an unspecialized
/// `removeAll(keepingCapacity:)` costs a metadata lookup and a thousand instructions a call).
@_spi(Bytes) public struct KeptBuffers: Sendable {
    public let maxKeptBytes: Int

    public init(maxKeptBytes: Int) { self.maxKeptBytes = maxKeptBytes }

    /// Takes a buffer out of its slot (leaving an empty one), emptied, with room for
    /// `minimumCapacity`.
    @inlinable
    public func take<Element>(_ slot: inout [Element], minimumCapacity: Int = 0) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &slot)
        // Too small, it would be replaced anyway; one still shared with a result kept elsewhere
        // is then replaced once, not emptied and regrown.
        if taken.capacity < minimumCapacity {
            taken = []
            taken.reserveCapacity(minimumCapacity)
        } else if taken.count > 4 {
            taken.removeAll(keepingCapacity: true)
        } else {
            // Every document takes a dozen buffers, most holding a few elements (or none): popped
            // one by one, they cost a fraction of `removeAll(keepingCapacity:)`, whose general
            // `replaceSubrange` checks the buffer and moves the (empty) tail through memmove.
            while !taken.isEmpty { taken.removeLast() }
        }
        return taken
    }

    /// Puts a buffer back in its slot as it is, unless it is too large to keep or the slot holds
    /// a larger one (a stage that had nothing to fill gives back an empty array); `buffer` is left
    /// empty. It is emptied when next taken, not now: whoever gave it back may still hold a copy
    /// of the reference (a result's array), and emptying a buffer that is not unique allocates a
    /// new one.
    @inlinable
    public func giveBack<Element>(_ buffer: inout [Element], to slot: inout [Element]) {
        guard bytes(buffer) <= maxKeptBytes, buffer.capacity >= slot.capacity else {
            buffer = []
            return
        }
        swap(&buffer, &slot)
        buffer = []
    }

    /// `take(_:minimumCapacity:)` for an offset map's storage (emptied by the map made on it).
    public func take(_ slot: inout OffsetMap) -> OffsetMap {
        var taken = OffsetMap()
        swap(&taken, &slot)
        return taken
    }

    /// `giveBack(_:to:)` for an offset map's storage.
    public func giveBack(_ map: inout OffsetMap, to slot: inout OffsetMap) {
        guard map.storageBytes <= maxKeptBytes, map.storageBytes >= slot.storageBytes else {
            map = OffsetMap()
            return
        }
        swap(&map, &slot)
        map = OffsetMap()
    }

    /// The bytes a buffer's capacity takes (tests check that none kept is above the cap).
    @inlinable
    public func bytes<Element>(_ buffer: [Element]) -> Int { buffer.capacity * MemoryLayout<Element>.stride }
}
