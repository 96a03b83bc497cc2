#!/usr/bin/env bash
# Builds the two Debian packages from a build folder, unpacks them into an empty root (as
# `dpkg -x` does, no root needed) and runs both programs from there: the CLI on a sample, the
# window offscreen to a screenshot. Checks that segscope-cli needs no Qt, that the desktop entry
# claims no MIME type and that the man pages are there.
#   scripts/package_check.sh BUILD_DIR [WORK_DIR]
set -euo pipefail
build="$(cd "$1" && pwd)"
src="$(cd "$(dirname "$0")/.." && pwd)"
work="${2:-$(mktemp -d -t segscope-deb.XXXXXX)}"
rm -rf "$work" && mkdir -p "$work/root"
fail() { echo "package_check: FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out" > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; fail "cpack"; }
cli_deb=$(ls "$work"/out/segscope-cli_*.deb 2>/dev/null | head -1)
gui_deb=$(ls "$work"/out/segscope_*.deb 2>/dev/null | head -1)
[[ -n "$cli_deb" && -n "$gui_deb" ]] || fail "expected segscope-cli_*.deb and segscope_*.deb in $work/out: $(ls "$work/out")"
for deb in "$cli_deb" "$gui_deb"; do
  echo "== $(basename "$deb"): $(dpkg-deb -f "$deb" Depends)"
  dpkg-deb -x "$deb" "$work/root"
done
dpkg-deb -f "$cli_deb" Depends | grep -qi "qt" && fail "segscope-cli depends on Qt: $(dpkg-deb -f "$cli_deb" Depends)"
dpkg-deb -f "$gui_deb" Depends | grep -q "libqt6widgets6" || fail "segscope does not depend on Qt Widgets"

root="$work/root/usr"
for f in bin/segscope-cli bin/segscope share/man/man1/segscope-cli.1 share/man/man1/segscope.1 \
         share/applications/segscope.desktop share/icons/hicolor/scalable/apps/segscope.svg; do
  [[ -e "$root/$f" ]] || fail "the packages install no /usr/$f"
done
grep -q "^MimeType=" "$root/share/applications/segscope.desktop" && fail "the desktop entry claims MIME types"
grep -q "segscope-cli COMMAND FILE" "$root/share/man/man1/segscope-cli.1" || fail "the CLI's man page lacks its usage"

"$root/bin/segscope-cli" segment "$src/samples/gelu.py" > "$work/segment.txt" || fail "the installed segscope-cli"
grep -q "1 segment" "$work/segment.txt" || fail "the installed segscope-cli printed: $(cat "$work/segment.txt")"
QT_QPA_PLATFORM=offscreen "$root/bin/segscope" "$src/samples/gelu.py" --screenshot "$work/window.png" \
  > "$work/window.log" 2>&1 || { cat "$work/window.log" >&2; fail "the installed segscope"; }
[[ -s "$work/window.png" ]] || fail "the installed segscope wrote no screenshot"
echo "package_check: ok: both packages install into an empty root and run ($work)"
