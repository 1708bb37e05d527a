"""Zaqar in the lab: its API (v2) under gunicorn, messages kept in the lab's Swift (as
the ``zaqar`` service user, in project ``service``), queues' metadata and subscriptions in
MariaDB. Pre-signed queue URLs are signed with a key of the lab's own.

Zaqar reads its configuration only where oslo.config looks by default, so it gets a home
of its own (``state/zaqar/home/.zaqar/zaqar.conf``).
"""

import pathlib
import secrets

import lab_configs
from lab_layout import Layout


def config(layout: Layout, password: str) -> dict:
    """zaqar.conf: Keystone tokens, the Swift message store, the MariaDB management store."""
    sections = lab_configs.common(layout, "zaqar", password)
    sections["DEFAULT"].pop("my_ip")
    sections["DEFAULT"]["auth_strategy"] = "keystone"
    sections.update(
        {
            "drivers": {
                "transport": "wsgi",
                "message_store": "swift",
                "management_store": "sqlalchemy",
            },
            "drivers:management_store:sqlalchemy": {"uri": layout.database_url("zaqar")},
            "drivers:message_store:swift": {
                "auth_url": layout.auth_url,
                "uri": "swift://zaqar:%s@/%s" % (password, lab_configs.SERVICE_PROJECT),
                "user_domain_id": "default",
                "project_domain_id": "default",
                "region_name": "RegionOne",
            },
            "signed_url": {"secret_key": secrets.token_urlsafe(24)},
        }
    )
    return sections


def home(layout: Layout) -> pathlib.Path:
    """The home directory Zaqar finds its configuration in."""
    return layout.state_dir("zaqar") / "home"


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write zaqar.conf into Zaqar's home; the file."""
    return lab_configs.write(home(layout) / ".zaqar" / "zaqar.conf", config(layout, password))
