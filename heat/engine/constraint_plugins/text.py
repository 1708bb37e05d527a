"""Text format constraints: ``json_string`` (text that parses as JSON)."""

import json
from typing import Any

from heat.common.i18n import _
from heat.engine.constraints import BaseCustomConstraint


class JsonStringConstraint(BaseCustomConstraint):
    """``json_string``: a string holding a JSON document (empty is accepted)."""

    def validate(self, value: Any, context: Any) -> None:
        if not value:
            return
        if not isinstance(value, str):
            raise ValueError(_("'%s' is not a string") % (value,))
        try:
            json.loads(value)
        except ValueError as error:
            raise ValueError(_("Invalid JSON string: %s") % error)
