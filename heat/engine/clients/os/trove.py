"""The Trove client plugin: Trove's REST API v1.0 (instances, clusters, flavors, datastores,
and an instance's databases and users) spoken through a keystoneauth adapter of the
``database`` service Trove registers in the catalog, with the bodies Trove documents.

openstacksdk has no database proxy, and python-troveclient would bring its own HTTP client
and osc-lib for a dozen requests; an instance or a cluster here is the plain dict Trove
answers with.
"""

from typing import Any
from urllib import parse

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine.clients.rest_plugin import RestClientPlugin

# Relative to the catalog's endpoint, which is Trove's root for the project
# (``.../v1.0/<project id>``).
INSTANCES, CLUSTERS, FLAVORS, DATASTORES = "/instances", "/clusters", "/flavors", "/datastores"


def item_path(collection: str, *identifiers: str) -> str:
    """The path of one item (``/instances/<id>/databases/<name>``) under ``collection``."""
    quoted = [parse.quote(str(identifier), safe="") for identifier in identifiers]
    return "/".join([collection, *quoted])


def user_path(instance_id: str, name: str, host: str | None = None) -> str:
    """The path of a database user of an instance: Trove names a user ``name@host`` (a
    name alone is the user of any host, ``%``), with dots escaped as Trove's client does."""
    user = "%s@%s" % (name, host) if host else name
    quoted = parse.quote(user, safe="").replace(".", "%2e")
    return "%s/users/%s" % (item_path(INSTANCES, instance_id), quoted)


class TroveClientPlugin(RestClientPlugin):
    """``client()`` is a keystoneauth adapter of the ``database`` service for the context."""

    name = "trove"
    service_type = "database"

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """Trove's answer to a request on ``path`` (``/instances``), decoded; None when
        Trove answers without a body."""
        options = {} if body is None else {"json": body}
        return self.send(method, path, **options)

    def find_flavor_by_name_or_id(self, flavor: str) -> str:
        """The id of the Trove flavor whose id or name is ``flavor`` (the ``trove.flavor``
        constraint): EntityNotFound when there is none, PhysicalResourceNameAmbiguity when
        the name is shared."""
        try:
            return str(self.call("get", item_path(FLAVORS, flavor))["flavor"]["id"])
        except sdk_exceptions.NotFoundException:
            pass
        named = [found for found in self.call("get", FLAVORS)["flavors"] if found["name"] == flavor]
        if not named:
            raise exception.EntityNotFound(entity="Flavor", name=flavor)
        if len(named) > 1:
            raise exception.PhysicalResourceNameAmbiguity(name=flavor)
        return str(named[0]["id"])

    def datastore_versions(self, datastore_type: str, type_key: str) -> list[str]:
        """The names of the active versions of a datastore type; StackValidationFailed
        naming the property ``type_key`` when Trove has no such type."""
        path = item_path(DATASTORES, datastore_type, "versions")
        try:
            versions = self.call("get", path)["versions"]
        except sdk_exceptions.NotFoundException as error:
            message = _("%(key)s: Trove has no datastore type %(type)s (%(reason)s).") % {
                "key": type_key,
                "type": datastore_type,
                "reason": error.details or error.message,
            }
            raise exception.StackValidationFailed(message=message) from None
        return [version["name"] for version in versions]

    def validate_datastore(
        self,
        datastore_type: str | None,
        datastore_version: str | None,
        type_key: str,
        version_key: str,
    ) -> None:
        """StackValidationFailed unless the datastore version (when given) is one of the
        type's, and a version comes with its type."""
        if not datastore_type:
            if datastore_version:
                message = _("Not allowed - %(dsver)s without %(dstype)s.") % {
                    "dsver": version_key,
                    "dstype": type_key,
                }
                raise exception.StackValidationFailed(message=message)
            return
        allowed = self.datastore_versions(datastore_type, type_key)
        if datastore_version and datastore_version not in allowed:
            message = _(
                "Datastore version %(dsversion)s for datastore type %(dstype)s is not valid. "
                "Allowed versions are %(allowed)s."
            ) % {
                "dstype": datastore_type,
                "dsversion": datastore_version,
                "allowed": ", ".join(allowed),
            }
            raise exception.StackValidationFailed(message=message)
