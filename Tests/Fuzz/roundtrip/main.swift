// Fuzz target `roundtrip`: compile, decode the JSON with the runtime model
// (`Document(jsonData:)`), encode again: the bytes must be identical, and the decoded
// document equal to the compiled one. Build and run: see Tests/Fuzz/README.md.
import Foundation
import LinkDocCore
import LinkDocModel

private let compiler = Compiler(manifest: FuzzManifests.rich)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundtrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = compiler.compile(bytes, name: "fuzz.txt").document else { return 0 }
    let json = document.jsonBytes()
    let decoded: Document
    do {
        decoded = try Document(jsonData: Data(json))
    } catch {
        fatalError("the runtime model cannot decode what the compiler wrote: \(error)\njson: \(String(decoding: json, as: UTF8.self))")
    }
    let again = decoded.jsonBytes()
    if again != json {
        fatalError("re-encoding differs\nfirst:  \(String(decoding: json, as: UTF8.self))\nsecond: \(String(decoding: again, as: UTF8.self))")
    }
    if decoded != document { fatalError("decoded document differs from the compiled one: \(String(decoding: json, as: UTF8.self))") }
    return 0
}
