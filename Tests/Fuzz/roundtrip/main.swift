// Fuzz target `roundtrip`: compile, decode the JSON with the runtime model
// (`Document(jsonData:)`), encode again: the bytes must be identical, and the decoded
// document equal to the compiled one. The JSON written straight from the compiler's
// assembled document (`documentJSON()`, what the NDJSON stream and `linkdoc compile`
// write) must be the model's bytes. Build and run: see Tests/Fuzz/README.md.
import Foundation
import LinkDocCore
import LinkDocModel

private let compiler = Compiler(manifest: FuzzManifests.rich)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundtrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = compiler.compile(bytes, name: "fuzz.txt")
    guard let document = result.document else { return 0 }
    let json = document.jsonBytes()
    if let direct = result.documentJSON(), direct != json {
        fatalError("direct JSON differs from the model's\nmodel:  \(String(decoding: json, as: UTF8.self))\ndirect: \(String(decoding: direct, as: UTF8.self))")
    }
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
