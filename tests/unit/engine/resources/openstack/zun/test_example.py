"""The Zun example of the docs (doc/examples/zun-container.yaml), as written, against the
fake Zun: its container is run, then stopped and deleted."""

import pathlib

from heat.common import template_format
from heat.engine import stack_actions

EXAMPLE = pathlib.Path(__file__).resolve().parents[6] / "doc" / "examples" / "zun-container.yaml"


def test_the_zun_example_is_created_and_deleted_as_it_says(zun_engine, zun):
    template = template_format.parse(EXAMPLE.read_text())
    sections = {key: template[key] for key in ("parameters", "outputs")}
    zun_engine.stack(template["resources"], name="validated", **sections).validate()
    stack = zun_engine.create(template["resources"], **sections)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (container,) = zun.containers.values()
    assert container["command"] == '"nginx" "-g" "daemon off;"'
    assert container["mounts"] == [{"destination": "/usr/share/nginx/html", "size": 1}]
    assert container["nets"] == [{"network": "net-private"}]
    assert "private" in stack.resources["web"].FnGetAtt("addresses")
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert zun.containers == {}
