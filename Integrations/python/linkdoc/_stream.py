"""One long-lived `linkdoc compile --ndjson --jobs 1` (or `linkdoc layout --ndjson`) per partition,
fed and drained at once.

A writer thread feeds linkdoc's standard input while the caller's thread drains its standard
output: linkdoc answers a window of records only after it has read the next one, so writing a
record and then waiting for its answer would wait forever. Every input line is answered by
exactly one output line, in order; when linkdoc dies or leaves lines unanswered, LinkdocError
says so (never a short output that looks complete). With `isolate=True`, the records that crash
linkdoc on their own are found by re-running linkdoc on ever smaller runs of the unanswered
records, and only those become error lines, of the shape of linkdoc's own error lines.

`compile_range` compiles a byte range of a file into a file without the bytes passing through
Python: the kernel copies the range into linkdoc's standard input (`os.sendfile`) and linkdoc
writes the output file itself, so the lines it answered are counted in that file afterwards.
"""
import collections
import itertools
import json
import os
import signal
import subprocess
import tempfile
import threading

from ._binary import find_binary
from ._files import count_lines, cut_after_last_line_break, ends_with_line_break, offset_after_lines, read_range

#: Bytes handed to linkdoc per write, and asked of it per read.
CHUNK_BYTES = 1 << 20
#: The rule id of the error line that stands for a record which crashed linkdoc.
CRASH_RULE = "linkdoc-crash"
_STDERR_TAIL_BYTES = 4096


class LinkdocError(RuntimeError):
    """linkdoc failed on a partition: killed by a signal, exit status 2 (usage, I/O), or lines
    left unanswered. `sent` input lines reached linkdoc whole (every byte of the line and its
    line break written into its standard input, or the last line of the input without one)
    before it failed; `answered` of them had their answer (a whole output line); `unanswered`
    is `sent - answered`, never negative (a program that answers more lines than it was sent
    says so in the reason, and leaves none unanswered). `total` is the number of input lines
    when it is known (a range's; compile_chunks' once all was sent), else None: the lines after
    `sent` were not handed to linkdoc. `expected` is `sent`, by its former name."""

    def __init__(self, *, partition, returncode, answered, sent, total=None, stderr=b"", reason=None):
        self.partition = partition
        self.returncode = returncode
        self.answered = answered
        self.sent = sent
        self.unanswered = max(0, sent - answered)
        self.total = total
        self.stderr = stderr
        self.signal = signal.Signals(-returncode).name if returncode is not None and returncode < 0 else None
        if reason is None:
            if self.signal:
                reason = "killed by signal %s" % self.signal
            elif returncode not in (0, 1):
                reason = "exit status %s" % returncode
            elif answered > sent:
                reason = "exit status %s, but it answered %d lines more than it was sent" % (returncode, answered - sent)
            else:
                reason = "exit status %s, but lines were left unanswered" % returncode
        where = "" if partition is None else " on partition %s" % partition
        text = "linkdoc failed%s: %s; %d of the %d input lines sent to it answered, %d unanswered" % (
            where, reason, min(answered, sent), sent, self.unanswered)
        if total is None:
            text += "; the rest of the input was not sent"
        elif total > sent:
            text += "; the other %d input lines were not sent" % (total - sent)
        tail = stderr.decode("utf-8", "replace").strip()
        super().__init__(text + ("\nlinkdoc's standard error ends with:\n" + tail if tail else ""))

    @property
    def expected(self):
        return self.sent


class _LineJoiner:
    """Bytes cut anywhere, re-cut after their last line break, in work linear in the bytes: the
    start of a line not ended yet waits in a bytearray that grows in place (never re-copied or
    re-concatenated as more of a long line comes), and only the bytes just arrived are searched
    for a line break (joining each piece to all before it and searching again is quadratic)."""

    def __init__(self):
        self.pending = bytearray()   # holds no line break

    def feed(self, data):
        """`data` (bytes) added; returns the whole lines it completes as one bytes (ending with
        a line break), or None when it completes none."""
        cut = data.rfind(b"\n") + 1
        if not cut:
            self.pending += data
            return None
        if self.pending:
            self.pending += memoryview(data)[:cut]
            whole = bytes(self.pending)
        else:
            whole = data[:cut] if cut < len(data) else data
        self.pending = bytearray(memoryview(data)[cut:])
        return whole


def whole_lines(chunks):
    """`chunks` (bytes, cut anywhere) re-cut so that each ends with a line break. A last line
    without one gets one: linkdoc answers it the same either way, and every input line is then
    one `\\n` to count. Linear in the bytes, however they are cut (see _LineJoiner)."""
    joiner = _LineJoiner()
    for chunk in chunks:
        if isinstance(chunk, str):
            raise TypeError("linkdoc input chunks are bytes, not str (encode them; bytes reach linkdoc as they are)")
        if not chunk:
            continue
        whole = joiner.feed(bytes(chunk))
        if whole is not None:
            yield whole
    if joiner.pending:
        joiner.pending += b"\n"
        yield bytes(joiner.pending)


class _Run:
    """One linkdoc process over chunks of whole lines: `outputs()` yields its answers (whole
    lines) as they come; afterwards `ok`, `crashed` and `error()` say how it ended."""

    def __init__(self, argv, chunks, keep_unanswered=False):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, bufsize=0)
        # Counted where they happen, each by one thread and read once both have ended: `sent`
        # by the writer as os.write reports bytes written (a line counts once its line break
        # is in the pipe; chunks end with one, see whole_lines), `answered` by the reader.
        self.sent = 0
        self.all_sent = False      # the writer reached the end of the chunks
        self.answered = 0
        self.feed_error = None     # an exception from `chunks` (the caller's records)
        self.broken_pipe = False
        # The chunks not answered in full, kept only to isolate crashes: (chunk, its lines).
        self._unanswered = collections.deque() if keep_unanswered else None
        self._unanswered_base = 0  # lines answered before the deque's first chunk
        self._stderr = bytearray()
        self._writer = threading.Thread(target=self._write, args=(chunks,), daemon=True)
        self._drainer = threading.Thread(target=self._drain_stderr, daemon=True)
        self._writer.start()
        self._drainer.start()

    def _write(self, chunks):
        fd = self.proc.stdin.fileno()
        try:
            for chunk in chunks:
                if self._unanswered is not None:
                    self._unanswered.append((chunk, chunk.count(b"\n")))
                view = memoryview(chunk)
                done = 0
                while done < len(chunk):
                    written = os.write(fd, view[done:])
                    self.sent += chunk.count(b"\n", done, done + written)
                    done += written
            self.all_sent = True
        except (BrokenPipeError, ConnectionResetError):
            self.broken_pipe = True
        except BaseException as error:  # the caller's iterator failed: re-raised on the caller's thread
            self.feed_error = error
        finally:
            try:
                self.proc.stdin.close()
            except OSError:
                pass

    def _drain_stderr(self):
        for data in iter(lambda: self.proc.stderr.read(65536), b""):
            self._stderr += data
            del self._stderr[:-_STDERR_TAIL_BYTES]

    def outputs(self):
        fd = self.proc.stdout.fileno()
        joiner = _LineJoiner()   # a long answer comes in many reads: joined in linear work
        at_end = False
        try:
            while True:
                data = os.read(fd, CHUNK_BYTES)
                if not data:
                    at_end = True
                    break
                whole = joiner.feed(data)
                if whole is not None:
                    self.answered += data.count(b"\n")   # the joiner's pending bytes hold none
                    self._forget_answered()
                    yield whole
        finally:
            # Also when the caller stops early: no linkdoc outlives its partition.
            if not at_end and self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc.stdout.close()
            self._writer.join()
            self._drainer.join()
            self.proc.stderr.close()

    def _forget_answered(self):
        if self._unanswered is None:
            return
        while self._unanswered and self._unanswered_base + self._unanswered[0][1] <= self.answered:
            self._unanswered_base += self._unanswered.popleft()[1]

    @property
    def crashed(self):
        return self.proc.returncode < 0

    @property
    def ok(self):
        return self.proc.returncode in (0, 1) and self.all_sent and self.answered == self.sent

    def error(self, partition, reason=None):
        return LinkdocError(partition=partition, returncode=self.proc.returncode, answered=self.answered,
                            sent=self.sent, total=self.sent if self.all_sent else None,
                            stderr=bytes(self._stderr), reason=reason)

    def unanswered_lines(self):
        """The lines handed to linkdoc that it did not answer (without their line breaks)."""
        lines = b"".join(chunk for chunk, _ in self._unanswered).split(b"\n")[:-1]
        return lines[self.answered - self._unanswered_base:]


def _arguments(binary, manifest, jobs, first_line, extra_args, command="compile"):
    argv = [find_binary(binary), command, "--ndjson", "--quiet", "--jobs", str(jobs), "--first-line", str(first_line)]
    if manifest is not None:
        argv += ["--manifest", os.fspath(manifest)]
    return argv + list(extra_args)


#: What each stream command's result line calls its result (null on an error line).
_RESULT_KEYS = {"compile": "document", "layout": "layout"}


def compile_chunks(chunks, *, manifest=None, binary=None, first_line=1, partition=None, isolate=False,
                   jobs=1, extra_args=(), command="compile"):
    """Compiles a stream of NDJSON given as chunks of bytes (cut anywhere; their concatenation is
    the stream) with one linkdoc process, and yields its output as chunks of whole lines: their
    concatenation is byte for byte what `linkdoc compile --ndjson --first-line FIRST_LINE` prints
    for the stream. Raises LinkdocError (naming `partition`) when linkdoc fails; with `isolate`,
    a record that crashes linkdoc on its own becomes an error line instead (see module doc).
    `command="layout"` runs `linkdoc layout --ndjson` instead (see layout_chunks)."""
    def argv(line):
        return _arguments(binary, manifest, jobs, line, extra_args, command)

    source = whole_lines(chunks)
    line = first_line
    while True:
        run = _Run(argv(line), source, keep_unanswered=isolate)
        yield from run.outputs()
        if run.feed_error is not None:
            raise run.feed_error
        if run.ok:
            return
        if not (isolate and run.crashed):
            raise run.error(partition)
        unanswered = run.unanswered_lines()
        line += run.answered
        for answer in _isolate(argv, unanswered, line, partition, _RESULT_KEYS[command]):
            yield answer + b"\n"
        line += len(unanswered)
        following = next(source, None)
        if following is None:
            return
        source = itertools.chain([following], source)


def compile_range(path, start, end, output, *, lines=None, manifest=None, binary=None, first_line=1,
                  partition=None, isolate=False, jobs=1, extra_args=()):
    """Compiles bytes `start` to `end` of the NDJSON file at `path` (whole lines, but for a last
    line of the file without its line break) into a new file at `output`: byte for byte what
    `linkdoc compile --ndjson --first-line FIRST_LINE` prints for that range. `lines` is the
    number of input lines in the range when the caller has counted them (a last line without its
    line break included); they are counted here otherwise. Returns the lines answered (all of
    them). Raises LinkdocError (naming `partition`) when linkdoc fails or answers fewer lines,
    or when the range holds another number of lines than `lines`; with `isolate`, a linkdoc that
    crashes keeps the lines it answered and the rest of the range goes through compile_chunks'
    isolation."""
    def lines_before(offset):
        """The input lines that reached linkdoc whole once the range up to `offset` was sent."""
        return count_lines(path, start, offset) + (1 if offset == end > start and not ends_with_line_break(path, end) else 0)

    if lines is None:
        lines = lines_before(end)
    argv = _arguments(binary, manifest, jobs, first_line, extra_args)
    with open(path, "rb") as source, open(output, "wb") as target, tempfile.TemporaryFile() as stderr:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=target, stderr=stderr)
        broken_pipe = False
        offset = start   # the range up to here is in linkdoc's standard input
        try:
            while offset < end:
                copied = os.sendfile(proc.stdin.fileno(), source.fileno(), offset, min(end - offset, 1 << 30))
                if copied == 0:
                    raise IOError("%s ended at byte %d, before %d: the file changed while it was read" % (path, offset, end))
                offset += copied
        except (BrokenPipeError, ConnectionResetError):
            broken_pipe = True   # linkdoc stopped reading: its exit status and output say why
        except BaseException:
            proc.kill()
            raise
        finally:
            try:
                proc.stdin.close()
            except OSError:
                pass
            proc.wait()
        answered = count_lines(output)
        if proc.returncode in (0, 1) and not broken_pipe and answered == lines and ends_with_line_break(output):
            return answered
        # Counted again from the file, exactly: the lines the kernel sent in full (`offset`)
        # and all the range's, which may not be the `lines` given.
        sent = lines_before(offset)
        total = sent if offset == end else lines_before(end)
        reason = None
        if proc.returncode in (0, 1) and offset == end and total != lines:
            reason = "the range holds %d input lines, not the %d given" % (total, lines)
        stderr.seek(0, os.SEEK_END)
        stderr.seek(max(0, stderr.tell() - _STDERR_TAIL_BYTES))
        error = LinkdocError(partition=partition, returncode=proc.returncode, answered=answered,
                             sent=sent, total=total, stderr=stderr.read(), reason=reason)
    if not (isolate and error.signal):
        raise error
    cut_after_last_line_break(output)
    answered = count_lines(output)
    rest = offset_after_lines(path, start, end, answered)
    with open(output, "ab") as target:
        for chunk in compile_chunks(read_range(path, rest, end), manifest=manifest, binary=binary,
                                    first_line=first_line + answered, partition=partition, isolate=True,
                                    jobs=jobs, extra_args=extra_args):
            target.write(chunk)
            answered += chunk.count(b"\n")
    if answered != lines:
        total = lines_before(end)
        raise LinkdocError(partition=partition, returncode=0, answered=answered, sent=total, total=total,
                           reason="the range holds %d input lines, not the %d given" % (total, lines) if total != lines
                           else "isolation answered a different number of lines")
    return answered


def _run_lines(argv, lines):
    """linkdoc on a few lines: (the answers, without line breaks; the finished run)."""
    run = _Run(argv, [b"\n".join(lines) + b"\n"] if lines else [])
    answers = b"".join(run.outputs()).split(b"\n")[:-1]
    return answers, run


def _isolate(argv, lines, first_line, partition, result="document"):
    """Answers for `lines`, which crashed linkdoc: every record that crashes linkdoc on its own
    becomes an error line, every other one gets linkdoc's answer. The shortest run of leading
    lines that still crashes is found by doubling and then halving, so a window of thousands of
    records costs a few dozen short runs."""
    done = 0
    while done < len(lines):
        rest = lines[done:]
        answers, run = _run_lines(argv(first_line + done), rest)
        if run.ok:
            yield from answers
            return
        if not run.crashed:
            raise run.error(partition)
        yield from answers
        done += len(answers)
        rest = lines[done:]
        clean, clean_answers, crashing, crash_run = 0, [], None, None
        size = 1
        while crashing is None:   # doubling: a prefix that crashes
            size = min(size, len(rest))
            answers, run = _run_lines(argv(first_line + done), rest[:size])
            if run.ok:
                clean, clean_answers = size, answers
                if size == len(rest):
                    break
                size *= 2
            elif run.crashed:
                crashing, crash_run = size, run
            else:
                raise run.error(partition)
        if crashing is None:      # it no longer crashes: linkdoc answered every line
            yield from clean_answers
            done += clean
            continue
        while crashing - clean > 1:   # halving: the shortest prefix that crashes
            middle = (clean + crashing) // 2
            answers, run = _run_lines(argv(first_line + done), rest[:middle])
            if run.ok:
                clean, clean_answers = middle, answers
            elif run.crashed:
                crashing, crash_run = middle, run
            else:
                raise run.error(partition)
        guilty = rest[clean]
        number = first_line + done + clean
        if clean > 0:
            _, crash_run = _run_lines(argv(number), [guilty])
            if crash_run.ok:
                raise crash_run.error(partition, reason="line %d crashes linkdoc only after the lines before it, "
                                                        "so it cannot be isolated" % number)
            if not crash_run.crashed:
                raise crash_run.error(partition)
        yield from clean_answers
        yield crash_line(guilty, number, crash_run.error(partition).signal, result)
        done += clean + 1


def crash_line(record, line, signal_name, result="document"):
    """The error line for a record that crashed linkdoc: linkdoc's own error-line shape
    (`{"id", "line", "document": null, "diagnostics": [...]}`, "layout" for a layout stream),
    rule `linkdoc-crash`."""
    record_id = None
    try:
        parsed = json.loads(record)
        if isinstance(parsed, dict) and isinstance(parsed.get("id"), str):
            record_id = parsed["id"]
    except ValueError:
        pass
    message = "linkdoc crashed on this record (killed by signal %s); it was isolated and skipped" % signal_name
    return json.dumps({"id": record_id, "line": line, result: None,
                       "diagnostics": [{"line": line, "column": 1, "severity": "error", "message": message,
                                        "rule": CRASH_RULE}]},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def compile_partition(records, **options):
    """One linkdoc process for a partition of records: yields one output line (bytes, without its
    line break) per record, in order. A record is bytes (passed as they are) or str (UTF-8) and
    holds no line break. Options: manifest, binary, first_line, partition (a name for errors),
    isolate, jobs, extra_args, command (see compile_chunks)."""
    def chunks():
        batch, size = [], 0
        for number, record in enumerate(records):
            if isinstance(record, str):
                record = record.encode("utf-8")
            if b"\n" in record:
                raise ValueError("record %d holds a line break; a record is one NDJSON line" % number)
            batch.append(record)
            size += len(record) + 1
            if size >= CHUNK_BYTES:
                yield b"\n".join(batch) + b"\n"
                batch, size = [], 0
        if batch:
            yield b"\n".join(batch) + b"\n"

    for output in compile_chunks(chunks(), **options):
        yield from output.split(b"\n")[:-1]


def layout_chunks(chunks, **options):
    """compile_chunks for `linkdoc layout --ndjson`: records {"id", "text" or "document", "view",
    "hits"?} in, result lines {"id", "layout", "diagnostics"} out, byte for byte what linkdoc
    prints. `extra_args` gives every record's defaults (["--width", "320", "--size", "16"])."""
    return compile_chunks(chunks, command="layout", **options)


def layout_partition(records, **options):
    """compile_partition for `linkdoc layout --ndjson`: one result line per layout record, in order."""
    return compile_partition(records, command="layout", **options)
