"""``OS::Heat::SoftwareComponent``: one config per lifecycle action, stored as one config.

Each entry of ``configs`` says which actions (CREATE, UPDATE, DELETE, SUSPEND, RESUME) it
serves, its script and the tool that runs it; an action may be served by one entry only.
The stored config is ``{"configs": [...]}`` in the group ``component``, which the
in-server hook of that name reads.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.heat.software_config import (
    CONFIG,
    GROUP,
    INPUTS,
    OPTIONS,
    OUTPUTS,
    SoftwareConfig,
    config_attributes,
    io_schemas,
)

Schema = properties.Schema

CONFIGS = "configs"
CONFIG_KEYS = (ACTIONS, ENTRY_CONFIG, TOOL) = ("actions", "config", "tool")
GROUP_NAME = "component"


class SoftwareComponent(SoftwareConfig):
    """A resource for describing and storing a software component.

    Unlike OS::Heat::SoftwareConfig, which stores one configuration, a component stores
    one per lifecycle action of the software it represents (install, upgrade, removal...),
    each with the tool that applies it.
    """

    support_status = support.SupportStatus(version="2014.2")
    properties_schema = {
        CONFIGS: Schema(
            Schema.LIST,
            _(
                "The list of configurations for the different lifecycle actions of the "
                "represented software component."
            ),
            schema=Schema(
                Schema.MAP,
                schema={
                    ACTIONS: Schema(
                        Schema.LIST,
                        _(
                            "Lifecycle actions to which the configuration applies. The string "
                            "values provided for this property can include the standard "
                            "resource actions CREATE, DELETE, UPDATE, SUSPEND and RESUME "
                            "supported by Heat."
                        ),
                        default=["CREATE", "UPDATE"],
                        schema=Schema(Schema.STRING),
                        constraints=[constraints.Length(min=1)],
                    ),
                    ENTRY_CONFIG: Schema(
                        Schema.STRING,
                        _(
                            "Configuration script or manifest which specifies what actual "
                            "configuration is performed."
                        ),
                    ),
                    TOOL: Schema(
                        Schema.STRING,
                        _(
                            "The configuration tool used to actually apply the configuration "
                            "on a server. This string property has to be understood by "
                            "in-instance tools running inside deployed servers."
                        ),
                        required=True,
                    ),
                },
            ),
            required=True,
            constraints=[constraints.Length(min=1)],
        ),
        **io_schemas,
    }
    attributes_schema = config_attributes

    def validate(self) -> None:
        super().validate()
        served: set[str] = set()
        for entry in self.properties[CONFIGS]:
            actions = set(entry.get(ACTIONS) or [])
            if actions & served:
                raise exception.StackValidationFailed(
                    message=_(
                        "Defining more than one configuration for the same action in "
                        'SoftwareComponent "%s" is not allowed.'
                    )
                    % self.name
                )
            served |= actions

    def stored(self) -> dict[str, Any]:
        return {
            GROUP: GROUP_NAME,
            CONFIG: {CONFIGS: self.properties[CONFIGS]},
            INPUTS: self.properties[INPUTS],
            OUTPUTS: self.properties[OUTPUTS],
            OPTIONS: self.properties[OPTIONS],
        }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::SoftwareComponent": SoftwareComponent}
