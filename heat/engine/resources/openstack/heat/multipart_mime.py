"""``OS::Heat::MultipartMime``: several configs assembled into one multi-part MIME message.

A part's ``config`` is inline text or the id of a stored config, whose config is taken;
a ``multipart`` part's own parts are appended one by one. A text part's subtype is the
given one, else the stem of its file name (``x-shellscript.sh`` gives ``x-shellscript``),
else ``plain``; a file name becomes the part's ``Content-Disposition``. cloud-init reads
such a message as a server's ``user_data``.
"""

import email
import os
from email.mime import multipart, text
from typing import Any

from oslo_utils import uuidutils

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, software_configs, support
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


def _text_part(content: str, subtype: str | None, filename: str | None) -> text.MIMEText:
    if not subtype and filename:
        subtype = os.path.splitext(filename)[0]
    charset = "us-ascii" if content.isascii() else "utf-8"
    part = text.MIMEText(content, subtype or "plain", charset)
    if filename:
        part.add_header("Content-Disposition", "attachment", filename=filename)
    return part


def _subparts(message_text: str) -> list[text.MIMEText]:
    message = email.message_from_string(message_text)
    if not message.is_multipart():
        return []
    parts: list[Any] = list(message.get_payload())
    return [
        _text_part(_decoded(part), part.get_content_subtype(), part.get_filename())
        for part in parts
    ]


def _decoded(part: Any) -> str:
    payload = part.get_payload(decode=True) or b""
    return payload.decode(part.get_content_charset() or "utf-8")


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
                parts.extend(_subparts(content))
            else:
                parts.append(_text_part(content, item.get(SUBTYPE), item.get(FILENAME)))
        return multipart.MIMEMultipart(_subparts=parts).as_string()

    def stored(self) -> dict[str, Any]:
        return {GROUP: self.properties[GROUP], CONFIG: self.message()}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::MultipartMime": MultipartMime}
