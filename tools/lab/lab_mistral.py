"""Mistral in the lab ("full" profile): its API, engine, executor, notifier and periodic
service in one process (``mistral-server``), workflows kept in MariaDB, its services
talking over the lab's vhost.

Cron triggers are run by the process's periodic service, not by the API
(``[cron_trigger] run_in_api`` off): run in the API, their loop holds the database lock of
the parent process while it forks the services, and a child that inherits it held (the API,
once) waits on it for good.

``mistral-db-manage populate`` fills the database with Mistral's standard actions and
workflows; both it and the schema come from the cached dump after the first start.
"""

import pathlib

import lab_configs
from lab_layout import Layout


def config(layout: Layout, password: str) -> dict:
    """mistral.conf: Keystone tokens, the lab's database, the API on the lab's port."""
    sections = lab_configs.common(layout, "mistral", password)
    sections["DEFAULT"].pop("my_ip")
    sections.update(
        {
            "api": {
                "host": "127.0.0.1",
                "port": str(layout.ports["mistral"]),
            },
            "database": {"connection": layout.database_url("mistral")},
            "pecan": {"auth_enable": "true"},
            "cron_trigger": {"run_in_api": "false"},
        }
    )
    return sections


def write(layout: Layout, password: str) -> pathlib.Path:
    """Write mistral.conf into Mistral's configuration directory; the file."""
    path = layout.config_dir("mistral") / "mistral.conf"
    return lab_configs.write(path, config(layout, password))
