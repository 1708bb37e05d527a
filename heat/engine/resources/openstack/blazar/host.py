"""``OS::Blazar::Host``: Blazar's record of a Nova compute host, which makes the host
reservable, with extra capabilities that reservations can ask for.

Nothing of it changes in place (as upstream, since Blazar cannot remove an extra capability
of a host): a changed property replaces it.
"""

from typing import Any

from openstack import exceptions as sdk_exceptions

from heat.common.i18n import _
from heat.engine import attributes, properties, support
from heat.engine.clients.os.blazar import HOSTS, item_path
from heat.engine.resource import Resource

PROPERTIES = (NAME, EXTRA_CAPABILITY) = ("name", "extra_capability")
ATTRIBUTES = (
    HYPERVISOR_HOSTNAME,
    HYPERVISOR_TYPE,
    HYPERVISOR_VERSION,
    VCPUS,
    CPU_INFO,
    MEMORY_MB,
    LOCAL_GB,
    SERVICE_NAME,
    RESERVABLE,
    STATUS,
    TRUST_ID,
    CREATED_AT,
    UPDATED_AT,
) = (
    "hypervisor_hostname",
    "hypervisor_type",
    "hypervisor_version",
    "vcpus",
    "cpu_info",
    "memory_mb",
    "local_gb",
    "service_name",
    "reservable",
    "status",
    "trust_id",
    "created_at",
    "updated_at",
)
# The keys of Blazar's host that are not extra capabilities, which Blazar shows among them.
HOST_FIELDS = frozenset(ATTRIBUTES) | {"id", "availability_zone"}
DATE_FORMAT = _('The date and time format must be "CCYY-MM-DD hh:mm".')


def _attribute(description: str, kind: str = attributes.Schema.STRING) -> attributes.Schema:
    return attributes.Schema(description, type=kind)


class Host(Resource):
    """A compute host Blazar manages, so that leases can reserve it."""

    support_status = support.SupportStatus(version="12.0.0")
    default_client_name = "blazar"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("The name of the host."), required=True
        ),
        EXTRA_CAPABILITY: properties.Schema(
            properties.Schema.MAP, _("The extra capability of the host.")
        ),
    }

    attributes_schema = {
        HYPERVISOR_HOSTNAME: _attribute(_("The hypervisor name of the host.")),
        HYPERVISOR_TYPE: _attribute(_("The hypervisor type the host.")),
        HYPERVISOR_VERSION: _attribute(
            _("The hypervisor version of the host."), attributes.Schema.INTEGER
        ),
        VCPUS: _attribute(_("The number of the VCPUs of the host."), attributes.Schema.INTEGER),
        CPU_INFO: _attribute(_("Information of the CPU of the host."), attributes.Schema.MAP),
        MEMORY_MB: _attribute(_("Megabytes of the memory of the host."), attributes.Schema.INTEGER),
        LOCAL_GB: _attribute(_("Gigabytes of the disk of the host."), attributes.Schema.INTEGER),
        SERVICE_NAME: _attribute(_("The compute service name of the host.")),
        RESERVABLE: _attribute(
            _("The flag which represents whether the host is reservable or not."),
            attributes.Schema.BOOLEAN,
        ),
        STATUS: _attribute(_("The status of the host.")),
        TRUST_ID: _attribute(_("The UUID of the trust of the host operator.")),
        EXTRA_CAPABILITY: _attribute(_("The extra capability of the host."), attributes.Schema.MAP),
        CREATED_AT: _attribute(_("The date and time when the host was created. ") + DATE_FORMAT),
        UPDATED_AT: _attribute(_("The date and time when the host was updated. ") + DATE_FORMAT),
    }

    def handle_create(self) -> str:
        """Register the host; its extra capabilities are keys of the body beside its name
        (an extra capability called ``name`` is dropped)."""
        capabilities = dict(self.properties[EXTRA_CAPABILITY] or {})
        capabilities.pop(NAME, None)
        host = self.client_plugin().create_host({**capabilities, NAME: self.properties[NAME]})
        self.resource_id_set(host["id"])
        return str(host["id"])

    def _show_resource(self) -> dict[str, Any]:
        if self.resource_id is None:
            return {}
        try:
            return self.client_plugin().get_host(self.resource_id)
        except sdk_exceptions.NotFoundException:
            return {}

    def _resolve_attribute(self, name: str) -> Any:
        host = self._show_resource()
        if not host:
            return None
        if name == EXTRA_CAPABILITY:
            return {key: value for key, value in host.items() if key not in HOST_FIELDS}
        return host.get(name)

    def handle_delete(self) -> None:
        """Take the host out of Blazar; one gone already is fine."""
        if self.resource_id is None:
            return
        try:
            self.client_plugin().call("delete", item_path(HOSTS, self.resource_id))
        except sdk_exceptions.NotFoundException:
            pass


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Blazar::Host": Host}
