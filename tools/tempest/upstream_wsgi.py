"""Serve OpenStack Heat 27's native or CloudFormation API from a threaded WSGI server.

Run with the upstream virtualenv's Python. Upstream's heat-wsgi-api serves one request at a
time: a request that makes the engine call back into the same API (validating an
``OS::Heat::Stack`` in the deployment's own region) would wait out the RPC timeout, which
no real deployment of upstream does.

Usage: upstream_wsgi.py {api,cfn} PORT [heat options, e.g. --config-file heat.conf]
"""

import socketserver
import sys
import wsgiref.simple_server


class ThreadingServer(socketserver.ThreadingMixIn, wsgiref.simple_server.WSGIServer):
    """wsgiref's server, one thread per request."""

    daemon_threads = True


def main() -> None:
    which, port = sys.argv[1], int(sys.argv[2])
    # The application parses its own options from the rest of the command line.
    sys.argv[1:] = sys.argv[3:]
    if which == "api":
        from heat.api.openstack.wsgi import init_application
    else:
        from heat.api.cfn.wsgi import init_application
    server = wsgiref.simple_server.make_server(
        "127.0.0.1", port, init_application(), server_class=ThreadingServer
    )
    server.serve_forever()


if __name__ == "__main__":
    main()
