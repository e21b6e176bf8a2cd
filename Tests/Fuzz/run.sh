#!/usr/bin/env bash
# Runs every fuzz target for a short while: Tests/Fuzz/run.sh [SECONDS]  (total, default 60),
# then the differential harnesses of the stream (stream/stream_fuzz.py) and of lint --fix
# (fix/fix_fuzz.py), each for one target's share.
# With FUZZ_RUNS=N set, each target instead runs N inputs from a fixed seed: the same inputs on
# every run, so CI stays deterministic (a crash it finds is found again, not by luck).
#
# Builds the targets when they are missing (Tests/Fuzz/build.sh), gives each target an equal
# share of SECONDS, starts from the committed seeds (Tests/Fuzz/corpus/<target>) and keeps
# what it learns in Tests/Fuzz/.build/work/<target> (git-ignored). Prints the executions of
# each target; exits non-zero when any target crashes, hangs (-timeout) or leaks, leaving the
# input in Tests/Fuzz/.build/artifacts/<target>/ and the log in Tests/Fuzz/.build/<target>.log.
set -uo pipefail
# The Swift runtime's own crash handler fights ASan and libFuzzer for the crash; leave it to them.
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")"
total=${1:-60}
targets=(compile url roundtrip formats layout)
per=$(( total / ${#targets[@]} )); [ "$per" -ge 1 ] || per=1

for t in "${targets[@]}"; do
  [ -x ".build/fuzz-$t" ] || { ./build.sh || exit 2; break; }
done

failed=0
for t in "${targets[@]}"; do
  mkdir -p ".build/work/$t" ".build/artifacts/$t"
  log=".build/$t.log"
  runs=${FUZZ_RUNS:-}
  # A layout input shapes and breaks with real fonts, some mutated: about ten times a compile's cost.
  if [ -n "$runs" ] && [ "$t" = layout ]; then runs=$(( runs / 10 )); fi
  if [ -n "$runs" ]; then budget=(-runs="$runs" -seed=1); else budget=(-max_total_time="$per"); fi
  ".build/fuzz-$t" ".build/work/$t" "corpus/$t" "${budget[@]}" -max_len=4096 -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=".build/artifacts/$t/" >"$log" 2>&1
  status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" -eq 0 ]; then
    echo "fuzz $t: ok, ${execs:-?} executions"
  else
    failed=1
    echo "fuzz $t: FAILED (exit $status) after ${execs:-?} executions; log: Tests/Fuzz/$log"
    grep -E "ERROR:|Fatal error|invariant violated|Test unit written" "$log" | head -5 | sed 's/^/  /'
  fi
done
# The differential harnesses, which run the real binary (not libFuzzer targets): each with FUZZ_RUNS
# set runs a fixed number of seeded inputs, else its share of SECONDS.
linkdoc=${LINKDOC:-../../.build/debug/linkdoc}
if [ ! -x "$linkdoc" ]; then (cd ../.. && swift build --product linkdoc >/dev/null) || exit 2; fi
harness() {  # harness NAME SCRIPT FIXED-BUDGET…
  local name=$1 script=$2 log=.build/$1.log status
  shift 2
  if [ -n "${FUZZ_RUNS:-}" ]; then budget=("$@" --seed 1); else budget=(--seconds "$per"); fi
  mkdir -p ".build/artifacts/$name"
  python3 "$script" --binary "$linkdoc" "${budget[@]}" --artifacts ".build/artifacts/$name" >"$log" 2>&1
  status=$?
  if [ "$status" -eq 0 ]; then
    echo "fuzz $name: $(tail -1 "$log" | sed "s/^$name: //")"
  else
    failed=1
    echo "fuzz $name: FAILED (exit $status); log: Tests/Fuzz/$log"
    grep -E "FAILED|^  " "$log" | head -6 | sed 's/^/  /'
  fi
}
# The stream itself (compile --ndjson with --jobs 1, 2 and 3; Tests/Fuzz/stream): STREAM_SEQUENCES
# sequences (default 40: about 10 s).
harness stream stream/stream_fuzz.py --sequences "${STREAM_SEQUENCES:-40}"
# lint --fix on localization files (Tests/Fuzz/fix): random .strings, .xcstrings and strings.xml
# files fixed by the real binary and checked by the harness's own readers; FIX_CASES cases
# (default 120: about 15 s on a debug build).
harness fix fix/fix_fuzz.py --cases "${FIX_CASES:-120}"
exit $failed
