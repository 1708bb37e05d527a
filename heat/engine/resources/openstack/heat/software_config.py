"""``OS::Heat::SoftwareConfig`` and ``OS::Heat::StructuredConfig``: configs a template stores.

The config API keeps configs immutable, so any change of the definition replaces the
resource: a new config is stored and the old one deleted. The physical id (``Ref``) is the
config's id, which config-aware properties take (a deployment's ``config``, a multipart
part). ``config`` gives the stored config. A StructuredConfig's config is a map rather
than a script, for tools configured in YAML or JSON.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import (
    attributes,
    properties,
    resource,
    software_config_io,
    software_configs,
    software_limits,
    support,
)
from heat.rpc import api as rpc_api

Schema = properties.Schema

PROPERTIES = (GROUP, CONFIG, OPTIONS, INPUTS, OUTPUTS) = (
    "group",
    "config",
    "options",
    "inputs",
    "outputs",
)
CONFIG_ATTR = "config"
UNGROUPED = "Heat::Ungrouped"


def group_schema(what: str = "this software config") -> Schema:
    return Schema(
        Schema.STRING,
        _(
            "Namespace to group %s by when delivered to a server. This may imply what "
            "configuration tool is going to perform the configuration."
        )
        % what,
        default=UNGROUPED,
    )


io_schemas = {
    OPTIONS: Schema(
        Schema.MAP,
        _(
            "Map containing options specific to the configuration management tool used by "
            "this resource."
        ),
    ),
    INPUTS: Schema(
        Schema.LIST,
        _("Schema representing the inputs that this software config is expecting."),
        schema=Schema(Schema.MAP, schema=software_config_io.INPUT_SCHEMA),
    ),
    OUTPUTS: Schema(
        Schema.LIST,
        _("Schema representing the outputs that this software config will produce."),
        schema=Schema(Schema.MAP, schema=software_config_io.OUTPUT_SCHEMA),
    ),
}
config_attributes = {
    CONFIG_ATTR: attributes.Schema(
        _("The config value of the software config."), type=attributes.Schema.STRING
    ),
}


class SoftwareConfig(resource.Resource):
    """A resource for describing and storing software configuration.

    The config can be used by the template that defines it or passed to another stack
    as a parameter; config-aware properties (a server's ``user_data``, a deployment's
    ``config``, a multipart part) take its id. Besides the script, it may declare the
    inputs the script consumes and the outputs it produces, in the terms of the
    configuration tool (``group``).
    """

    support_status = support.SupportStatus(version="2014.1")
    properties_schema = {
        GROUP: group_schema(),
        CONFIG: Schema(
            Schema.STRING,
            _(
                "Configuration script or manifest which specifies what actual configuration "
                "is performed."
            ),
        ),
        **io_schemas,
    }
    attributes_schema = config_attributes

    def stored(self) -> dict[str, Any]:
        """``group, config, inputs, outputs, options`` of the config to store."""
        return {key: self.properties.get(key) for key in PROPERTIES}

    def handle_create(self) -> None:
        """Store the config; the physical id is its id."""
        stored = self.stored()
        software_limits.check_configs(self.context, self.stack.settings.conf)
        created = software_configs.create(
            self.context,
            stored[GROUP],
            self.physical_resource_name(),
            stored[CONFIG],
            stored.get(INPUTS) or [],
            stored.get(OUTPUTS) or [],
            stored.get(OPTIONS),
        )
        self.resource_id_set(created[rpc_api.SOFTWARE_CONFIG_ID])

    def handle_delete(self) -> None:
        """Delete the config; gone already is fine."""
        if self.resource_id is None:
            return
        try:
            software_configs.delete(self.context, self.resource_id)
        except exception.NotFound:
            pass

    def _resolve_attribute(self, name: str) -> Any:
        if name != CONFIG_ATTR or self.resource_id is None:
            return None
        try:
            return software_configs.show(self.context, self.resource_id)[CONFIG_ATTR]
        except exception.NotFound:
            return None


class StructuredConfig(SoftwareConfig):
    """A SoftwareConfig whose config is a map rather than a string.

    For configuration tools whose syntax is YAML or JSON: the map is delivered to the
    server as it is, and serialised there to the format the tool reads.
    """

    properties_schema = {
        **SoftwareConfig.properties_schema,
        CONFIG: Schema(
            Schema.MAP,
            _(
                "Map representing the configuration data structure which will be serialized "
                "to JSON format."
            ),
        ),
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Heat::SoftwareConfig": SoftwareConfig,
        "OS::Heat::StructuredConfig": StructuredConfig,
    }
