import Foundation
import LinkDocCore
import LinkDocModel

// In-process compile throughput on the bench corpus, for profiling the compiler
// without process start-up and I/O: every record of corpus.ndjson is compiled
// and written as JSON, several rounds, and the median is reported.
//
//   swift run -c release linkdoc-compile-bench CORPUS_DIR [ROUNDS]
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write("usage: linkdoc-compile-bench CORPUS_DIR [ROUNDS]\n".data(using: .utf8)!)
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1])
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let manifest = try Manifest.load(path: directory.appendingPathComponent("manifest.json").path)
let ndjson = try Data(contentsOf: directory.appendingPathComponent("corpus.ndjson"))
let texts: [[UInt8]] = ndjson.split(separator: 0x0A).map { line in
    let object = try! JSONSerialization.jsonObject(with: line) as! [String: Any]
    return Array((object["text"] as! String).utf8)
}
let totalBytes = texts.reduce(0) { $0 + $1.count }
let compiler = Compiler(manifest: manifest)

var seconds: [Double] = []
var checksum = 0
// One workspace for the run, as a stream worker has: its buffers are reused from document to document.
var workspace = CompileWorkspace()
for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    for text in texts {
        let result = compiler.compile(text, name: "bench", workspace: &workspace)
        checksum &+= result.documentJSON()?.count ?? 0
        checksum &+= result.diagnostics.count
    }
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
seconds.sort()
let median = seconds[seconds.count / 2]
print(String(format: "%d documents, %.1f MB: median %.3f s, %.1f MB/s (checksum %d)",
             texts.count, Double(totalBytes) / 1_048_576, median, Double(totalBytes) / 1_048_576 / median, checksum))
