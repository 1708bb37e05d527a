"""What ``OS::Heat::ScalingPolicy`` and ``AWS::AutoScaling::ScalingPolicy`` share.

A policy is signalled (by an alarm, or anyone holding its URL) and adjusts the group its
group property names by reference id: by a number of members, to an exact size, or by a
percentage. As in OpenStack Heat, every signal adjusts, whatever alarm state it reports;
the group's cooldown (the policy's ``cooldown`` when it has one) spaces adjustments out.
The policy owns a stack user whose EC2 keypair signs its never-expiring alarm URL.
"""

from typing import Any, ClassVar

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resources import signal_urls
from heat.engine.resources.signal_responder import SignalResponder
from heat.engine.resources.stack_user import ACCESS_KEY

LOG = logging.getLogger(__name__)
Schema = properties.Schema


def properties_schema(
    names: tuple[str, str, str, str, str],
    group_description: str,
    number_type: str,
    adjustment_types: tuple[str, ...],
    percent_type: str,
) -> dict[str, Schema]:
    """The properties of a policy dialect: ``names`` of (group, adjustment, adjustment
    type, cooldown, minimum step), ``number_type`` of the adjustment and the cooldown."""
    group, adjustment, adjustment_type, cooldown, min_step = names
    return {
        group: Schema(Schema.STRING, group_description, required=True),
        adjustment: Schema(
            number_type, _("Size of adjustment."), required=True, update_allowed=True
        ),
        adjustment_type: Schema(
            Schema.STRING,
            _("Type of adjustment (absolute or percentage)."),
            required=True,
            constraints=[constraints.AllowedValues(list(adjustment_types))],
            update_allowed=True,
        ),
        cooldown: Schema(number_type, _("Cooldown period, in seconds."), update_allowed=True),
        min_step: Schema(
            Schema.INTEGER,
            _(
                "Minimum number of resources that are added or removed when the AutoScaling "
                "group scales up or down. This can be used only when specifying "
                "%(percent)s for the %(type)s property."
            )
            % {"percent": percent_type, "type": adjustment_type},
            constraints=[constraints.Range(min=0)],
            update_allowed=True,
        ),
    }


class ScalingPolicy(SignalResponder):
    """A resource whose signals resize a scaling group of its stack."""

    # Its property names, in the spelling of its template dialect.
    GROUP: ClassVar[str]
    ADJUSTMENT: ClassVar[str]
    ADJUSTMENT_TYPE: ClassVar[str]
    COOLDOWN: ClassVar[str]
    MIN_ADJUSTMENT_STEP: ClassVar[str]
    # The adjustment type ``MIN_ADJUSTMENT_STEP`` applies to.
    PERCENT_TYPE: ClassVar[str]
    # Adjusting a group updates its nested stack: never together with a stack action.
    signal_locks_stack = True

    def validate(self) -> None:
        super().validate()
        step = self.properties[self.MIN_ADJUSTMENT_STEP]
        if step is not None and self.properties[self.ADJUSTMENT_TYPE] != self.PERCENT_TYPE:
            raise exception.ResourcePropertyValueDependency(
                prop1=self.MIN_ADJUSTMENT_STEP, prop2=self.ADJUSTMENT_TYPE, value=self.PERCENT_TYPE
            )

    def handle_create(self) -> None:
        """Make the stack user and its keypair; the resource id is the user's id."""
        super().handle_create()
        self.resource_id_set(self.user_id())
        self.create_keypair()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Nothing to do: the next signal reads the new properties."""

    def alarm_url(self) -> str | None:
        """The CloudFormation API URL that signals the policy, pre-signed without expiry;
        None until its create has made the keypair. Reading it never makes credentials: a
        step of a convergence traversal may read it (through ``Ref``) while another step
        creates the policy, and would make a second keypair, or a URL of the wrong one."""
        if self.resource_id is None or not self.data().get(ACCESS_KEY):
            return None
        return self.ec2_signed_url(signal_urls.SIGNAL, never_expire=True)

    def handle_signal(self, details: Any = None) -> None:
        """Adjust the group (NoActionRequired when it need not or may not change now)."""
        state = "alarm"
        if isinstance(details, dict):
            state = str(details.get("current", details.get("state", "alarm"))).lower()
        LOG.info("Alarm %s, new state %s", self.name, state)
        group_id = self.properties[self.GROUP]
        group = self.stack.resource_by_refid(group_id)
        if group is None:
            raise exception.NotFound(
                message=_('Alarm %(alarm)s could not find scaling group named "%(group)s"')
                % {"alarm": self.name, "group": group_id}
            )
        if not callable(getattr(group, "adjust", None)):
            raise exception.Error(
                _("%(group)s of type %(type)s is not a scaling group")
                % {"group": group.name, "type": group.type()}
            )
        LOG.info(
            "%s alarm, adjusting group %s by %s",
            self.name,
            group.name,
            self.properties[self.ADJUSTMENT],
        )
        group.adjust(
            self.properties[self.ADJUSTMENT],
            self.properties[self.ADJUSTMENT_TYPE],
            self.properties[self.MIN_ADJUSTMENT_STEP],
            self.properties[self.COOLDOWN],
        )
