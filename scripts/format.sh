#!/usr/bin/env bash
# Formats every C++ source of the project with .clang-format (clang-format from Debian's
# clang-format package).   scripts/format.sh           rewrites the files in place
#                          scripts/format.sh --check   lists the files that differ; exit 1 if any
set -euo pipefail
cd "$(dirname "$0")/.."
formatter="${CLANG_FORMAT:-clang-format}"
if ! command -v "$formatter" > /dev/null; then
  echo "format.sh: $formatter not found (apt-get install clang-format)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files -- 'engine/*' 'layout/*' 'ui/*' 'app/*' 'tests/*' 'bench/*' 'fuzz/*' |
  grep -E '\.(h|hpp|cpp|cc)$')
if [[ "${1:-}" == "--check" ]]; then
  differ=0
  for f in "${files[@]}"; do
    if ! "$formatter" --style=file "$f" | cmp -s - "$f"; then
      echo "$f"
      differ=1
    fi
  done
  exit "$differ"
fi
"$formatter" --style=file -i "${files[@]}"
echo "formatted ${#files[@]} files"
