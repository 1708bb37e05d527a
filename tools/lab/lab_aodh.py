"""Aodh in the lab: its API (v2) under gunicorn, alarms kept in MariaDB, rules of the
Gnocchi kinds checked against the lab's Gnocchi as Aodh does in production.

Aodh reads its configuration only where oslo.config looks by default, so it gets a home
of its own (``state/aodh/home/.aodh/aodh.conf``).
"""

import pathlib

import lab_configs
from lab_layout import Layout


def config(layout: Layout, password: str) -> dict:
    """aodh.conf: Keystone tokens, the lab's database, Aodh's own credentials for Gnocchi."""
    sections = lab_configs.common(layout, "aodh", password)
    sections["DEFAULT"].pop("my_ip")
    credentials = lab_configs.service_auth(layout, "aodh", password)
    sections.update(
        {
            "api": {"auth_mode": "keystone"},
            "database": {"connection": layout.database_url("aodh")},
            "service_credentials": dict(credentials, interface="public"),
        }
    )
    return sections


def home(layout: Layout) -> pathlib.Path:
    """The home directory Aodh finds its configuration in."""
    return layout.state_dir("aodh") / "home"


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write aodh.conf into Aodh's home; the file."""
    return lab_configs.write(home(layout) / ".aodh" / "aodh.conf", config(layout, password))
