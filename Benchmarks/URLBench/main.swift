// linkdoc-url-bench: LinkDocURL (parse + href) vs Foundation's URL(string:) + absoluteString on
// the same deterministic URL lists, ASCII and non-ASCII separately.
//
//   swift run -c release linkdoc-url-bench [rounds]
//
// Prints ns/URL (median of the rounds) for each and the ratio Foundation / LinkDocURL.

import Foundation
import LinkDocURL

/// Deterministic pseudo-random numbers (64-bit LCG), so every run measures the same lists.
struct LCG {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
}

func asciiURLs(count: Int) -> [String] {
    var rng = LCG(state: 42)
    let hosts = ["example.com", "www.example.org", "api.example.net", "cdn.shop.example.co.uk", "docs.example.io",
                 "login.example.com", "m.example.de", "help.example.fr"]
    let words = ["privacy", "terms", "help", "account", "settings", "orders", "products", "item", "search",
                 "faq", "about", "contact", "legal", "v2", "users", "profile"]
    let keys = ["id", "q", "page", "ref", "utm_source", "lang", "sort"]
    var out: [String] = []
    out.reserveCapacity(count)
    for i in 0 ..< count {
        var s = rng.next(10) < 8 ? "https://" : "http://"
        s += rng.pick(hosts)
        if rng.next(10) == 0 { s += ":8443" }
        for _ in 0 ..< (1 + rng.next(4)) { s += "/" + rng.pick(words) }
        if rng.next(3) == 0 { s += "/\(i)" }
        if rng.next(2) == 0 {
            s += "?" + rng.pick(keys) + "=\(rng.next(100000))"
            if rng.next(2) == 0 { s += "&" + rng.pick(keys) + "=" + rng.pick(words) }
        }
        if rng.next(4) == 0 { s += "#" + rng.pick(words) }
        out.append(s)
    }
    return out
}

func nonASCIIURLs(count: Int) -> [String] {
    var rng = LCG(state: 7)
    let hosts = ["例子.公司", "Bücher.example", "例え.テスト", "пример.рф", "bücher.de", "example.com", "münchen.de",
                 "中文.网址", "www.例子.中国"]
    let paths = ["隐私 政策", "straße", "プライバシー", "условия", "über uns", "privacy", "帮助/常见问题", "café"]
    let queries = ["页=1", "q=größe", "検索=東京", "lang=中文", "x=1&y=2"]
    var out: [String] = []
    out.reserveCapacity(count)
    for i in 0 ..< count {
        var s = "https://" + rng.pick(hosts) + "/" + rng.pick(paths)
        if rng.next(3) == 0 { s += "/\(i)" }
        if rng.next(2) == 0 { s += "?" + rng.pick(queries) }
        if rng.next(5) == 0 { s += "#章节 \(rng.next(9))" }
        out.append(s)
    }
    return out
}

/// Median ns per URL over `rounds` runs of `body` on `list`.
func measure(_ list: [String], rounds: Int, _ body: ([String]) -> Int) -> (nsPerURL: Double, checksum: Int) {
    var samples: [Double] = []
    var checksum = 0
    let clock = ContinuousClock()
    for _ in 0 ..< rounds {
        var sum = 0
        let d = clock.measure { sum = body(list) }
        checksum = sum
        let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
        samples.append(ns / Double(list.count))
    }
    samples.sort()
    return (samples[samples.count / 2], checksum)
}

func linkdoc(_ list: [String]) -> Int {
    var total = 0
    for s in list {
        if case .success(let url) = WHATWGURL.parse(s) { total &+= url.href.utf8.count } else { total &+= 1_000_000 }
    }
    return total
}

func foundation(_ list: [String]) -> Int {
    var total = 0
    for s in list {
        if let url = URL(string: s) { total &+= url.absoluteString.utf8.count } else { total &+= 1_000_000 }
    }
    return total
}

// For profiling (valgrind --tool=callgrind): LINKDOC_BENCH_PROFILE=1 runs only LinkDocURL on the ASCII list.
if ProcessInfo.processInfo.environment["LINKDOC_BENCH_PROFILE"] != nil {
    let list = asciiURLs(count: 20_000)
    print(linkdoc(list) + linkdoc(list))
    exit(0)
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 9
let count = 20_000
for (name, list) in [("ASCII", asciiURLs(count: count)), ("non-ASCII", nonASCIIURLs(count: count))] {
    // Warm up both (ICU data, caches), then measure.
    _ = linkdoc(list)
    _ = foundation(list)
    let ours = measure(list, rounds: rounds, linkdoc)
    let theirs = measure(list, rounds: rounds, foundation)
    var failures = 0, foundationNils = 0
    for s in list {
        if case .failure = WHATWGURL.parse(s) { failures += 1 }
        if URL(string: s) == nil { foundationNils += 1 }
    }
    print("\(name) (\(list.count) URLs, median of \(rounds) rounds):")
    print("  LinkDocURL parse+href          \(String(format: "%8.1f", ours.nsPerURL)) ns/URL  (\(failures) failed)")
    print("  Foundation URL(string:)+absoluteString \(String(format: "%8.1f", theirs.nsPerURL)) ns/URL  (\(foundationNils) nil)")
    print("  ratio Foundation/LinkDocURL    \(String(format: "%8.2f", theirs.nsPerURL / ours.nsPerURL))x")
    // One machine-readable line for Benchmarks/harness.py.
    print("RESULT \(name) \(String(format: "%.1f", ours.nsPerURL)) \(String(format: "%.1f", theirs.nsPerURL))")
}
