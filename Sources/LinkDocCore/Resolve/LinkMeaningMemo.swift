import LinkDocModel

/// What the resolver found links to mean (bare URLs, `www.` addresses, autolinks, email addresses,
/// explicit links and HTML anchors; phone numbers without an extension; mentions and topics), as
/// the payload every such link shares, with what it reported about them, by what alone decides
/// both: the link's kind (for a mention or topic, with its detector's mode), its target as written
/// (a number's digits, a name) and its display text, for one compiler's manifest. The warning about a
/// 《title》 that the manifest does not know is kept too, by its title. Copy repeats the same few
/// links across thousands of documents, and resolving one (its display string, the URL check, the
/// typed-target, placeholder and scheme tests, the diagnostics) costs several thousand
/// instructions; a repeat costs a hash and a comparison of its bytes.
///
/// Kept in the compile workspace (one per thread, so no lock), which the resolve stage passes to its lookups.
/// Bounded, so that a workspace holds little whatever it compiled (at most `capacity` entries,
/// keys of at most `maxKeyBytes`): when full, it starts over.
struct LinkMeaningMemo {
    /// What a key starts with: what kind of thing its meaning is of. Each kind has its own byte,
    /// so that the same bytes after it (a bare URL's text, an explicit link's display text) are
    /// different keys for different kinds.
    enum Kind: UInt8 {
        case bareURL = 1, bareWWW, angleAutolink, email, explicitLink, htmlAnchor
        /// A phone number without an extension.
        case phone
        /// A 《title》 that the manifest does not know (the warning only: it has no meaning).
        case unknownTitle
        /// A mention or topic whose detector links any name, and one whose detector links only the
        /// names the manifest lists.
        case mention, knownMention, topic, knownTopic
    }

    static let capacity = 1024
    static let maxKeyBytes = 512

    /// The compiler context whose manifest the meanings come from: a workspace lent to another
    /// compiler starts over. Held, so that no other context can take its identity.
    private var owner: CompilerContext?
    /// Open addressing, linear probing over twice `capacity` slots (allocated on the first
    /// store); an empty key is an empty slot (a stored key is never empty). The fields of the
    /// entries are kept apart, so that a probe reads a hash and a key in place: a probe that
    /// copied a whole entry retained and released each of its references.
    private var hashes: [UInt64] = []
    private var keys: [[UInt8]] = []
    private var meanings: [LinkPayload?] = []
    private var reportLists: [[Problem]] = []
    private(set) var count = 0

    init() {}

    /// Forgets everything unless the meanings are `context`'s.
    mutating func use(for context: CompilerContext) {
        guard owner !== context else { return }
        owner = context
        (hashes, keys, meanings, reportLists) = ([], [], [], [])
        count = 0
    }

    /// The slot of the entry with `key`, if there is one; its fields are read one at a time
    /// (`meaning(at:)`, `reports(at:)`).
    func slot(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard !keys.isEmpty else { return nil }
        let mask = keys.count - 1
        var i = ByteKeyHash.slot(hash, mask: mask)
        while !keys[i].isEmpty {
            if hashes[i] == hash && ByteKeyHash.sameBytes(keys[i], key) { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    func meaning(at slot: Int) -> LinkPayload? { meanings[slot] }

    func reports(at slot: Int) -> [Problem] { reportLists[slot] }

    /// Whether the link of `slot` reports nothing (most): tested in place, where `reports(at:)`
    /// hands out a copy of the list, retained and released.
    func reportsNothing(at slot: Int) -> Bool { reportLists[slot].isEmpty }

    /// Stores what a link with `key` (not in the memo) means and reports.
    mutating func store(key: UnsafeBufferPointer<UInt8>, hash: UInt64, meaning: LinkPayload?, reports: [Problem]) {
        guard !key.isEmpty, key.count <= Self.maxKeyBytes else { return }
        if keys.isEmpty || count >= Self.capacity {
            let slots = 2 * Self.capacity
            hashes = Array(repeating: 0, count: slots)
            keys = Array(repeating: [], count: slots)
            meanings = Array(repeating: nil, count: slots)
            reportLists = Array(repeating: [], count: slots)
            count = 0
        }
        let mask = keys.count - 1
        var i = ByteKeyHash.slot(hash, mask: mask)
        while !keys[i].isEmpty { i = (i + 1) & mask }  // stored only after a miss: the key is not here
        hashes[i] = hash
        keys[i] = Array(key)
        meanings[i] = meaning
        reportLists[i] = reports
        count += 1
    }

    /// The length of the key of a link whose target has `targetCount` bytes (`writeKey`).
    static func keyCount(targetCount: Int, display: TextSlices) -> Int {
        1 + 4 + targetCount + display.byteCount
    }

    /// Writes the key of a link of `kind` into `key` (`keyCount` bytes): the kind's byte, the
    /// target's length in four bytes (so that target and display text cannot trade bytes), the
    /// target as written and the display text's bytes (`display`, slices of `input`).
    @inline(__always)
    static func writeKey(_ kind: Kind, target: UnsafeBufferPointer<UInt8>, display: TextSlices, of input: UnsafeBufferPointer<UInt8>,
                         into key: UnsafeMutableBufferPointer<UInt8>) {
        key[0] = kind.rawValue
        let targetCount = UInt32(target.count)
        for k in 0..<4 { key[1 + k] = UInt8(truncatingIfNeeded: targetCount >> (8 * k)) }
        var end = 5
        if let base = target.baseAddress { (key.baseAddress! + end).initialize(from: base, count: target.count) }
        end += target.count
        display.forEachSlice { slice in
            guard !slice.isEmpty else { return }
            (key.baseAddress! + end).initialize(from: input.baseAddress! + slice.lowerBound, count: slice.count)
            end += slice.count
        }
    }

    /// Writes the key of the warning about an unknown 《`title`》 into `key` (one byte more than the
    /// title's): the kind's byte and the title's bytes.
    @inline(__always)
    static func writeKey(unknownTitle title: UnsafeBufferPointer<UInt8>, into key: UnsafeMutableBufferPointer<UInt8>) {
        key[0] = Kind.unknownTitle.rawValue
        if let base = title.baseAddress { (key.baseAddress! + 1).initialize(from: base, count: title.count) }
    }
}
