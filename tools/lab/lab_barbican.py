"""Barbican in the lab: its API under gunicorn, secrets kept by the ``simple_crypto``
plugin (a key-encryption key of the lab's own), orders processed inside the API (no queue,
no worker).

Barbican reads its configuration only where oslo.config looks by default, so it gets a
home of its own (``state/barbican/home/.barbican/barbican.conf``); its API is its paste
pipeline with Keystone's authtoken, loaded by lab_wsgi.
"""

import base64
import os
import pathlib

import lab_configs
from lab_layout import Layout


def config(layout: Layout, password: str) -> dict:
    """barbican.conf: the lab's database and Keystone, ``simple_crypto`` secrets."""
    sections = lab_configs.common(layout, "barbican", password)
    sections["DEFAULT"].pop("my_ip")
    sections["DEFAULT"].update(
        host_href=layout.url("barbican"),
        # Tables made at start: Barbican has no schema worth a migration run here.
        db_auto_create="true",
    )
    sections.update(
        {
            "database": {"connection": layout.database_url("barbican")},
            "queue": {"enable": "false"},
            "secretstore": {"enabled_secretstore_plugins": "store_crypto"},
            "crypto": {"enabled_crypto_plugins": "simple_crypto"},
            "simple_crypto_plugin": {"kek": base64.b64encode(os.urandom(32)).decode()},
        }
    )
    return sections


def home(layout: Layout) -> pathlib.Path:
    """The home directory Barbican finds its configuration in."""
    return layout.state_dir("barbican") / "home"


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write barbican.conf into Barbican's home; the home."""
    lab_configs.write(home(layout) / ".barbican" / "barbican.conf", config(layout, password))
    return home(layout)
