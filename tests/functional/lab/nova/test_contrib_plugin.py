"""A third-party plugin directory (``tests/plugins/nova_flavor``, laid out as the 2014 contrib
plugins were) loaded through ``[DEFAULT] plugin_dirs``: its type makes flavors in the lab's
Nova."""

import pathlib

import pytest

from heat.cmd import engine_setup
from heat.db import api as db_api
from tests.functional.keystone_engine import keystone_conf
from tests.functional.lab_engine import LabStacks

CONTRIB = pathlib.Path(__file__).parents[3] / "plugins" / "nova_flavor"


@pytest.fixture
def plugin_engine(keystone, tmp_path):
    """An in-process engine built as heat-engine builds it, with the contrib plugin's
    directory in ``plugin_dirs``."""
    conf = keystone_conf(keystone, tmp_path, plugin_dirs=str(CONTRIB))
    engine = engine_setup.build_engine(conf)
    engine.start()
    yield engine
    engine.stop()
    db_api.get_engine().dispose()


def template(**extra_specs) -> dict:
    properties = {"ram": 128, "vcpus": 1, "extra_specs": extra_specs}
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"flavor": {"type": "My::Nova::Flavor", "properties": properties}},
        "outputs": {
            "id": {"value": {"get_resource": "flavor"}},
            "name": {"value": {"get_attr": ["flavor", "name"]}},
        },
    }


def test_the_plugins_flavor_is_private_to_the_stacks_project(
    plugin_engine, admin_context, admin_cloud, lab_admin
):
    stacks = LabStacks(plugin_engine, admin_context)
    identity = stacks.create(template(speed="fast"))
    outputs = stacks.outputs(identity)
    try:
        assert stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
        flavor = admin_cloud.compute.get_flavor(outputs["id"], get_extra_specs=True)
        assert (flavor.name, flavor.ram, flavor.is_public) == (outputs["name"], 128, False)
        assert flavor.extra_specs == {"speed": "fast"}
        access = admin_cloud.compute.get_flavor_access(outputs["id"])
        assert [entry["tenant_id"] for entry in access] == [lab_admin.project_id]
        stack = stacks.update(identity, template(size="large"))
        assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
        specs = admin_cloud.compute.fetch_flavor_extra_specs(outputs["id"]).extra_specs
        assert specs == {"size": "large"}
    finally:
        stacks.delete(identity)
    assert admin_cloud.compute.find_flavor(outputs["id"]) is None
