/// "Did you mean …?" for a mistyped option, rule id or key.
public enum Spelling {
    /// The candidate nearest to `word` by edit distance (insertions, deletions, substitutions
    /// and swaps of neighbours), when it is close enough to be a typo: at most 2 edits, and
    /// at most a third of the word's length. Ties go to the earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        let limit = min(2, max(1, w.count / 3))
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = distance(w, Array(candidate.lowercased().unicodeScalars))
            if d <= limit && d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// `"; did you mean 'X'?"`, or nothing.
    public static func suggestion(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
