#!/usr/bin/env bash
# Run every cargo-fuzz target of the core for a given time and report what each found.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (make fuzz FUZZ_SECONDS=600)
#
# Seeds the corpora from the conformance vectors (core/fuzz/seed_corpus.py), builds the targets
# with the nightly toolchain (cargo-fuzz is installed when missing), runs them FUZZ_JOBS at a
# time (default 2) under `nice -n 10`, then prints one line per target: executions, executions
# per second, corpus size and the crashes, timeouts and out-of-memory inputs written during this
# run (to core/fuzz/artifacts/<target>/; logs in core/fuzz/artifacts/logs/). Exits 1 when
# anything was found. A unit running longer than FUZZ_UNIT_TIMEOUT seconds (default 10) is a
# timeout; more than FUZZ_RSS_MB (default 2048) of memory is an out-of-memory finding.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SECONDS_PER_TARGET=${1:-600}
shift || true
ALL_TARGETS=(csv_reader canonicalize config evaluate_prediction evaluate_both trust)
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi
JOBS=${FUZZ_JOBS:-2}
UNIT_TIMEOUT=${FUZZ_UNIT_TIMEOUT:-10}
RSS_MB=${FUZZ_RSS_MB:-2048}
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { echo "fuzz: $*" >&2; }

if ! cargo +nightly --version >/dev/null 2>&1; then
  log "a nightly toolchain is needed (rustup toolchain install nightly)"
  exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  log "installing cargo-fuzz"
  cargo install -q cargo-fuzz
fi

python3 core/fuzz/seed_corpus.py >/dev/null
ARTIFACTS=$ROOT/core/fuzz/artifacts
mkdir -p "$ARTIFACTS/logs"
MARKER=$(mktemp)
trap 'rm -f "$MARKER"' EXIT

cd core
log "building ${#TARGETS[@]} targets"
nice -n 10 cargo +nightly fuzz build -O

run_target() {
  local target=$1
  mkdir -p "$ARTIFACTS/$target"
  # libFuzzer exits non-zero on a finding; the summary below reports it.
  nice -n 10 cargo +nightly fuzz run -O "$target" -- \
    -max_total_time="$SECONDS_PER_TARGET" -timeout="$UNIT_TIMEOUT" -rss_limit_mb="$RSS_MB" \
    -print_final_stats=1 >"$ARTIFACTS/logs/$target.log" 2>&1 || true
}

log "running each target for ${SECONDS_PER_TARGET}s, $JOBS at a time"
running=0
for target in "${TARGETS[@]}"; do
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

stat_of() { sed -n "s/^stat::$2: *//p" "$ARTIFACTS/logs/$1.log" | tail -1; }
found=0
printf '%-20s %12s %8s %8s %7s %8s %5s\n' target executions exec/s corpus crashes timeouts ooms
for target in "${TARGETS[@]}"; do
  count() { find "$ARTIFACTS/$target" -maxdepth 1 -type f -name "$1-*" -newer "$MARKER" | wc -l; }
  crashes=$(count crash)
  timeouts=$(count timeout)
  ooms=$(count oom)
  corpus=$(find "$ROOT/core/fuzz/corpus/$target" -type f | wc -l)
  printf '%-20s %12s %8s %8s %7s %8s %5s\n' "$target" "$(stat_of "$target" number_of_executed_units)" \
    "$(stat_of "$target" average_exec_per_sec)" "$corpus" "$crashes" "$timeouts" "$ooms"
  if [ $((crashes + timeouts + ooms)) -gt 0 ]; then
    found=1
    find "$ARTIFACTS/$target" -maxdepth 1 -type f -newer "$MARKER" -printf '  %p\n'
  fi
done
if [ "$found" -ne 0 ]; then
  log "findings above; reproduce with: cd core && cargo +nightly fuzz run -O <target> <file>"
  exit 1
fi
log "no findings"
