#!/usr/bin/env python3
"""Run the user's script (the cfn-userdata part), logging its output, once per server.

The output goes to /var/log/heat-provision.log; when the script succeeds the marker
/var/lib/heat-cfntools/provision-finished is written (its absence tells an operator the
provisioning failed or never ran). The exit status is the script's.
"""

import datetime
import os
import subprocess
import sys

CFNTOOLS_DIR = os.environ.get("HEAT_CFNTOOLS_DIR", "/var/lib/heat-cfntools")
LOG = os.environ.get("HEAT_PROVISION_LOG", "/var/log/heat-provision.log")


def main():
    script = os.path.join(CFNTOOLS_DIR, "cfn-userdata")
    os.chmod(script, 0o700)
    with open(LOG, "a") as log:
        log.write("Provision began: %s\n" % datetime.datetime.now())
        log.flush()
        try:
            status = subprocess.call([script], stdout=log, stderr=subprocess.STDOUT)
        except OSError as error:
            log.write("Could not run %s: %s\n" % (script, error))
            return 1
        log.write("Provision done: %s\n" % datetime.datetime.now())
    if status == 0:
        with open(os.path.join(CFNTOOLS_DIR, "provision-finished"), "w") as marker:
            marker.write("%s\n" % datetime.datetime.now())
    return status


if __name__ == "__main__":
    sys.exit(main())
