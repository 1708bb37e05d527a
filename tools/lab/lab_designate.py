"""Designate in the lab: the API under gunicorn, central, worker, producer and mdns, one pool
whose only target is Designate's fake backend.

The pool's nameserver, and the target the worker NOTIFYs, is designate-mdns itself: the
worker asks the pool's nameservers for a zone's serial before it calls the zone ACTIVE,
and mdns answers from Designate's own database, so zones and record sets go ACTIVE in a
couple of seconds without a DNS server.
"""

import shutil
import time

import lab_configs
import lab_services
import lab_store
from lab_layout import Layout

# The pool every zone lands in: Designate's default pool (its id is Designate's default),
# with one NS record that zones are given and mdns as nameserver and master.
POOL_ID = "794ccc2c-d751-44fe-b57f-8894c9f5c842"
NS_HOSTNAME = "ns1.lab.example.org."
PROCESSES = ("central", "worker", "producer", "mdns")


def config(layout: Layout, password: str) -> dict:
    """designate.conf, shared by every Designate process."""
    sections = lab_configs.common(layout, "designate", password)
    mdns_port = layout.ports["designate_mdns"]
    sections.update(
        {
            "storage:sqlalchemy": {"connection": layout.database_url("designate")},
            "service:api": {
                "auth_strategy": "keystone",
                "enable_api_v2": "true",
                "enable_api_admin": "true",
                "enabled_extensions_admin": "quotas",
                "api_base_uri": layout.url("designate") + "/",
            },
            "service:central": {"workers": "1", "default_pool_id": POOL_ID},
            "service:worker": {"workers": "1", "poll_delay": "1", "poll_retry_interval": "1"},
            "service:producer": {"workers": "1"},
            # A record set's change bumps its zone's serial when this task next runs.
            "producer_task:increment_serial": {"interval": "1"},
            "service:mdns": {"workers": "1", "listen": "127.0.0.1:%d" % mdns_port},
        }
    )
    return sections


def pools(layout: Layout) -> str:
    """pools.yaml: the default pool, its NS record, mdns as nameserver, the fake target."""
    mdns_port = layout.ports["designate_mdns"]
    return "\n".join(
        [
            "- name: default",
            "  id: %s" % POOL_ID,
            "  description: The lab's pool (fake backend)",
            "  attributes: {}",
            "  ns_records:",
            "    - hostname: %s" % NS_HOSTNAME,
            "      priority: 1",
            "  nameservers:",
            "    - host: 127.0.0.1",
            "      port: %d" % mdns_port,
            "  targets:",
            "    - type: fake",
            "      description: Nothing behind it",
            "      masters:",
            "        - host: 127.0.0.1",
            "          port: %d" % mdns_port,
            # Where the worker sends its NOTIFY: mdns answers it.
            "      options:",
            "        host: 127.0.0.1",
            "        port: %d" % mdns_port,
            "",
        ]
    )


def write(layout: Layout, password: str):
    """Write designate.conf and pools.yaml; the path of designate.conf."""
    directory = layout.config_dir("designate")
    path = lab_configs.write(directory / "designate.conf", config(layout, password))
    (directory / "pools.yaml").write_text(pools(layout))
    return path


def start(layout: Layout, password: str, watch) -> None:
    """Designate: schema, its processes, the API under gunicorn, then the pool (which
    designate-manage loads through central, so once central consumes its queue)."""
    directory = layout.config_dir("designate")
    config = write(layout, password)
    shutil.copy(layout.venv_etc / "designate" / "api-paste.ini", directory)
    manage = ["designate-manage", "--config-file", str(config)]
    lab_services.sync_schemas(layout, "designate", ["designate"], [*manage, "database", "sync"])
    for name in PROCESSES:
        program = "designate-%s" % name
        lab_services.start_process(layout, program, program, "--config-file", config)
    lab_services.start_wsgi(
        layout,
        "designate-api",
        layout.ports["designate"],
        "designate.wsgi.api",
        {"OS_DESIGNATE_CONFIG_DIR": str(directory)},
    )
    wait_for_central(layout, watch)
    pools_file = directory / "pools.yaml"
    lab_services.run(layout, "designate", [*manage, "pool", "update", "--file", str(pools_file)])


def wait_for_central(layout: Layout, watch) -> None:
    """Return once designate-central consumes its RPC topic: a call sent earlier is lost."""
    while lab_store.consumers(layout.vhost, "central") == 0:
        watch.check("designate-central's RPC server")
        time.sleep(1)
