"""A stack's files_container against the lab's Swift: the template's files (a nested
template, a script) are the objects of a container of the caller's, a file the request
gives itself wins over the object of that name, and a container that cannot be read is
named in the error."""

import uuid

import pytest

from heat.common import exception
from tests.functional.keystone_engine import wait_for

NESTED = """
heat_template_version: 2021-04-16
resources:
  word:
    type: OS::Heat::RandomString
    properties: {length: 6}
outputs:
  word:
    value: {get_attr: [word, value]}
"""
TEMPLATE = {
    "heat_template_version": "2021-04-16",
    "resources": {"nested": {"type": "nested.yaml"}},
    "outputs": {
        "script": {"value": {"get_file": "script.sh"}},
        "word": {"value": {"get_attr": ["nested", "word"]}},
    },
}


@pytest.fixture
def files_container(demo_cloud):
    """A container of demo's holding nested.yaml and script.sh; deleted afterwards."""
    name = "heat-files-%s" % uuid.uuid4().hex[:8]
    demo_cloud.object_store.create_container(name=name)
    demo_cloud.object_store.upload_object(container=name, name="nested.yaml", data=NESTED)
    demo_cloud.object_store.upload_object(container=name, name="script.sh", data="echo hi\n")
    yield name
    for item in demo_cloud.object_store.objects(name):
        demo_cloud.object_store.delete_object(item, container=name)
    demo_cloud.object_store.delete_container(name)


def test_a_stack_takes_its_files_from_a_container(demo_stacks, files_container):
    engine, context = demo_stacks.engine, demo_stacks.context
    name = "files-%s" % uuid.uuid4().hex[:8]
    identity = engine.create_stack(
        context, name, TEMPLATE, {}, {}, {}, files_container=files_container
    )
    demo_stacks.made.append(identity)
    stack = wait_for(engine, context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    assert (outputs["script"], len(outputs["word"])) == ("echo hi\n", 6)

    given = {"script.sh": "echo mine\n"}
    engine.update_stack(context, identity, TEMPLATE, {}, given, {}, files_container=files_container)
    stack = wait_for(engine, context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["script"] == "echo mine\n"
    demo_stacks.delete(identity)


def test_a_container_that_is_not_there_is_named(demo_stacks):
    missing = "heat-files-%s" % uuid.uuid4().hex[:8]
    with pytest.raises(
        exception.NotFound, match="Could not fetch files from container %s" % missing
    ):
        demo_stacks.engine.create_stack(
            demo_stacks.context, "nope", TEMPLATE, {}, {}, {}, files_container=missing
        )
