/// A document's display text while it is resolved: the runs of the parser's input it is made of,
/// in order. The bytes are written once at the end (`write(from:into:)`): adjacent pieces of the
/// input (a sentence, the link in it, the rest) are one run, so a document's text is a copy or two,
/// not one append per piece.
///
/// Not a LinkDocBase `OffsetMap`: that maps a derived text back to its source, a replaced byte to
/// the start of what it replaces; this maps the other way (input → display text), and an input
/// offset in removed markup goes forward to where the next kept text begins.
struct DisplayText {
    typealias Run = (input: Int, output: Int, length: Int)

    /// Where each run of the input lands in the display text.
    private(set) var runs: [Run]
    /// The length of the display text so far.
    private(set) var count = 0

    /// The runs are written into `runs` (emptied, its capacity kept).
    init(runs: consuming [Run]) {
        self.runs = runs
    }

    /// Moves the runs out (the text is empty after).
    mutating func removeRuns() -> [Run] {
        var removed: [Run] = []
        swap(&removed, &runs)
        count = 0
        return removed
    }

    /// Appends the input's bytes in `range`.
    mutating func append(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let last = runs.last, last.input + last.length == range.lowerBound, last.output + last.length == count {
            runs[runs.count - 1].length += range.count
        } else {
            runs.append((range.lowerBound, count, range.count))
        }
        count += range.count
    }

    /// The offset in the display text of an offset in the input; a position inside removed
    /// markup maps to where the next kept text begins. `steps` counts the bisection's steps.
    func outputOffset(ofInput offset: Int, steps: inout Int) -> Int {
        var lo = 0, hi = runs.count
        while lo < hi {  // the first run that ends after `offset`
            steps &+= 1
            let mid = (lo + hi) / 2
            if runs[mid].input + runs[mid].length <= offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < runs.count else { return count }
        let run = runs[lo]
        return offset <= run.input ? run.output : run.output + (offset - run.input)
    }

    func outputRange(ofInput range: Range<Int>, steps: inout Int) -> Range<Int> {
        outputOffset(ofInput: range.lowerBound, steps: &steps)..<outputOffset(ofInput: range.upperBound, steps: &steps)
    }

    /// Appends the text's bytes, read from `input`, to `text`.
    func write(from input: [UInt8], into text: inout [UInt8]) {
        input.withUnsafeBufferPointer { input in
            for run in runs { text.append(contentsOf: UnsafeBufferPointer(rebasing: input[run.input..<run.input + run.length])) }
        }
    }

    /// Appends the display text of a document without links (`ParsedDocument.isPlainText`: its
    /// text pieces, in order) to `text`, without runs: adjacent pieces are copied as one. Returns
    /// the bytes copied (the work a resolver would count for them).
    static func writePlain(_ inlines: [Inline], from input: [UInt8], into text: inout [UInt8]) -> Int {
        var work = 0
        input.withUnsafeBufferPointer { input in
            var run = 0..<0
            for case .text(let range) in inlines {
                work &+= range.count
                if range.lowerBound == run.upperBound {
                    run = run.lowerBound..<range.upperBound
                } else {
                    if !run.isEmpty { text.append(contentsOf: UnsafeBufferPointer(rebasing: input[run])) }
                    run = range
                }
            }
            if !run.isEmpty { text.append(contentsOf: UnsafeBufferPointer(rebasing: input[run])) }
        }
        return work
    }
}
