#!/usr/bin/env bash
# Peak memory (maximum resident set size) and wall time of the core on hostile inputs, one
# process per scenario under /usr/bin/time -v. Prints a Markdown table (SECURITY.md quotes it).
#
#   bench/hostile_memory.sh [SCENARIO...]
#
# The inputs are built inside the process, so each peak includes the input bytes shown.
set -euo pipefail
cd "$(dirname "$0")/.."
SCENARIOS=(baseline identical_64x100k rotations_64x100k distinct_text_2x100k cells_2mib commas_20mib
  digits_2mib exponents_100k explain_64x100k distinct_rules_64x100k)
[ $# -gt 0 ] && SCENARIOS=("$@")
[ -x /usr/bin/time ] || { echo "hostile_memory: /usr/bin/time is needed (apt-get install time)" >&2; exit 2; }

cargo build -q --release -p tabeq --example hostile_memory
BIN=${CARGO_TARGET_DIR:-target}/release/examples/hostile_memory

echo "| scenario | input (MiB) | outcome | peak RSS (MiB) | wall (s) |"
echo "|---|---:|---|---:|---:|"
for s in "${SCENARIOS[@]}"; do
  report=$(mktemp)
  line=$(/usr/bin/time -v "$BIN" "$s" 2>"$report")
  read -r _ bytes outcome <<<"$line"
  rss_kb=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$report")
  wall=$(sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$report")
  rm -f "$report"
  awk -v s="$s" -v b="$bytes" -v o="$outcome" -v r="$rss_kb" -v w="$wall" 'BEGIN {
    n = split(w, p, ":"); secs = 0; for (i = 1; i <= n; i++) secs = secs * 60 + p[i];
    printf "| %s | %.1f | %s | %.0f | %.2f |\n", s, b / 1048576, o, r / 1024, secs }'
done
