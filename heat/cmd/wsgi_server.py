"""heat-wsgi-api, heat-wsgi-api-cfn, heat-wsgi-api-cloudwatch: one API's WSGI application
(:mod:`heat.wsgi`) served by wsgiref, one request at a time, to try a configuration.
Production serves ``heat.wsgi.<api>:application`` with uWSGI or gunicorn."""

import argparse
import sys
from wsgiref import simple_server

from heat.wsgi import loading

DEFAULT_PORTS = {"heat-api": 8004, "heat-api-cfn": 8000, "heat-api-cloudwatch": 8003}


def parse_args(app_name: str, argv) -> argparse.Namespace:
    """``--host``, ``--port``, then ``--`` and heat's own options (``--config-file``...)."""
    parser = argparse.ArgumentParser(
        prog=app_name.replace("heat-", "heat-wsgi-", 1),
        usage="%(prog)s [-h] [--host IP] [--port PORT] [-- heat options]",
        description=__doc__,
    )
    parser.add_argument("--host", "-b", default="", help="address to listen on (all)")
    parser.add_argument("--port", "-p", type=int, default=DEFAULT_PORTS[app_name])
    parser.add_argument("options", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.options and args.options[0] == "--":
        args.options.pop(0)
    elif args.options:
        parser.error("unrecognized arguments: %s" % " ".join(args.options))
    return args


def serve(app_name: str, argv=None) -> None:
    """Serve ``app_name`` until interrupted."""
    args = parse_args(app_name, sys.argv[1:] if argv is None else argv)
    application = loading.application(app_name, args.options)
    server = simple_server.make_server(args.host, args.port, application)
    print(
        "%s on http://%s:%d/ (wsgiref: for trying only, not for production)"
        % (app_name, args.host or "0.0.0.0", server.server_port),
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def api(argv=None):
    serve("heat-api", argv)


def api_cfn(argv=None):
    serve("heat-api-cfn", argv)


def api_cloudwatch(argv=None):
    serve("heat-api-cloudwatch", argv)
