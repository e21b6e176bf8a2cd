#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/Fuzz into Tests/Fuzz/.build/ (git-ignored).
#
# SwiftPM cannot link a libFuzzer executable (libFuzzer brings its own `main`), so this
# script does what SwiftPM would do, by hand: one `swiftc` call per module, in dependency
# order, every module instrumented for coverage (-sanitize=fuzzer) and checked by
# AddressSanitizer, then one call per harness that links them with libFuzzer.
#
#   Tests/Fuzz/build.sh [TARGET…]      (default: every target; SANITIZE=fuzzer to drop ASan)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/Tests/Fuzz/.build
mkdir -p "$out"

SANITIZE=${SANITIZE:-fuzzer,address}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(compile url roundtrip formats layout)

swiftc=$(command -v swiftc)
clang="$(dirname "$swiftc")/clang"
xml2_cflags=$(pkg-config --cflags libxml-2.0 2>/dev/null || echo "-I/usr/include/libxml2")

# -O with assertions kept (preconditions and overflow checks still trap), as libFuzzer wants speed.
common=(-O -g -sanitize="$SANITIZE" -parse-as-library -package-name linkdoc -I "$out" -module-cache-path "$out/module-cache")
# SwiftPM generates a module map for a C target with an include/ folder; write the same one
# (outside the source tree), and use the checked-in one of the libxml2 system module.
mkdir -p "$out/CLinkDocICU"
printf 'module CLinkDocICU {\n  umbrella "%s"\n  export *\n}\n' \
  "$root/Sources/CLinkDocICU/include" > "$out/CLinkDocICU/module.modulemap"
cmaps=(-Xcc "-fmodule-map-file=$out/CLinkDocICU/module.modulemap" -I "$root/Sources/CLinkDocICU/include"
       -Xcc "-fmodule-map-file=$root/Sources/CLibXML2/module.modulemap")
for flag in $xml2_cflags; do cmaps+=(-Xcc "$flag"); done
# The layout core's system libraries (the `layout` target): HarfBuzz, FreeType, libpng.
for lib in CHarfBuzz CFreeType CLibPNG; do cmaps+=(-Xcc "-fmodule-map-file=$root/Sources/$lib/module.modulemap"); done
for flag in $(pkg-config --cflags harfbuzz freetype2 libpng 2>/dev/null); do cmaps+=(-Xcc "$flag"); done

echo "build: CLinkDocICU (clang)"
icu_objects=()
for source in "$root"/Sources/CLinkDocICU/*.c; do
  object="$out/CLinkDocICU-$(basename "$source" .c).o"
  "$clang" -c -O1 -g -fsanitize="$SANITIZE" -I "$root/Sources/CLinkDocICU/include" "$source" -o "$object"
  icu_objects+=("$object")
done

module() {  # module NAME  — compiles Sources/NAME into NAME.o and NAME.swiftmodule
  local name=$1
  echo "build: $name"
  mapfile -t sources < <(find "$root/Sources/$name" -name '*.swift' | sort)
  "$swiftc" "${common[@]}" "${cmaps[@]}" -module-name "$name" -emit-module \
    -emit-module-path "$out/$name.swiftmodule" -wmo -c "${sources[@]}" -o "$out/$name.o"
}
module LinkDocBase
module LinkDocModel
module LinkDocURL
module LinkDocHTML
module LinkDocCore
module LinkDocXML
module LinkDocFormats
layout_objects=()
layout_libraries=()
if printf '%s\n' "${targets[@]}" | grep -qx layout; then
  module LinkDocLayout
  layout_objects=("$out"/LinkDocLayout.o)
  layout_libraries=(-lharfbuzz -lfreetype -lpng16)
fi

for target in "${targets[@]}"; do
  harness="$root/Tests/Fuzz/$target/main.swift"
  shared=("$root"/Tests/Fuzz/Shared/*.swift)
  [ -f "$harness" ] || { echo "build: no harness $harness" >&2; exit 2; }
  echo "build: fuzz-$target"
  extra=()
  if [ "$target" = layout ]; then extra=("${layout_objects[@]}" "${layout_libraries[@]}"); fi
  "$swiftc" "${common[@]}" "${cmaps[@]}" -module-name "Fuzz_$target" "$harness" "${shared[@]}" \
    "$out"/LinkDocBase.o "$out"/LinkDocModel.o "$out"/LinkDocURL.o "$out"/LinkDocHTML.o "$out"/LinkDocCore.o "$out"/LinkDocXML.o \
    "$out"/LinkDocFormats.o "${icu_objects[@]}" "${extra[@]}" \
    -licuuc -licui18n -licudata -lxml2 -use-ld=lld -o "$out/fuzz-$target"
done
echo "build: done, binaries in $out"
