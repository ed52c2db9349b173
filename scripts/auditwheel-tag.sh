#!/usr/bin/env bash
# Fail unless `auditwheel show` finds WHEEL consistent with platform TAG (e.g. manylinux_2_17_x86_64).
#   scripts/auditwheel-tag.sh WHEEL TAG
set -euo pipefail
cd "$(dirname "$0")/.."
report=$(.venv/bin/auditwheel show "$1")
echo "$report" >&2
if ! tr '\n' ' ' <<<"$report" | grep -q "consistent with the following platform tag: *\"$2\""; then
  echo "auditwheel-tag: FAIL $1 is not $2 compatible" >&2
  exit 1
fi
