"""``OS::Octavia::L7Rule``: one condition of an L7 policy."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resources.openstack.octavia.octavia_base import ProvisionedObject

PROPERTIES = (ADMIN_STATE_UP, L7POLICY, TYPE, COMPARE_TYPE, INVERT, KEY, VALUE) = (
    "admin_state_up",
    "l7policy",
    "type",
    "compare_type",
    "invert",
    "key",
    "value",
)
RULE_TYPES = (HOST_NAME, PATH, FILE_TYPE, HEADER, COOKIE) = (
    "HOST_NAME",
    "PATH",
    "FILE_TYPE",
    "HEADER",
    "COOKIE",
)
COMPARE_TYPES = ("REGEX", "STARTS_WITH", "ENDS_WITH", "CONTAINS", "EQUAL_TO")


class L7Rule(ProvisionedObject):
    """A rule of an L7 policy: compares a part of the request (host, path, file type, a
    header or a cookie) with a value. Octavia keeps rules under their policy."""

    key = "rule"
    named = False

    properties_schema = {
        ADMIN_STATE_UP: properties.Schema(
            properties.Schema.BOOLEAN,
            _("The administrative state of the rule."),
            default=True,
            update_allowed=True,
        ),
        L7POLICY: properties.Schema(
            properties.Schema.STRING,
            _("ID or name of L7 policy this rule belongs to."),
            constraints=[constraints.CustomConstraint("octavia.l7policy")],
            required=True,
        ),
        TYPE: properties.Schema(
            properties.Schema.STRING,
            _("Rule type."),
            constraints=[constraints.AllowedValues(RULE_TYPES)],
            update_allowed=True,
            required=True,
        ),
        COMPARE_TYPE: properties.Schema(
            properties.Schema.STRING,
            _("Rule compare type."),
            constraints=[constraints.AllowedValues(COMPARE_TYPES)],
            update_allowed=True,
            required=True,
        ),
        INVERT: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Invert the compare type."),
            default=False,
            update_allowed=True,
        ),
        KEY: properties.Schema(
            properties.Schema.STRING,
            _("Key to compare. Relevant for HEADER and COOKIE types only."),
            update_allowed=True,
        ),
        VALUE: properties.Schema(
            properties.Schema.STRING, _("Value to compare."), update_allowed=True, required=True
        ),
    }

    def collection_path(self) -> str:
        policy_id = self.client_plugin().get_l7policy(self.properties[L7POLICY])
        return "/lbaas/l7policies/%s/rules" % policy_id

    def create_fields(self) -> dict[str, Any]:
        fields = super().create_fields()
        del fields[L7POLICY]
        return fields

    def validate(self) -> None:
        """HEADER and COOKIE rules say which header or cookie."""
        super().validate()
        if self.properties[TYPE] in (HEADER, COOKIE) and self.properties[KEY] is None:
            raise exception.StackValidationFailed(
                message=_(
                    "Property %(key)s is missing. This property should be specified for rules "
                    "of %(header)s and %(cookie)s types."
                )
                % {"key": KEY, "header": HEADER, "cookie": COOKIE}
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::L7Rule": L7Rule}
