#!/usr/bin/env bash
# Builds the platform wheel of Integrations/python with linkdoc's static binary inside:
#   Integrations/python/build_wheel.sh [OUT_DIR]      (default: Integrations/python/dist)
# The binary is a release build with the Swift runtime linked in (--static-swift-stdlib), stripped,
# so executors need no Swift toolchain: only glibc, libxml2, ICU, HarfBuzz, FreeType and libpng (see
# the README's "Spark and Python"). The wheel installs the `linkdoc` command (linkdoc/_cli.py).
# A release build takes several minutes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$(mkdir -p "${1:-$here/dist}" && cd "${1:-$here/dist}" && pwd)"

swift build -c release --static-swift-stdlib --product linkdoc --package-path "$root"
bin="$(swift build -c release --static-swift-stdlib --show-bin-path --package-path "$root")/linkdoc"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -R "$here/pyproject.toml" "$here/README.md" "$here/linkdoc" "$stage/"
rm -rf "$stage/linkdoc/__pycache__"
mkdir -p "$stage/linkdoc/bin"
cp "$bin" "$stage/linkdoc/bin/linkdoc"
strip "$stage/linkdoc/bin/linkdoc"
chmod 755 "$stage/linkdoc/bin/linkdoc"

built="$(mktemp -d)"
python3 -m pip wheel --quiet --no-deps --wheel-dir "$built" "$stage"
wheel="$(python3 "$here/wheel_tag.py" "$built"/linkdoc-*-py3-none-any.whl)"
mv "$wheel" "$out/"
rm -rf "$built"
echo "$out/$(basename "$wheel")"
