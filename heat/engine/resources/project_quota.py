"""The base of the ``*::Quota`` types: one service's limits for one project, set from the
limits the template gives, and the service's defaults back when the resource goes.

Only administrators may set quotas; two such resources for one project would overwrite
each other's limits.
"""

from typing import Any, ClassVar

from heat.common import exception
from heat.engine import constraints, properties
from heat.engine.resource import Resource

PROJECT = "project"


def limit_schema(description: str | None, **options: Any) -> properties.Schema:
    """An integer limit changed in place; -1 removes the limit."""
    return properties.Schema(
        properties.Schema.INTEGER,
        description,
        constraints=[constraints.Range(min=-1)],
        update_allowed=True,
        **options,
    )


class ProjectQuota(Resource):
    """The limits ``limit_names`` of the project ``project`` names."""

    #: The limit properties, in the order the "give at least one" error names them.
    limit_names: ClassVar[tuple[str, ...]]

    def project_id(self) -> str:
        return self.client_plugin("keystone").get_project_id(self.properties[PROJECT])

    def given_limits(self) -> dict[str, int]:
        """The limits the template gives."""
        values = {name: self.properties[name] for name in self.limit_names}
        return {name: value for name, value in values.items() if value is not None}

    def set_limits(self, project_id: str, limits: dict[str, int]) -> None:
        """Give the project these limits in the service."""
        raise NotImplementedError

    def revert_limits(self, project_id: str) -> None:
        """Put the project back on the service's defaults."""
        raise NotImplementedError

    def handle_create(self) -> None:
        self.set_limits(self.project_id(), self.given_limits())
        self.resource_id_set(self.physical_resource_name())

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        self.set_limits(self.project_id(), self.given_limits())

    def handle_delete(self) -> None:
        """Back to the defaults; a project (or its quotas) already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.revert_limits(self.project_id())
        except Exception as error:  # either service's "not found" ends the deletion
            if not self.client_plugin("keystone").is_not_found(error):
                self.client_plugin().ignore_not_found(error)

    def validate(self) -> None:
        """At least one limit is given."""
        super().validate()
        if not self.given_limits():
            raise exception.PropertyUnspecifiedError(props=", ".join(self.limit_names))
