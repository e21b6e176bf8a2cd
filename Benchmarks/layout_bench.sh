#!/usr/bin/env bash
# The layout core beside Pango in one run (issue 15): the 57 real paragraphs of
# ../shared/layout-cases, compiled to their display text once, laid out by LinkDocLayout
# (Benchmarks/LayoutBench, release build) and by Pango (Benchmarks/PangoPeer/pango_bench.c over
# PangoFT2) with the same font (Noto Sans CJK SC), size and width, the two interleaved RUNS times.
# Prints microseconds per paragraph (medians), the lines each laid out, and the ratio; then the same
# paragraphs as records of `linkdoc layout --ndjson --jobs 1` (batch mode: each record's JSON read,
# its copy compiled, laid out and its result written), per record, beside Pango's in-process figure.
#
#   Benchmarks/layout_bench.sh [--width 270] [--size 16] [--rounds 50] [--runs 7]
#
# Needs libpango1.0-dev (apt-get install libpango1.0-dev) and fonts-noto-cjk.
set -euo pipefail
cd "$(dirname "$0")/.."
width=270 size=16 rounds=50 runs=7
while [ $# -gt 0 ]; do
  case "$1" in
    --width) width=$2; shift 2 ;; --size) size=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;; --runs) runs=$2; shift 2 ;;
    *) echo "usage: $0 [--width W] [--size S] [--rounds N] [--runs N]" >&2; exit 2 ;;
  esac
done
[ -d ../shared/layout-cases ] || { echo "layout_bench: ../shared/layout-cases is missing" >&2; exit 2; }
pkg-config --exists pangoft2 || { echo "layout_bench: PangoFT2 is missing (apt-get install libpango1.0-dev)" >&2; exit 2; }
swift build -c release --product linkdoc-layout-bench >/dev/null
swift build -c release --product linkdoc >/dev/null
out=Benchmarks/out
mkdir -p "$out"
gcc -O2 -o "$out/pango_bench" Benchmarks/PangoPeer/pango_bench.c $(pkg-config --cflags --libs pangoft2)
ours=.build/release/linkdoc-layout-bench
"$ours" --texts ../shared/layout-cases "$out/layout-texts.bin"
python3 - "$ours" "$out/pango_bench" "$out/layout-texts.bin" "$width" "$size" "$rounds" "$runs" <<'PY'
import statistics, subprocess, sys
ours, pango, texts, width, size, rounds, runs = sys.argv[1:]
results = {"linkdoc": [], "pango": []}
lines = {}
for _ in range(int(runs)):
    for name, binary in (("linkdoc", ours), ("pango", pango)):
        out = subprocess.run([binary, texts, width, size, rounds], check=True, capture_output=True, text=True).stdout
        fields = dict(f.split("=") for f in out.split())
        results[name].append(float(fields["us_per_paragraph"]))
        lines[name] = int(fields["lines"])
ours_us, pango_us = statistics.median(results["linkdoc"]), statistics.median(results["pango"])
print(f"57 paragraphs of ../shared/layout-cases, Noto Sans CJK SC {size} pt, width {width} pt; "
      f"{runs} interleaved runs of {rounds} rounds, medians")
print("| engine | µs per paragraph | lines laid out |")
print("|---|---|---|")
print(f"| LinkDocLayout | {ours_us:.1f} | {lines['linkdoc']} |")
print(f"| Pango (PangoFT2) | {pango_us:.1f} | {lines['pango']} |")
print(f"LinkDocLayout is {pango_us / ours_us:.2f}× Pango's speed")
with open(f"{texts}.pango_us", "w") as f:
    f.write(str(pango_us))
PY
python3 - .build/release/linkdoc "$out/layout-texts.bin" "$width" "$size" "$rounds" "$runs" <<'PY'
import json, statistics, subprocess, sys, time
linkdoc, texts, width, size, rounds, runs = sys.argv[1:]
paragraphs = [t.decode() for t in open(texts, "rb").read().split(b"\0") if t]
view = {"width": float(width), "size": float(size), "profile": "label", "lineBreakStrategy": "none"}
records = "".join(json.dumps({"id": str(k), "text": t, "view": view}, ensure_ascii=False) + "\n"
                  for _ in range(int(rounds) * 4) for k, t in enumerate(paragraphs)).encode()
count = records.count(b"\n")
font = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#2"
times = []
for _ in range(int(runs)):
    start = time.perf_counter()
    done = subprocess.run([linkdoc, "layout", "--ndjson", "--jobs", "1", "--quiet", "--font", font, "--fallback-font", font],
                          input=records, capture_output=True)
    times.append(time.perf_counter() - start)
    assert done.returncode in (0, 1) and done.stdout.count(b"\n") == count, done.stderr[:300]
us = statistics.median(times) / count * 1e6
pango_us = float(open(texts + ".pango_us").read())
print(f"layout --ndjson --jobs 1, {count} records (the paragraphs {int(rounds) * 4} times), whole process, {runs} runs, median: "
      f"{us:.1f} µs per record, {pango_us / us:.2f}× Pango's in-process layout of the same paragraphs")
PY
