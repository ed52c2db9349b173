# Shell helpers shared by the scripts. `source scripts/lib.sh NAME` (from the repository root)
# defines log (a message on stderr, prefixed "NAME:"), as_root and apt_get_install.
SCRIPT_NAME=$1
log() { echo "$SCRIPT_NAME: $*" >&2; }
# Run a command as root: directly, through sudo, or not at all (then the script stops).
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else log "root is needed to run: $*"; exit 1
  fi
}
# Install Debian packages quietly, without their recommendations.
apt_get_install() {
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
# Run a long command with its full output in LOGFILE and only the lines matching PATTERN (grep -E) on
# stderr, as progress; when it fails, the log's last 40 lines follow.
#   run_with_progress LOGFILE PATTERN command...
run_with_progress() {
  local logfile=$1 pattern=$2 status=0
  shift 2
  mkdir -p "$(dirname "$logfile")"
  "$@" >"$logfile" 2>&1 &
  local pid=$!
  # tail follows the log until the command ends (--pid), so progress shows while it runs.
  tail -n +1 -f --pid="$pid" "$logfile" 2>/dev/null | grep --line-buffered -E "$pattern" | sed -u "s/^ */  /" >&2 &
  local shown=$!
  wait "$pid" || status=$?
  wait "$shown" 2>/dev/null || true
  if [ "$status" != 0 ]; then
    log "FAILED ($status): $*; the end of $logfile:"
    tail -n 40 "$logfile" >&2
  fi
  return "$status"
}
# Seconds since START (date +%s) as "Xm Ys".
elapsed() { local s=$(($(date +%s) - $1)); echo "$((s / 60))m $((s % 60))s"; }
