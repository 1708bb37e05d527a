"""``OS::Neutron::RBACPolicy``: a Neutron object (a network, a QoS policy...) shared with
one project, or a network made external for it."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

OBJECT_TYPE, OBJECT_ID, ACTION = "object_type", "object_id", "action"
# Object type: the actions Neutron allows on it. The object types are the client plugin's
# names of the Neutron resources, so an object is found under its own type.
ACTIONS = {
    "network": ("access_as_shared", "access_as_external"),
    "qos_policy": ("access_as_shared",),
    "security_group": ("access_as_shared",),
    "address_scope": ("access_as_shared",),
    "subnetpool": ("access_as_shared",),
}

RBAC_POLICY_PROPERTIES = {
    "action": properties.Schema(
        properties.Schema.STRING,
        _(
            "Action for the RBAC policy. The allowed actions differ for different "
            "object types - only network objects can have an access_as_external "
            "action."
        ),
        required=True,
        constraints=[constraints.AllowedValues(["access_as_shared", "access_as_external"])],
    ),
    "object_id": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the RBAC object."),
        required=True,
    ),
    "object_type": properties.Schema(
        properties.Schema.STRING,
        _("Type of the object that RBAC policy affects."),
        required=True,
        constraints=[constraints.AllowedValues(list(ACTIONS))],
    ),
    "target_tenant": properties.Schema(
        properties.Schema.STRING,
        _("ID of the tenant to which the RBAC policy will be enforced."),
        required=True,
        update_allowed=True,
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _(
            "The owner tenant ID. Only required if the caller has an administrative "
            "role and wants to create a RBAC for another tenant."
        ),
    ),
}


class RBACPolicy(NeutronResource):
    """A Neutron RBAC policy; only its target project changes in place."""

    support_status = support.SupportStatus(version="6.0.0")
    entity = "rbac_policy"
    required_extension = "rbac-policies"
    properties_schema = RBAC_POLICY_PROPERTIES

    def collection_path(self) -> str:
        return "/rbac-policies"

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The object by id, found among the objects of its type."""
        if OBJECT_ID in values:
            values[OBJECT_ID] = self.neutron_id(self.properties[OBJECT_TYPE], values[OBJECT_ID])
        return values

    def validate(self) -> None:
        """The action is one Neutron allows on the object type."""
        super().validate()
        object_type, action = self.properties[OBJECT_TYPE], self.properties[ACTION]
        allowed = ACTIONS[object_type]
        if action in allowed:
            return
        raise exception.StackValidationFailed(
            error=_("Property error"),
            path=["resources", self.name, "properties", ACTION],
            message=_(
                'Invalid action "%(action)s" for object type %(obj_type)s. Valid actions: '
                "%(valid_actions)s"
            )
            % {"action": action, "obj_type": object_type, "valid_actions": ", ".join(allowed)},
        )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::RBACPolicy": RBACPolicy}
