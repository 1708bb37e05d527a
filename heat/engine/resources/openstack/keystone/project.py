"""``OS::Keystone::Project``: a project of a domain, maybe under a parent project; all but its
parent changes in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support

PROPERTIES = (NAME, DOMAIN, DESCRIPTION, ENABLED, PARENT, TAGS) = (
    "name",
    "domain",
    "description",
    "enabled",
    "parent",
    "tags",
)

ATTRIBUTES = (NAME_ATTR, PARENT_ATTR, DOMAIN_ATTR, ENABLED_ATTR, IS_DOMAIN_ATTR) = (
    "name",
    "parent_id",
    "domain_id",
    "enabled",
    "is_domain",
)


def _attribute(description: str, type: str) -> attributes.Schema:
    return attributes.Schema(
        description, type=type, support_status=support.SupportStatus(version="10.0.0")
    )


class KeystoneProject(KeystoneResource):
    """A Keystone project.

    Users are granted roles on projects, and the other services' resources belong to
    projects. A project lives in one domain (``default`` unless the template names another),
    where its name is unique, and may sit under a parent project of that domain.
    """

    support_status = keystone_support("2015.1")
    entity = "projects"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of keystone project."), update_allowed=True
        ),
        DOMAIN: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of keystone domain."),
            default="default",
            update_allowed=True,
            constraints=[constraints.CustomConstraint("keystone.domain")],
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of keystone project."),
            default="",
            update_allowed=True,
        ),
        ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("This project is enabled or disabled."),
            default=True,
            update_allowed=True,
        ),
        PARENT: properties.Schema(
            properties.Schema.STRING,
            _("The name or ID of parent of this keystone project in hierarchy."),
            support_status=support.SupportStatus(version="6.0.0"),
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        TAGS: properties.Schema(
            properties.Schema.LIST,
            _("A list of tags for labeling and sorting projects."),
            support_status=support.SupportStatus(version="10.0.0"),
            default=[],
            update_allowed=True,
        ),
    }

    attributes_schema = {
        NAME_ATTR: _attribute(_("Project name."), attributes.Schema.STRING),
        PARENT_ATTR: _attribute(_("Parent project id."), attributes.Schema.STRING),
        DOMAIN_ATTR: _attribute(_("Domain id for project."), attributes.Schema.STRING),
        ENABLED_ATTR: _attribute(_("Flag of enable project."), attributes.Schema.BOOLEAN),
        IS_DOMAIN_ATTR: _attribute(
            _("Indicates whether the project also acts as a domain."), attributes.Schema.BOOLEAN
        ),
    }

    def _name(self, name: str | None) -> str:
        return name or self.physical_resource_name()

    def _domain_id(self) -> str:
        return self.client_plugin().get_domain_id(self.properties[DOMAIN])

    def handle_create(self) -> None:
        """Create the project in the domain and under the parent named or identified (named
        after the resource when no name is given)."""
        parent = self.properties[PARENT]
        project = self.client().projects.create(
            name=self._name(self.properties[NAME]),
            domain=self._domain_id(),
            description=self.properties[DESCRIPTION],
            enabled=self.properties[ENABLED],
            parent=self.client_plugin().get_project_id(parent) if parent else None,
            tags=self.properties[TAGS],
        )
        self.resource_id_set(project.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Keystone the properties that changed along with the template's domain, which
        Keystone refuses unless it is the project's own (projects never change domain)."""
        if not prop_diff:
            return
        changes = {key: prop_diff[key] for key in (DESCRIPTION, ENABLED, TAGS) if key in prop_diff}
        if NAME in prop_diff:
            changes[NAME] = self._name(prop_diff[NAME])
        self.client().projects.update(project=self.resource_id, domain=self._domain_id(), **changes)

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        return getattr(self.entity_get(), name, None)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::Project": KeystoneProject}
