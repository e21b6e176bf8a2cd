/// Which bidirectional controls in a text can make it show something else than it is (Trojan
/// Source, CVE-2021-42574): the overrides U+202D and U+202E, which reverse what follows, and an
/// embedding or isolate (U+202A, U+202B, U+2066–U+2068) that its paragraph never closes, or a close
/// (U+202C, U+2069) that nothing opened. Right-to-left copy uses balanced isolates and embeddings
/// around placeholders and Latin words on purpose (`رفعَ ⁨%1$s⁩ الحظر`); those reorder nothing
/// beyond themselves and are not reported.
public enum BidiControls {
    public static func isControl(_ v: UInt32) -> Bool { (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) }

    /// The controls of `scalars` (offset and value, in order) that are unsafe, in order of offset.
    public static func unsafe(_ scalars: some Sequence<(offset: Int, value: UInt32)>) -> [(offset: Int, value: UInt32)] {
        var found: [(offset: Int, value: UInt32)] = []
        // The open embeddings and isolates of the current paragraph (a line break closes them all).
        var open: [(offset: Int, value: UInt32)] = []
        for (offset, v) in scalars {
            switch v {
            case 0x0A, 0x0D, 0x2029:
                found += open
                open.removeAll()
            case 0x202D, 0x202E:
                found.append((offset, v))
            case 0x202A, 0x202B, 0x2066, 0x2067, 0x2068:
                open.append((offset, v))
            case 0x202C:  // closes the last embedding (PDF)
                if let i = open.lastIndex(where: { $0.value == 0x202A || $0.value == 0x202B }) { open.remove(at: i) } else { found.append((offset, v)) }
            case 0x2069:  // closes the last isolate (PDI)
                if let i = open.lastIndex(where: { $0.value >= 0x2066 }) { open.removeSubrange(i...) } else { found.append((offset, v)) }
            default:
                break
            }
        }
        found += open
        return found.sorted { $0.offset < $1.offset }
    }
}
