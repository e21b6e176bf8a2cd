#!/usr/bin/env bash
# Compares what two linkdoc binaries write for the same inputs, byte for byte (standard output,
# standard error and exit status of each run), and prints per input set how many outputs are
# identical and which differ:
#
#   Benchmarks/compare_outputs.sh BEFORE_BINARY AFTER_BINARY [--mb 8]
#
# Input sets: the bench corpus (../shared/bench/gen_corpus.py, seed 1) through
# `compile --ndjson --jobs 1` and `--jobs 2`; every file in Examples/ and every file in
# ../shared/realworld/ through `compile FILE` and `lint --reporter json FILE`. The spec tests
# compare against their expected outputs in the test suite.
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 BEFORE_BINARY AFTER_BINARY [--mb N]" >&2
  exit 2
fi
before=$(realpath "$1"); after=$(realpath "$2"); shift 2
mb=8
if [ "${1:-}" = --mb ]; then mb=$2; fi
cd "$(dirname "$0")/.."
shared=../shared
[ -d "$shared" ] || { echo "$0: $shared is missing (ln -s the shared data folder there)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run BINARY OUT ARGS…: the run's standard output, then its standard error and exit status, in OUT.
run() {
  local binary=$1 out=$2; shift 2
  "$binary" "$@" >"$out" 2>"$out.err" </dev/null
  echo "exit $?" >>"$out.err"
  cat "$out.err" >>"$out"; rm -f "$out.err"
}

same=0; different=0; differing=()
# compare NAME ARGS…: both binaries on the same arguments.
compare() {
  local name=$1; shift
  run "$before" "$work/before" "$@"
  run "$after" "$work/after" "$@"
  if cmp -s "$work/before" "$work/after"; then same=$((same + 1)); else different=$((different + 1)); differing+=("$name"); fi
}
report() {
  printf '%-36s identical %5d  different %5d\n' "$1" "$same" "$different"
  for d in "${differing[@]}"; do echo "    differs: $d"; done
  same=0; different=0; differing=()
}

python3 "$shared/bench/gen_corpus.py" --mb "$mb" --seed 1 "$work/corpus" >/dev/null
for jobs in 1 2; do
  "$before" compile --ndjson --jobs "$jobs" --manifest "$work/corpus/manifest.json" <"$work/corpus/corpus.ndjson" >"$work/before" 2>&1
  echo "exit $?" >>"$work/before"
  "$after" compile --ndjson --jobs "$jobs" --manifest "$work/corpus/manifest.json" <"$work/corpus/corpus.ndjson" >"$work/after" 2>&1
  echo "exit $?" >>"$work/after"
  if cmp -s "$work/before" "$work/after"; then same=$((same + 1)); else different=$((different + 1)); differing+=("corpus --jobs $jobs"); fi
done
report "bench corpus (${mb} MB, compile --ndjson)"

for set in Examples "$shared/realworld"; do
  while IFS= read -r file; do
    compare "compile $file" compile "$file"
  done < <(find "$set" -type f -not -path '*/.build/*' | LC_ALL=C sort)
  report "$(basename "$set") compile"
  while IFS= read -r file; do
    compare "lint $file" lint --reporter json "$file"
  done < <(find "$set" -type f -not -path '*/.build/*' | LC_ALL=C sort)
  report "$(basename "$set") lint --reporter json"
done
