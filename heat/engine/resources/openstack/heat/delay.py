"""``OS::Heat::Delay``: a pause of ``min_wait`` seconds plus random jitter during chosen
actions.

The wait is made by the completion checks answering "not yet" while the engine yields;
the jitter is uniform in ``[0, max_jitter * jitter_multiplier)`` seconds.
"""

import random
import time
from typing import NamedTuple

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, resource, support
from heat.engine import resource_states as states

PROPERTIES = (MIN_WAIT_SECS, MAX_JITTER, JITTER_MULTIPLIER_SECS, DELAY_ACTIONS) = (
    "min_wait",
    "max_jitter",
    "jitter_multiplier",
    "actions",
)
ALLOWED_ACTIONS = (states.CREATE, states.DELETE, states.SUSPEND, states.RESUME)


class Wait(NamedTuple):
    """The token of an action that completes ``seconds`` after ``started`` (monotonic)."""

    started: float
    seconds: float


class Delay(resource.Resource):
    """A resource that pauses for a configurable delay.

    By manipulating the dependency relationships between resources in the template, a
    delay can be inserted at an arbitrary point during e.g. stack creation or deletion.
    The delay will occur after any resource that it depends on during CREATE or SUSPEND,
    and before any resource that it depends on during DELETE or RESUME. Similarly, it will
    occur before any resource that depends on it during CREATE or SUSPEND, and after any
    resource that depends on it during DELETE or RESUME.

    If a non-zero maximum jitter is specified, a random amount of jitter - chosen with
    uniform probability in the range from 0 to the product of the maximum jitter value and
    the jitter multiplier (1s by default) - is added to the minimum delay time. This can be
    used, for example, in the scaled unit of a large scaling group to prevent 'thundering
    herd' issues.
    """

    support_status = support.SupportStatus(version="11.0.0")
    # It makes nothing outside the database: its writes can be batched.
    durable_writes = False

    properties_schema = {
        MIN_WAIT_SECS: properties.Schema(
            properties.Schema.NUMBER,
            _("Minimum time in seconds to wait during the specified actions."),
            update_allowed=True,
            default=0,
            constraints=[constraints.Range(min=0)],
        ),
        MAX_JITTER: properties.Schema(
            properties.Schema.NUMBER,
            _("Maximum jitter to add to the minimum wait time."),
            update_allowed=True,
            default=0,
            constraints=[constraints.Range(min=0)],
        ),
        JITTER_MULTIPLIER_SECS: properties.Schema(
            properties.Schema.NUMBER,
            _("Number of seconds to multiply the maximum jitter value by."),
            update_allowed=True,
            default=1.0,
            constraints=[constraints.Range(min=0)],
        ),
        DELAY_ACTIONS: properties.Schema(
            properties.Schema.LIST,
            _("Actions during which the delay will occur."),
            update_allowed=True,
            default=[states.CREATE],
            constraints=[constraints.AllowedValues(ALLOWED_ACTIONS)],
        ),
    }

    def _delay_parameters(self) -> tuple[float, float]:
        """``(minimum wait, maximum jitter)`` in seconds."""
        jitter = self.properties[MAX_JITTER] * self.properties[JITTER_MULTIPLIER_SECS]
        return self.properties[MIN_WAIT_SECS], jitter

    def validate(self) -> None:
        """The schema's checks, then (strict validation only) that the longest delay fits
        in the stack's timeout."""
        super().validate()
        if not self.stack.strict_validate:
            return
        minimum, jitter = self._delay_parameters()
        longest = minimum + jitter
        if longest > self.stack.timeout_secs():
            raise exception.StackValidationFailed(
                message=_("%(res_type)s maximum delay %(max_wait)ss exceeds stack timeout.")
                % {"res_type": self.type(), "max_wait": longest}
            )

    def _start(self) -> Wait:
        """The wait of the current action: none unless ``actions`` names it."""
        if self.action not in self.properties[DELAY_ACTIONS]:
            return Wait(time.monotonic(), 0)
        minimum, jitter = self._delay_parameters()
        return Wait(time.monotonic(), minimum + jitter * random.random())

    @staticmethod
    def _waited(token: Wait) -> bool:
        return not token.seconds or time.monotonic() - token.started >= token.seconds

    def handle_create(self) -> Wait:
        """Start the create delay."""
        return self._start()

    def handle_delete(self) -> Wait:
        """Start the delete delay."""
        return self._start()

    def handle_suspend(self) -> Wait:
        """Start the suspend delay."""
        return self._start()

    def handle_resume(self) -> Wait:
        """Start the resume delay."""
        return self._start()

    def check_create_complete(self, token: Wait) -> bool:
        """Whether the delay is over."""
        return self._waited(token)

    def check_delete_complete(self, token: Wait) -> bool:
        """Whether the delay is over."""
        return self._waited(token)

    def check_suspend_complete(self, token: Wait) -> bool:
        """Whether the delay is over."""
        return self._waited(token)

    def check_resume_complete(self, token: Wait) -> bool:
        """Whether the delay is over."""
        return self._waited(token)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::Delay": Delay}
