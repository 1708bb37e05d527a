"""heat-api: the native REST API (port 8004)."""

import eventlet

eventlet.monkey_patch()

import sys

from heat.cmd import serve


def main(argv=None):
    serve.run_api("heat-api", sys.argv[1:] if argv is None else argv)
