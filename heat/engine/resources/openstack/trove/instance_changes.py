"""How an update of ``OS::Trove::Instance`` changes the databases and users Trove holds:
planned from Trove's lists when the update starts, applied once the instance is ready.

A database or user the template adds is made, one Trove has that the template no longer
lists is deleted. A user kept has its host and password changed when the template changed
them, and its grants made those the template lists.
"""

from typing import Any

from heat.engine.clients.os.trove import INSTANCES, item_path, user_path
from heat.engine.resources.openstack.trove.instance_schema import (
    DATABASE_NAME,
    HOST,
    PASSWORD,
    USER_DATABASES,
    USER_NAME,
)


def trove_user(user: dict[str, Any]) -> dict[str, Any]:
    """A user as Trove takes it: its databases as ``{"name": ...}`` items."""
    databases = [{"name": name} for name in user.get(USER_DATABASES) or []]
    return {**user, USER_DATABASES: databases}


def database_plan(current: list[str], desired: list[dict[str, Any]]) -> dict[str, Any]:
    """The databases to make (the template's that Trove lacks) and to delete (by name)."""
    names = {database[DATABASE_NAME] for database in desired}
    return {
        "create": [database for database in desired if database[DATABASE_NAME] not in current],
        "delete": [name for name in current if name not in names],
    }


def user_plan(
    current: list[dict[str, Any]], desired: list[dict[str, Any]], previous: list[dict[str, Any]]
) -> dict[str, Any]:
    """The users to make, to delete (``{"name", "host"}``) and to change: a kept user's
    host as Trove has it, the fields of it the template changed, and its databases."""
    hosts = {user["name"]: user.get("host") for user in current}
    before = {user[USER_NAME]: user for user in previous}
    names = {user[USER_NAME] for user in desired}
    kept = []
    for user in desired:
        if user[USER_NAME] not in hosts:
            continue
        old = before.get(user[USER_NAME], {})
        changed = {key: user[key] for key in (HOST, PASSWORD) if user[key] != old.get(key)}
        kept.append(
            {
                "name": user[USER_NAME],
                "host": hosts[user[USER_NAME]],
                "changed": changed,
                "databases": list(user[USER_DATABASES]),
            }
        )
    return {
        "create": [user for user in desired if user[USER_NAME] not in hosts],
        "delete": [
            {"name": name, "host": host} for name, host in hosts.items() if name not in names
        ],
        "change": kept,
    }


def _each(items: list[Any]) -> Any:
    """The items of a planned list, each taken off it once the caller is done with it (a
    failed request leaves it and those after it planned)."""
    while items:
        yield items[0]
        items.pop(0)


def apply_databases(call: Any, instance_id: str, plan: dict[str, Any]) -> None:
    """Make and delete the planned databases, one request each (as upstream does)."""
    for database in _each(plan["create"]):
        call("post", item_path(INSTANCES, instance_id, "databases"), {"databases": [database]})
    for name in _each(plan["delete"]):
        call("delete", item_path(INSTANCES, instance_id, "databases", name))


def apply_users(call: Any, instance_id: str, plan: dict[str, Any]) -> None:
    """Make, delete and change the planned users, then grant and revoke the databases of
    those kept."""
    for user in _each(plan["create"]):
        users = item_path(INSTANCES, instance_id, "users")
        call("post", users, {"users": [trove_user(user)]})
    for user in _each(plan["delete"]):
        call("delete", user_path(instance_id, user["name"], user["host"]))
    for user in _each(plan["change"]):
        host = user["host"]
        if user["changed"]:
            call("put", user_path(instance_id, user["name"], host), {"user": user["changed"]})
            host = user["host"] = user["changed"].get(HOST, host)
            user["changed"] = {}
        _grant(call, instance_id, user["name"], host, user["databases"])


def _grant(call: Any, instance_id: str, name: str, host: str, wanted: list[str]) -> None:
    """Give the user access to exactly the ``wanted`` databases."""
    path = user_path(instance_id, name, host)
    held = [database["name"] for database in call("get", path)["user"].get("databases", [])]
    grants = [database for database in wanted if database not in held]
    if grants:
        call("put", path + "/databases", {"databases": [{"name": db} for db in grants]})
    for database in held:
        if database not in wanted:
            call("delete", item_path(path + "/databases", database))
