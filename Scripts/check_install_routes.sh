#!/usr/bin/env bash
# Runs each install route of the README ("Installing linkdoc") as a new user would, in a scratch
# folder, and checks that the `linkdoc` it puts on PATH compiles the bundled example:
#   1. the platform wheel, pip-installed into a fresh virtual environment;
#   2. the release archive, unpacked, run with an empty environment;
#   3. `swift package experimental-install` into a scratch HOME.
# Then the README's Spark line, as printed, with the wheel's `linkdoc` on PATH (when pyspark and
# Java are there). Each route builds a release binary: this takes several minutes.
#   Scripts/check_install_routes.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
example="$root/Examples/privacy-dialog.txt"
expected="$(cd "$root" && swift run -c release linkdoc compile "$example" --manifest Examples/linkdoc.json 2>/dev/null)"

check() {  # check ROUTE BINARY: the binary compiles the example as the clone's build does
  local got
  got="$("$2" compile "$example" --manifest "$root/Examples/linkdoc.json")"
  [ "$got" = "$expected" ] || { echo "install route $1: $2 compiles the example differently" >&2; exit 1; }
  echo "install route $1: $("$2" --version) at $2 compiles Examples/privacy-dialog.txt as the clone does"
}

# 1. The wheel.
wheel="$("$root/Integrations/python/build_wheel.sh" "$scratch/dist" | tail -1)"
# --system-site-packages: the Spark check below uses the pyspark already installed.
python3 -m venv --system-site-packages "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet "$wheel"
check wheel "$scratch/venv/bin/linkdoc"

# 2. The release archive.
archive="$("$root/Scripts/build_release.sh" "$scratch/dist" | tail -1)"
mkdir "$scratch/unpacked"
tar -xzf "$archive" -C "$scratch/unpacked"
binary="$(find "$scratch/unpacked" -path '*/bin/linkdoc' -type f | head -1)"
env -i PATH=/usr/bin:/bin "$binary" --version >/dev/null
check archive "$binary"

# 3. experimental-install from the clone, into a HOME of its own.
mkdir "$scratch/home"
(cd "$root" && HOME="$scratch/home" swift package experimental-install --product linkdoc >/dev/null 2>&1) \
  || { echo "install route experimental-install: swift package experimental-install failed" >&2; exit 1; }
check experimental-install "$scratch/home/.swiftpm/bin/linkdoc"

# The README's Spark line, as printed, with the wheel's linkdoc the only one on PATH.
if python3 -c 'import pyspark, pyarrow, pandas' 2>/dev/null && command -v java >/dev/null; then
  cp "$root/Examples/linkdoc.json" "$scratch/"
  for i in $(seq 1 200); do printf '{"id": "r%d", "text": "第%d条：请阅读《用户协议》，联系 @小明 或 https://example.com/%d"}\n' "$i" "$i" "$i"; done > "$scratch/records.ndjson"
  (cd "$scratch" && PATH="$scratch/venv/bin:/usr/bin:/bin" bash -c "python -m linkdoc.spark records.ndjson out --manifest linkdoc.json --master 'local[2]'
cat out/part-* | cmp - <(linkdoc compile --ndjson --manifest linkdoc.json < records.ndjson)" 2>"$scratch/spark.log") \
    || { cat "$scratch/spark.log" >&2; echo "the README's Spark line failed" >&2; exit 1; }
  echo "README Spark line: $(grep 'linkdoc.spark:' "$scratch/spark.log"); cmp: no difference"
else
  echo "README Spark line: not run (needs pyspark, pyarrow, pandas and Java 17)"
fi
