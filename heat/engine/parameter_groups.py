"""Validation of a template's ``parameter_groups`` section.

The section is a list of ``{label, description, parameters: [names]}``; every name must be a
parameter of the template (pseudo parameters count) and belong to one group only. Errors are
``StackValidationFailed`` with the error ``Parameter Groups error`` and a path naming the group.
"""

from collections.abc import Iterable
from typing import Any

from heat.common import exception
from heat.common.i18n import _

PARAMETER_GROUPS = "parameter_groups"
PARAMETERS = "parameters"
LABEL = "label"


class ParameterGroups:
    """The ``parameter_groups`` of a template, checked against its parameter names."""

    def __init__(self, parameter_groups: Any, parameter_names: Iterable[str]):
        self.parameter_groups = parameter_groups
        self.parameter_names = set(parameter_names)

    def validate(self) -> None:
        """Raise ``StackValidationFailed`` for the first fault in the section."""
        if not self.parameter_groups:
            return
        if not isinstance(self.parameter_groups, list):
            raise _error([PARAMETER_GROUPS], _("The %s should be a list.") % PARAMETER_GROUPS)
        grouped: set[str] = set()
        for group in self.parameter_groups:
            if not isinstance(group, dict):
                raise _error([PARAMETER_GROUPS], _("Each parameter group should be a map."))
            self._validate_group(group, grouped)

    def _validate_group(self, group: dict, grouped: set[str]) -> None:
        path = [PARAMETER_GROUPS, group.get(LABEL, "")]
        names = group.get(PARAMETERS)
        if names is None:
            raise _error(path, _("The %s must be provided for each parameter group.") % PARAMETERS)
        if not isinstance(names, list):
            raise _error(path, _("The %s of parameter group should be a list.") % PARAMETERS)
        for name in names:
            if isinstance(name, str) and name in grouped:
                raise _error(
                    path, _("The %s parameter must be assigned to one parameter group only.") % name
                )
            if not isinstance(name, str) or name not in self.parameter_names:
                raise _error(
                    path,
                    _("The grouped parameter %s does not reference a valid parameter.") % (name,),
                )
            grouped.add(name)


def _error(path: list, message: str) -> exception.StackValidationFailed:
    return exception.StackValidationFailed(
        error=_("Parameter Groups error"), path=path, message=message
    )
