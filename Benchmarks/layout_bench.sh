#!/usr/bin/env bash
# The layout core beside Pango in one run (issue 15): the 57 real paragraphs of
# ../shared/layout-cases, compiled to their display text once, laid out by LinkDocLayout
# (Benchmarks/LayoutBench, release build) and by Pango (Benchmarks/PangoPeer/pango_bench.c over
# PangoFT2) with the same font (Noto Sans CJK SC), size and width, the two interleaved RUNS times.
# Prints microseconds per paragraph (medians), the lines each laid out, and the ratio.
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
PY
