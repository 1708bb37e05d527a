"""``OS::Octavia::L7Policy``: what a listener does with requests its rules match."""

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resources.openstack.octavia.octavia_base import ProvisionedObject

PROPERTIES = (
    NAME,
    DESCRIPTION,
    ADMIN_STATE_UP,
    ACTION,
    REDIRECT_POOL,
    REDIRECT_URL,
    POSITION,
    LISTENER,
) = (
    "name",
    "description",
    "admin_state_up",
    "action",
    "redirect_pool",
    "redirect_url",
    "position",
    "listener",
)
ACTIONS = (REJECT, REDIRECT_TO_POOL, REDIRECT_TO_URL) = (
    "REJECT",
    "REDIRECT_TO_POOL",
    "REDIRECT_TO_URL",
)
RULES_ATTR = "rules"


class L7Policy(ProvisionedObject):
    """An L7 policy of a listener: reject, or redirect to a pool or a URL, the requests that
    match all its rules. Policies are tried in ``position`` order; requests no policy takes
    go to the listener's default pool.
    """

    collection = "/lbaas/l7policies"
    key = "l7policy"
    renamed = {LISTENER: "listener_id", REDIRECT_POOL: "redirect_pool_id"}
    finders = {LISTENER: "get_listener", REDIRECT_POOL: "get_pool"}

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of the policy."), update_allowed=True
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING, _("Description of the policy."), update_allowed=True
        ),
        ADMIN_STATE_UP: properties.Schema(
            properties.Schema.BOOLEAN,
            _("The administrative state of the policy."),
            default=True,
            update_allowed=True,
        ),
        ACTION: properties.Schema(
            properties.Schema.STRING,
            _("Action type of the policy."),
            required=True,
            constraints=[constraints.AllowedValues(ACTIONS)],
            update_allowed=True,
        ),
        REDIRECT_POOL: properties.Schema(
            properties.Schema.STRING,
            _("ID or name of the pool for REDIRECT_TO_POOL action type."),
            constraints=[constraints.CustomConstraint("octavia.pool")],
            update_allowed=True,
        ),
        REDIRECT_URL: properties.Schema(
            properties.Schema.STRING,
            _("URL for REDIRECT_TO_URL action type. This should be a valid URL string."),
            update_allowed=True,
        ),
        POSITION: properties.Schema(
            properties.Schema.NUMBER,
            _(
                "L7 policy position in ordered policies list. This must be an integer "
                "starting from 1. If not specified, policy will be placed at the tail of "
                "existing policies list."
            ),
            constraints=[constraints.Range(min=1)],
            update_allowed=True,
        ),
        LISTENER: properties.Schema(
            properties.Schema.STRING,
            _("ID or name of the listener this policy belongs to."),
            required=True,
            constraints=[constraints.CustomConstraint("octavia.listener")],
        ),
    }

    attributes_schema = {
        RULES_ATTR: attributes.Schema(
            _("L7Rules associated with this policy."), type=attributes.Schema.LIST
        ),
    }

    def validate(self) -> None:
        """The redirect target the action needs, and no other."""
        super().validate()
        action = self.properties[ACTION]
        pool, url = self.properties[REDIRECT_POOL], self.properties[REDIRECT_URL]
        if action == REJECT and (pool is not None or url is not None):
            raise exception.StackValidationFailed(
                message=_(
                    "Properties %(pool)s and %(url)s are not required when %(action)s type "
                    "is set to %(action_type)s."
                )
                % {
                    "pool": REDIRECT_POOL,
                    "url": REDIRECT_URL,
                    "action": ACTION,
                    "action_type": REJECT,
                }
            )
        for wanted, needed, unwanted, other in (
            (REDIRECT_TO_POOL, pool, url, (REDIRECT_URL, REDIRECT_TO_URL, REDIRECT_POOL)),
            (REDIRECT_TO_URL, url, pool, (REDIRECT_POOL, REDIRECT_TO_POOL, REDIRECT_URL)),
        ):
            if action != wanted:
                continue
            unwanted_name, unwanted_action, needed_name = other
            if unwanted is not None:
                raise exception.ResourcePropertyValueDependency(
                    prop1=unwanted_name, prop2=ACTION, value=unwanted_action
                )
            if needed is None:
                raise exception.StackValidationFailed(
                    message=_(
                        "Property %(name)s is required when %(action)s type is set to %(value)s."
                    )
                    % {"name": needed_name, "action": ACTION, "value": wanted}
                )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::L7Policy": L7Policy}
