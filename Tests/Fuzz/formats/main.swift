// Fuzz target `formats`: the localization readers on arbitrary bytes. The first byte picks
// the reader (.strings, .xcstrings, Android strings.xml); the rest is the file. Every string
// read is compiled, as `linkdoc compile` does. Traps when a reader or the compiler crashes,
// when a diagnostic points outside the file, or when a string's source map points outside
// it. Build and run: see Tests/Fuzz/README.md.
import LinkDocCore
import LinkDocFormats

private let compiler = Compiler(manifest: FuzzManifests.rich)
private let formats: [(LocalizationFile.Format, String)] = [
    (.strings, "zh-Hans.lproj/Localizable.strings"), (.xcstrings, "Localizable.xcstrings"),
    (.androidStrings, "res/values-zh-rCN/strings.xml"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormats(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let (format, name) = formats[Int(data[0]) % formats.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let file = LocalizationFile.read(bytes, name: name, format: format, language: "zh-Hans")
    // Offsets are in the file's text as read (UTF-16 files are decoded to UTF-8 first).
    let size = file.text.bytes.count
    for string in file.strings {
        for offset in [0, string.value.count] {
            let mapped = string.map.fileOffset(ofValueOffset: offset)
            if mapped < 0 || mapped > size { fatalError("source map points outside the file: \(mapped) of \(size)") }
        }
    }
    let compiled = compiler.compile(file)
    for d in compiled.diagnostics {
        guard let location = d.location else { continue }
        if location.line < 1 || location.column < 1 { fatalError("diagnostic at \(location): \(d.message)") }
    }
    if compiled.strings.count != file.strings.count { fatalError("a string was lost in compiling") }
    // Every catalog key has a source-language document (its unit's value, or the key itself).
    if format == .xcstrings, let source = file.sourceLanguage {
        let sourced = Set(file.strings.lazy.filter { $0.language == source }.map(\.key))
        if let lost = file.strings.first(where: { !sourced.contains($0.key) }) { fatalError("key \(lost.key) has no source document") }
    }
    return 0
}
