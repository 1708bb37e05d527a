"""A process serving an RPC endpoint through heat.common.messaging, for the cross-process RPC test.

Usage: echo_server.py TRANSPORT_URL TOPIC RECORD_FILE
``echo`` (call) answers the value and the caller's project; ``record`` (cast) appends to a file.
"""

import json
import signal
import sys
import threading

import oslo_messaging as messaging
from oslo_config import cfg

from heat.common import config
from heat.common import messaging as heat_messaging


class Echo:
    target = messaging.Target(version="1.0")

    def __init__(self, record_file):
        self.record_file = record_file

    def echo(self, context, value):
        return {"value": value, "project_id": context.project_id, "roles": context.roles}

    def record(self, context, value):
        with open(self.record_file, "a") as out:
            out.write(json.dumps({"value": value, "project_id": context.project_id}) + "\n")


def main():
    url, topic, record_file = sys.argv[1:4]
    conf = config.register(cfg.ConfigOpts())
    conf([], project="heat")
    conf.set_override("transport_url", url)
    transport = heat_messaging.get_transport(conf)
    server = heat_messaging.get_rpc_server(
        transport, messaging.Target(topic=topic, server="echo"), [Echo(record_file)]
    )
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    server.start()
    print("ready", flush=True)
    stopped.wait()
    server.stop()
    server.wait()


if __name__ == "__main__":
    main()
