"""``OS::Trove::Instance``: a Trove database instance of a flavor, a volume size and a
datastore (type and version), on networks, with the databases and users made on it; or a
replica of another instance, or restored from a backup.

Its name, flavor, volume size, databases and users change in place: once the instance is
ready again after each change, the next is sent (rename, resize of the flavor, of the
volume, then databases and users). Every action waits for Trove: a create until the
instance is ACTIVE (or HEALTHY), a delete until Trove no longer has it.
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import support
from heat.engine.clients.os.trove import INSTANCES, item_path
from heat.engine.resource import Resource
from heat.engine.resources.openstack.trove import instance_changes as changes
from heat.engine.resources.openstack.trove import instance_schema as schema
from heat.engine.resources.openstack.trove import nics, status
from heat.engine.resources.openstack.trove.instance_schema import (
    DATABASE_NAME,
    DATABASES,
    FLAVOR,
    NAME,
    SIZE,
    USER_DATABASES,
    USERS,
)

# Trove's answer to a change it finds already made (the instance moved on meanwhile).
NO_CHANGE = "No change was requested"


class TroveInstance(Resource):
    """A Trove database instance: a database server Trove runs for the project, with the
    databases and users the template lists."""

    support_status = support.SupportStatus(version="2014.1")
    default_client_name = "trove"
    properties_schema = schema.PROPERTIES_SCHEMA
    attributes_schema = schema.ATTRIBUTES_SCHEMA

    def instance_name(self) -> str:
        return str(self.properties[NAME] or self.physical_resource_name())

    def validate(self) -> None:
        """The datastore is Trove's, each user's databases are among those listed, and
        each network interface names a network or a port."""
        super().validate()
        self.client_plugin().validate_datastore(
            self.properties[schema.DATASTORE_TYPE],
            self.properties[schema.DATASTORE_VERSION],
            schema.DATASTORE_TYPE,
            schema.DATASTORE_VERSION,
        )
        self._check_users()
        for nic in self.properties[schema.NICS]:
            nics.check(nic)

    def _check_users(self) -> None:
        users = self.properties[USERS]
        if not users:
            return
        databases = self.properties[DATABASES]
        if not databases:
            message = _(
                "Databases property is required if users property is provided for resource %s."
            )
            raise exception.StackValidationFailed(message=message % self.name)
        names = {database[DATABASE_NAME] for database in databases}
        for user in users:
            missing = [name for name in user[USER_DATABASES] if name not in names]
            if missing:
                message = _(
                    "Database %(dbs)s specified for user does not exist in databases for "
                    "resource %(name)s."
                ) % {"dbs": missing, "name": self.name}
                raise exception.StackValidationFailed(message=message)

    # -- create -------------------------------------------------------------------------

    def _request(self) -> dict[str, Any]:
        """The body of Trove's create: what the template gives, names made ids."""
        plugin = self.client_plugin()
        given = {
            "name": self.instance_name(),
            "flavorRef": plugin.find_flavor_by_name_or_id(self.properties[FLAVOR]),
            "volume": {"size": self.properties[SIZE]},
            "databases": self.properties[DATABASES],
            "users": [changes.trove_user(user) for user in self.properties[USERS]],
            "availability_zone": self.properties[schema.AVAILABILITY_ZONE],
            "nics": nics.trove_nics(self.client_plugin("neutron"), self.properties[schema.NICS]),
            "replica_of": self.properties[schema.REPLICA_OF],
            "replica_count": self.properties[schema.REPLICA_COUNT],
        }
        if self.properties[schema.RESTORE_POINT]:
            given["restorePoint"] = {"backupRef": self.properties[schema.RESTORE_POINT]}
        datastore = {
            "type": self.properties[schema.DATASTORE_TYPE],
            "version": self.properties[schema.DATASTORE_VERSION],
        }
        given["datastore"] = {key: value for key, value in datastore.items() if value}
        # Trove's client leaves out what is not given (empty lists included).
        return {key: value for key, value in given.items() if value}

    def handle_create(self) -> str:
        made = self.client_plugin().call("post", INSTANCES, {"instance": self._request()})
        self.resource_id_set(made["instance"]["id"])
        return str(self.resource_id)

    def _path(self, *parts: str) -> str:
        """The path of the instance (or of ``parts`` under it, ``databases``) in Trove."""
        return item_path(INSTANCES, str(self.resource_id), *parts)

    def _instance(self) -> dict[str, Any] | None:
        """The instance as Trove shows it now; None when Trove asks to slow down."""
        try:
            return dict(self.client_plugin().call("get", self._path())["instance"])
        except sdk_exceptions.HttpException as error:
            if self.client_plugin().is_over_limit(error):
                return None
            raise

    def check_create_complete(self, instance_id: str) -> bool:
        """Whether the instance is ready; ResourceInError when Trove failed to make it."""
        instance = self._instance()
        if instance is None:
            return False
        status.check(instance)
        return status.is_ready(instance.get("status"))

    def handle_check(self) -> None:
        """The instance is still ready."""
        found = self.client_plugin().call("get", self._path())["instance"].get("status")
        if not status.is_ready(found):
            raise exception.Error(
                _("'status': expected '%(expected)s', got '%(status)s'")
                % {"expected": list(status.READY), "status": found}
            )

    # -- update -------------------------------------------------------------------------

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> dict:
        """The changes to make, the databases' and users' planned from Trove's lists."""
        plan: dict[str, Any] = {
            key: prop_diff[key] for key in (NAME, FLAVOR, SIZE) if key in prop_diff
        }
        call = self.client_plugin().call
        if DATABASES in prop_diff:
            current = [found["name"] for found in call("get", self._path("databases"))["databases"]]
            plan[DATABASES] = changes.database_plan(current, prop_diff[DATABASES] or [])
        if USERS in prop_diff:
            previous = self.previous_properties[USERS] if self.previous_properties else []
            current = call("get", self._path("users"))["users"]
            plan[USERS] = changes.user_plan(current, prop_diff[USERS] or [], previous or [])
        return plan

    def check_update_complete(self, plan: dict[str, Any]) -> bool:
        """Send the next change once the instance is ready; whether all are made."""
        instance = self._instance()
        if instance is None:
            return False
        status.check(instance)
        if not plan:
            return True
        if not status.is_ready(instance.get("status")):
            return False
        try:
            return self._next_change(instance, plan)
        except sdk_exceptions.HttpException as error:
            if self.client_plugin().is_over_limit(error) or NO_CHANGE in str(error):
                return False
            raise

    def _next_change(self, instance: dict[str, Any], plan: dict[str, Any]) -> bool:
        """Send the first change Trove does not have yet; True when none is left."""
        call = self.client_plugin().call
        if plan.get(NAME) and instance.get("name") != plan[NAME]:
            call("put", self._path(), {"instance": {"name": plan[NAME]}})
            return False
        if plan.get(FLAVOR):
            flavor = self.client_plugin().find_flavor_by_name_or_id(plan[FLAVOR])
            if str((instance.get("flavor") or {}).get("id")) != flavor:
                call("post", self._path("action"), {"resize": {"flavorRef": flavor}})
                return False
        if plan.get(SIZE) and (instance.get("volume") or {}).get("size") != plan[SIZE]:
            call("post", self._path("action"), {"resize": {"volume": {"size": plan[SIZE]}}})
            return False
        # Each change made is taken off the plan: a retried poll does not make it again.
        if DATABASES in plan:
            changes.apply_databases(call, str(self.resource_id), plan[DATABASES])
        if USERS in plan:
            changes.apply_users(call, str(self.resource_id), plan[USERS])
        return True

    # -- attributes, live state and delete -----------------------------------------------

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return self.client_plugin().call("get", self._path())["instance"]
        except sdk_exceptions.NotFoundException:
            return None

    def _resolve_attribute(self, name: str) -> Any:
        instance = self._show_resource()
        if instance is None:
            return None
        if name == schema.HOSTNAME:
            return instance.get("hostname")
        links = [link["href"] for link in instance.get("links") or [] if link.get("rel") == "self"]
        return links[0] if links else None

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Name, flavor, size and the databases' names as Trove has them (users' passwords
        cannot be read back, so users are left as the template has them)."""
        answer = self.client_plugin().call("get", self._path("databases"))
        names = [found["name"] for found in answer["databases"]]
        databases = [db for db in properties[DATABASES] if db[DATABASE_NAME] in names]
        listed = {db[DATABASE_NAME] for db in databases}
        databases += [{DATABASE_NAME: name} for name in names if name not in listed]
        live = {NAME: data.get("name"), DATABASES: databases}
        if data.get("flavor") is not None:
            live[FLAVOR] = data["flavor"].get("id")
        if data.get("volume") is not None:
            live[SIZE] = data["volume"]["size"]
        return live

    def handle_delete(self) -> str | None:
        """Delete the instance; one already gone is fine."""
        if self.resource_id is None:
            return None
        try:
            self.client_plugin().call("delete", self._path())
        except sdk_exceptions.NotFoundException:
            return None
        return str(self.resource_id)

    def check_delete_complete(self, instance_id: str | None) -> bool:
        """Whether Trove no longer has the instance (it lives on while Trove cleans up)."""
        if instance_id is None:
            return True
        try:
            self._instance()
        except sdk_exceptions.NotFoundException:
            return True
        return False


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Trove::Instance": TroveInstance}
