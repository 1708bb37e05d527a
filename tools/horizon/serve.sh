#!/usr/bin/env bash
# Serve Horizon with heat-dashboard on 127.0.0.1:PORT, logging in through the Keystone at
# KEYSTONE_URL (its v3 URL). Horizon first calls the services of the region of Keystone's own
# endpoint; when heat is in another region of the catalog, pick it in the header's region menu
# (or set the services_region cookie to it before logging in).
# Sessions are files in STATE_DIR (default: a new temporary one). Installs first (install.sh,
# cached). Django's own server, threaded, also serves the static files (--insecure, since DEBUG
# is off); the log goes to stderr.
#
# Usage: serve.sh PORT KEYSTONE_URL [STATE_DIR]
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
VENV=$("$(dirname "$0")/install.sh")
export HEAT_HORIZON_KEYSTONE_URL=$2 HEAT_HORIZON_STATE_DIR=${3:-$(mktemp -d)}
export DJANGO_SETTINGS_MODULE=openstack_dashboard.settings
exec "$VENV/bin/django-admin" runserver --noreload --insecure "127.0.0.1:$1"
