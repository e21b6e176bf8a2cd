"""compile_partition and compile_chunks against a real linkdoc binary, and against stand-ins for it
where its work or its death must be exactly known."""
import json
import subprocess
import os
import random
import threading
import tracemalloc
import unittest
from unittest import mock

import support
from linkdoc import CRASH_RULE, LinkdocError, compile_chunks, compile_partition, compile_range, layout_partition
from linkdoc._files import count_lines, cut_after_last_line_break, offset_after_lines, split_ranges


def lines_of(data):
    return data.split(b"\n")[:-1]


class AllocationMeter:
    """The bytes the wrapper allocates while it runs, counted deterministically: tracemalloc's
    peak over the memory in use, summed over the steps between sampling points. The points are
    each chunk the wrapper takes from its caller and each return to os.read; what os.read itself
    allocates (a buffer of CHUNK_BYTES, whatever arrives) is left out. Joining a long line by
    concatenation allocates a copy of all of it so far at every step (quadratic); joining it in
    place allocates each byte a bounded number of times (linear). Not a timing: the bounds the
    test sets hold however fast or busy the machine is."""

    def __init__(self):
        self.allocated = 0
        self.pulls = 0
        self.reads = 0
        self._base = 0
        self._lock = threading.Lock()

    def __enter__(self):
        read = os.read

        def metered_read(fd, size):
            self.point()
            try:
                return read(fd, size)
            finally:
                self.point(count=False)
                self.reads += 1
        self._patch = mock.patch.object(os, "read", metered_read)
        self._patch.start()
        tracemalloc.start()
        self.point(count=False)
        return self

    def __exit__(self, *error):
        self.point()
        tracemalloc.stop()
        self._patch.stop()

    def point(self, count=True):
        with self._lock:
            current, peak = tracemalloc.get_traced_memory()
            if count:
                self.allocated += peak - self._base
            self._base = current
            tracemalloc.reset_peak()

    def chunks(self, chunks):
        for chunk in chunks:
            self.point()
            self.pulls += 1
            yield chunk


class SentLines:
    """The input lines that reach linkdoc whole, counted where they go in: the line breaks in the
    bytes os.write and os.sendfile report written into a pipe, and a last line without one once
    every byte of it is in (`unterminated_at`: where it ends, for a range read from a file)."""

    def __init__(self, unterminated_at=None):
        self.line_breaks = 0
        self.reached = 0   # the furthest offset os.sendfile sent from
        self.unterminated_at = unterminated_at

    @property
    def lines(self):
        return self.line_breaks + (1 if self.unterminated_at is not None and self.reached == self.unterminated_at else 0)

    def __enter__(self):
        write, sendfile = os.write, os.sendfile

        def counted_write(fd, data):
            written = write(fd, data)
            self.line_breaks += bytes(memoryview(data)[:written]).count(b"\n")
            return written

        def counted_sendfile(out_fd, in_fd, offset, count):
            sent = sendfile(out_fd, in_fd, offset, count)
            self.line_breaks += os.pread(in_fd, sent, offset).count(b"\n")
            self.reached = max(self.reached, offset + sent)
            return sent
        self._patches = [mock.patch.object(os, "write", counted_write), mock.patch.object(os, "sendfile", counted_sendfile)]
        for patch in self._patches:
            patch.start()
        return self

    def __exit__(self, *error):
        for patch in self._patches:
            patch.stop()


class CompilePartitionTests(unittest.TestCase):
    def test_every_record_answered_in_order_as_linkdoc_answers_it(self):
        records = [support.record(i) for i in range(50)] + support.BAD_RECORDS + ["str records are UTF-8: 《用户协议》"]
        answers = list(compile_partition(records, manifest=support.MANIFEST))
        fed = b"\n".join(r if isinstance(r, bytes) else r.encode() for r in records) + b"\n"
        self.assertEqual(answers, lines_of(support.direct(fed)))
        self.assertEqual(len(answers), len(records))
        self.assertEqual(json.loads(answers[0])["id"], "r0")
        self.assertIn("bad-utf8", answers[52].decode())
        self.assertIn('"severity":"error"', answers[52].decode(), "invalid UTF-8 reached linkdoc and was rejected")

    def test_first_line_numbers_error_lines(self):
        answers = list(compile_partition([support.record(1), b"oops"], first_line=41))
        self.assertEqual(json.loads(answers[1])["line"], 42)

    def test_stream_larger_than_the_pipes_and_a_window_does_not_deadlock(self):
        # Several MB both ways: writing everything first, or a record at a time, would block.
        data = support.corpus(16_000, bad_every=97)
        self.assertGreater(len(data), 2 << 20)
        answers = list(compile_partition(lines_of(data), manifest=support.MANIFEST))
        self.assertEqual(answers, lines_of(support.direct(data)))

    def test_a_record_with_a_line_break_is_refused(self):
        with self.assertRaisesRegex(ValueError, "record 1 holds a line break"):
            list(compile_partition([support.record(0), b'{"id": "x",\n"text": "y"}']))

    def test_linkdoc_failing_with_status_2_raises(self):
        with self.assertRaises(LinkdocError) as caught:
            list(compile_partition([support.record(0)], partition=7, extra_args=["--bogus"]))
        self.assertEqual(caught.exception.returncode, 2)
        self.assertIn("partition 7", str(caught.exception))
        self.assertIn("--bogus", str(caught.exception), "linkdoc's own message is kept")


class CompileChunksTests(unittest.TestCase):
    def test_chunks_cut_anywhere_give_linkdocs_bytes(self):
        data = support.corpus(900, bad_every=7) + b'{"id": "last", "text": "no line break at the end"}'
        expected = support.direct(data, first_line=1001)
        generator = random.Random(12)
        for attempt in range(4):
            chunks, position = [], 0
            while position < len(data):
                size = generator.choice([1, 2, 3, 50, 4096, 70_000])
                chunks.append(data[position:position + size])
                position += size
            output = b"".join(compile_chunks(chunks, manifest=support.MANIFEST, first_line=1001))
            self.assertEqual(output, expected, "attempt %d" % attempt)

    def test_a_long_record_in_small_chunks_costs_work_linear_in_its_length(self):
        # One record of 1 MB and one of 4 MB, each in 4 KB chunks, echoed back whole by a
        # stand-in (so a long answer line too, read in pieces). Joining by concatenation
        # allocated 137 bytes per byte of the 1 MB record and 544 for the 4 MB one (15.9 times
        # the work for 4 times the record); joining in place, 3.4 and 3.7.
        binary = support.echoing_binary(support.temporary_directory(self))
        allocated = {}
        for size in (1 << 20, 4 << 20):
            record = b'{"id": "long", "text": "' + b"x" * (size - 27) + b'"}\n'
            chunks = [record[i:i + 4096] for i in range(0, len(record), 4096)]
            with AllocationMeter() as meter:
                output = list(compile_chunks(meter.chunks(chunks), binary=binary))
            self.assertEqual(b"".join(output), record)
            self.assertEqual(meter.pulls, len(chunks))
            self.assertGreater(meter.reads, 1, "the meter no longer sees the answers read: follow the reading")
            allocated[size] = meter.allocated
            self.assertLess(meter.allocated, 8 * size, "%d bytes allocated for a record of %d" % (meter.allocated, size))
        self.assertLess(allocated[4 << 20], 6 * allocated[1 << 20], "4 times the record, %.1f times the work"
                        % (allocated[4 << 20] / allocated[1 << 20]))

    def test_an_empty_stream_gives_no_output(self):
        self.assertEqual(b"".join(compile_chunks([])), b"")
        self.assertEqual(b"".join(compile_chunks([b"", b""])), b"")


class CrashTests(unittest.TestCase):
    def test_a_linkdoc_killed_mid_partition_raises_naming_partition_signal_and_count(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), after=3000)
        data = support.corpus(6000)
        answered = 0
        with SentLines() as sent, self.assertRaises(LinkdocError) as caught:
            for output in compile_chunks([data], binary=wrapper, partition=3):
                answered += output.count(b"\n")
        error = caught.exception
        self.assertEqual(error.signal, "SIGKILL")
        # linkdoc was killed on reading line 3001: the lines after what the pipe held were never sent.
        self.assertGreater(sent.lines, 3000)
        self.assertLess(sent.lines, 6000)
        self.assertEqual((error.sent, error.answered, error.unanswered, error.total), (sent.lines, answered, sent.lines - answered, None))
        self.assertLessEqual(error.answered, 3000)
        self.assertIn("partition 3", str(error))
        self.assertIn("SIGKILL", str(error))
        self.assertIn("%d of the %d input lines sent to it answered, %d unanswered; the rest of the input was not sent"
                      % (answered, sent.lines, sent.lines - answered), str(error))

    def test_a_killed_linkdoc_leaves_unanswered_exactly_the_lines_sent_and_not_answered(self):
        # A stand-in that reads all its input or a part, answers some lines (none, some, all),
        # starts one more and is killed; the input's last line has no line break and it comes
        # cut anywhere, mid-line too. The count was the lines taken from the caller before each
        # write, so a line not yet written, or one sent and answered only in part, was counted.
        directory = support.temporary_directory(self)
        data = support.corpus(20_000) + b'{"id": "last", "text": "no line break at the end"}'
        lines = 20_001   # about 3.4 MB: more than the pipe holds, so a stand-in that stops reading stops the writer
        path, output = support.input_file(self, data, "answers")
        generator = random.Random(20)
        cases = [(0, None, "killed before any answer"), (1234, None, "killed mid-stream"),
                 (lines, None, "killed after answering every line"), (0, 0, "killed before reading"),
                 (700, 1000, "killed mid-stream, most of the input never sent")]
        for answers, read, what in cases:
            binary = support.dying_binary(directory, answers, read)
            chunks, position = [], 0
            while position < len(data):
                size = generator.choice([1, 7, 300, 4096, 70_000, 1 << 20])
                chunks.append(data[position:position + size])
                position += size
            answered = 0
            with SentLines() as sent, self.assertRaises(LinkdocError, msg=what) as caught:
                for chunk in compile_chunks(chunks, binary=binary, partition=what):
                    answered += chunk.count(b"\n")
            with SentLines(unterminated_at=len(data)) as sent_range, self.assertRaises(LinkdocError, msg=what) as caught_range:
                compile_range(path, 0, len(data), output, binary=binary, partition=what)
            with open(output, "rb") as f:
                answered_range = f.read().count(b"\n")
            for error, sent_lines, answered_lines, total in [(caught.exception, sent.lines, answered, None),
                                                             (caught_range.exception, sent_range.lines, answered_range, lines)]:
                self.assertEqual(error.signal, "SIGKILL", what)
                self.assertEqual(answered_lines, answers, what)
                self.assertEqual((error.sent, error.answered, error.unanswered), (sent_lines, answers, sent_lines - answers), what)
                self.assertGreaterEqual(error.unanswered, 0, what)
                self.assertIn("%d of the %d input lines sent to it answered, %d unanswered" % (answers, sent_lines, sent_lines - answers),
                              str(error), what)
                if read is None:   # it read everything before it was killed
                    self.assertEqual((error.sent, error.total), (lines, lines), what)
                    self.assertNotIn("not sent", str(error), what)
                else:
                    self.assertLess(error.sent, lines, what)
                    self.assertEqual(error.total, total, what)
                    self.assertIn("the rest of the input was not sent" if total is None
                                  else "the other %d input lines were not sent" % (lines - error.sent), str(error), what)

    def test_a_range_holding_another_number_of_lines_than_given_says_so_and_counts_none_negative(self):
        # The last line of a file without a line break counted in the range after it (empty)
        # instead of its own: linkdoc answered one line more than the range was said to hold,
        # reported as "-1 unanswered".
        path, output = support.input_file(self, support.corpus(3) + b'{"id": "last", "text": "no line break"}', "answers")
        size = os.path.getsize(path)
        with self.assertRaises(LinkdocError) as caught:
            compile_range(path, 0, size, output, lines=3, partition=1)
        error = caught.exception
        self.assertEqual((error.returncode, error.sent, error.answered, error.unanswered, error.total), (0, 4, 4, 0, 4))
        self.assertIn("the range holds 4 input lines, not the 3 given; 4 of the 4 input lines sent to it answered, 0 unanswered", str(error))
        self.assertNotIn("-", str(error).split(";")[1])
        with self.assertRaises(LinkdocError) as caught:
            compile_range(path, size, size, output, lines=1, partition=2)
        self.assertEqual((caught.exception.sent, caught.exception.answered, caught.exception.unanswered), (0, 0, 0))
        self.assertIn("the range holds 0 input lines, not the 1 given", str(caught.exception))

    def test_isolation_turns_only_the_records_that_crash_linkdoc_into_error_lines(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), marker=b"POISON")
        lines = lines_of(support.corpus(3000, bad_every=11))
        guilty = {1234: support.record(1234, "POISON pill"), 1235: b"POISON, not even JSON", 2999: support.record(2999, "POISON")}
        for index, line in guilty.items():
            lines[index] = line
        answers = list(compile_partition(lines, binary=wrapper, manifest=support.MANIFEST, first_line=101, isolate=True))
        clean = [b'{"id": "stand-in"}' if i in guilty else line for i, line in enumerate(lines)]
        expected = lines_of(support.direct(b"\n".join(clean) + b"\n", first_line=101))
        self.assertEqual(len(answers), len(lines))
        for index, (answer, wanted) in enumerate(zip(answers, expected)):
            if index in guilty:
                line = json.loads(answer)
                self.assertEqual(line["line"], 101 + index)
                self.assertIsNone(line["document"])
                self.assertEqual(line["diagnostics"][0]["rule"], CRASH_RULE)
                self.assertIn("SIGKILL", line["diagnostics"][0]["message"])
                self.assertEqual(line["id"], None if index == 1235 else "r%d" % index)
                self.assertEqual(list(line), ["id", "line", "document", "diagnostics"], "linkdoc's error-line shape")
            else:
                self.assertEqual(answer, wanted, "line %d" % (101 + index))

    def test_isolation_fails_loudly_when_no_record_crashes_linkdoc_on_its_own(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), after=500)
        with self.assertRaisesRegex(LinkdocError, "only after the lines before it"):
            list(compile_partition(lines_of(support.corpus(2000)), binary=wrapper, isolate=True, partition="p"))


class CompileRangeTests(unittest.TestCase):
    def write(self, data):
        return support.input_file(self, data, "part")

    def read(self, path):
        with open(path, "rb") as f:
            return f.read()

    def test_each_range_gives_linkdocs_bytes_for_it_with_its_line_numbers(self):
        data = support.corpus(2500, bad_every=7) + b'{"id": "last", "text": "no line break at the end"}'
        path, output = self.write(data)
        ranges = split_ranges(path, 4)
        counts = [count_lines(path, start, end) for start, end in ranges]
        self.assertEqual(sum(counts), 2500)
        first_line = 1
        joined = b""
        for index, ((start, end), count) in enumerate(zip(ranges, counts)):
            part = "%s-%d" % (output, index)
            lines = count + (1 if index == len(ranges) - 1 else 0)   # the last line has no line break
            given = compile_range(path, start, end, part, lines=None if index % 2 else lines,   # counted here (the last range too), or by the caller
                                  manifest=support.MANIFEST, first_line=first_line, partition=index)
            self.assertEqual(given, lines)
            self.assertEqual(self.read(part), support.direct(data[start:end], first_line=first_line))
            joined += self.read(part)
            first_line += count
        self.assertEqual(joined, support.direct(data))

    def test_an_empty_range_gives_an_empty_file(self):
        path, output = self.write(support.corpus(3))
        self.assertEqual(compile_range(path, 5, 5, output), 0)
        self.assertEqual(self.read(output), b"")

    def test_a_linkdoc_killed_mid_range_raises_naming_partition_signal_and_count(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), after=3000)
        path, output = self.write(support.corpus(6000))
        with SentLines() as sent, self.assertRaises(LinkdocError) as caught:
            compile_range(path, 0, os.path.getsize(path), output, binary=wrapper, partition=3)
        error = caught.exception
        answered = count_lines(output)
        self.assertEqual((error.signal, error.total, error.partition), ("SIGKILL", 6000, 3))
        self.assertGreater(sent.lines, 3000)
        self.assertLess(sent.lines, 6000)
        self.assertEqual((error.sent, error.answered, error.unanswered), (sent.lines, answered, sent.lines - answered))
        self.assertLessEqual(error.answered, 3000)
        self.assertIn("%d of the %d input lines sent to it answered, %d unanswered; the other %d input lines were not sent"
                      % (answered, sent.lines, sent.lines - answered, 6000 - sent.lines), str(error))

    def test_linkdoc_failing_with_status_2_raises_with_its_message(self):
        path, output = self.write(support.corpus(10))
        with self.assertRaises(LinkdocError) as caught:
            compile_range(path, 0, os.path.getsize(path), output, partition=7, extra_args=["--bogus"])
        self.assertEqual(caught.exception.returncode, 2)
        self.assertIn("--bogus", str(caught.exception), "linkdoc's standard error is kept")

    def test_isolation_keeps_what_linkdoc_answered_and_isolates_the_rest(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), marker=b"POISON")
        lines = lines_of(support.corpus(3000, bad_every=11))
        lines[2100] = support.record(2100, "POISON")
        path, output = self.write(b"\n".join(lines) + b"\n")
        start = len(b"\n".join(lines[:1000])) + 1   # the range of lines 1001 to 3000
        self.assertEqual(compile_range(path, start, os.path.getsize(path), output, binary=wrapper,
                                       manifest=support.MANIFEST, first_line=1001, isolate=True), 2000)
        answers = lines_of(self.read(output))
        lines[2100] = b'{"id": "stand-in"}'
        expected = lines_of(support.direct(b"\n".join(lines[1000:]) + b"\n", first_line=1001))
        crashed = json.loads(answers[1100])
        self.assertEqual((crashed["id"], crashed["line"], crashed["diagnostics"][0]["rule"]), ("r2100", 2101, CRASH_RULE))
        self.assertEqual(answers[:1100] + answers[1101:], expected[:1100] + expected[1101:])

    def test_line_counts_of_ranges(self):
        data = b"\n".join(b"x" * (i % 300) for i in range(40_000)) + b"\nno line break"
        path, _ = self.write(data)
        cuts = [0, 1, 4095, 4096, 4097, 70_000, 1 << 20, (1 << 20) + 5, len(data) - 1, len(data)]
        for start in cuts:
            for end in cuts:
                if start <= end:
                    self.assertEqual(count_lines(path, start, end), data[start:end].count(b"\n"), (start, end))
        self.assertEqual(count_lines(path), 40_000)

    def test_offsets_after_lines_and_cutting_a_cut_off_line(self):
        path, _ = self.write(b"a\nbb\n\nccc\ndd")
        self.assertEqual([offset_after_lines(path, 0, 12, n) for n in range(6)], [0, 2, 5, 6, 10, 12])
        self.assertEqual(offset_after_lines(path, 2, 12, 2), 6)
        cut_after_last_line_break(path)
        self.assertEqual(self.read(path), b"a\nbb\n\nccc\n")
        path, _ = self.write(b"no line break at all")
        cut_after_last_line_break(path)
        self.assertEqual(self.read(path), b"")



class LayoutPartitionTests(unittest.TestCase):
    """layout_partition: `linkdoc layout --ndjson` through the same feeding and draining."""
    VIEW = '"view": {"width": %d, "size": 16, "profile": "label"}'

    def records(self, count):
        texts = ["请阅读[隐私政策](https://example.com/p)", "שלום עולם", "a\tb 😀", "안녕하세요 여러분"]
        return [('{"id": "l%d", "text": "%s", %s}' % (i, texts[i % len(texts)], self.VIEW % (60 + i % 200))).encode()
                for i in range(count)]

    def direct(self, records, *args):
        done = subprocess.run([support.BINARY, "layout", "--ndjson", "--quiet"] + list(args),
                              input=b"\n".join(records) + b"\n", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertIn(done.returncode, (0, 1), done.stderr.decode())
        return lines_of(done.stdout)

    def test_every_record_answered_in_order_as_linkdoc_answers_it(self):
        records = self.records(3000) + [b"oops", b"", b'{"id": "no-view", "text": "x"}']
        answers = list(layout_partition(records))
        self.assertEqual(answers, self.direct(records))
        self.assertEqual(len(answers), len(records))
        first = json.loads(answers[0])
        self.assertEqual(first["id"], "l0")
        self.assertEqual(len(first["layout"]["links"][0]["rects"]), 2, "隐私政策 at 60 points wraps")
        self.assertIsNone(json.loads(answers[-1])["layout"])

    def test_the_command_lines_defaults_reach_every_record(self):
        answers = list(layout_partition([b'{"id": "a", "text": "\u4e2d\u6587"}'], extra_args=["--width", "300", "--size", "16"]))
        self.assertEqual(json.loads(answers[0])["layout"]["width"], 300)

    def test_isolation_gives_layout_error_lines(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), marker=b"POISON")
        records = self.records(200)
        records[77] = b'{"id": "bad", "text": "POISON"}'
        answers = list(layout_partition(records, binary=wrapper, isolate=True, first_line=11))
        self.assertEqual(len(answers), 200)
        line = json.loads(answers[77])
        self.assertEqual(list(line), ["id", "line", "layout", "diagnostics"], "linkdoc layout's error-line shape")
        self.assertEqual((line["id"], line["line"], line["diagnostics"][0]["rule"]), ("bad", 88, CRASH_RULE))
        self.assertEqual(answers[78], self.direct([records[78]], "--first-line", "89")[0])


if __name__ == "__main__":
    unittest.main()
