#!/usr/bin/env python3
"""How the layout core's time grows with its input (issue 29), measured on the release binary:

  - one paragraph with no break opportunity (Latin letters), 0.25 to 2 MB: `linkdoc layout FILE`;
  - one paragraph of CJK and Latin words with a link every 40 characters, 0.25 to 2 MB;
  - one document of N short paragraphs, 25,000 to 1,000,000: `linkdoc layout FILE` (a manifest raises
    the document limit to 64 MiB: a million paragraphs are 40 MB);
  - N layout records, 25,000 to 1,000,000: `linkdoc layout --ndjson --jobs 1`.

Each size is timed on its own (wall clock, best of RUNS) and the table gives the time per doubling:
about 2 is linear work, about 4 quadratic. WorkGrowthTests prove the same with counts, not time.

  Benchmarks/layout_growth.py [--binary .build/release/linkdoc] [--runs 3] [--quick]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(argv, stdin_path=None, runs=3):
    best = None
    for _ in range(runs):
        with open(stdin_path, "rb") if stdin_path else open(os.devnull, "rb") as stdin:
            start = time.perf_counter()
            done = subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
        if done.returncode not in (0, 1):
            raise SystemExit(f"{argv[:3]} exited {done.returncode}: {done.stderr.decode(errors='replace')[:300]}")
        best = elapsed if best is None else min(best, elapsed)
    return best


def no_break(size):
    return ("abcdefghij" * (size // 10 + 1))[:size]


def mixed_with_links(size):
    unit = "请阅读[用户协议](https://example.com/t) and the terms 条款 words 😀 "
    return (unit * (size // len(unit.encode()) + 1))


def paragraphs(count):
    return "请阅读用户协议和隐私政策 and terms\n" * count


def records(count):
    line = json.dumps({"id": "r", "text": "请阅读[隐私政策](https://example.com/p)和条款 terms",
                       "view": {"width": 270, "size": 16, "profile": "label", "maxLines": 2}}, ensure_ascii=False)
    return (line + "\n") * count


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=os.path.join(HERE, "..", ".build", "release", "linkdoc"))
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--quick", action="store_true", help="the smaller half of each series")
    args = p.parse_args()
    binary = os.path.abspath(args.binary)
    megabyte = 1 << 20
    series = [
        ("one paragraph, no break opportunity", no_break, [megabyte // 4, megabyte // 2, megabyte, 2 * megabyte], "bytes", "file"),
        ("one paragraph, CJK + Latin + emoji, a link every 40 characters", mixed_with_links,
         [megabyte // 4, megabyte // 2, megabyte, 2 * megabyte], "bytes", "file"),
        ("one document of short paragraphs", paragraphs, [25_000, 100_000, 250_000, 1_000_000], "paragraphs", "file"),
        ("layout --ndjson records (--jobs 1)", records, [25_000, 100_000, 250_000, 1_000_000], "records", "ndjson"),
    ]
    print("| input | size | seconds | per doubling |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for name, make, sizes, unit, mode in series:
            if args.quick:
                sizes = sizes[:2]
            previous = None
            for size in sizes:
                path = os.path.join(scratch, "input.txt")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(make(size))
                if mode == "file":
                    # A million paragraphs are 40 MB: past the compiler's default document limit (16 MiB).
                    manifest = os.path.join(scratch, "linkdoc.json")
                    with open(manifest, "w") as f:
                        json.dump({"options": {"maxDocumentBytes": 64 << 20}}, f)
                    seconds = timed([binary, "layout", path, "--width", "375", "--size", "17", "--profile", "label",
                                     "--manifest", manifest], runs=args.runs)
                else:
                    seconds = timed([binary, "layout", "--ndjson", "--jobs", "1", "--quiet"], stdin_path=path, runs=args.runs)
                growth = ""
                if previous:
                    factor = size / previous[0]
                    growth = f"{(seconds / previous[1]) ** (1 / math.log2(factor)):.2f}"
                shown = f"{size / megabyte:g} MB" if unit == "bytes" else f"{size:,} {unit}"
                print(f"| {name} | {shown} | {seconds:.2f} | {growth} |", flush=True)
                previous = (size, seconds)


if __name__ == "__main__":
    main()
