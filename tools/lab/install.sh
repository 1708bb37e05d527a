#!/usr/bin/env bash
# Install the lab's OpenStack services (Keystone, Glance, Placement, Nova, Neutron with its
# VPNaaS, TaaS, L2 gateway and SFC extension packages, Cinder, Swift, Octavia, Designate,
# Barbican, Zaqar, Aodh, Gnocchi, Manila, Mistral, Ironic, the openstack CLI) into one
# virtualenv of their own, outside heat's, together with our small heat_lab package
# (tools/lab/package: the drivers that stand in for hypervisor, network agent and storage).
# Cached: a second run returns at once. Safe to run concurrently (a lock file serialises
# installers). Prints the virtualenv path on stdout.
#
# Environment:
#   HEAT_LAB_VENV     the virtualenv (default $HOME/.cache/heat-lab/venv-<tag>)
#   HEAT_LAB_PYTHON   interpreter that creates it (default python3)
set -euo pipefail

# Bump the tag whenever the set below changes, so a new virtualenv is built beside the old.
LAB_TAG=nova34-octavia19-designate23-neutronext-barbican23-gnocchi47-mistral23-ironic39
PACKAGES=(
    keystone==30.0.0 glance==33.0.0 openstack-placement==16.0.0 nova==34.0.0 neutron==29.0.0
    cinder==29.0.0 swift==2.38.3 gunicorn pymysql python-openstackclient
    octavia==19.0.0 designate==23.0.0
    neutron-vpnaas==29.0.0 tap-as-a-service==18.0.0 networking-l2gw==22.0.0 networking-sfc==23.0.0
    barbican==23.0.0 zaqar==23.0.1 aodh==23.0.0 manila==23.0.1
    "gnocchi[mysql,keystone]==4.7.1" mistral==23.0.0 ironic==39.0.0
)
HERE=$(cd "$(dirname "$0")" && pwd)
VENV=${HEAT_LAB_VENV:-$HOME/.cache/heat-lab/venv-$LAB_TAG}
PYTHON=${HEAT_LAB_PYTHON:-python3}
MARKER="$VENV/.heat-lab-installed"

# heat_lab is small and changes with this tree: it is (re)installed, without touching the
# services, whenever its sources differ from what the venv holds.
package_digest() {
    (cd "$HERE/package" && find . -name '*.py' -o -name '*.toml' | LC_ALL=C sort | xargs sha1sum) |
        sha1sum | cut -c1-16
}

install_package() {
    local stamp="$VENV/.heat-lab-package-$(package_digest)"
    [ -f "$stamp" ] && return
    local build
    build=$(mktemp -d)
    cp -r "$HERE/package/." "$build"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
        --force-reinstall "$build" >&2
    rm -rf "$build" "$VENV"/.heat-lab-package-*
    touch "$stamp"
}

source "$HERE/../cached-venv.sh"
cached_venv_lock "$VENV"
if [ ! -f "$MARKER" ]; then
    cached_venv_create "$VENV" "$PYTHON" "${PACKAGES[*]}"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PACKAGES[@]}" >&2
    "$VENV/bin/python" -c "import keystone, glance, placement, nova, neutron, cinder, swift
import octavia, designate, neutron_vpnaas, neutron_taas, networking_l2gw, networking_sfc
import barbican, zaqar, aodh, manila, gnocchi, mistral, ironic" >&2
    touch "$MARKER"
fi
install_package
echo "$VENV"
