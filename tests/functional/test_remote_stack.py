"""OS::Heat::Stack against the real Keystone's catalog: regions and remote validation.

The expected messages are OpenStack Heat's, as heat-tempest-plugin 3.0.0's
``test_remote_stack.py`` checks them (heatclient shows them after ``ERROR: ``).
"""

import re

import pytest

from heat.common import exception
from tests.functional.keystone_engine import Stacks

REMOTE_TEMPLATE = """
heat_template_version: 2013-05-23
resources:
  random1:
    type: OS::Heat::RandomString
outputs:
  remote_key:
    value: {get_attr: [random1, value]}
"""


def parent(region, remote_template=REMOTE_TEMPLATE) -> dict:
    return {
        "heat_template_version": "2013-05-23",
        "resources": {
            "my_stack": {
                "type": "OS::Heat::Stack",
                "properties": {"context": {"region_name": region}, "template": remote_template},
            }
        },
        "outputs": {"key": {"value": {"get_attr": ["my_stack", "outputs"]}}},
    }


def refusal(stacks: Stacks, template: dict) -> str:
    """The message of the 400 error that creating ``template`` gives."""
    with pytest.raises(exception.StackValidationFailed) as raised:
        stacks.create(template)
    return str(raised.value)


def test_a_region_the_catalog_lacks_is_named_with_keystones_reason(demo_stacks):
    message = refusal(demo_stacks, parent("DARKHOLE"))
    assert re.fullmatch(
        'Cannot establish connection to Heat endpoint at region "DARKHOLE" due to '
        '"(?:public|internal|admin)(?:URL)? endpoint for orchestration service in DARKHOLE '
        'region not found"',
        message,
    )


def test_an_invalid_remote_template_is_refused_as_the_endpoint_refuses_it(keystone, demo_stacks):
    bad = REMOTE_TEMPLATE.replace("resources", "resource")
    assert refusal(demo_stacks, parent(keystone.region, bad)) == (
        'Failed validating stack template using Heat endpoint at region "%s" due to '
        '"ERROR: The template section is invalid: resource"' % keystone.region
    )


def test_a_request_without_a_region_creates_the_stack_of_the_named_region(keystone, demo_stacks):
    assert demo_stacks.context.region_name is None
    identity = demo_stacks.create(parent(keystone.region))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    assert len(demo_stacks.outputs(identity)["key"]["remote_key"]) == 32
    demo_stacks.delete(identity)


def test_a_request_in_its_region_creates_the_stack_of_that_region(keystone, demo_stacks):
    demo_stacks.context.region_name = keystone.region
    identity = demo_stacks.create(parent(keystone.region))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    demo_stacks.delete(identity)
