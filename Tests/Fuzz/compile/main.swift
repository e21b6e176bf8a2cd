// Fuzz target `compile`: the whole compiler (markup and HTML, valid or not, UTF-8 or not)
// on arbitrary bytes, with two manifests; every document must satisfy the invariants of
// Shared/Invariants.swift. Read as a copy file, the bytes must compile as the same bytes without
// their final line ending do as a value: the same document, the same diagnostics at the same
// lines and columns. Build and run: see Tests/Fuzz/README.md.
import LinkDocCore
import LinkDocModel

private let compilers = [Compiler(manifest: FuzzManifests.rich), Compiler(manifest: FuzzManifests.tight)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for compiler in compilers {
        let result = compiler.compile(bytes, name: "fuzz.txt")
        guard let document = result.document else { continue }
        checkDocumentInvariants(document)
        if compiler.manifest.options.maxLinks < .max {
            require(document.links.count <= compiler.manifest.options.maxLinks, "more links than options.maxLinks", document)
        }
        require(result.linkSources.count == document.links.count, "one source range per link", document)
        for source in result.linkSources {
            require(source.lowerBound >= 0 && source.upperBound <= (result.source?.bytes.count ?? 0),
                    "link source range \(source) outside the source", document)
        }
    }
    let file = compilers[0].compile(bytes, name: "fuzz.txt", options: CompileOptions(isFile: true))
    let ending = bytes.last == 0x0A ? (bytes.dropLast().last == 0x0D ? 2 : 1) : bytes.last == 0x0D ? 1 : 0
    let value = compilers[0].compile(Array(bytes.dropLast(ending)), name: "fuzz.txt")
    if file.documentJSON() != value.documentJSON() || file.diagnostics != value.diagnostics {
        fatalError("a file compiles other than its bytes without the final line ending\nfile:  \(file.diagnostics)\nvalue: \(value.diagnostics)")
    }
    return 0
}
