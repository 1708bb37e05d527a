"""heat-api-cfn: the CloudFormation-compatible Query API and signal URLs (port 8000)."""

import eventlet

eventlet.monkey_patch()

import sys

from heat.cmd import serve


def main(argv=None):
    serve.run_api("heat-api-cfn", sys.argv[1:] if argv is None else argv)
