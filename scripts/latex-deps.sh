#!/usr/bin/env bash
# Install what the trust tables' and figures' tests need when it is missing (Debian, apt):
# pdflatex with booktabs (texlive-latex-base, texlive-latex-extra; about 250 MB) for
# core/trust/tests/latex_compile.rs, and rsvg-convert (librsvg2-bin) for the figures' PDF/PNG.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh latex-deps
missing=()
command -v pdflatex >/dev/null || missing+=(texlive-latex-base texlive-latex-extra)
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]} (apt; pdflatex alone is about 250 MB)"
  apt_get_install "${missing[@]}"
fi
