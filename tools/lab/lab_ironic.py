"""Ironic in the lab ("full" profile): the single-process ``ironic`` (conductor with its API
embedded, no RPC between them), whose only hardware type is ``fake-hardware``: nodes,
ports and port groups are kept and answered for as in a real cloud, no machine is touched.

Ironic's policies are its defaults: nodes are made by a system-scoped admin and given an
owner project, whose admins (as Heat's stacks in it) then manage their ports.
"""

import pathlib

import lab_configs
from lab_layout import Layout

# Every interface of a node is the fake one: the defaults of some (ipmitool's vendor
# passthru) refuse to load where their tools are not installed.
FAKE_INTERFACES = (
    *("bios", "boot", "console", "deploy", "firmware", "inspect", "management"),
    *("power", "raid", "rescue", "storage", "vendor"),
)


def config(layout: Layout, password: str) -> dict:
    """ironic.conf: Keystone tokens, the lab's database, fake hardware, no DHCP."""
    sections = lab_configs.common(layout, "ironic", password)
    sections["DEFAULT"].update(
        auth_strategy="keystone",
        rpc_transport="none",
        enabled_hardware_types="fake-hardware",
        enabled_network_interfaces="noop",
        default_network_interface="noop",
    )
    for interface in FAKE_INTERFACES:
        sections["DEFAULT"]["enabled_%s_interfaces" % interface] = "fake"
        sections["DEFAULT"]["default_%s_interface" % interface] = "fake"
    sections.update(
        {
            "api": {"host_ip": "127.0.0.1", "port": str(layout.ports["ironic"])},
            "database": {"connection": layout.database_url("ironic")},
            "dhcp": {"dhcp_provider": "none"},
            "conductor": {"automated_clean": "false"},
        }
    )
    return sections


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write ironic.conf into Ironic's configuration directory; the file."""
    return lab_configs.write(layout.config_dir("ironic") / "ironic.conf", config(layout, password))
