"""The Barbican example of the docs (doc/examples/barbican-secrets.yaml), as written,
against the lab's Barbican."""

import pathlib

from heat.common import template_format

EXAMPLE = pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples" / "barbican-secrets.yaml"


def test_the_barbican_example_is_created_as_it_says(demo_stacks, demo_cloud):
    template = template_format.parse(EXAMPLE.read_text())
    identity = demo_stacks.create(template, parameters={"db_password": "pa55word"})
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    assert outputs["credentials_secrets"] == {
        "db_password": outputs["password_ref"],
        "data_key": outputs["data_key_ref"],
    }
    assert outputs["public_key"].startswith("-----BEGIN PUBLIC KEY-----")
    password = demo_cloud.key_manager.get(
        "/secrets/%s/payload" % outputs["password_ref"].rsplit("/", 1)[-1],
        headers={"Accept": "text/plain"},
    )
    assert password.text == "pa55word"
    demo_stacks.delete(identity)
