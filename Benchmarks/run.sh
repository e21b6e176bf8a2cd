#!/usr/bin/env bash
# The benchmark harness: builds linkdoc in release mode, generates the corpus with
# ../shared/bench/gen_corpus.py and prints one table (also written to Benchmarks/out/results.md).
#
#   Benchmarks/run.sh [--mb 8] [--runs 5] [--quick]
#
# Needs cmark, cmark-gfm and libxml2-utils (xmllint) from Debian for the peers;
# it installs them with apt-get when they are missing and it runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in cmark cmark-gfm xmllint; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && apt-get install -y -qq cmark cmark-gfm libxml2-utils >/dev/null
    else
      echo "Benchmarks/run.sh: $tool is missing (apt-get install cmark cmark-gfm libxml2-utils)" >&2
      exit 2
    fi
    break
  fi
done
# On Linux the binaries are measured as pipelines get them (Integrations/python/build_wheel.sh):
# with the Swift runtime linked in. macOS has the runtime in the system and no such option.
static=()
if [ "$(uname -s)" = Linux ]; then static=(--static-swift-stdlib); fi
for product in linkdoc linkdoc-url-bench linkdoc-compile-bench; do
  swift build -c release "${static[@]}" --product "$product" >/dev/null
done
mkdir -p Benchmarks/out
gcc -O2 -o Benchmarks/out/sax_ceiling Benchmarks/LibXML2Ceiling/sax_ceiling.c $(pkg-config --cflags --libs libxml-2.0)
exec python3 Benchmarks/harness.py "$@"
