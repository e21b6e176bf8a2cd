/// The manifest's tables keyed by UTF-8 bytes, built once per compiler.
///
/// Why bytes: Swift compares `String` keys by canonical equivalence, which for CJK
/// text means a slow normalizing comparison on every lookup; titles and names
/// match exactly, so bytes are both faster and the right meaning.
struct ManifestIndex: Sendable {
    private let byTitle: [ExactString: Manifest.Agreement]
    private let byID: [ExactString: Manifest.Agreement]
    private let userIDs: [ExactString: String]

    init(_ manifest: Manifest) {
        var byTitle: [ExactString: Manifest.Agreement] = [:], byID: [ExactString: Manifest.Agreement] = [:]
        for agreement in manifest.agreements.values {
            byTitle[ExactString(agreement.title)] = agreement
            byID[ExactString(agreement.id)] = agreement
        }
        self.byTitle = byTitle
        self.byID = byID
        userIDs = Dictionary(uniqueKeysWithValues: manifest.mentions.map { (ExactString($0.key), $0.value) })
    }

    func agreement(title: String) -> Manifest.Agreement? { byTitle[ExactString(title)] }

    /// By id, or else by title (an agreement without an id is known by its title).
    func agreement(id: String) -> Manifest.Agreement? {
        let key = ExactString(id)
        return byID[key] ?? byTitle[key]
    }

    func userID(mention name: String) -> String? { userIDs[ExactString(name)] }
}

/// A string as a dictionary key that means its exact UTF-8 bytes: equal only when the bytes
/// are equal (not by canonical equivalence, as `String` is), hashed over its bytes in one call.
///
/// Why not `[UInt8]`: an array key costs an allocation per lookup and hashes byte by byte,
/// which made the hashing alone cost more than the lookups' other work.
struct ExactString: Hashable, Sendable {
    var string: String

    init(_ string: String) { self.string = string }

    static func == (a: ExactString, b: ExactString) -> Bool {
        var x = a.string, y = b.string
        guard x.utf8.count == y.utf8.count else { return false }
        return x.withUTF8 { p in y.withUTF8 { q in p.elementsEqual(q) } }
    }

    func hash(into hasher: inout Hasher) {
        var s = string  // `withUTF8` makes it contiguous first; native strings already are: no copy
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
