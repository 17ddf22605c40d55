#!/usr/bin/env bash
# Installs Debian's redis-server when it is not on PATH (needs root or sudo, as on CI).
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then exit 0; fi
echo "redis-server not found: installing Debian's redis-server package" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq redis-server >/dev/null
# The package may start a system service on 6379; we never use it, so leave it as the system set it.
command -v redis-server >/dev/null
