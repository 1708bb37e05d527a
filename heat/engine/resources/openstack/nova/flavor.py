"""``OS::Nova::Flavor``: a virtual hardware template (admin only). Its extra specs and the
projects that may use a private flavor change in place; any other change makes a new one."""

from typing import Any

from oslo_log import log as logging

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.entity_resource import EntityResource

LOG = logging.getLogger(__name__)

PROPERTIES = (
    NAME,
    FLAVOR_ID,
    RAM,
    VCPUS,
    DISK,
    SWAP,
    EPHEMERAL,
    RXTX_FACTOR,
    EXTRA_SPECS,
    IS_PUBLIC,
    TENANTS,
) = (
    "name",
    "flavorid",
    "ram",
    "vcpus",
    "disk",
    "swap",
    "ephemeral",
    "rxtx_factor",
    "extra_specs",
    "is_public",
    "tenants",
)
ATTRIBUTES = (IS_PUBLIC_ATTR, EXTRA_SPECS_ATTR) = ("is_public", "extra_specs")


def _integer(description: str, **options: Any) -> properties.Schema:
    return properties.Schema(properties.Schema.INTEGER, description, **options)


class NovaFlavor(EntityResource):
    """A Nova flavor: memory, CPUs and disks a server gets, plus scheduler extra specs.

    Flavors are global and, by Nova's default policy, made by administrators only. A
    private flavor is usable by the projects in ``tenants``, or by the stack's own project
    when there are none.
    """

    support_status = support.SupportStatus(version="2014.2")
    default_client_name = "nova"
    entity = "flavors"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("Name of the flavor."),
            support_status=support.SupportStatus(version="7.0.0"),
        ),
        FLAVOR_ID: properties.Schema(
            properties.Schema.STRING,
            _(
                "Unique ID of the flavor. If not specified, an UUID will be auto generated "
                "and used."
            ),
            support_status=support.SupportStatus(version="7.0.0"),
        ),
        RAM: _integer(_("Memory in MB for the flavor."), required=True),
        VCPUS: _integer(_("Number of VCPUs for the flavor."), required=True),
        DISK: _integer(
            _(
                'Size of local disk in GB. The "0" size is a special case that uses the '
                "native base image size as the size of the ephemeral root volume."
            ),
            default=0,
        ),
        SWAP: _integer(_("Swap space in MB."), default=0),
        EPHEMERAL: _integer(_("Size of a secondary ephemeral data disk in GB."), default=0),
        RXTX_FACTOR: properties.Schema(properties.Schema.NUMBER, _("RX/TX factor."), default=1.0),
        EXTRA_SPECS: properties.Schema(
            properties.Schema.MAP,
            _("Key/Value pairs to extend the capabilities of the flavor."),
            update_allowed=True,
        ),
        IS_PUBLIC: properties.Schema(
            properties.Schema.BOOLEAN,
            _(
                "Scope of flavor accessibility. Public or private. Default value is True, "
                "means public, shared across all projects."
            ),
            default=True,
            support_status=support.SupportStatus(version="6.0.0"),
        ),
        TENANTS: properties.Schema(
            properties.Schema.LIST,
            _("List of tenants."),
            update_allowed=True,
            default=[],
            schema=properties.Schema(
                properties.Schema.STRING,
                constraints=[constraints.CustomConstraint("keystone.project")],
            ),
            support_status=support.SupportStatus(version="8.0.0"),
        ),
    }

    attributes_schema = {
        IS_PUBLIC_ATTR: attributes.Schema(
            _("Whether the flavor is shared across all projects."),
            support_status=support.SupportStatus(version="6.0.0"),
            type=attributes.Schema.BOOLEAN,
        ),
        EXTRA_SPECS_ATTR: attributes.Schema(
            _("Extra specs of the flavor in key-value pairs."),
            support_status=support.SupportStatus(version="7.0.0"),
            type=attributes.Schema.MAP,
        ),
    }

    def _project_ids(self, projects: list[str] | None) -> set[str]:
        keystone = self.client_plugin("keystone")
        return {keystone.get_project_id(project) for project in projects or []}

    def handle_create(self) -> None:
        """Create the flavor (named after the resource unless named), set its extra specs
        and grant the projects access to a private one."""
        # Without an id Nova makes a UUID.
        chosen_id = {"id": self.properties[FLAVOR_ID]} if self.properties[FLAVOR_ID] else {}
        flavor = self.client().create_flavor(
            name=self.properties[NAME] or self.physical_resource_name(),
            **chosen_id,
            ram=self.properties[RAM],
            vcpus=self.properties[VCPUS],
            disk=self.properties[DISK],
            swap=self.properties[SWAP],
            ephemeral=self.properties[EPHEMERAL],
            rxtx_factor=self.properties[RXTX_FACTOR],
            is_public=self.properties[IS_PUBLIC],
        )
        self.resource_id_set(flavor.id)
        if self.properties[EXTRA_SPECS]:
            self.client().create_flavor_extra_specs(flavor.id, self.properties[EXTRA_SPECS])
        if not self.properties[IS_PUBLIC]:
            projects = self._project_ids(self.properties[TENANTS])
            if not projects:
                LOG.info("A private flavor is best given a list of tenants.")
                projects = {self.context.project_id}
            for project in sorted(projects):
                self.client().flavor_add_tenant_access(flavor.id, project)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Replace the extra specs with the new ones; give and take access to a private
        flavor so that exactly the new ``tenants`` have it."""
        if EXTRA_SPECS in prop_diff:
            self._replace_extra_specs(prop_diff[EXTRA_SPECS] or {})
        if TENANTS in prop_diff and not self.properties[IS_PUBLIC]:
            self._replace_access(self._project_ids(prop_diff[TENANTS]))

    def _replace_extra_specs(self, wanted: dict[str, Any]) -> None:
        nova = self.client()
        current = nova.fetch_flavor_extra_specs(self.resource_id).extra_specs or {}
        for key in set(current) - set(wanted):
            nova.delete_flavor_extra_specs_property(self.resource_id, key)
        if wanted:
            nova.create_flavor_extra_specs(self.resource_id, wanted)

    def _replace_access(self, wanted: set[str]) -> None:
        nova = self.client()
        current = {access["tenant_id"] for access in nova.get_flavor_access(self.resource_id)}
        for project in sorted(current - wanted):
            nova.flavor_remove_tenant_access(self.resource_id, project)
        for project in sorted(wanted - current):
            nova.flavor_add_tenant_access(self.resource_id, project)

    def entity_get(self) -> Any:
        return self.client().get_flavor(self.resource_id, get_extra_specs=True)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Only the extra specs are observed (as upstream does); none in Nova and none in
        the template are the same."""
        live = data.get("extra_specs") or {}
        return {EXTRA_SPECS: live if live or properties.get(EXTRA_SPECS) else None}

    def handle_check(self) -> None:
        """The flavor still exists in Nova."""
        self.entity_get()

    def handle_delete(self) -> None:
        """Delete the flavor; one already gone is not an error."""
        if self.resource_id is not None:
            self.client().delete_flavor(self.resource_id, ignore_missing=True)

    def _resolve_attribute(self, name: str) -> Any:
        flavor = self._show_resource()
        if flavor is None:
            return None
        if name == IS_PUBLIC_ATTR:
            return flavor["is_public"]
        if name == EXTRA_SPECS_ATTR:
            return flavor["extra_specs"] or {}
        return None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Nova::Flavor": NovaFlavor}
