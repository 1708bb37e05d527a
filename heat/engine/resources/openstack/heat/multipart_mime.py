"""``OS::Heat::MultipartMime``: several configs assembled into one multi-part MIME message.

A part's ``config`` is inline text or the id of a stored config, whose config is taken;
a ``multipart`` part's own parts are appended one by one (see :mod:`heat.engine.mime_parts`
for subtypes and file names). cloud-init reads such a message as a server's ``user_data``.
"""

from email.mime import multipart
from typing import Any

from oslo_utils import uuidutils

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, mime_parts, properties, software_configs, support
from heat.engine.resources.openstack.heat.software_config import (
    CONFIG,
    GROUP,
    SoftwareConfig,
    config_attributes,
    group_schema,
)

Schema = properties.Schema

PARTS = "parts"
PART_KEYS = (PART_CONFIG, FILENAME, TYPE, SUBTYPE) = ("config", "filename", "type", "subtype")
PART_TYPES = (TEXT, MULTIPART) = ("text", "multipart")


class MultipartMime(SoftwareConfig):
    """Assembles a collection of software configurations as a multi-part mime.

    Parts hold inline configuration or reference other config resources; a referenced
    config that is itself a multi-part message is broken into its parts, which are
    appended. The result is typically a server's ``user_data``, for cloud-init.
    """

    support_status = support.SupportStatus(version="2014.1")
    properties_schema = {
        PARTS: Schema(
            Schema.LIST,
            _("Parts belonging to this message."),
            default=[],
            schema=Schema(
                Schema.MAP,
                schema={
                    PART_CONFIG: Schema(
                        Schema.STRING,
                        _(
                            "Content of part to attach, either inline or by referencing the "
                            "ID of another software config resource."
                        ),
                        required=True,
                    ),
                    FILENAME: Schema(Schema.STRING, _("Optional filename to associate with part.")),
                    TYPE: Schema(
                        Schema.STRING,
                        _("Whether the part content is text or multipart."),
                        default=TEXT,
                        constraints=[constraints.AllowedValues(list(PART_TYPES))],
                    ),
                    SUBTYPE: Schema(Schema.STRING, _("Optional subtype to specify with the type.")),
                },
            ),
        ),
        GROUP: group_schema("this multi-part configs"),
    }
    attributes_schema = config_attributes

    def _content(self, config: str) -> str:
        if uuidutils.is_uuid_like(config):
            try:
                stored = software_configs.show(self.context, config)[CONFIG]
            except exception.NotFound:
                return config
            return stored if isinstance(stored, str) else str(stored)
        return config

    def message(self) -> str:
        """The multi-part MIME message of the parts."""
        parts: list[Any] = []
        for item in self.properties[PARTS]:
            content = self._content(item[PART_CONFIG])
            if item.get(TYPE) == MULTIPART:
                parts.extend(
                    mime_parts.text_part(*part) for part in mime_parts.split(content) or []
                )
            else:
                parts.append(mime_parts.text_part(content, item.get(SUBTYPE), item.get(FILENAME)))
        return multipart.MIMEMultipart(_subparts=parts).as_string()

    def stored(self) -> dict[str, Any]:
        return {GROUP: self.properties[GROUP], CONFIG: self.message()}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::MultipartMime": MultipartMime}
