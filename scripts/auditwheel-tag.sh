#!/usr/bin/env bash
# Fail unless `auditwheel show` finds WHEEL consistent with platform TAG (e.g. manylinux_2_17_x86_64,
# musllinux_1_2_aarch64): the same family and architecture, at that version or an older one (a wheel
# that needs only musl 1.1 runs wherever musl 1.2 does).
#   scripts/auditwheel-tag.sh WHEEL TAG
set -euo pipefail
cd "$(dirname "$0")/.."
AUDITWHEEL=auditwheel
[ -x .venv/bin/auditwheel ] && AUDITWHEEL=.venv/bin/auditwheel
report=$("$AUDITWHEEL" show "$1")
echo "$report" >&2
found=$(tr '\n' ' ' <<<"$report" | sed -n 's/.*consistent with the following platform tag: *"\([^"]*\)".*/\1/p')
tag_re='^(manylinux|musllinux)_([0-9]+)_([0-9]+)_(.+)$'
if [[ $found =~ $tag_re ]]; then
  f_family=${BASH_REMATCH[1]} f_major=${BASH_REMATCH[2]} f_minor=${BASH_REMATCH[3]} f_arch=${BASH_REMATCH[4]}
  if [[ $2 =~ $tag_re ]] && [ "$f_family" = "${BASH_REMATCH[1]}" ] && [ "$f_arch" = "${BASH_REMATCH[4]}" ] &&
    { [ "$f_major" -lt "${BASH_REMATCH[2]}" ] ||
      { [ "$f_major" = "${BASH_REMATCH[2]}" ] && [ "$f_minor" -le "${BASH_REMATCH[3]}" ]; }; }; then
    echo "auditwheel-tag: ok $(basename "$1"): $found (needed: $2 or older)" >&2
    exit 0
  fi
fi
echo "auditwheel-tag: FAIL $1 is not $2 compatible (auditwheel: ${found:-no platform tag})" >&2
exit 1
