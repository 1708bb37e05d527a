"""Constraints for tests and for retired names.

``test_constr`` sleeps for the value's number of seconds (tests use it to make validation
slow on purpose); ``nova.network`` accepts everything since nova-network is gone.
"""

import time
from typing import Any

from heat.common.i18n import _
from heat.engine.constraints import BaseCustomConstraint, to_number


class TestConstraintDelay(BaseCustomConstraint):
    """``test_constr``: wait ``value`` seconds (a cooperative sleep under eventlet), then pass."""

    def validate(self, value: Any, context: Any) -> None:
        seconds = to_number(value)
        if seconds < 0:
            raise ValueError(_("A delay must not be negative"))
        time.sleep(seconds)


class NoOpConstraint(BaseCustomConstraint):
    """A name kept for old templates whose check no longer applies: every value passes."""

    def validate(self, value: Any, context: Any) -> None:
        return None
