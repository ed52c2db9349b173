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
