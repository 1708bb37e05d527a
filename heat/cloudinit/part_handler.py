# part-handler
"""cloud-init part handler: stores heat's text/x-cfninitdata parts for heat-cfntools.

Each such part is written under its file name to /var/lib/heat-cfntools (and, for
older heat-cfntools, /var/lib/cloud/data), where cfn-init, cfn-hup and loguserdata.py
read them; every part seen is logged to /var/log/part-handler.log.
"""

import datetime
import os

CFNTOOLS_DIR = os.environ.get("HEAT_CFNTOOLS_DIR", "/var/lib/heat-cfntools")
CLOUD_DATA_DIR = os.environ.get("HEAT_CLOUD_DATA_DIR", "/var/lib/cloud/data")
LOG = os.environ.get("HEAT_PART_HANDLER_LOG", "/var/log/part-handler.log")
CFN_INIT_DATA = "text/x-cfninitdata"


def list_types():
    return [CFN_INIT_DATA]


def handle_part(data, ctype, filename, payload):
    if ctype == "__begin__":
        os.makedirs(CFNTOOLS_DIR, 0o700, exist_ok=True)
        return
    if ctype == "__end__":
        return
    with open(LOG, "a") as log:
        log.write("%s filename:%s, ctype:%s\n" % (datetime.datetime.now(), filename, ctype))
    if ctype == CFN_INIT_DATA:
        for directory in (CFNTOOLS_DIR, CLOUD_DATA_DIR):
            os.makedirs(directory, exist_ok=True)
            with open(os.path.join(directory, filename), "w") as stored:
                stored.write(payload)
