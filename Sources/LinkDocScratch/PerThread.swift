// Per-thread scratch: what the compiler's stages keep from one document to the next on the same
// thread (buffers emptied and reused instead of allocated per document). Two modules need it,
// the HTML flattener and the compiler, and the flattener's module sees neither the compiler nor
// Foundation, so it lives here, with nothing but the C library under it.

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// One `Value` per thread, made on the thread's first use and destroyed when the thread ends.
/// Reached through a pointer, not a class: its fields are then updated in place with no
/// reference counting and no run-time exclusivity check per access.
public final class PerThread<Value>: @unchecked Sendable {
    /// Owns one thread's value; the key holds it retained, and its release (by the key's
    /// destructor, which cannot be generic) frees the value.
    private final class Slot {
        let pointer: UnsafeMutablePointer<Value>
        init(_ value: Value) {
            pointer = .allocate(capacity: 1)
            pointer.initialize(to: value)
        }
        deinit {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
    }

    private let key: pthread_key_t
    private let make: () -> Value

    public init(_ make: @escaping () -> Value) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
        self.make = make
    }

    /// This thread's value.
    public var current: UnsafeMutablePointer<Value> {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Slot>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.pointer }
        }
        let slot = Slot(make())
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot.pointer
    }
}

/// How a per-thread scratch hands out and takes back its buffers, keeping none larger than
/// `maxKeptBytes`, so that a thread holds little after one huge document.
public struct KeptBuffers: Sendable {
    public let maxKeptBytes: Int

    public init(maxKeptBytes: Int) { self.maxKeptBytes = maxKeptBytes }

    /// Takes a buffer out of its slot (leaving an empty one), emptied, with room for
    /// `minimumCapacity`. A buffer kept by `keep` still holds its elements: they go here.
    public func take<Element>(_ slot: inout [Element], minimumCapacity: Int = 0) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &slot)
        // Too small, it would be replaced anyway; and one still shared with a document kept
        // elsewhere (lint keeps every result) is then replaced once, not emptied and regrown.
        if taken.capacity < minimumCapacity { taken = [] }
        taken.removeAll(keepingCapacity: true)
        taken.reserveCapacity(minimumCapacity)
        return taken
    }

    /// Keeps a buffer that its last owner is letting go, as it is (the owner may still hold a
    /// copy of the reference, so emptying it now would allocate; `take` empties it once that
    /// is gone), unless it is too large to keep or the slot has a larger one.
    public func keep<Element>(_ buffer: [Element], in slot: inout [Element]) {
        guard bytes(buffer) <= maxKeptBytes, buffer.capacity > slot.capacity else { return }
        slot = buffer
    }

    /// Gives a buffer back, emptied, with its capacity unless that is too large to keep; `buffer`
    /// is left empty. Moved, not copied: a buffer that is not unique would be emptied by
    /// allocating a new one.
    public func giveBack<Element>(_ buffer: inout [Element], to slot: inout [Element]) {
        guard bytes(buffer) <= maxKeptBytes else {
            buffer = []
            return
        }
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &slot)
    }

    /// The bytes a buffer's capacity takes (tests check that none kept is above the cap).
    public func bytes<Element>(_ buffer: [Element]) -> Int { buffer.capacity * MemoryLayout<Element>.stride }
}
