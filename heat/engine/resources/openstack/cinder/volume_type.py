"""``OS::Cinder::VolumeType``: a volume type with extra specs, public or shared with some
projects; everything changes in place."""

from typing import Any, ClassVar

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

PROPERTIES = (NAME, METADATA, IS_PUBLIC, DESCRIPTION, PROJECTS) = (
    "name",
    "metadata",
    "is_public",
    "description",
    "projects",
)


class CinderVolumeType(SdkEntityResource):
    """A Cinder volume type: the back end and options a volume of the type gets.

    Only administrators may manage volume types. Its extra specs are the ``metadata``;
    a private type (``is_public: false``) is usable by the projects listed.
    """

    support_status = support.SupportStatus(version="2015.1")
    default_client_name: ClassVar[str | None] = "cinder"
    entity = "type"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("Name of the volume type."),
            required=True,
            update_allowed=True,
        ),
        METADATA: properties.Schema(
            properties.Schema.MAP,
            _("The extra specs key and value pairs of the volume type."),
            update_allowed=True,
        ),
        IS_PUBLIC: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Whether the volume type is accessible to the public."),
            default=True,
            update_allowed=True,
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of the volume type."),
            update_allowed=True,
        ),
        PROJECTS: properties.Schema(
            properties.Schema.LIST,
            _(
                "Projects to add volume type access to. NOTE: This property is only "
                "supported since Cinder API V2."
            ),
            update_allowed=True,
            schema=properties.Schema(
                properties.Schema.STRING,
                constraints=[constraints.CustomConstraint("keystone.project")],
            ),
            default=[],
        ),
    }

    def handle_create(self) -> None:
        cinder = self.client()
        volume_type = cinder.create_type(
            name=self.properties[NAME],
            description=self.properties[DESCRIPTION],
            is_public=self.properties[IS_PUBLIC],
        )
        self.resource_id_set(volume_type.id)
        if self.properties[METADATA]:
            cinder.update_type_extra_specs(volume_type, **self.properties[METADATA])
        self._grant(self.properties[PROJECTS])

    def _grant(self, projects: Any) -> None:
        keystone = self.client_plugin("keystone")
        for project in projects:
            self.client().add_type_access(self.resource_id, keystone.get_project_id(project))

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Rename, describe, publish; replace the extra specs; grant and revoke projects
        (of a private type)."""
        cinder = self.client()
        changes = {
            key: prop_diff[key] for key in (NAME, DESCRIPTION, IS_PUBLIC) if key in prop_diff
        }
        if changes:
            # openstacksdk sends is_public under its create-time name, which Cinder's
            # update refuses: the update body is written here.
            response = cinder.put("/types/%s" % self.resource_id, json={"volume_type": changes})
            sdk_exceptions.raise_from_response(response)
        if METADATA in prop_diff:
            old_keys = list(cinder.get_type(self.resource_id).extra_specs or {})
            if old_keys:
                cinder.delete_type_extra_specs(self.resource_id, old_keys)
            if prop_diff[METADATA]:
                cinder.update_type_extra_specs(self.resource_id, **prop_diff[METADATA])
        if PROJECTS in prop_diff and not self.properties[IS_PUBLIC]:
            self._change_access(prop_diff[PROJECTS] or [])

    def _change_access(self, projects: list[str]) -> None:
        cinder = self.client()
        granted = {access["project_id"] for access in cinder.get_type_access(self.resource_id)}
        for project_id in granted - set(projects):
            cinder.remove_type_access(self.resource_id, project_id)
        self._grant(set(projects) - granted)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Name, description, extra specs, publicity and (of a private type) the projects
        with access, as Cinder has them; projects the template names are compared by id."""
        is_public = data.get("os-volume-type-access:is_public", data.get("is_public"))
        specs = data.get("extra_specs") or {}
        return {
            NAME: data.get(NAME),
            DESCRIPTION: data.get(DESCRIPTION),
            METADATA: specs if specs or properties.get(METADATA) else properties.get(METADATA),
            IS_PUBLIC: is_public,
            PROJECTS: [] if is_public else self._live_projects(properties.get(PROJECTS) or []),
        }

    def _live_projects(self, stored: list[str]) -> list[str]:
        granted = {
            access["project_id"] for access in self.client().get_type_access(self.resource_id)
        }
        keystone = self.client_plugin("keystone")
        if granted == {keystone.get_project_id(project) for project in stored}:
            return stored
        return sorted(granted)

    def validate(self) -> None:
        """A public type is not shared with projects: everyone has it."""
        super().validate()
        if self.properties[PROJECTS] and self.properties[IS_PUBLIC]:
            raise exception.StackValidationFailed(
                message=_('Can not specify property "%s" if the volume type is public.') % PROJECTS
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Cinder::VolumeType": CinderVolumeType}
