#!/usr/bin/env bash
# Print a field of Cargo.toml's [workspace.package] (the one version of every package): version, rust-version, ...
#   scripts/workspace-field.sh version
set -euo pipefail
cd "$(dirname "$0")/.."
value=$(sed -n "/^\[workspace.package\]/,/^\[/s/^${1:?usage: workspace-field.sh FIELD} = \"\(.*\)\"/\1/p" Cargo.toml)
[ -n "$value" ] || { echo "workspace-field: no $1 in [workspace.package] of Cargo.toml" >&2; exit 1; }
echo "$value"
