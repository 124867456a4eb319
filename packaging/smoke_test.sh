#!/usr/bin/env bash
# Smoke test of the one-folder bundle, run by `make dist` and CI: the bundle starts with no Python on
# the PATH, draws the demo league and the first-run screen offscreen, hands a file to a running Dugout,
# prints a roster to PDF, and prints the league magazine with its charts (Qt Charts).
#   packaging/smoke_test.sh [BUNDLE_DIR] [CHECKER_PYTHON]
set -euo pipefail
BUNDLE=${1:-dist/dugout}
CHECK_PY=${2:-.venv/bin/python}   # checks the PNG/PDF only; the bundle itself runs without Python
EXE="$BUNDLE/dugout"
[ -x "$EXE" ] || { echo "smoke test: no bundle at $EXE" >&2; exit 1; }
WORK=$(mktemp -d)
FIRST_PID=""
cleanup() { [ -n "$FIRST_PID" ] && kill "$FIRST_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

# A clean user: no Python on the PATH, a fresh home, Qt offscreen.
run() { env -i PATH=/usr/bin:/bin HOME="$WORK/home" LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
        timeout 180 "$EXE" "$@" 2> >(grep -v propagateSizeHints >&2); }
mkdir -p "$WORK/home"
LOG="$WORK/home/.local/state/Dugout/log/dugout.log"
DEMO="$WORK/home/.local/share/Dugout/Old World Classic.dugout"

check_png() {  # PNG at least 1200x700 with a real picture in it (not one flat colour)
  "$CHECK_PY" - "$1" <<'PY'
import sys, zlib, struct
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width >= 1200 and height >= 700, f"too small: {width}x{height}"
assert len(data) > 30_000, f"suspiciously small PNG ({len(data)} bytes): an empty window?"
print(f"smoke test: {sys.argv[1]} is {width}x{height}, {len(data):,} bytes")
PY
}

echo "smoke test: version"
run --version | tee "$WORK/version.txt"
grep -q "^Dugout " "$WORK/version.txt"

echo "smoke test: the demo league, offscreen"
run --screenshot "$WORK/demo.png" --demo
check_png "$WORK/demo.png"
[ -f "$DEMO" ] || { echo "smoke test: the demo league was not written to the data folder" >&2; exit 1; }
grep -q "Dugout .* started" "$LOG"

echo "smoke test: the first-run screen"
mkdir -p "$WORK/fresh"
env -i PATH=/usr/bin:/bin HOME="$WORK/fresh" LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    timeout 180 "$EXE" --screenshot "$WORK/welcome.png" 2>/dev/null
check_png "$WORK/welcome.png"

echo "smoke test: a second start hands its file to the running Dugout"
env -i PATH=/usr/bin:/bin HOME="$WORK/home" LC_ALL=C.UTF-8 QT_QPA_PLATFORM=offscreen \
    "$EXE" > "$WORK/first.out" 2>&1 &
FIRST_PID=$!
for _ in $(seq 240); do grep -q "single instance: listening" "$LOG" && break; sleep 0.5; done
grep -q "single instance: listening" "$LOG" || { echo "smoke test: the running Dugout never listened" >&2; cat "$WORK/first.out" >&2; exit 1; }
cp "$DEMO" "$WORK/second.dugout"
run "$WORK/second.dugout"
for _ in $(seq 60); do grep -q "single instance: handed .*second.dugout" "$LOG" && break; sleep 0.5; done
grep -q "single instance: handed .*second.dugout" "$LOG"
kill "$FIRST_PID"; wait "$FIRST_PID" 2>/dev/null || true; FIRST_PID=""

echo "smoke test: print a roster to PDF"
run print "$DEMO" --team "Orcland Raiders" -o "$WORK/roster.pdf"
head -c 5 "$WORK/roster.pdf" | grep -q "%PDF-"
[ "$(stat -c %s "$WORK/roster.pdf")" -gt 2000 ]
echo "smoke test: roster.pdf is $(stat -c %s "$WORK/roster.pdf") bytes"
echo "smoke test: the league magazine with its charts (Qt Charts in the bundle)"
run print "$DEMO" --magazine -o "$WORK/magazine.pdf" | tee "$WORK/magazine.txt"
grep -q "3 pages written" "$WORK/magazine.txt"
CHARTS=$(grep -a -c "/Subtype /Image" "$WORK/magazine.pdf" || true)
[ "$CHARTS" -ge 2 ] || { echo "smoke test: the magazine has $CHARTS chart images" >&2; exit 1; }
echo "smoke test: magazine.pdf has $CHARTS chart images"
echo "smoke test: the bundle works"
