import Foundation  // memcmp
@_spi(Bytes) import LinkDocBase  // ByteWord
import LinkDocModel
import LinkDocURL

/// The manifest's tables keyed by UTF-8 bytes, built once per compiler.
///
/// Why bytes: Swift compares `String` keys by canonical equivalence, which for CJK
/// text means a slow normalizing comparison on every lookup; titles and names
/// match exactly, so bytes are both faster and the right meaning.
///
/// An agreement comes with the check of its URL, made once here: agreements are linked in
/// almost every document of a privacy dialog, and a lookup of the check per link cost more
/// than the rest of resolving the link.
///
/// A class, read through the compiler's shared context, so that a lookup of a mention's user or a
/// topic's id retains one object rather than copying six tables (six retains and releases).
final class ManifestIndex: Sendable {
    /// A class: a lookup then retains one object, not the five strings and arrays inside.
    final class Entry: Sendable, Equatable {
        let agreement: Manifest.Agreement
        let check: LinkURLCheck
        /// What every link to the agreement does.
        let payload: LinkPayload

        init(agreement: Manifest.Agreement, check: LinkURLCheck) {
            self.agreement = agreement
            self.check = check
            payload = LinkPayload(url: check.url, target: .agreement(id: agreement.id, title: agreement.title))
        }

        /// The same agreement of the same index.
        static func == (a: Entry, b: Entry) -> Bool { a === b }
    }

    private let byTitle: [ExactString: Entry]
    /// The manifest's titles (its `agreements` keys) for the parser's lookups by a slice of its
    /// input, each with its agreement (`ParseOptions.titleTable`).
    let titleTable: ByteStringTable<Entry?>
    private let byID: [ExactString: Entry]
    private let userIDs: ExactStringTable<String>
    private let topicIDs: ExactStringTable<String>

    /// `urls` checks the agreements' URLs once, for every document that names them.
    init(_ manifest: Manifest, urls: URLValidator) {
        var byTitle: [ExactString: Entry] = [:], byID: [ExactString: Entry] = [:]
        for agreement in manifest.agreements.values {
            let entry = Entry(agreement: agreement, check: urls.check(agreement.url))
            byTitle[ExactString(agreement.title)] = entry
            byID[ExactString(agreement.id)] = entry
        }
        self.byTitle = byTitle
        titleTable = ByteStringTable(manifest.agreements.keys.map { (Array($0.utf8), byTitle[ExactString($0)]) })
        self.byID = byID
        var userIDs = ExactStringTable<String>()
        for (name, id) in manifest.mentions { userIDs[ExactString(name)] = id }
        self.userIDs = userIDs
        var topicIDs = ExactStringTable<String>()
        for (name, id) in manifest.topics { topicIDs[ExactString(name)] = id }
        self.topicIDs = topicIDs
    }

    /// By id, or else by title (an agreement without an id is known by its title).
    func agreement(id: String) -> Entry? {
        let key = ExactString(id)
        return byID[key] ?? byTitle[key]
    }

    func userID(mention name: String) -> String? { userIDs[ExactString(name)] }

    /// The id of a topic the manifest lists (`topics`), nil for any other.
    func topicID(name: String) -> String? { topicIDs.count == 0 ? nil : topicIDs[ExactString(name)] }
}

/// A string as a dictionary key that means its exact UTF-8 bytes: equal only when the bytes
/// are equal (not by canonical equivalence, as `String` is).
///
/// Why not `[UInt8]`: an array key costs an allocation per lookup and hashes byte by byte.
/// The bytes are hashed once, here (`ByteKeyHash`), and the dictionary hashes only that word: a URL
/// looked up in two tables (the manifest's checks, then the recent ones) is read once.
struct ExactString: Hashable, Sendable {
    let string: String
    /// The `ByteKeyHash` of the bytes (`ExactStringTable` uses it as is).
    let bytesHash: UInt64

    init(_ string: String) {
        var s = string  // `withUTF8` makes it contiguous first; native strings already are: no copy
        bytesHash = s.withUTF8 { ByteKeyHash.hash($0) }
        self.string = s
    }

    static func == (a: ExactString, b: ExactString) -> Bool {
        guard a.bytesHash == b.bytesHash else { return false }
        var x = a.string, y = b.string
        let count = x.utf8.count
        guard count == y.utf8.count else { return false }
        return x.withUTF8 { p in y.withUTF8 { q in count == 0 || memcmp(p.baseAddress!, q.baseAddress!, count) == 0 } }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }
}

/// A table keyed by `ExactString` that places keys by their `ByteKeyHash` as is (open addressing,
/// linear probing): a `Dictionary` hashes that word again through `Hasher` and compares keys
/// through `==` on copies of them, which cost more than the rest of a URL check found in a cache.
struct ExactStringTable<Value> {
    private var slots: [(key: ExactString, value: Value)?]
    private(set) var count = 0

    init() { slots = Array(repeating: nil, count: 16) }

    private var mask: Int { slots.count - 1 }

    private static func start(_ key: ExactString, _ mask: Int) -> Int { ByteKeyHash.slot(key.bytesHash, mask: mask) }

    /// The slot that holds `key`, or the empty slot where it would go.
    private func slot(for key: ExactString) -> Int {
        var i = Self.start(key, mask)
        while let entry = slots[i] {
            if entry.key.bytesHash == key.bytesHash && entry.key == key { return i }
            i = (i + 1) & mask
        }
        return i
    }

    subscript(key: ExactString) -> Value? {
        get { slots[slot(for: key)]?.value }
        set {
            let i = slot(for: key)
            switch (slots[i] != nil, newValue) {
            case (true, let value?): slots[i]!.value = value
            case (false, let value?):
                slots[i] = (key, value)
                count += 1
                if count * 2 > slots.count { grow() }
            case (true, nil): remove(at: i)
            case (false, nil): break
            }
        }
    }

    mutating func removeAll() {
        for i in slots.indices { slots[i] = nil }
        count = 0
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        for case let entry? in old { slots[slot(for: entry.key)] = entry }
    }

    /// Removes the entry at `i`, moving later entries of its probe run back (no tombstones).
    private mutating func remove(at i: Int) {
        slots[i] = nil
        count -= 1
        var j = (i + 1) & mask
        while let entry = slots[j] {
            slots[j] = nil
            slots[slot(for: entry.key)] = entry
            j = (j + 1) & mask
        }
    }
}

extension ExactStringTable: Sendable where Value: Sendable {}

/// The byte-keyed tables' hash, probe start and key comparison.
enum ByteKeyHash {
    /// A 64-bit hash of bytes, eight at a time: each word is mixed in by a multiply whose high
    /// bits are folded back down. The length is mixed in first, so that keys that differ only by
    /// trailing zero bytes (the last word's padding) differ. Eight bytes a step because the keys
    /// are 40–100 bytes (URLs, link texts) and a hash's multiplies form one chain as long as the
    /// number of steps.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        // The length mixed in, not xor-ed in: xor-ed, it cancelled against the first word of a key
        // one byte longer (`ittp` and `http\0`).
        var h = mix(0xcbf2_9ce4_8422_2325, UInt64(truncatingIfNeeded: bytes.count))
        guard let p = bytes.baseAddress else { return h }
        let n = bytes.count
        var i = 0
        while i &+ 8 <= n {
            h = mix(h, ByteWord.load(p + i))
            i &+= 8
        }
        let rest = n &- i
        if rest > 0 {
            var last: UInt64 = 0
            if n >= 8 {
                // The last eight bytes, the ones hashed already shifted out.
                last = ByteWord.load(p + (n &- 8)) >> (8 &* UInt64(8 &- rest))
            } else {
                for k in 0..<rest { last |= UInt64(p[k]) << (8 &* UInt64(k)) }
            }
            h = mix(h, last)
        }
        return h
    }

    @inline(__always)
    private static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let x = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
        return x ^ (x >> 29)
    }

    /// Where a table of `mask + 1` slots (a power of two) starts looking for a key of hash `h`:
    /// both halves folded in, so that short keys, whose hashes differ most in the high bits, spread.
    static func slot(_ h: UInt64, mask: Int) -> Int { Int(truncatingIfNeeded: h ^ (h >> 32)) & mask }

    /// Whether `stored` holds exactly the bytes of `key` (the tables' key comparison, by `memcmp`).
    static func sameBytes(_ stored: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.count == key.count && stored.withUnsafeBufferPointer { s in
            s.isEmpty || memcmp(s.baseAddress!, key.baseAddress!, s.count) == 0
        }
    }
}

/// A table of byte strings that is asked about slices of a buffer: a dictionary keyed by
/// `[UInt8]` or a string would make a key per lookup, which costs more than finding the title in
/// the text. Buckets by `ByteKeyHash`; keys compared with `memcmp`.
struct ByteStringTable<Value: Sendable>: Sendable {
    private let buckets: [[(key: [UInt8], value: Value)]]
    private let mask: Int

    init(_ pairs: [([UInt8], Value)]) {
        var count = 8
        while count < pairs.count * 2 { count *= 2 }
        var buckets = [[(key: [UInt8], value: Value)]](repeating: [], count: count)
        for (key, value) in pairs {
            key.withUnsafeBufferPointer { buckets[Self.bucket($0, count - 1)].append((key, value)) }
        }
        self.buckets = buckets
        mask = count - 1
    }

    private static func bucket(_ bytes: UnsafeBufferPointer<UInt8>, _ mask: Int) -> Int {
        ByteKeyHash.slot(ByteKeyHash.hash(bytes), mask: mask)
    }

    subscript(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        for entry in buckets[Self.bucket(bytes, mask)] where ByteKeyHash.sameBytes(entry.key, bytes) { return entry.value }
        return nil
    }
}

extension ByteStringTable where Value == Void {
    /// A set of byte strings.
    init(members: Set<[UInt8]>) { self.init(members.map { ($0, ()) }) }

    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { self[bytes] != nil }
}
