"""The user data of a server heat creates: cloud-init parts around the user's data.

``HEAT_CFNTOOLS`` (the default) sends the user's script as ``cfn-userdata`` run by
``loguserdata.py``, with the metadata and the CloudFormation API's address for
heat-cfntools; ``SOFTWARE_CONFIG`` sends the user's data (a multipart message is spliced
in part by part) for the software configuration agents; ``RAW`` sends the user's data
alone. The boot-time parts are the files of :mod:`heat.cloudinit`.
"""

import base64
import json
import pkgutil
import string
from email.mime import multipart
from typing import Any
from urllib import parse

from heat.engine import mime_parts

FORMATS = (HEAT_CFNTOOLS, RAW, SOFTWARE_CONFIG) = ("HEAT_CFNTOOLS", "RAW", "SOFTWARE_CONFIG")


def cloudinit_file(name: str) -> str:
    """The text of a file of :mod:`heat.cloudinit`."""
    data = pkgutil.get_data("heat", "cloudinit/%s" % name)
    assert data is not None
    return data.decode("utf-8")


def _user_parts(userdata: str | None) -> list[mime_parts.Part]:
    return mime_parts.split(userdata or "") or [(userdata or "", None, "")]


def _cloudwatch_lines(watch_url: str | None) -> list[str]:
    if not watch_url:
        return []
    host = parse.urlparse(watch_url).hostname
    return ["cloudwatch_region_name = heat", "cloudwatch_region_endpoint = %s" % host]


def build(
    metadata: Any,
    userdata: str | None,
    user_data_format: str = HEAT_CFNTOOLS,
    instance_user: str | None = None,
    cfn_metadata_url: str = "",
    is_secure: bool = False,
    validate_certificates: bool = True,
    watch_url: str | None = None,
) -> str | None:
    """The user data of a server, as a multipart MIME message (or the user's own, RAW);
    with ``watch_url`` (``heat_watch_server_url``) cfn-push-stats is told where to post."""
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
    attachments: list[tuple[str | None, str | None, str | None]] = [
        (config, None, "cloud-config"),
        (boothook, "cloud-boothook", "boothook.sh"),
        (cloudinit_file("part_handler.py"), None, "part-handler.py"),
    ]
    cfntools = user_data_format == HEAT_CFNTOOLS
    if cfntools:
        attachments.append((userdata, "x-cfninitdata", "cfn-userdata"))
        attachments.append((cloudinit_file("loguserdata.py"), "x-shellscript", "loguserdata.py"))
    else:
        attachments.extend(_user_parts(userdata))
    if metadata:
        attachments.append((json.dumps(metadata), "x-cfninitdata", "cfn-init-data"))
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
            + _cloudwatch_lines(watch_url)
        )
        attachments.append((cfn_metadata_url, "x-cfninitdata", "cfn-metadata-server"))
        if watch_url:
            attachments.append((watch_url, "x-cfninitdata", "cfn-watch-server"))
        attachments.append((boto_config, "x-cfninitdata", "cfn-boto-cfg"))
    parts = [mime_parts.text_part(*attachment) for attachment in attachments]
    return multipart.MIMEMultipart(_subparts=parts).as_string()


def encoded(text: str | None) -> str | None:
    """User data as Nova takes it: base64 of its UTF-8 bytes; None when there is none."""
    if not text:
        return None
    return base64.b64encode(text.encode("utf-8")).decode("ascii")
