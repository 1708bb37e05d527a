"""``OS::Heat::CloudConfig``: a cloud-init ``#cloud-config`` document stored as a config.

Intrinsic functions in ``cloud_config`` are resolved first; the map is then written as
YAML after the ``#cloud-config`` line, which is what a server's ``user_data`` (or a
multipart part) hands to cloud-init.
"""

from typing import Any

import yaml

from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.openstack.heat.software_config import (
    CONFIG,
    GROUP,
    UNGROUPED,
    SoftwareConfig,
    config_attributes,
)

CLOUD_CONFIG = "cloud_config"
HEADER = "#cloud-config\n"


def cloud_config_text(cloud_config: Any) -> str:
    """The ``#cloud-config`` document of a cloud-config map."""
    return HEADER + yaml.safe_dump(cloud_config, default_flow_style=False)


class CloudConfig(SoftwareConfig):
    """A configuration resource for representing cloud-init cloud-config.

    The cloud-config YAML is defined in the template, stored by the config API, and
    usually referenced by a server's ``user_data`` or by a part of an
    ``OS::Heat::MultipartMime``.
    """

    support_status = support.SupportStatus(version="2014.1")
    properties_schema = {
        CLOUD_CONFIG: properties.Schema(
            properties.Schema.MAP,
            _("Map representing the cloud-config data structure which will be formatted as YAML."),
        ),
    }
    attributes_schema = config_attributes

    def stored(self) -> dict[str, Any]:
        return {GROUP: UNGROUPED, CONFIG: cloud_config_text(self.properties[CLOUD_CONFIG])}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::CloudConfig": CloudConfig}
