/// The manifest's tables keyed by UTF-8 bytes, built once per compiler.
///
/// Why bytes: Swift compares `String` keys by canonical equivalence, which for CJK
/// text means a slow normalizing comparison on every lookup; titles and names
/// match exactly, so bytes are both faster and the right meaning.
struct ManifestIndex: Sendable {
    private let byTitle: [[UInt8]: Manifest.Agreement]
    private let byID: [[UInt8]: Manifest.Agreement]
    private let userIDs: [[UInt8]: String]

    init(_ manifest: Manifest) {
        var byTitle: [[UInt8]: Manifest.Agreement] = [:], byID: [[UInt8]: Manifest.Agreement] = [:]
        for agreement in manifest.agreements.values {
            byTitle[Array(agreement.title.utf8)] = agreement
            byID[Array(agreement.id.utf8)] = agreement
        }
        self.byTitle = byTitle
        self.byID = byID
        userIDs = Dictionary(uniqueKeysWithValues: manifest.mentions.map { (Array($0.key.utf8), $0.value) })
    }

    func agreement(title: String) -> Manifest.Agreement? { byTitle[Array(title.utf8)] }

    /// By id, or else by title (an agreement without an id is known by its title).
    func agreement(id: String) -> Manifest.Agreement? {
        let key = Array(id.utf8)
        return byID[key] ?? byTitle[key]
    }

    func userID(mention name: String) -> String? { userIDs[Array(name.utf8)] }
}
