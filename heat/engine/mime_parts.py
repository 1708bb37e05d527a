"""Text parts of multi-part MIME messages, as cloud-init reads them in a server's user data.

A part's subtype is the given one, else the stem of its file name (``x-shellscript.sh``
gives ``x-shellscript``), else ``plain``; a file name becomes its ``Content-Disposition``.
"""

import email
import os
from email.mime import text
from typing import Any

Part = tuple[str, str | None, str | None]


def text_part(content: str | None, subtype: str | None, filename: str | None) -> text.MIMEText:
    """One text part (ASCII when it can be, else UTF-8)."""
    content = content or ""
    if not subtype and filename:
        subtype = os.path.splitext(filename)[0]
    charset = "us-ascii" if content.isascii() else "utf-8"
    part = text.MIMEText(content, subtype or "plain", charset)
    if filename:
        part.add_header("Content-Disposition", "attachment", filename=filename)
    return part


def split(message_text: str) -> list[Part] | None:
    """``(content, subtype, filename)`` of each part of a multi-part message, decoded;
    None when the text is not a multi-part message."""
    message = email.message_from_string(message_text)
    if not message.is_multipart():
        return None
    parts: list[Any] = list(message.get_payload())
    return [
        (
            (part.get_payload(decode=True) or b"").decode(part.get_content_charset() or "utf-8"),
            part.get_content_subtype(),
            part.get_filename(),
        )
        for part in parts
    ]
