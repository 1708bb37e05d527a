"""The configuration files of the lab's OpenStack services, as sections of options.

Each function returns ``{section: {option: value}}`` for one file; ``write`` renders it.
Services authenticate to one another as their own service user (named after the service,
in project ``service``), all with the lab's one service password.
"""

import pathlib

from lab_layout import Layout

SERVICE_PROJECT = "service"


def render(sections: dict) -> str:
    """INI text of the sections, values written as they are (no interpolation); a list is
    written as one line per item, as oslo.config reads a multi-valued option."""
    lines = []
    for section, options in sections.items():
        lines.append("[%s]" % section)
        for key, value in options.items():
            values = value if isinstance(value, list) else [value]
            lines.extend("%s = %s" % (key, item) for item in values)
        lines.append("")
    return "\n".join(lines)


def write(path: pathlib.Path, sections: dict) -> pathlib.Path:
    """Write the sections into path (making its directory) and return path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(sections))
    return path


def service_auth(layout: Layout, user: str, password: str) -> dict:
    """keystoneauth password options of one service user, for sections like [neutron]."""
    return {
        "auth_type": "password",
        "auth_url": layout.auth_url,
        "username": user,
        "password": password,
        "project_name": SERVICE_PROJECT,
        "user_domain_id": "default",
        "project_domain_id": "default",
        "region_name": "RegionOne",
    }


def authtoken(layout: Layout, user: str, password: str) -> dict:
    """[keystone_authtoken] validating tokens as the service's own user."""
    section = service_auth(layout, user, password)
    section.update(www_authenticate_uri=layout.auth_url, service_token_roles_required="true")
    return section


def common(layout: Layout, service: str, password: str) -> dict:
    """Sections every API service shares: tokens, locks, messaging."""
    return {
        "DEFAULT": {
            "transport_url": layout.transport_url,
            "state_path": layout.state_dir(service),
            "host": layout.host,
            "my_ip": "127.0.0.1",
        },
        "keystone_authtoken": authtoken(layout, service, password),
        "oslo_concurrency": {"lock_path": layout.state_dir(service) / "locks"},
    }


def keystone(layout: Layout) -> dict:
    """Keystone: an in-memory token cache (one process), cheap password hashes."""
    keys = layout.state_dir("keystone")
    return {
        "database": {"connection": layout.database_url("keystone")},
        "token": {"provider": "fernet"},
        "fernet_tokens": {"key_repository": keys / "fernet-keys"},
        "fernet_receipts": {"key_repository": keys / "fernet-keys"},
        "credential": {"key_repository": keys / "credential-keys"},
        # Without a cache every token validation rebuilds the catalog (seconds, not ms).
        "cache": {"enabled": "true", "backend": "dogpile.cache.memory"},
        # bcrypt's minimum cost: the users here are for tests.
        "identity": {"password_hash_rounds": "4"},
    }


def glance(layout: Layout, password: str) -> dict:
    """Glance with a file store; web-download may fetch from this machine on any port."""
    sections = common(layout, "glance", password)
    images = layout.state_dir("glance")
    sections["DEFAULT"]["enabled_backends"] = "fs:file"
    sections.update(
        {
            "database": {"connection": layout.database_url("glance")},
            "paste_deploy": {
                "flavor": "keystone",
                "config_file": layout.venv_etc / "glance" / "glance-api-paste.ini",
            },
            "glance_store": {"default_backend": "fs"},
            "fs": {"filesystem_store_datadir": images / "images"},
            "os_glance_staging_store": {"filesystem_store_datadir": images / "staging"},
            "os_glance_tasks_store": {"filesystem_store_datadir": images / "tasks"},
            # Glance refuses loopback sources unless listed, brackets included.
            "import_filtering_opts": {
                "allowed_hosts": "[127.0.0.1,localhost]",
                "allowed_ports": "[]",
            },
        }
    )
    return sections


def placement(layout: Layout, password: str) -> dict:
    """Placement: its database and Keystone auth."""
    sections = common(layout, "placement", password)
    sections["placement_database"] = {"connection": layout.database_url("placement")}
    sections["api"] = {"auth_strategy": "keystone"}
    return sections


def cinder(layout: Layout, password: str) -> dict:
    """Cinder with one backend, ``lab``, served by heat_lab's fake volume driver."""
    sections = common(layout, "cinder", password)
    sections["DEFAULT"].update(
        enabled_backends="lab",
        default_volume_type="lab",
        auth_strategy="keystone",
        api_paste_config=layout.venv_etc / "cinder" / "api-paste.ini",
        # Without it Cinder refuses every filter, and so every look-up by name.
        resource_query_filters_file=layout.venv_etc / "cinder" / "resource_filters.json",
        osapi_volume_workers="1",
    )
    sections.update(
        {
            "database": {"connection": layout.database_url("cinder")},
            "lab": {
                "volume_driver": "heat_lab.volume.LabVolumeDriver",
                "volume_backend_name": "lab",
            },
            "nova": service_auth(layout, "cinder", password),
        }
    )
    return sections


# Neutron's service plugins, those of the extension packages included: VPNaaS, Tap as a
# Service, L2 gateways and service function chaining. Their resources are kept by Neutron
# and reach their agents by RPC casts nobody consumes: no agent runs here. Trunks take
# heat_lab's trunk driver.
SERVICE_PLUGINS = (
    "router",
    "qos",
    "segments",
    "port_forwarding",
    "metering",
    "trunk",
    "vpnaas",
    "taas",
    "networking_l2gw.services.l2gateway.plugin.L2GatewayPlugin",
    "flow_classifier",
    "sfc",
)
SERVICE_PROVIDERS = [
    "VPN:strongswan:neutron_vpnaas.services.vpn.service_drivers.ipsec.IPsecVPNDriver:default",
    "TAAS:TAAS:neutron_taas.services.taas.service_drivers.taas_rpc.TaasRpcDriver:default",
    # networking-l2gw's base driver, whose every step is a no-op: no switch stands behind.
    "L2GW:l2gw:networking_l2gw.services.l2gateway.service_drivers.L2gwDriver:default",
]


def neutron(layout: Layout, password: str) -> dict:
    """Neutron ML2: a flat physnet ``public`` for the external network, vxlan tenant networks,
    and heat_lab's driver binding every port (no agents run; metering counts nothing without
    its agent, but its labels and rules are kept), and SFC's dummy drivers."""
    sections = common(layout, "neutron", password)
    sections["DEFAULT"].update(
        core_plugin="ml2",
        service_plugins=",".join(SERVICE_PLUGINS),
        auth_strategy="keystone",
        api_paste_config=layout.venv_etc / "neutron" / "api-paste.ini",
        allow_overlapping_ips="true",
        dhcp_agent_notification="false",
        notify_nova_on_port_status_changes="true",
        notify_nova_on_port_data_changes="true",
    )
    sections.update(
        {
            "database": {"connection": layout.database_url("neutron")},
            "nova": service_auth(layout, "neutron", password),
            "ml2": {
                "type_drivers": "flat,vxlan,local",
                "tenant_network_types": "vxlan,local",
                "mechanism_drivers": "heat_lab",
                "extension_drivers": "port_security,qos",
            },
            "ml2_type_flat": {"flat_networks": "public"},
            "ml2_type_vxlan": {"vni_ranges": "1:1000"},
            "service_providers": {"service_provider": SERVICE_PROVIDERS},
            "sfc": {"drivers": "dummy"},
            "flowclassifier": {"drivers": "dummy"},
        }
    )
    return sections
