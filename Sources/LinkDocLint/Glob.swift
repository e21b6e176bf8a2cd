/// Glob patterns for include and exclude: `*` (within a path segment), `?`,
/// `**` (any number of segments) and `[abc]` classes, matched against paths
/// relative to the configuration's folder.
public struct Glob: Sendable {
    private let segments: [Substring]

    public init(_ pattern: String) {
        var p = Substring(pattern)
        if p.hasPrefix("./") { p = p.dropFirst(2) }
        segments = p.split(separator: "/", omittingEmptySubsequences: true)
    }

    public func matches(_ path: String) -> Bool {
        var p = Substring(path)
        if p.hasPrefix("./") { p = p.dropFirst(2) }
        let parts = p.split(separator: "/", omittingEmptySubsequences: true)
        // A pattern without a slash matches the file name at any depth, as in .gitignore.
        if segments.count == 1 && segments[0] != "**", let last = parts.last {
            return Self.match(Array(segments[0].unicodeScalars), Array(last.unicodeScalars))
        }
        return Self.match(segments[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        // Memoized on (pattern index, path index) so that many `**` stay polynomial.
        var memo: [Int: Bool] = [:]
        func go(_ i: Int, _ j: Int) -> Bool {
            let key = i * (path.count + 1) + j
            if let known = memo[key] { return known }
            let result: Bool
            if i == pattern.count {
                result = j == path.count
            } else if pattern[pattern.startIndex + i] == "**" {
                result = go(i + 1, j) || (j < path.count && go(i, j + 1))
            } else {
                result = j < path.count && match(Array(pattern[pattern.startIndex + i].unicodeScalars),
                                                  Array(path[path.startIndex + j].unicodeScalars)) && go(i + 1, j + 1)
            }
            memo[key] = result
            return result
        }
        return go(0, 0)
    }

    /// One segment: `*`, `?` and `[…]`, with the classic two-pointer backtracking (linear in practice).
    private static func match(_ p: [Unicode.Scalar], _ s: [Unicode.Scalar]) -> Bool {
        var pi = 0, si = 0
        var star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == "[", let (matched, next) = matchClass(p, pi, s[si]) {
                if matched { pi = next; si += 1; continue }
            } else if pi < p.count && (p[pi] == "?" || p[pi] == s[si]) && p[pi] != "*" {
                pi += 1; si += 1; continue
            } else if pi < p.count && p[pi] == "*" {
                star = pi; mark = si; pi += 1; continue
            }
            if star >= 0 {
                pi = star + 1; mark += 1; si = mark
                continue
            }
            return false
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    private static func matchClass(_ p: [Unicode.Scalar], _ start: Int, _ c: Unicode.Scalar) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < p.count && (p[i] == "!" || p[i] == "^") { negate = true; i += 1 }
        var matched = false
        var first = true
        while i < p.count && (p[i] != "]" || first) {
            first = false
            if i + 2 < p.count && p[i + 1] == "-" && p[i + 2] != "]" {
                if p[i] <= c && c <= p[i + 2] { matched = true }
                i += 3
            } else {
                if p[i] == c { matched = true }
                i += 1
            }
        }
        guard i < p.count else { return nil }  // no closing ]: a literal [
        return (matched != negate, i + 1)
    }
}
