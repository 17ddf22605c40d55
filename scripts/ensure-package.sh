#!/usr/bin/env bash
# Installs a Debian package when the program it provides is missing (needs root or sudo, as on CI):
#   scripts/ensure-package.sh <command on PATH, or absolute path> <package>
set -euo pipefail
program="$1"
package="$2"
found() {
  if [[ "$program" == /* ]]; then [ -x "$program" ]; else command -v "$program" >/dev/null 2>&1; fi
}
if found; then exit 0; fi
echo "$program not found: installing Debian's $package package" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "$package" >/dev/null
found
