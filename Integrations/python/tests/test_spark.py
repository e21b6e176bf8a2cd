"""linkdoc.spark in Spark's local mode: output byte-identical to linkdoc, bad records, crashes."""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import unittest
from unittest import mock

import support

try:
    import pyarrow  # noqa: F401  (mapInArrow)
    import pyspark  # noqa: F401
except ImportError as missing:
    raise unittest.SkipTest("linkdoc.spark tests: %s (pip install pyspark pyarrow)" % missing)
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    raise unittest.SkipTest("linkdoc.spark tests: no java (Spark needs Java 17)")

from pyspark.sql import SparkSession  # noqa: E402

import linkdoc.spark  # noqa: E402
from linkdoc.spark import compile_dataframe, compile_file, split_ranges  # noqa: E402


def part_files(output):
    joined = b""
    for path in sorted(glob.glob(os.path.join(output, "part-*"))):
        with open(path, "rb") as f:
            joined += f.read()
    return joined


class SparkTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.spark = (SparkSession.builder.master("local[2]").appName("linkdoc-tests")
                     .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
                     .getOrCreate())
        cls.spark.sparkContext.setLogLevel("OFF")

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()

    def write_input(self, data):
        return support.input_file(self, data, "out")

    def compile(self, data, partitions, **options):
        path, output = self.write_input(data)
        lines, used, errors = compile_file(self.spark, path, output, manifest=support.MANIFEST, partitions=partitions,
                                           binary=options.pop("binary", support.BINARY), **options)
        self.assertEqual(used, partitions)
        self.assertTrue(os.path.exists(os.path.join(output, "_SUCCESS")))
        written = part_files(output)
        self.assertEqual(errors, sum(b'"severity":"error"' in line for line in written.split(b"\n")), "the summary counts the error lines")
        return written, lines

    def test_clean_corpus_is_byte_identical_to_linkdoc(self):
        data = support.corpus(3000)
        output, lines = self.compile(data, partitions=3)
        self.assertEqual(lines, 3000)
        self.assertEqual(output, support.direct(data))

    def test_bad_records_reach_linkdoc_as_bytes_and_keep_their_line_numbers(self):
        # Not JSON, empty lines, invalid UTF-8, bare CR, CRLF, and no final line break; more
        # partitions than some ranges need, so that error lines fall in every partition.
        data = support.corpus(1200, bad_every=5) + b'{"id": "tail", "text": "end\rof file"}\r'
        output, lines = self.compile(data, partitions=5)
        expected = support.direct(data)
        self.assertEqual(output, expected)
        self.assertEqual(lines, 1201)
        answers = [json.loads(line) for line in output.splitlines()]
        self.assertEqual(len(answers), 1201)
        numbered = [a["line"] for a in answers if "line" in a]
        self.assertEqual(max(numbered), 1201, "error lines of the last partition carry whole-input line numbers")
        bare_cr = next(a for a in answers if a["id"] == "bare-cr")
        self.assertIn("two", bare_cr["document"]["text"], "the record with a bare CR was compiled whole")
        bad_utf8 = next(a for a in answers if a["id"] == "bad-utf8")
        self.assertIsNone(bad_utf8["document"], "invalid UTF-8 was not replaced and compiled")

    def test_a_last_line_without_line_break_is_counted_in_its_range_when_empty_ranges_follow(self):
        # The unbroken last line is longer than the last third of the file, so the third range
        # is empty; its line was counted there, and its own range failed with "-1 unanswered".
        data = support.corpus(3) + b'{"id": "last", "text": "%s"}' % (b"no line break at the end " * 12)
        path, _ = self.write_input(data)
        self.assertEqual([end > start for start, end in split_ranges(path, 3)], [True, True, False])
        output, lines = self.compile(data, partitions=3)
        self.assertEqual(lines, 4)
        self.assertEqual(output, support.direct(data))

    def jobs_run_by(self, group, action):
        sc = self.spark.sparkContext
        sc.setJobGroup(group, group)
        try:
            result = action()
        finally:
            sc.setLocalProperty("spark.jobGroup.id", None)
        return result, len(sc.statusTracker().getJobIdsForGroup(group))

    def test_the_driver_counts_the_lines_of_a_small_input_and_a_stage_those_of_a_large_one(self):
        data = support.corpus(1500, bad_every=6)
        (output, lines), jobs = self.jobs_run_by("small", lambda: self.compile(data, partitions=3))
        self.assertEqual((lines, jobs), (1500, 1), "one job: the driver counted the lines")
        with mock.patch.object(linkdoc.spark, "DRIVER_COUNT_BYTES", 0):
            (staged, lines), jobs = self.jobs_run_by("large", lambda: self.compile(data, partitions=3))
        self.assertEqual((lines, jobs), (1500, 2), "a counting stage, then the compiling one")
        self.assertEqual(output, support.direct(data))
        self.assertEqual(staged, output)

    def test_binary_and_manifest_shipped_with_addFile_when_executors_do_not_see_the_drivers_files(self):
        data = support.corpus(600, bad_every=8)
        with mock.patch.object(linkdoc.spark, "_executors_see_driver_files", return_value=False):
            output, _ = self.compile(data, partitions=2)
        self.assertEqual(output, support.direct(data))

    def test_an_output_that_exists_is_refused_and_left_alone(self):
        path, output = self.write_input(support.corpus(10))
        os.makedirs(output)
        with open(os.path.join(output, "keep"), "wb") as f:
            f.write(b"old")
        with self.assertRaises(FileExistsError):
            compile_file(self.spark, path, output, binary=support.BINARY)
        self.assertEqual(os.listdir(output), ["keep"])

    def test_byte_ranges_end_at_line_breaks(self):
        path, _ = self.write_input(b"a\nbb\n\nccc\r\ndddd")
        ranges = split_ranges(path, 4)
        self.assertEqual(ranges[0][0], 0)
        self.assertEqual(ranges[-1][1], 15)
        for (_, end), (start, _) in zip(ranges, ranges[1:]):
            self.assertEqual(end, start)
        with open(path, "rb") as f:
            data = f.read()
        for start, end in ranges[:-1]:
            self.assertTrue(start == end or data[end - 1:end] == b"\n", ranges)

    def test_a_linkdoc_killed_mid_partition_fails_the_job_and_writes_no_success(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), after=700)
        path, output = self.write_input(support.corpus(3000))
        with self.assertRaises(Exception) as caught:
            compile_file(self.spark, path, output, manifest=support.MANIFEST, partitions=2, binary=wrapper)
        self.assertIn("LinkdocError", str(caught.exception))
        self.assertIn("killed by signal SIGKILL", str(caught.exception))
        self.assertFalse(os.path.exists(os.path.join(output, "_SUCCESS")), "a failed job must not look complete")

    def test_isolation_turns_only_the_guilty_record_into_an_error_line(self):
        wrapper = support.crashing_wrapper(support.temporary_directory(self), marker=b"POISON")
        lines = support.corpus(2000, bad_every=13).split(b"\n")[:-1]
        lines[1500] = support.record(1500, "POISON")
        output, _ = self.compile(b"\n".join(lines) + b"\n", partitions=2, binary=wrapper, isolate=True)
        lines[1500] = b'{"id": "stand-in"}'
        expected = support.direct(b"\n".join(lines) + b"\n").split(b"\n")[:-1]
        answers = output.split(b"\n")[:-1]
        self.assertEqual(len(answers), 2000)
        crashed = json.loads(answers[1500])
        self.assertEqual((crashed["id"], crashed["line"], crashed["diagnostics"][0]["rule"]), ("r1500", 1501, "linkdoc-crash"))
        self.assertEqual(answers[:1500] + answers[1501:], expected[:1500] + expected[1501:])

    def test_dataframe_of_binary_records(self):
        records = [support.record(i) for i in range(300)] + support.BAD_RECORDS
        df = self.spark.createDataFrame([(r,) for r in records], "value binary").coalesce(1)
        rows = compile_dataframe(df, manifest=support.MANIFEST, binary=support.BINARY).collect()
        expected = support.direct(b"\n".join(records) + b"\n").decode().split("\n")[:-1]
        self.assertEqual([bytes(row.value) for row in rows], records)
        self.assertEqual([row.result for row in rows], expected)
        several = compile_dataframe(df.repartition(3), manifest=support.MANIFEST, binary=support.BINARY).collect()
        # Error lines number rows within a partition; documents are the same wherever a row is.
        compiled = re.compile(r'\{"id":"r\d+","document":\{')
        self.assertEqual(sorted(row.result for row in several if compiled.match(row.result)),
                         sorted(line for line in expected if compiled.match(line)))
        self.assertEqual(len(several), len(records))

    def test_no_manifest_given_means_none_not_the_working_folders(self):
        # A cluster's task runs in some folder; a linkdoc.json there must not change the results.
        directory = support.temporary_directory(self)
        with open(os.path.join(directory, "linkdoc.json"), "w") as f:
            f.write('{"agreements": {"用户协议": {"id": "t", "url": "https://example.com/t"}}}')
        record = '{"id": "a", "text": "请阅读《用户协议》"}'
        df = self.spark.createDataFrame([(record,)], "value string").coalesce(1)
        here = os.getcwd()
        os.chdir(directory)
        try:
            rows = compile_dataframe(df, binary=support.BINARY).collect()
        finally:
            os.chdir(here)
        self.assertEqual(json.loads(rows[0].result)["document"]["links"], [], "the folder's linkdoc.json was not read")


class SparkCommandTests(unittest.TestCase):
    def run_command(self, *arguments, binary=support.BINARY):
        environment = dict(os.environ, LINKDOC_BINARY=binary,
                           PYTHONPATH=os.pathsep.join([os.path.dirname(support.HERE), os.environ.get("PYTHONPATH", "")]))
        return subprocess.run([sys.executable, "-m", "linkdoc.spark"] + list(arguments), env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def test_command_writes_what_linkdoc_prints_or_fails_loudly(self):
        directory = support.temporary_directory(self)
        path = os.path.join(directory, "records.ndjson")
        data = support.corpus(800, bad_every=9)
        with open(path, "wb") as f:
            f.write(data)
        good = os.path.join(directory, "good")
        done = self.run_command(path, good, "--manifest", support.MANIFEST, "--master", "local[2]", "--partitions", "3")
        expected = support.direct(data)
        errors = sum(b'"severity":"error"' in line for line in expected.split(b"\n"))
        self.assertGreater(errors, 0, "the corpus has bad records")
        self.assertEqual(done.returncode, 1, "records with errors: 1, as linkdoc compile --ndjson (%s)" % done.stderr.decode())
        self.assertEqual(part_files(good), expected)
        self.assertIn(b"800 lines in 3 partitions compiled into %s, %d with errors" % (good.encode(), errors), done.stderr)
        clean = os.path.join(directory, "clean.ndjson")
        with open(clean, "wb") as f:
            f.write(support.corpus(50))
        ok = self.run_command(clean, os.path.join(directory, "ok"), "--manifest", support.MANIFEST, "--master", "local[1]")
        self.assertEqual(ok.returncode, 0, ok.stderr.decode())
        self.assertIn(b"0 with errors", ok.stderr)

        bad = os.path.join(directory, "bad")
        wrapper = support.crashing_wrapper(directory, after=100)
        failed = self.run_command(path, bad, "--master", "local[1]", "--partitions", "2", binary=wrapper)
        self.assertEqual(failed.returncode, 2)
        self.assertIn(b"linkdoc.spark: error: linkdoc failed on partition 0: killed by signal SIGKILL", failed.stderr)
        self.assertFalse(os.path.exists(os.path.join(bad, "_SUCCESS")))


if __name__ == "__main__":
    unittest.main()
