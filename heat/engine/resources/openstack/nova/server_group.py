"""``OS::Nova::ServerGroup``: a group whose servers Nova places on the same host or on
different hosts; any change makes a new group."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.entity_resource import EntityResource

PROPERTIES = (NAME, POLICIES, RULES) = ("name", "policies", "rules")
MAX_SERVER_PER_HOST = "max_server_per_host"

# Nova microversions: the soft policies, then one ``policy`` with ``rules``.
SOFT_POLICIES_VERSION, RULES_VERSION = "2.15", "2.64"
SOFT_POLICIES = ("soft-affinity", "soft-anti-affinity")


class ServerGroup(EntityResource):
    """A Nova server group with one placement policy.

    Servers that name the group in their scheduler hints are placed on one host
    (``affinity``) or each on its own (``anti-affinity``); the soft policies do so when they
    can. ``rules`` limit the servers per host under ``anti-affinity``.
    """

    support_status = support.SupportStatus(version="2014.2")
    default_client_name = "nova"
    entity = "server_groups"

    properties_schema = {
        NAME: properties.Schema(properties.Schema.STRING, _("Server Group name.")),
        POLICIES: properties.Schema(
            properties.Schema.LIST,
            _("A list of exactly one policy to apply. Defaults to anti-affinity."),
            default=["anti-affinity"],
            constraints=[
                constraints.AllowedValues(
                    ["anti-affinity", "affinity", "soft-anti-affinity", "soft-affinity"]
                )
            ],
            schema=properties.Schema(properties.Schema.STRING),
        ),
        RULES: properties.Schema(
            properties.Schema.MAP,
            _("Rules for a policy."),
            schema={
                MAX_SERVER_PER_HOST: properties.Schema(
                    properties.Schema.NUMBER,
                    _("Maximum servers in a group on a given host. Rule for anti-affinity policy."),
                )
            },
            support_status=support.SupportStatus(version="17.0.0"),
        ),
    }

    def validate(self) -> None:
        """Refuse soft policies and rules that the Nova microversion in use lacks."""
        super().validate()
        nova = self.client_plugin()
        soft = set(SOFT_POLICIES) & set(self.properties[POLICIES])
        if soft and not nova.is_version_supported(SOFT_POLICIES_VERSION):
            raise exception.StackValidationFailed(
                message=_("Required microversion for soft policies not supported.")
            )
        if self.properties[RULES] and not nova.is_version_supported(RULES_VERSION):
            raise exception.StackValidationFailed(
                message=_("Required microversion for rules not supported.")
            )

    def physical_resource_name(self) -> str:
        return self.properties[NAME] or super().physical_resource_name()

    def handle_create(self) -> None:
        """Create the group: one ``policy`` and its rules where Nova takes them, else the
        ``policies`` list."""
        policies = self.properties[POLICIES]
        fields: dict[str, Any] = {"name": self.physical_resource_name()}
        if self.client_plugin().is_version_supported(RULES_VERSION):
            fields.update(policy=policies[0], rules=self.properties[RULES] or {})
        else:
            fields["policies"] = policies
        group = self.client().create_server_group(**fields)
        self.resource_id_set(group.id)

    def entity_get(self) -> Any:
        return self.client().get_server_group(self.resource_id)

    def handle_check(self) -> None:
        """The group still exists in Nova."""
        self.entity_get()

    def handle_delete(self) -> None:
        """Delete the group; one already gone is not an error."""
        if self.resource_id is not None:
            self.client().delete_server_group(self.resource_id, ignore_missing=True)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Nova::ServerGroup": ServerGroup}
