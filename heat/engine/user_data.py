"""The user data of a server heat creates: cloud-init parts around the user's data.

``HEAT_CFNTOOLS`` (the default) sends the user's script as ``cfn-userdata`` run by
``loguserdata.py``, with the metadata and the CloudFormation API's address for
heat-cfntools; ``SOFTWARE_CONFIG`` sends the user's data (a multipart message is spliced
in part by part) for the software configuration agents; ``RAW`` sends the user's data
alone. The boot-time parts are the files of :mod:`heat.cloudinit`.
"""

import email
import json
import pkgutil
import string
from email.mime import multipart, text
from typing import Any
from urllib import parse

FORMATS = (HEAT_CFNTOOLS, RAW, SOFTWARE_CONFIG) = ("HEAT_CFNTOOLS", "RAW", "SOFTWARE_CONFIG")


def cloudinit_file(name: str) -> str:
    """The text of a file of :mod:`heat.cloudinit`."""
    data = pkgutil.get_data("heat", "cloudinit/%s" % name)
    assert data is not None
    return data.decode("utf-8")


def _part(content: str | None, filename: str, subtype: str | None = None) -> text.MIMEText:
    content = content or ""
    subtype = subtype if subtype is not None else filename.rsplit(".", 1)[0]
    charset = "us-ascii" if content.isascii() else "utf-8"
    part = text.MIMEText(content, subtype or "plain", charset)
    part.add_header("Content-Disposition", "attachment", filename=filename)
    return part


def _user_parts(userdata: str | None) -> list[tuple[str | None, str, str | None]]:
    message = email.message_from_string(userdata or "")
    if not message.is_multipart():
        return [(userdata, "", None)]
    parts: list[Any] = list(message.get_payload())
    return [
        (
            (part.get_payload(decode=True) or b"").decode(part.get_content_charset() or "utf-8"),
            part.get_filename() or "",
            part.get_content_subtype(),
        )
        for part in parts
    ]


def build(
    metadata: Any,
    userdata: str | None,
    user_data_format: str = HEAT_CFNTOOLS,
    instance_user: str | None = None,
    cfn_metadata_url: str = "",
    is_secure: bool = False,
    validate_certificates: bool = True,
) -> str | None:
    """The user data of a server, as a multipart MIME message (or the user's own, RAW)."""
    if user_data_format == RAW:
        return userdata
    user_config = boothook_user = ""
    if instance_user:
        user_config = "user: %s" % instance_user
        boothook_user = (
            "useradd -m %s\necho -e '%s\\tALL=(ALL)\\tNOPASSWD: ALL' >> /etc/sudoers\n"
            % (
                instance_user,
                instance_user,
            )
        )
    config = string.Template(cloudinit_file("config")).safe_substitute(add_custom_user=user_config)
    boothook = string.Template(cloudinit_file("boothook.sh")).safe_substitute(
        add_custom_user=boothook_user
    )
    attachments: list[tuple[str | None, str, str | None]] = [
        (config, "cloud-config", None),
        (boothook, "boothook.sh", "cloud-boothook"),
        (cloudinit_file("part_handler.py"), "part-handler.py", None),
    ]
    cfntools = user_data_format == HEAT_CFNTOOLS
    if cfntools:
        attachments.append((userdata, "cfn-userdata", "x-cfninitdata"))
        attachments.append((cloudinit_file("loguserdata.py"), "loguserdata.py", "x-shellscript"))
    else:
        attachments.extend(_user_parts(userdata))
    if metadata:
        attachments.append((json.dumps(metadata), "cfn-init-data", "x-cfninitdata"))
    if cfntools:
        boto_config = "\n".join(
            [
                "[Boto]",
                "debug = 0",
                "is_secure = %s" % is_secure,
                "https_validate_certificates = %s" % validate_certificates,
                "cfn_region_name = heat",
                "cfn_region_endpoint = %s" % parse.urlparse(cfn_metadata_url).hostname,
            ]
        )
        attachments.append((cfn_metadata_url, "cfn-metadata-server", "x-cfninitdata"))
        attachments.append((boto_config, "cfn-boto-cfg", "x-cfninitdata"))
    parts = [_part(*attachment) for attachment in attachments]
    return multipart.MIMEMultipart(_subparts=parts).as_string()
