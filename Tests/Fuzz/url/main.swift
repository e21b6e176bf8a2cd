// Fuzz target `url`: the WHATWG URL parser. For any input that parses, its href parses
// again to the same href (serialization is idempotent), and the iOS-safe form is ASCII
// and itself parses. The link checks must never crash and give ASCII URLs only.
// Build and run: see Tests/Fuzz/README.md.
import LinkDocURL

private let policy = LinkURLPolicy(allowedSchemes: ["https", "http", "mailto", "tel", "myapp"])
private let base = WHATWGURL("https://user:pw@例子.com:8080/a/b/c?q#f")!

private func isASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 < 0x80 } }

private func checkIdempotent(_ input: String, base: WHATWGURL?) {
    guard case .success(let url) = WHATWGURL.parse(input, base: base) else { return }
    let href = url.href
    guard isASCII(href) else { fatalError("href is not ASCII: \(href.debugDescription) from \(input.debugDescription)") }
    switch WHATWGURL.parse(href) {
    case .failure(let error):
        fatalError("href \(href.debugDescription) of \(input.debugDescription) does not parse: \(error)")
    case .success(let again):
        if again.href != href {
            fatalError("href not idempotent: \(input.debugDescription) -> \(href.debugDescription) -> \(again.href.debugDescription)")
        }
    }
    let safe = url.iOSSafe
    guard isASCII(safe) else { fatalError("iOS-safe form is not ASCII: \(safe.debugDescription) from \(input.debugDescription)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    checkIdempotent(input, base: nil)
    checkIdempotent(input, base: base)
    let check = checkLinkURL(input, policy: policy)
    if let url = check.url, !isASCII(url) { fatalError("checkLinkURL gave a non-ASCII URL \(url.debugDescription)") }
    _ = domainToASCII(input)
    return 0
}
