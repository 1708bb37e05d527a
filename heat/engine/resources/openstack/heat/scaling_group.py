"""What the groups scaling policies resize share: bounds, cooldown, adjustments.

``OS::Heat::AutoScalingGroup`` and ``AWS::AutoScaling::AutoScalingGroup`` differ in their
members and property names; both keep their size between two bounds, change it one
adjustment at a time and not during the cooldown that follows a change, and tell the
notifier when an adjustment starts, fails and ends.
"""

from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import resource_states as states
from heat.engine.resource import NoActionRequired
from heat.engine.resources.openstack.heat.planned_group import PlannedGroup
from heat.engine.scaling import capacity, cooldown

LOG = logging.getLogger(__name__)


class ScalingGroup(PlannedGroup):
    """A planned group that scaling policies adjust (:meth:`adjust`)."""

    def size_bounds(self) -> tuple[int, int]:
        """``(minimum, maximum)`` size of the group."""
        raise NotImplementedError

    def default_cooldown(self) -> float | None:
        """The cooldown after a change, in seconds, when the policy gives none."""
        raise NotImplementedError

    def current_size(self) -> int:
        """How many members the group has, not counting failed ones."""
        raise NotImplementedError

    def resize(self, size: int) -> None:
        """Give the group ``size`` members now (in this thread)."""
        raise NotImplementedError

    def bounded(
        self,
        size: int,
        adjustment: float,
        kind: str = capacity.EXACT_CAPACITY,
        min_step: int | None = None,
    ) -> int:
        """The size ``adjustment`` of ``kind`` gives a group of ``size``, within bounds."""
        low, high = self.size_bounds()
        return capacity.new_capacity(size, adjustment, kind, low, high, min_step)

    def handle_metadata_reset(self) -> None:
        """Forget an adjustment that never finished (the resource was marked healthy)."""
        cooldown.reset(self)

    def adjust(
        self,
        adjustment: float,
        adjustment_type: str = capacity.CFN_CHANGE_IN_CAPACITY,
        min_adjustment_step: int | None = None,
        cooldown_secs: float | None = None,
    ) -> None:
        """Change the size as a policy says, unless the group is busy, cooling down, or
        already at the size it would go to (NoActionRequired)."""
        if self.status != states.COMPLETE:
            LOG.info("%s is not scaled while it is %s_%s", self.name, self.action, self.status)
            raise NoActionRequired(self.name, "the group is %s_%s" % (self.action, self.status))
        size = self.current_size()
        target = self.bounded(size, adjustment, adjustment_type, min_adjustment_step)
        if target == size:
            LOG.info("%s is not scaled: its capacity would not change", self.name)
            raise NoActionRequired(self.name, "no change in capacity")
        if cooldown_secs is None:
            cooldown_secs = self.default_cooldown()
        cooldown.claim(self, cooldown_secs)
        details = {
            "adjustment": adjustment,
            "adjustment_type": adjustment_type,
            "capacity": size,
            "groupname": self.FnGetRefId(),
        }
        self._notify("start", details, _("Start resizing the group %s") % details["groupname"])
        resized = False
        try:
            self.resize(target)
            resized = True
        except Exception as error:
            LOG.error("Scaling group %s failed to resize: %s", self.name, error)
            self._notify("error", dict(details, capacity=self.current_size()), str(error))
            raise
        finally:
            self.cool_down(adjustment_type, adjustment, cooldown_secs, resized)
        ended = _("End resizing the group %s") % details["groupname"]
        self._notify("end", dict(details, capacity=target), ended)

    def cool_down(
        self, kind: str, adjustment: Any, seconds: float | None = None, changed: bool = True
    ) -> None:
        """Start the cooldown that follows a change of size (of ``kind`` by ``adjustment``)."""
        if seconds is None:
            seconds = self.default_cooldown()
        try:
            cooldown.finish(self, seconds, "%s : %s" % (kind, adjustment), changed)
        except exception.ResourceNotAvailable:
            LOG.info("Scaling group %s is being deleted: no cooldown kept", self.name)

    def _notify(self, phase: str, details: dict[str, Any], message: str) -> None:
        notifier = self.stack.notifier
        if notifier is not None:
            notifier.autoscaling(self.stack, phase, message=message, **details)
