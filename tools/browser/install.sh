#!/usr/bin/env bash
# Debian's Chromium and ChromeDriver for the browser tests (the web view, heat-dashboard).
# Installs nothing when both are there; safe to run concurrently (apt's own lock, waited on).
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "chromium and chromedriver are missing and apt-get cannot install them here" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt() { apt-get -o DPkg::Lock::Timeout=300 -y -q "$@"; }
apt install --no-install-recommends chromium chromium-driver \
    || { apt update && apt install --no-install-recommends chromium chromium-driver; }
