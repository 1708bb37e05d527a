#!/bin/bash
# Regenerate etc/heat/heat.conf.sample and etc/heat/policy.yaml.sample from the code.
# Run from anywhere; uses the generators on PATH (tox's or the activated venv's).
set -euo pipefail

cd "$(dirname "$0")/.."
export PATH="$PWD/.venv/bin:$PATH"
oslo-config-generator --config-file tools/config/heat-config-generator.conf
oslopolicy-sample-generator --config-file tools/config/heat-policy-generator.conf
echo "Wrote etc/heat/heat.conf.sample and etc/heat/policy.yaml.sample"
