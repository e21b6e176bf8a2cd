#!/usr/bin/env bash
# Checks icu_apple.h, the ICU declarations that Sources/CLinkDocICU uses on macOS (where ICU is
# libicucore without headers), against the real ICU headers on this Linux machine: the shim is
# built once as on Linux and once as on Apple (-D__APPLE__, with ICU's version suffix mapped onto
# the plain names that libicucore exports), and both builds must give the same results.
# This verifies the declarations' layout and constants, not a build on macOS itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${TMPDIR:-/tmp}/linkdoc-icu-apple.$$"
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
cc=${CC:-$(command -v cc || command -v clang)}
version=$(pkg-config --modversion icu-uc | cut -d. -f1)
rename=()
for f in uidna_openUTS46 uidna_nameToASCII_UTF8 uidna_nameToUnicodeUTF8 uspoof_open uspoof_close uspoof_setChecks \
         uspoof_setRestrictionLevel uspoof_checkUTF8 uspoof_getSkeletonUTF8 uspoof_areConfusableUTF8 ubrk_open ubrk_close ubrk_following ubrk_next ubrk_getRuleStatus \
         u_charDirection ubidi_openSized ubidi_close ubidi_setPara ubidi_getLevels ubidi_getParaLevel ubidi_reorderVisual \
         ures_openDirect ures_getByKey ures_getStringByKey ures_getNextString ures_close uloc_forLanguageTag uloc_getParent \
         uplrules_open uplrules_select uplrules_close u_strToUTF8; do
  rename+=("-D$f=${f}_$version")
done
common=(-std=c11 -Wall -Wextra -Werror -ISources/CLinkDocICU/include Sources/CLinkDocICU/linkdoc_icu.c Sources/CLinkDocICU/linkdoc_icu_linebreak.c Sources/CLinkDocICU/linkdoc_icu_bidi.c Sources/CLinkDocICU/linkdoc_icu_plural.c Tests/ICUApple/driver.c
        $(pkg-config --libs icu-uc icu-i18n) -lpthread)
"$cc" "${common[@]}" -o "$out/linux"
"$cc" -D__APPLE__ "${rename[@]}" "${common[@]}" -o "$out/apple"
"$out/linux" > "$out/linux.txt"
"$out/apple" > "$out/apple.txt"
if ! diff -u "$out/linux.txt" "$out/apple.txt"; then
  echo "icu_apple.h: the Apple declarations give other results than ICU $version's headers" >&2
  exit 1
fi
echo "icu_apple.h: $(wc -l < "$out/linux.txt") results the same through the Apple declarations as through ICU $version's headers"
