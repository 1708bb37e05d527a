"""The lab's share of the machine's MariaDB and RabbitMQ: its databases and its vhost.

Names come from names.json (written before anything is made), so lab-down.sh --purge
drops exactly what one lab made, even after a start that failed half-way.
Standard library only: lab-down.sh runs this with any Python 3.
"""

import json
import pathlib
import subprocess


def save_names(path: pathlib.Path, databases: list, vhost: str) -> None:
    """Record the database and vhost names a lab is about to make."""
    path.write_text(json.dumps({"databases": databases, "vhost": vhost}, indent=2) + "\n")


def load_names(path: pathlib.Path) -> tuple:
    """``(databases, vhost)`` recorded by save_names, or nothing when none were."""
    if not path.exists():
        return [], None
    names = json.loads(path.read_text())
    return names["databases"], names["vhost"]


def _mysql(statements: list) -> None:
    command = ["mysql", "--host=127.0.0.1", "--user=root", "--execute", ";".join(statements)]
    subprocess.run(command, check=True, capture_output=True, timeout=120)


def _rabbitmqctl(*arguments: str) -> str:
    completed = subprocess.run(
        ["rabbitmqctl", *arguments], check=True, capture_output=True, text=True, timeout=120
    )
    return completed.stdout


# A lab's services keep about 60 connections open; MariaDB's default limit (151) leaves
# room for little else, such as a second lab or the tests' own databases.
MIN_CONNECTIONS = 1000


def create(databases: list, vhost: str) -> None:
    """Make empty databases and a fresh vhost open to guest (dropping any older ones), and
    let MariaDB take the connections a lab needs beside everything else."""
    drop(databases, vhost)
    _mysql(["CREATE DATABASE `%s` CHARACTER SET utf8" % name for name in databases])
    limit = "SET GLOBAL max_connections = GREATEST(@@GLOBAL.max_connections, %d)"
    _mysql([limit % MIN_CONNECTIONS])
    _rabbitmqctl("add_vhost", vhost)
    _rabbitmqctl("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*")


def drop(databases: list, vhost: str) -> None:
    """Drop the databases and the vhost; those that do not exist are no error."""
    if databases:
        _mysql(["DROP DATABASE IF EXISTS `%s`" % name for name in databases])
    if vhost:
        try:
            _rabbitmqctl("delete_vhost", vhost)
        except subprocess.CalledProcessError:
            # Absent already.
            pass


def consumers(vhost: str, queue: str) -> int:
    """How many consumers the vhost's queue has (0 while it does not exist).

    An RPC call sent before its server has declared the topic's queue is dropped by
    RabbitMQ, and the caller learns it only when its reply times out."""
    listing = _rabbitmqctl(
        "list_queues", "-p", vhost, "-q", "--no-table-headers", "name", "consumers"
    )
    for line in listing.splitlines():
        name, _, count = line.rpartition("\t")
        if name == queue:
            return int(count)
    return 0
