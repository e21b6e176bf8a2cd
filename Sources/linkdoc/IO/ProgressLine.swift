import Dispatch

/// The progress line of long batches on standard error:
///
///     linkdoc: 48213 documents, 96102/s, 3 with errors
///
/// It appears only when standard error is a terminal (never in logs or pipes),
/// not with `--quiet`, and only once a batch has run for half a second, so quick
/// runs print nothing extra. It is rewritten in place with `\r` at most ten times
/// a second, and ended with a line break when the batch is done.
final class ProgressLine {
    private let enabled: Bool
    private let noun: String
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var shown = false

    init(enabled: Bool, noun: String = "documents") {
        self.enabled = enabled
        self.noun = noun
    }

    /// Whether progress should be shown for this run.
    static func wanted(quiet: Bool) -> Bool { !quiet && StandardStreams.isErrorTerminal }

    func update(done: Int, errors: Int) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - start >= 500_000_000, now - lastDraw >= 100_000_000 else { return }
        lastDraw = now
        draw(done: done, errors: errors, now: now)
    }

    func finish(done: Int, errors: Int) {
        guard enabled, shown else { return }
        draw(done: done, errors: errors, now: DispatchTime.now().uptimeNanoseconds)
        StandardStreams.writeError("\n")
    }

    private func draw(done: Int, errors: Int, now: UInt64) {
        shown = true
        let seconds = Double(now - start) / 1e9
        let rate = seconds > 0 ? Int(Double(done) / seconds) : 0
        // \u{1B}[K clears what a longer earlier line left behind.
        StandardStreams.writeError("\rlinkdoc: \(done) \(noun), \(rate)/s, \(errors) with errors\u{1B}[K")
    }
}
