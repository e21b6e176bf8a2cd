// linkdoc-layout-bench: lays out paragraphs with LinkDocLayout as Benchmarks/PangoPeer/pango_bench.c
// lays them out with Pango, for Benchmarks/layout_bench.sh.
//
//   linkdoc-layout-bench --texts CASES_DIR OUT   compiles each copy file of CASES_DIR and writes the
//                                                display texts to OUT, NUL-separated (both benches read it)
//   linkdoc-layout-bench TEXTS WIDTH SIZE ROUNDS lays out every text ROUNDS times; prints
//                                                "us_per_paragraph=… lines=…"
import Foundation
import LinkDocCore
import LinkDocLayout
import LinkDocModel

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "--texts" {
    let folder = URL(fileURLWithPath: arguments[2])
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
    var out = Data()
    for name in names {
        let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
        guard let text = Compiler().compile(bytes, name: name, options: CompileOptions(isFile: true)).document?.text else { continue }
        out.append(contentsOf: Array(text.utf8) + [0])
    }
    try out.write(to: URL(fileURLWithPath: arguments[3]))
    exit(0)
}
guard arguments.count == 5, let width = Double(arguments[2]), let size = Double(arguments[3]), let rounds = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: linkdoc-layout-bench TEXTS WIDTH SIZE ROUNDS | --texts CASES_DIR OUT\n".utf8))
    exit(2)
}
let texts = try Data(contentsOf: URL(fileURLWithPath: arguments[1])).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
// The same face as the Pango peer, which finds "Noto Sans CJK SC" through fontconfig.
let fonts = FontSet(regular: try OpenTypeFont(.notoSansCJKSC))
var request = LayoutRequest(width: width, fonts: fonts, size: size)
request.profile = .label  // no insets or padding: the width is the line width, as Pango's
request.lineBreakStrategy = LineBreakStrategy.none  // Pango has neither push-out nor Hangul word priority
let documents = texts.map { Document(text: $0) }
var lines = 0
_ = try documents.map { try Typesetter.layout($0, request) }  // warm: glyph caches, ICU's rules
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<rounds {
    for document in documents { lines += try Typesetter.layout(document, request).lines.count }
}
let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
print(String(format: "us_per_paragraph=%.2f lines=%d", elapsed / Double(rounds * documents.count), lines / rounds))
