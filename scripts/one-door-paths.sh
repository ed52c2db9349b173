#!/usr/bin/env bash
# The one door (issue 40): the binding crates reach the core through `tabeq-surface` only. This
# rewrites what still names a core crate directly, mechanically:
#
#   sources (bindings-py/src, bindings-wasm/src, bindings-wasm/examples):
#     tabeq::x                         -> tabeq_surface::evaluator::x
#     tabeq_trust::x, use tabeq_trust as t;  -> tabeq_surface::trust::x, use tabeq_surface::trust as t;
#     (the same for tabeq_spider2, tabeq_kddcup, tabeq_sql)
#   manifests (bindings-py/Cargo.toml, bindings-wasm/Cargo.toml):
#     the dependencies on tabeq, tabeq-trust, tabeq-spider2, tabeq-kddcup, tabeq-sql (and the
#     comment lines right above each) are removed, and so are the features' `dep:tabeq-x` and
#     `tabeq-x/feature` items (tabeq-surface's features turn the same crates on).
#
# Idempotent: a second run changes nothing. Run it after merging a branch that added such a path;
# core/surface/tests/one_door.rs fails until it is run.
#
# Usage: scripts/one-door-paths.sh
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t sources < <(find bindings-py/src bindings-wasm/src bindings-wasm/examples -name '*.rs' | sort)
sed -i -E \
  -e 's/(^|[^[:alnum:]_.])tabeq_(trust|spider2|kddcup|sql)(::| as |;)/\1tabeq_surface::\2\3/g' \
  -e 's/(^|[^[:alnum:]_.])tabeq::/\1tabeq_surface::evaluator::/g' \
  "${sources[@]}"

python3 - bindings-py/Cargo.toml bindings-wasm/Cargo.toml <<'EOF'
import re
import sys

BELOW = r"tabeq(?:-trust|-spider2|-kddcup|-sql)?"
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    for line in lines:
        if re.match(rf"^{BELOW}\s*=", line):
            # The dependency and the comment block that introduces it.
            while out and out[-1].startswith("#"):
                out.pop()
            continue
        if re.match(r"^[\w-]+\s*=\s*\[", line):
            line = re.sub(rf'"(?:dep:{BELOW}|{BELOW}\??/[\w-]+)",\s*', "", line)
            line = re.sub(rf',\s*"(?:dep:{BELOW}|{BELOW}\??/[\w-]+)"', "", line)
            line = re.sub(rf'\[\s*"(?:dep:{BELOW}|{BELOW}\??/[\w-]+)"\s*\]', "[]", line)
        out.append(line)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
EOF

# The longer paths, laid out again.
cargo fmt -p tabeq-py -p tabeq-wasm
