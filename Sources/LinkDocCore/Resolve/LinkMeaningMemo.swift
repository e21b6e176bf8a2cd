import LinkDocModel

/// What the resolver found URL-like links to mean (bare URLs, `www.` addresses, autolinks, email
/// addresses, explicit links and HTML anchors; phone numbers without an extension), with what it
/// reported about them, by what alone decides both: the link's kind, its target as written (a
/// number's digits) and its display text, for one compiler's manifest. The warning about a
/// 《title》 that the manifest does not know is kept too, by its title. Copy repeats the same few
/// links across thousands of documents, and resolving one (its display string, the URL check, the
/// typed-target, placeholder and scheme tests, the diagnostics) costs several thousand
/// instructions; a repeat costs a hash and a comparison of its bytes.
///
/// Kept in the compile workspace (one per thread, so no lock) and lent to each document's resolver.
/// Bounded, so that a workspace holds little whatever it compiled (at most `capacity` entries,
/// keys of at most `maxKeyBytes`): when full, it starts over.
struct LinkMeaningMemo {
    /// A diagnostic reported while resolving a link, without its position: replayed at the
    /// position of each later link with the same key.
    struct Report {
        let severity: Severity
        /// As the diagnostic holds it (escaped), so that a replay does not escape it again.
        let message: String
        let rule: RuleID
    }

    struct Entry {
        let key: [UInt8]
        let hash: UInt64
        let meaning: (url: String?, target: LinkTarget)?
        let reports: [Report]
    }

    static let capacity = 1024
    static let maxKeyBytes = 512

    /// The compiler context whose manifest the meanings come from: a workspace lent to another
    /// compiler starts over. Held, so that no other context can take its identity.
    private var owner: CompilerContext?
    /// Open addressing, linear probing; twice `capacity` slots (allocated on the first store).
    private var slots: [Entry?] = []
    private(set) var count = 0

    init() {}

    /// Forgets everything unless the meanings are `context`'s.
    mutating func use(for context: CompilerContext) {
        guard owner !== context else { return }
        owner = context
        slots = []
        count = 0
    }

    /// The slot of the entry with `key`, if there is one; its fields are read one at a time
    /// (`meaning(at:)`, `reports(at:)`): a copy of the whole entry would retain every reference in it.
    func slot(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = ByteKeyHash.slot(hash, mask: mask)
        while let entry = slots[i] {
            if entry.hash == hash && ByteKeyHash.sameBytes(entry.key, key) { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    func meaning(at slot: Int) -> (url: String?, target: LinkTarget)? { slots[slot]!.meaning }

    func reports(at slot: Int) -> [Report] { slots[slot]!.reports }

    mutating func store(_ entry: Entry) {
        guard entry.key.count <= Self.maxKeyBytes else { return }
        if slots.isEmpty || count >= Self.capacity {
            slots = Array(repeating: nil, count: 2 * Self.capacity)
            count = 0
        }
        let mask = slots.count - 1
        var i = ByteKeyHash.slot(entry.hash, mask: mask)
        while slots[i] != nil { i = (i + 1) & mask }  // stored only after a miss: the key is not here
        slots[i] = entry
        count += 1
    }
}
