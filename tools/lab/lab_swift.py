"""Swift in the lab: a proxy with Keystone auth and temp URLs, one account, container and
object server, and rings of one device (a directory) with one replica.

Swift reads swift.conf from ``/etc/swift`` unless a server's config names ``swift_dir``,
so every file here does, and the lab leaves ``/etc`` alone.
"""

import subprocess

import lab_configs
from lab_layout import Layout

STORAGE_SERVERS = ("account", "container", "object")
DEVICE = "d1"
# 2**6 partitions: plenty for a lab, and the rings build in no time.
PART_POWER = "6"
PROXY_PIPELINE = (
    "catch_errors gatekeeper healthcheck proxy-logging listing_formats tempurl authtoken "
    "keystoneauth copy slo dlo versioned_writes proxy-logging proxy-server"
)


def _server_defaults(layout: Layout, port: int) -> dict:
    return {
        "bind_ip": "127.0.0.1",
        "bind_port": port,
        "swift_dir": layout.config_dir("swift"),
        "devices": layout.state_dir("swift"),
        "mount_check": "false",
        "disable_fallocate": "true",
        # One process serving everything: no forked workers.
        "workers": "0",
    }


def storage_server(layout: Layout, kind: str) -> dict:
    """The config of the account, container or object server."""
    return {
        "DEFAULT": _server_defaults(layout, layout.ports["swift_%s" % kind]),
        "pipeline:main": {"pipeline": "%s-server" % kind},
        "app:%s-server" % kind: {"use": "egg:swift#%s" % kind},
    }


def proxy(layout: Layout, password: str) -> dict:
    """The proxy: tokens checked by keystonemiddleware, access by Keystone roles."""
    authtoken = lab_configs.authtoken(layout, "swift", password)
    authtoken.update(
        {
            "paste.filter_factory": "keystonemiddleware.auth_token:filter_factory",
            # Temp URL requests carry no token: let tempurl decide on them.
            "delay_auth_decision": "true",
        }
    )
    sections = {
        "DEFAULT": _server_defaults(layout, layout.ports["swift_proxy"]),
        "pipeline:main": {"pipeline": PROXY_PIPELINE},
        "app:proxy-server": {
            "use": "egg:swift#proxy",
            "account_autocreate": "true",
            # The storage servers are single eventlet processes on a busy machine: the
            # default half second to connect to one ends in 503s under a test run's load.
            "conn_timeout": "5",
        },
        "filter:authtoken": authtoken,
        "filter:keystoneauth": {"use": "egg:swift#keystoneauth", "operator_roles": "admin,member"},
    }
    for name in dict.fromkeys(PROXY_PIPELINE.split()).keys() - {
        "authtoken",
        "keystoneauth",
        "proxy-server",
    }:
        sections["filter:%s" % name] = {"use": "egg:swift#%s" % name.replace("-", "_")}
    # OS::Heat::SwiftSignal counts every PUT to one object: its container keeps the versions
    # (X-Versions-Location), which the proxy allows only when told to (as devstack does).
    sections["filter:versioned_writes"]["allow_versioned_writes"] = "true"
    return sections


def write(layout: Layout, password: str) -> None:
    """Write swift.conf and the four servers' configs; make the device directory."""
    directory = layout.config_dir("swift")
    swift_conf = {
        "swift-hash": {"swift_hash_path_suffix": layout.name},
        "storage-policy:0": {"name": "Policy-0", "default": "yes"},
    }
    lab_configs.write(directory / "swift.conf", swift_conf)
    lab_configs.write(directory / "proxy-server.conf", proxy(layout, password))
    for kind in STORAGE_SERVERS:
        lab_configs.write(directory / ("%s-server.conf" % kind), storage_server(layout, kind))
    (layout.state_dir("swift") / DEVICE).mkdir(parents=True, exist_ok=True)


def build_rings(layout: Layout) -> None:
    """Build the account, container and object rings, each one device on this machine."""
    builder = str(layout.bin_dir / "swift-ring-builder")
    for kind in STORAGE_SERVERS:
        path = str(layout.config_dir("swift") / ("%s.builder" % kind))
        device = "r1z1-127.0.0.1:%d/%s" % (layout.ports["swift_%s" % kind], DEVICE)
        for arguments in (["create", PART_POWER, "1", "1"], ["add", device, "100"], ["rebalance"]):
            subprocess.run([builder, path, *arguments], check=True, capture_output=True)


def commands(layout: Layout) -> dict:
    """The command line of each Swift server, by process name."""
    directory = layout.config_dir("swift")
    return {
        "swift-%s" % kind: [
            str(layout.bin_dir / ("swift-%s-server" % kind)),
            str(directory / ("%s-server.conf" % kind)),
            "--verbose",
        ]
        for kind in ("proxy", *STORAGE_SERVERS)
    }
