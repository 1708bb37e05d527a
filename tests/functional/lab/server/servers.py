"""Templates of one OS::Nova::Server and what the tests read back from the lab's Nova."""

import base64
import email
import uuid

from tests.functional.keystone_engine import wait_for

IMAGE, FLAVOR, BIGGER_FLAVOR = "cirros", "m1.tiny", "m1.small"
CONSOLE_TYPES = ("novnc", "xvpvnc", "spice-html5", "rdp-html5", "serial", "webmks")


def unique(prefix: str) -> str:
    return "%s-%s" % (prefix, uuid.uuid4().hex[:8])


def server_template(outputs: tuple[str, ...] = (), **properties) -> dict:
    """A template of one server (cirros on m1.tiny unless ``properties`` say otherwise) with
    its id and the attributes ``outputs`` as outputs."""
    properties = {"image": IMAGE, "flavor": FLAVOR, **properties}
    template_outputs = {name: {"value": {"get_attr": ["server", name]}} for name in outputs}
    template_outputs["server_id"] = {"value": {"get_resource": "server"}}
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"server": {"type": "OS::Nova::Server", "properties": properties}},
        "outputs": template_outputs,
    }


def check(stacks, identity: dict) -> dict:
    """The stack once its check has ended."""
    stacks.engine.stack_check(stacks.context, identity)
    return wait_for(stacks.engine, stacks.context, identity)


def user_data_of(admin_cloud, server_id: str) -> str:
    """The user data Nova keeps for the server, which only an admin reads."""
    answer = admin_cloud.compute.get("/servers/%s" % server_id, microversion="2.3")
    return base64.b64decode(answer.json()["server"]["OS-EXT-SRV-ATTR:user_data"]).decode()


def mime_parts(user_data: str) -> dict[str, str]:
    """The parts of a multipart user data by file name."""
    message = email.message_from_string(user_data)
    return {
        part.get_filename(): part.get_payload() for part in message.walk() if part.get_filename()
    }
