"""``max_software_configs_per_tenant`` and ``max_software_deployments_per_tenant``: a
project at its limit is refused, as OpenStack Heat refuses it; admins are exempt."""

import pytest

from heat.common import exception
from heat.common.context import RequestContext
from tests.unit.engine.stacks.conftest import create, hot
from tests.unit.engine.stacks.test_software_deployments import config, deployment, other_project


@pytest.fixture
def conf(conf):
    conf.set_override("max_software_configs_per_tenant", 2)
    conf.set_override("max_software_deployments_per_tenant", 1)
    return conf


def test_a_project_at_its_config_limit_is_refused(engine, context):
    config(engine, context)
    config(engine, context)
    with pytest.raises(exception.RequestLimitExceeded) as raised:
        config(engine, context)
    assert str(raised.value) == (
        "Request limit exceeded: You have reached the maximum software configs per "
        "tenant, 2. Please delete some configs."
    )


def test_the_config_limit_counts_the_project_own_configs(engine, context):
    config(engine, context)
    config(engine, context)
    assert config(engine, other_project())


def test_a_project_at_its_deployment_limit_is_refused(engine, context):
    config_id = config(engine, context)
    deployment(engine, context, config_id)
    with pytest.raises(exception.RequestLimitExceeded, match="deployments per tenant, 1\\. "):
        deployment(engine, context, config_id, server_id="server-2")


def test_admins_are_not_limited(engine, context):
    admin = RequestContext(project_id="project-a", user_id="admin", is_admin=True)
    for _ in range(3):
        config_id = config(engine, admin)
    deployment(engine, admin, config_id)
    assert deployment(engine, admin, config_id, server_id="server-2")


def test_a_negative_limit_means_none(conf, engine, context):
    conf.set_override("max_software_configs_per_tenant", -1)
    for _ in range(3):
        assert config(engine, context)


def test_a_software_config_resource_counts_against_the_limit(engine, context):
    config(engine, context)
    config(engine, context)
    script = {"type": "OS::Heat::SoftwareConfig", "properties": {"config": "#!/bin/sh"}}
    _, stack = create(engine, context, hot({"config": script}))
    assert stack["stack_status"] == "FAILED"
    assert "maximum software configs per tenant, 2" in stack["stack_status_reason"]
