"""heat-api-cloudwatch: the CloudWatch-compatible Query API (port 8003)."""

import eventlet

eventlet.monkey_patch()

import sys

from heat.cmd import serve


def main(argv=None):
    serve.run_api("heat-api-cloudwatch", sys.argv[1:] if argv is None else argv)
