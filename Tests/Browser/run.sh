#!/usr/bin/env bash
# The review page's browser suite (Tests/Browser/test_review.py): builds linkdoc, then runs the
# suite in headless Chromium. What cannot run (no chromium, chromium-driver or selenium) is named
# and skipped; CI (.ci/run) installs them. Screenshots go to .build/browser-screenshots/.
# Arguments go to unittest: Tests/Browser/run.sh -k Fixture runs the tests whose names match.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=("chromium")
command -v chromedriver >/dev/null 2>&1 || missing+=("chromium-driver")
python3 -c 'import selenium' 2>/dev/null || missing+=("selenium (pip install selenium)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "browser suite SKIPPED: did not run, ${missing[*]} not installed (apt-get install chromium chromium-driver; pip install selenium)"
  exit 0
fi

if [ -z "${LINKDOC:-}" ]; then
  swift build --product linkdoc >/dev/null
  export LINKDOC="$PWD/.build/debug/linkdoc"
fi
export LINKDOC_SCREENSHOTS="${LINKDOC_SCREENSHOTS:-$PWD/.build/browser-screenshots}"
python3 -m unittest -v "$@" Tests/Browser/test_review.py
echo "browser screenshots: $LINKDOC_SCREENSHOTS"
