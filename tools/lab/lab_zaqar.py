"""Zaqar in the lab: its API (v2) under gunicorn, messages and subscriptions kept in a
Redis of its own, queues' metadata in MariaDB. Pre-signed queue URLs are signed with a key
of the lab's own.

Redis, not the lab's Swift: what Zaqar's Swift store answers to a pop or a claim carries a
``client_uuid`` that python-zaqarclient's messages refuse (TypeError), so os-collect-config's
``zaqar`` collector could not read a server's metadata from it.

Messages posted go through Zaqar's notifier, which posts them on to the queue's
subscribers; a ``trust+`` subscriber (``OS::Zaqar::MistralTrigger``'s) with a token of a
trust its subscriber gave Zaqar's service user, the ``[trustee]`` of zaqar.conf.

Zaqar reads its configuration only where oslo.config looks by default, so it gets a home
of its own (``state/zaqar/home/.zaqar/zaqar.conf``).
"""

import pathlib
import secrets

import lab_configs
from lab_layout import Layout


def config(layout: Layout, password: str) -> dict:
    """zaqar.conf: Keystone tokens, the Redis message store, the MariaDB management store."""
    sections = lab_configs.common(layout, "zaqar", password)
    sections["DEFAULT"].pop("my_ip")
    sections["DEFAULT"]["auth_strategy"] = "keystone"
    sections.update(
        {
            "drivers": {
                "transport": "wsgi",
                "message_store": "redis",
                "management_store": "sqlalchemy",
            },
            "drivers:management_store:sqlalchemy": {"uri": layout.database_url("zaqar")},
            "drivers:message_store:redis": {
                "uri": "redis://127.0.0.1:%d" % layout.ports["zaqar_redis"]
            },
            "signed_url": {"secret_key": secrets.token_urlsafe(24)},
            "storage": {"message_pipeline": "zaqar.notification.notifier"},
            "trustee": trustee(layout, password),
        }
    )
    return sections


def trustee(layout: Layout, password: str) -> dict:
    """Zaqar's service user unscoped: trusts are made to it, and it redeems them."""
    auth = lab_configs.service_auth(layout, "zaqar", password)
    for scope in ("project_name", "project_domain_id", "region_name"):
        del auth[scope]
    return auth


def home(layout: Layout) -> pathlib.Path:
    """The home directory Zaqar finds its configuration in."""
    return layout.state_dir("zaqar") / "home"


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write zaqar.conf into Zaqar's home; the file."""
    return lab_configs.write(home(layout) / ".zaqar" / "zaqar.conf", config(layout, password))


def redis_command(layout: Layout) -> list:
    """redis-server for Zaqar's messages: on the lab's loopback port, nothing saved."""
    directory = layout.state_dir("zaqar") / "redis"
    directory.mkdir(parents=True, exist_ok=True)
    return [
        "redis-server",
        *("--bind", "127.0.0.1", "--port", str(layout.ports["zaqar_redis"])),
        *("--save", "", "--appendonly", "no", "--dir", str(directory)),
    ]
