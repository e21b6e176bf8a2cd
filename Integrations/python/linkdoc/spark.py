"""linkdoc on Apache Spark.

    python -m linkdoc.spark INPUT OUTPUT [--manifest FILE] [--master local[N]] [--partitions N] [--isolate]

compiles the NDJSON file INPUT into the folder OUTPUT: its part files, concatenated in order
(`cat OUTPUT/part-*`), are byte for byte what `linkdoc compile --ndjson < INPUT` prints, error
lines and their line numbers included, and `_SUCCESS` is written only when every line was
answered. The input is read as bytes, never decoded: the driver cuts it into byte ranges at line
breaks, one per partition, and each task hands its own range to linkdoc, so a bare CR or invalid
UTF-8 reaches linkdoc as it is (`textFile` would split at the CR and replace the bytes). The
lines of each range are counted first (by the driver, or by a short Spark stage for inputs over
DRIVER_COUNT_BYTES), and each task's linkdoc numbers its error lines from there
(`--first-line`). A task's bytes never pass through Python (see `compile_range`): the kernel
sends the range into linkdoc's standard input and linkdoc writes the part file itself; the task
then counts the lines answered in it. The binary and the manifest go to the executors with
`SparkContext.addFile` (in local mode they are on this machine already and named by path);
this package's code travels inside each task, pickled by value.
The driver writes `_SUCCESS` once every partition reported all its lines answered, so INPUT and
OUTPUT must be at the same path for the driver and every executor (local mode, a shared or
mounted file system).

`compile_dataframe(df)` compiles a DataFrame's column of records through `mapInArrow`, each
Arrow batch handed to linkdoc as one block of bytes.
"""
import argparse
import collections
import os
import shutil
import sys

from ._binary import find_binary
from ._files import count_lines, ends_with_line_break, split_ranges
from ._stream import compile_chunks, compile_range

#: Inputs up to this size have their lines counted by the driver, in one pass: a Spark stage to
#: count them costs more than reading them (about 0.13 s a stage in local mode).
DRIVER_COUNT_BYTES = 256 << 20


def _count_range(item):
    path, start, end = item
    return count_lines(path, start, end)


def _ship_package():
    """Makes the tasks carry this package's code: its functions and classes are pickled by value
    into each task, so the executors' Python workers import nothing of it (no `--py-files` or
    install needed). `addPyFile` would also do, but in local mode the first job after it waits
    about a second longer to start its tasks."""
    from pyspark import cloudpickle
    cloudpickle.register_pickle_by_value(sys.modules[__package__])


def _ship(sc, binary, manifest):
    """Makes the package travel with the tasks and sends the binary and the manifest to the
    executors; returns how tasks find the binary and the manifest (see _shipped). In local mode the executors run on this machine
    and see its files, so the binary (tens of MB, copied into every application's work folder by
    addFile) and the manifest are named by their paths instead."""
    _ship_package()
    binary = os.path.abspath(find_binary(binary))
    files = [binary]
    if manifest is not None:
        manifest = os.path.abspath(os.fspath(manifest))
        if not os.path.isfile(manifest):
            raise FileNotFoundError("the manifest %s does not exist" % manifest)
        files.append(manifest)
    if _executors_see_driver_files(sc):
        return binary, manifest
    for path in files:
        sc.addFile(path)
    return os.path.basename(binary), (os.path.basename(manifest) if manifest is not None else None)


def _executors_see_driver_files(sc):
    """Local mode (`local[N]`, `local-cluster[…]`): the executors run on this machine."""
    return sc.master.startswith("local")


def _shipped(binary, manifest):
    """The paths, on an executor, of what _ship returned: a path as it is, a name through SparkFiles."""
    from pyspark import SparkFiles

    def path(name):
        return name if name is None or os.path.isabs(name) else SparkFiles.get(name)
    return path(binary), path(manifest)


#: What compile_file did: the lines answered, the partitions, and the lines whose result reports
#: an error (a record linkdoc rejected, or a document with an error diagnostic).
CompileSummary = collections.namedtuple("CompileSummary", "lines partitions errors")


def _no_manifest(manifest_path):
    """linkdoc's arguments when no manifest is given: a task's working folder is not the
    project's, so no linkdoc.json is looked for there."""
    return ["--no-manifest"] if manifest_path is None else []


def _lines_with_errors(path):
    """Result lines that report an error. `"severity":"error"` can only be a diagnostic's: inside a
    JSON string a quote is escaped."""
    errors = 0
    with open(path, "rb") as f:
        for line in f:
            errors += b'"severity":"error"' in line
    return errors


def compile_file(spark, input_path, output_path, *, manifest=None, partitions=None, isolate=False, binary=None):
    """Compiles the NDJSON file `input_path` into the folder `output_path` (see the module doc).
    Returns a CompileSummary (lines, partitions, errors). Raises when any partition fails;
    `_SUCCESS` is then not written. With no manifest, none is looked for (`--no-manifest`)."""
    sc = spark.sparkContext
    input_path, output_path = os.path.abspath(input_path), os.path.abspath(output_path)   # tasks run elsewhere
    size = os.path.getsize(input_path)
    if partitions is None:
        partitions = max(sc.defaultParallelism, -(-size // (128 << 20)))
    binary_name, manifest_name = _ship(sc, binary, manifest)
    os.makedirs(output_path)   # fails when the output exists, as Spark's writers do
    os.mkdir(os.path.join(output_path, "_temporary"))
    ranges = split_ranges(input_path, max(1, partitions))
    if size <= DRIVER_COUNT_BYTES:
        counts = [count_lines(input_path, start, end) for start, end in ranges]
    else:
        counts = sc.parallelize([(input_path, a, b) for a, b in ranges], len(ranges)).map(_count_range).collect()
    if size and not ends_with_line_break(input_path):
        # linkdoc answers a last line without its line break too. It is in the last range that
        # is not empty: ranges after it are (split_ranges finds no line break to end them).
        counts[max(index for index, (start, end) in enumerate(ranges) if end > start)] += 1
    items, first_line = [], 1
    for (start, end), count in zip(ranges, counts):
        items.append((start, end, first_line, count))
        first_line += count
    lines = first_line - 1

    def task(index, iterator):
        binary_path, manifest_path = _shipped(binary_name, manifest_name)
        for start, end, line, count in iterator:
            # Written beside the part file and renamed over it once complete: a retried or
            # speculative attempt never leaves half a part file behind.
            temporary = os.path.join(output_path, "_temporary", "part-%05d.%d" % (index, os.getpid()))
            answered = compile_range(input_path, start, end, temporary, lines=count, manifest=manifest_path,
                                     binary=binary_path, first_line=line, partition=index, isolate=isolate,
                                     extra_args=_no_manifest(manifest_path))
            errors = _lines_with_errors(temporary)
            os.replace(temporary, os.path.join(output_path, "part-%05d" % index))
            yield index, (answered, errors)

    try:
        results = dict(sc.parallelize(items, len(items)).mapPartitionsWithIndex(task).collect())
    finally:
        shutil.rmtree(os.path.join(output_path, "_temporary"), ignore_errors=True)
    answered = {index: result[0] for index, result in results.items()}
    if sorted(answered) != list(range(len(items))) or sum(answered.values()) != lines:
        raise RuntimeError("linkdoc.spark: %d of %d lines answered in %d of %d partitions; no _SUCCESS written"
                           % (sum(answered.values()), lines, len(answered), len(items)))
    open(os.path.join(output_path, "_SUCCESS"), "wb").close()
    return CompileSummary(lines, len(items), sum(result[1] for result in results.values()))


def compile_dataframe(df, column="value", *, manifest=None, binary=None, isolate=False, result_column="result"):
    """`df` with a string column `result_column` added: linkdoc's result line for the record in
    `column` (binary or string, one NDJSON record per row, no line break; null counts as an empty
    line). One linkdoc per partition; each Arrow batch is handed to it as one block of bytes.
    Error lines number the rows of each partition from 1 (a DataFrame row has no line number);
    the record's `id` names it."""
    from pyspark.sql.types import StringType, StructField, StructType

    binary_name, manifest_name = _ship(df.sparkSession.sparkContext, binary, manifest)
    schema = StructType(df.schema.fields + [StructField(result_column, StringType(), True)])

    def compile_batches(batches):
        import pyarrow as pa
        import pyarrow.compute as pc

        binary_path, manifest_path = _shipped(binary_name, manifest_name)
        waiting = collections.deque()   # batches handed to linkdoc, not answered yet
        separator = pa.scalar(b"\n", pa.large_binary())

        def blocks():
            for batch in batches:
                values = pc.fill_null(batch.column(column).cast(pa.large_binary()), b"")
                if len(values) and pc.any(pc.match_substring(values, "\n")).as_py():
                    raise ValueError("a record in column %r holds a line break; a record is one NDJSON line" % column)
                waiting.append(batch)
                if len(values):   # one list of every record, joined in Arrow: no Python object per record
                    one_list = pa.LargeListArray.from_arrays(pa.array([0, len(values)], pa.int64()), values)
                    yield pc.binary_join(one_list, separator)[0].as_py() + b"\n"

        answers, answered = [], 0
        for output in compile_chunks(blocks(), manifest=manifest_path, binary=binary_path, isolate=isolate,
                                     extra_args=_no_manifest(manifest_path)):
            lines = pc.split_pattern(pa.array([output[:-1]], pa.large_binary()), pattern=b"\n").flatten()
            answers.append(lines)
            answered += len(lines)
            while waiting and answered >= waiting[0].num_rows:
                batch = waiting.popleft()
                ready = pa.concat_arrays(answers) if len(answers) > 1 else answers[0]
                answers, answered = [ready[batch.num_rows:]], answered - batch.num_rows
                yield batch.append_column(result_column, ready[:batch.num_rows].cast(pa.large_string()).cast(pa.string()))
        for batch in waiting:   # only batches without rows are left
            yield batch.append_column(result_column, pa.array([], pa.string()))

    return df.mapInArrow(compile_batches, schema)


def _spark_failure(error):
    """The linkdoc part of a failed job's message (Spark wraps it in the JVM's stack trace)."""
    text = str(error)
    marker = text.find("LinkdocError: ")
    if marker < 0:
        return text
    lines = []
    for line in text[marker + len("LinkdocError: "):].splitlines():
        if not line.strip() or line.startswith("\tat ") or line.startswith("\n"):
            break
        lines.append(line)
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m linkdoc.spark",
                                     description="Compile an NDJSON file with linkdoc on Apache Spark.")
    parser.add_argument("input", help="the NDJSON records, one per line (read as bytes)")
    parser.add_argument("output", help="the output folder (must not exist): part-NNNNN files and _SUCCESS")
    parser.add_argument("--manifest", help="the manifest, sent to every executor")
    parser.add_argument("--master", help="the Spark master, e.g. local[2] (default: spark-submit's, else local[*])")
    parser.add_argument("--partitions", type=int, help="partitions (default: the default parallelism, or one per 128 MB)")
    parser.add_argument("--isolate", action="store_true",
                        help="turn records that crash linkdoc on their own into error lines instead of failing")
    parser.add_argument("--binary", help="the linkdoc binary (default: $LINKDOC_BINARY, the bundled one, or PATH)")
    options = parser.parse_args(argv)
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("linkdoc").config("spark.ui.showConsoleProgress", "false")
    if options.master:
        builder = builder.master(options.master)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    try:
        summary = compile_file(spark, options.input, options.output, manifest=options.manifest,
                               partitions=options.partitions, isolate=options.isolate, binary=options.binary)
    except Exception as error:   # noqa: BLE001 (a Py4J error carries the task's)
        print("linkdoc.spark: error: %s" % _spark_failure(error), file=sys.stderr)
        return 2
    finally:
        spark.stop()
    print("linkdoc.spark: %d lines in %d partitions compiled into %s, %d with errors"
          % (summary.lines, summary.partitions, options.output, summary.errors), file=sys.stderr)
    # As `linkdoc compile --ndjson`: 1 when any record has errors (every line is still answered).
    return 1 if summary.errors else 0


if __name__ == "__main__":
    sys.exit(main())
