#!/usr/bin/env bash
# Snapshots what segscope-cli prints for every sample, fidelity case and repro, so that two
# builds can be compared file by file (a refactoring must change nothing but timings):
#   bench/cli_snapshot.sh BIN OUT_DIR      then   diff -r OUT_A OUT_B
# Timing figures are blanked: JSON keys with ms/gbps/percent/ts/dur in their names, "(min …)",
# "… GB/s", "… ms" in text. Commands that run the CPU reference are limited to samples/.
set -uo pipefail
bin="$1"
out="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$out"
blank() {
  sed -E -e 's/"([a-z_]*(ms|gbps|percent|_us)[a-z_]*|ts|dur)": *-?[0-9.e+-]+/"\1": T/g' \
    -e 's/[0-9]+(\.[0-9]+)?( ms| GB\/s)/T\2/g' -e 's/\(min [0-9.e+-]+\)/(min T)/g' \
    -e 's/ +T/ T/g'
}
snap() {  # NAME COMMAND...
  local name="$1"
  shift
  { "$@" 2>&1; echo "exit $?"; } | blank | sed -e "s|$out|OUT|g" > "$out/$name"
}
files=()
while IFS= read -r f; do files+=("$f"); done < <(cd "$root" && find samples tests/fidelity/cases tests/fidelity/repro -name '*.py' | sort)
for f in "${files[@]}"; do
  key="${f//\//_}"
  p="$root/$f"
  snap "$key.info" "$bin" info "$p"
  snap "$key.passes" "$bin" passes "$p" --diff
  snap "$key.segment" "$bin" segment "$p"
  snap "$key.segment.json" "$bin" segment "$p" --json -
  snap "$key.segment.dup" "$bin" segment "$p" --scalar-mode duplicate
  snap "$key.schedule" "$bin" schedule "$p" --json -
  snap "$key.regions" "$bin" regions "$p" --json -
  snap "$key.script" "$bin" script "$p"
  snap "$key.trace" "$bin" trace "$p" --json -
  rm -rf "$out/.seg" && snap "$key.export_segments" "$bin" export-segments "$p" --dir "$out/.seg"
  [[ -d "$out/.seg" ]] && cat "$out/.seg"/* > "$out/$key.export_segments.files" 2>/dev/null
  if [[ "$f" == samples/* ]]; then
    snap "$key.run" "$bin" run "$p" --json -
    snap "$key.run_verify" "$bin" run "$p" --verify --repeat 2 --json - --chrome-trace "$out/.chrome.json"
    blank < "$out/.chrome.json" > "$out/$key.chrome" 2>/dev/null
    snap "$key.export_torch" "$bin" export-torch "$p"
  fi
done
snap survey.raw "$bin" survey "$root/tests/fidelity/cases" --expect "$root/tests/fidelity/expectations.json" --allow-known
sed -E 's/ +[0-9]+\.[0-9] +(cases\/)/ T \1/' "$out/survey.raw" > "$out/survey" && rm "$out/survey.raw"  # its ms column
snap bad_profile "$bin" segment "$root/samples/gelu.py" --profile v100
snap bad_pass "$bin" segment "$root/samples/gelu.py" --disable-pass dead_code
rm -rf "$out/.seg" "$out/.chrome.json"
echo "$(ls "$out" | wc -l) files in $out"
