"""Manila in the lab: its API (v2) under gunicorn, a scheduler and one share service with
two backends of Manila's dummy driver, which keeps nothing but answers as a real one.

Backend ``lab`` does not handle share servers (``driver_handles_share_servers = False``):
shares of the default share type ``default`` are available in seconds. Backend
``lab_servers`` does: a share on a share network gets a share server whose ports Manila
makes on the share network's Neutron subnet, and whose admin address comes from a range of
its own (the standalone network plugin, no Neutron behind it).
"""

import pathlib

import lab_configs
from lab_layout import Layout

DEFAULT_SHARE_TYPE = "default"
# The dummy driver sleeps in every call (2 s unless told, 4 s to create a share): the
# lab's figures are for a driver that answers at once.
DELAYS = {
    "ensure_share": "0",
    "create_share": "0.2",
    "get_pool": "0",
    "do_setup": "0",
    "_get_pools_info": "0",
    "_update_share_stats": "0",
}


def backend(name: str, handles_share_servers: bool) -> dict:
    """One dummy backend's section, called ``name`` in the scheduler's capabilities."""
    delays = ",".join("%s:%s" % item for item in DELAYS.items())
    return {
        "share_driver": "manila.tests.share.drivers.dummy.DummyDriver",
        "share_backend_name": name,
        "driver_handles_share_servers": str(handles_share_servers),
        "dummy_driver_default_driver_method_delay": "0.1",
        "dummy_driver_driver_methods_delays": delays,
    }


def config(layout: Layout, password: str) -> dict:
    """manila.conf: the lab's database, Keystone and Neutron, both dummy backends."""
    sections = lab_configs.common(layout, "manila", password)
    sections["DEFAULT"].update(
        auth_strategy="keystone",
        api_paste_config=layout.venv_etc / "manila" / "api-paste.ini",
        enabled_share_backends="lab,lab_servers",
        enabled_share_protocols="NFS,CIFS",
        default_share_type=DEFAULT_SHARE_TYPE,
        # A share server goes with its network's last share: deleting a stack leaves no
        # server, and so no Neutron port, behind.
        delete_share_server_with_last_share="true",
        report_interval="5",
        periodic_interval="5",
        osapi_share_workers="1",
    )
    servers = backend("lab_servers", True)
    servers["admin_network_config_group"] = "lab_admin_network"
    sections.update(
        {
            "database": {"connection": layout.database_url("manila")},
            "neutron": lab_configs.service_auth(layout, "manila", password),
            "lab": backend("lab", False),
            "lab_servers": servers,
            "lab_admin_network": {
                "network_api_class": (
                    "manila.network.standalone_network_plugin.StandaloneNetworkPlugin"
                ),
                "standalone_network_plugin_gateway": "10.254.0.1",
                "standalone_network_plugin_mask": "24",
                "standalone_network_plugin_allowed_ip_ranges": "10.254.0.10-10.254.0.250",
            },
        }
    )
    return sections


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write manila.conf into Manila's configuration directory; the file."""
    return lab_configs.write(layout.config_dir("manila") / "manila.conf", config(layout, password))
