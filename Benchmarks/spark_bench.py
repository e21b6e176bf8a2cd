#!/usr/bin/env python3
"""linkdoc on Spark beside linkdoc alone, in one run on the same corpus (issue 12).

    python3 Benchmarks/spark_bench.py [--mb 64] [--runs 3] [--binary .build/release/linkdoc]

Needs a release binary (`swift build -c release --static-swift-stdlib`, as executors get it),
pyspark, pyarrow and Java 17. Measures `linkdoc compile --ndjson --jobs 1` and `--jobs 2` on the
corpus file (output to a file), and `linkdoc.spark.compile_file` in Spark `local[1]` and
`local[2]` (one partition per core, part files on the same disk), the configurations interleaved
`--runs` times; prints the medians as a Markdown table. Spark's start-up (JVM, session) is not
timed: it is paid once per application. Every Spark output is checked byte for byte against
linkdoc's own.
"""
import argparse
import glob
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Integrations" / "python"))


def corpus(directory, mb):
    if not (directory / "corpus.ndjson").exists():
        generator = ROOT.parent / "shared" / "bench" / "gen_corpus.py"
        if not generator.exists():
            sys.exit("spark_bench: %s is missing (the bench corpus generator in ../shared)" % generator)
        subprocess.run([sys.executable, str(generator), str(directory), "--mb", str(mb)], check=True)
    return directory / "corpus.ndjson", directory / "manifest.json"


def direct(binary, jobs, records, manifest, output):
    with open(records, "rb") as stdin, open(output, "wb") as stdout:
        start = time.perf_counter()
        code = subprocess.call([binary, "compile", "--ndjson", "--quiet", "--jobs", str(jobs), "--manifest", str(manifest)],
                               stdin=stdin, stdout=stdout)
        elapsed = time.perf_counter() - start
    if code not in (0, 1):
        sys.exit("spark_bench: linkdoc failed (%d)" % code)
    return elapsed


def spark_run(cores, binary, records, manifest, output, expected):
    from pyspark.sql import SparkSession
    from linkdoc.spark import compile_file

    spark = (SparkSession.builder.master("local[%d]" % cores).appName("linkdoc-bench")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        spark.sparkContext.parallelize(range(cores), cores).count()   # the JVM and a Python worker per core are up
        start = time.perf_counter()
        compile_file(spark, str(records), output, manifest=str(manifest), binary=binary)
        elapsed = time.perf_counter() - start
    finally:
        spark.stop()
    with open(expected, "rb") as f:
        want = f.read()
    got = b"".join(open(p, "rb").read() for p in sorted(glob.glob(os.path.join(output, "part-*"))))
    if got != want or not os.path.exists(os.path.join(output, "_SUCCESS")):
        sys.exit("spark_bench: Spark local[%d] output differs from linkdoc's" % cores)
    shutil.rmtree(output)
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=64)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "linkdoc"))
    parser.add_argument("--corpus", default=str(pathlib.Path(tempfile.gettempdir()) / "spark-corpus"))
    options = parser.parse_args()
    records, manifest = corpus(pathlib.Path(options.corpus), options.mb)
    size = records.stat().st_size
    with open(records, "rb") as f:
        lines = sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b""))
    work = pathlib.Path(tempfile.mkdtemp(prefix="linkdoc-spark-bench-"))
    expected = work / "direct.ndjson"
    configs = [("linkdoc --jobs 1", lambda: direct(options.binary, 1, records, manifest, expected)),
               ("linkdoc --jobs 2", lambda: direct(options.binary, 2, records, manifest, expected)),
               ("Spark local[1]", lambda: spark_run(1, options.binary, records, manifest, str(work / "out"), expected)),
               ("Spark local[2]", lambda: spark_run(2, options.binary, records, manifest, str(work / "out"), expected))]
    times = {name: [] for name, _ in configs}
    for run in range(options.runs):
        for name, measure in configs:
            times[name].append(measure())
            print("run %d: %s %.2f s" % (run + 1, name, times[name][-1]), file=sys.stderr)
    shutil.rmtree(work)
    medians = {name: statistics.median(values) for name, values in times.items()}
    print("corpus: %s, %.1f MB, %d records; medians of %d interleaved runs" % (records, size / 1e6, lines, options.runs))
    print()
    print("| configuration | seconds | records/s | MB/s | vs linkdoc --jobs 2 |")
    print("|---|---|---|---|---|")
    for name, seconds in medians.items():
        print("| %s | %.2f | %.0f | %.1f | %.2f× |" % (name, seconds, lines / seconds, size / 1e6 / seconds,
                                                    medians["linkdoc --jobs 2"] / seconds))


if __name__ == "__main__":
    main()
