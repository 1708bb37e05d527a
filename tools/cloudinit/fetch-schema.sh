#!/usr/bin/env bash
# Fetch cloud-init's own cloud-config JSON schema from the distribution's cloud-init package,
# without installing it (apt-get download, then dpkg -x into a cache directory).
# Cached: a second run returns at once; a lock file serialises concurrent runs.
# Prints the schema file's path on stdout.
#
# Environment:
#   HEAT_CLOUDINIT_CACHE  the cache directory (default $HOME/.cache/heat-cloudinit)
set -euo pipefail

CACHE=${HEAT_CLOUDINIT_CACHE:-$HOME/.cache/heat-cloudinit}
SCHEMA_NAME=schema-cloud-config-v1.json
mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9

found=$(find "$CACHE/package" -name "$SCHEMA_NAME" 2>/dev/null | head -n 1 || true)
if [ -n "$found" ]; then
    echo "$found"
    exit 0
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# A machine whose package lists were never fetched knows no cloud-init: fetch them once.
(cd "$WORK" && apt-get download cloud-init >&2) ||
    (apt-get update -qq >&2 && cd "$WORK" && apt-get download cloud-init >&2)
rm -rf "$CACHE/package"
dpkg -x "$WORK"/cloud-init_*.deb "$CACHE/package"
found=$(find "$CACHE/package" -name "$SCHEMA_NAME" | head -n 1)
[ -n "$found" ]
echo "$found"
