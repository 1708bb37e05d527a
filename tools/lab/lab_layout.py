"""Where a lab keeps everything: its name-derived databases and vhost, ports, files, URLs.

One ``Layout`` is computed from the command line (work dir, lab name, base port, profile)
and read by every other module, so a name or a port is decided in exactly one place.

A lab's profile says which services it runs: ``core`` those most of heat's tests need,
``full`` also the services whose types few tests use (Mistral, Ironic), which cost a lab
about a gigabyte of memory more. Ports are laid out for ``full`` either way, so a port
never depends on the profile.
"""

import dataclasses
import pathlib
import sys

# Port offsets from the base port: the lab listens on a contiguous range.
PORTS = (
    "keystone",
    "glance",
    "placement",
    "nova",
    "neutron",
    "cinder",
    "swift_proxy",
    "swift_account",
    "swift_container",
    "swift_object",
    "octavia",
    "designate",
    "designate_mdns",
    "barbican",
    "zaqar",
    "aodh",
    "gnocchi",
    "zaqar_redis",
    "manila",
    "mistral",
    "ironic",
)
# The services only a "full" lab runs, each with its database of the same name.
FULL_ONLY = ("mistral", "ironic")
PROFILES = ("core", "full")
# Database suffixes: the databases are named "<lab name>_<suffix>".
DATABASES = (
    "keystone",
    "glance",
    "placement",
    "nova_api",
    "nova",
    "nova_cell0",
    "neutron",
    "cinder",
    "octavia",
    "designate",
    "barbican",
    "zaqar",
    "aodh",
    "gnocchi",
    "manila",
    *FULL_ONLY,
)
MYSQL = "mysql+pymysql://root@127.0.0.1/%s?charset=utf8"
RABBIT = "rabbit://guest:guest@127.0.0.1:5672/%s"


@dataclasses.dataclass(frozen=True)
class Layout:
    """The lab called ``name`` living in ``work_dir`` and listening from ``base_port`` on,
    running the services of ``profile``."""

    work_dir: pathlib.Path
    name: str
    base_port: int
    profile: str = "core"

    def runs(self, service: str) -> bool:
        """Whether this lab's profile runs the service (or listening process) named so."""
        return self.profile == "full" or service not in FULL_ONLY

    @property
    def ports(self) -> dict:
        """Port of each listening process, by process name."""
        return {service: self.base_port + offset for offset, service in enumerate(PORTS)}

    @property
    def databases(self) -> dict:
        """MariaDB database name by suffix (``nova_cell0`` -> ``heatlab_nova_cell0``), of
        the services the lab runs."""
        return {suffix: "%s_%s" % (self.name, suffix) for suffix in DATABASES if self.runs(suffix)}

    def database_url(self, suffix: str) -> str:
        """SQLAlchemy URL of one of the lab's databases."""
        return MYSQL % self.databases[suffix]

    @property
    def host(self) -> str:
        """The services' host name: the lab name made a valid hostname."""
        return self.name.replace("_", "-")

    @property
    def vhost(self) -> str:
        """The RabbitMQ virtual host all the lab's services talk on."""
        return self.name

    @property
    def transport_url(self) -> str:
        """oslo.messaging's URL of the lab's vhost."""
        return RABBIT % self.vhost

    def url(self, service: str, path: str = "") -> str:
        """``http://127.0.0.1:<port of service><path>``."""
        return "http://127.0.0.1:%d%s" % (self.ports[service], path)

    @property
    def auth_url(self) -> str:
        """Keystone's v3 URL."""
        return self.url("keystone", "/v3")

    @property
    def endpoints(self) -> dict:
        """Catalog URL of each lab service, by service type (heat's own come from options)."""
        cinder = self.url("cinder", "/v3/%(project_id)s")
        manila = self.url("manila", "/v2")
        endpoints = {
            "identity": self.auth_url,
            "image": self.url("glance"),
            "placement": self.url("placement"),
            "compute": self.url("nova", "/v2.1"),
            "network": self.url("neutron"),
            "block-storage": cinder,
            "volumev3": cinder,
            "object-store": self.url("swift_proxy", "/v1/AUTH_%(project_id)s"),
            "load-balancer": self.url("octavia"),
            "dns": self.url("designate"),
            "key-manager": self.url("barbican"),
            "messaging": self.url("zaqar"),
            "alarming": self.url("aodh"),
            "metric": self.url("gnocchi"),
            "sharev2": manila,
            "shared-file-system": manila,
            "workflowv2": self.url("mistral", "/v2"),
            "baremetal": self.url("ironic"),
        }
        owners = {"workflowv2": "mistral", "baremetal": "ironic"}
        return {kind: url for kind, url in endpoints.items() if self.runs(owners.get(kind, kind))}

    def config_dir(self, service: str) -> pathlib.Path:
        """Directory holding one service's configuration files."""
        return self.work_dir / "etc" / service

    def state_dir(self, service: str) -> pathlib.Path:
        """Directory for one service's data (images, locks, keys, devices)."""
        return self.work_dir / "state" / service

    @property
    def logs_dir(self) -> pathlib.Path:
        """One log per process (``<name>.log``) and per service's one-off commands."""
        return self.work_dir / "logs"

    @property
    def guests_dir(self) -> pathlib.Path:
        """Where the lab's compute driver writes each server's user data."""
        return self.work_dir / "guests"

    @property
    def state_file(self) -> pathlib.Path:
        """lab.json: written once the lab is fully up."""
        return self.work_dir / "lab.json"

    @property
    def names_file(self) -> pathlib.Path:
        """names.json: databases and vhost, written before any of them is made."""
        return self.work_dir / "names.json"

    @property
    def bin_dir(self) -> pathlib.Path:
        """The lab virtualenv's bin directory (lab_up.py runs with its Python)."""
        return pathlib.Path(sys.executable).parent

    @property
    def venv_etc(self) -> pathlib.Path:
        """The files the services' wheels install under the venv's etc (paste configs)."""
        return self.bin_dir.parent / "etc"
