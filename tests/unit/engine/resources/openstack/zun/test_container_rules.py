"""What ``OS::Zun::Container`` refuses before asking Zun, with OpenStack Heat's messages
(the property named), and the restart policies it understands."""

import pytest

from heat.common import exception
from heat.engine.resources.openstack.zun.container_schema import restart_policy
from tests.unit.engine.resources.openstack.zun.test_container import resources


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        (
            {"restart_policy": "sometimes"},
            'restart_policy "sometimes" is invalid. Valid values are "no", '
            '"on-failure[:max-retry]", "always", and "unless-stopped".',
        ),
        ({"restart_policy": "always:3"}, 'restart_policy "always:3" is invalid.'),
        ({"restart_policy": "on-failure:a:b"}, 'restart_policy "on-failure:a:b" is invalid.'),
        (
            {"mounts": [{"mount_path": "/data"}]},
            'One of the properties "volume_id" or "volume_size" should be set for the '
            'specified mount of container "box".',
        ),
        (
            {"mounts": [{"mount_path": "/data", "volume_id": "data", "volume_size": 1}]},
            "Cannot define the following properties at the same time: mounts/volume_id, "
            "mounts/volume_size.",
        ),
        (
            {"networks": [{"fixed_ip": "10.0.0.5"}]},
            "At least one of the following properties must be specified: network, port.",
        ),
        (
            {"networks": [{"port": "port-one", "fixed_ip": "10.0.0.5"}]},
            "Cannot define the following properties at the same time: networks.fixed_ip, "
            "networks.port.",
        ),
        ({"networks": [{"network": "nowhere"}]}, "The network (nowhere) could not be found."),
        ({"mounts": [{"mount_path": "/d", "volume_id": "lost"}]}, "The Volume (lost) could not"),
        ({"image_pull_policy": "sometimes"}, '"sometimes" is not an allowed value'),
        ({"image_driver": "podman"}, '"podman" is not an allowed value'),
        ({"cpu": "lots"}, "cpu"),
    ],
)
def test_bad_values_are_refused_before_zun_is_asked(zun_engine, zun, properties, message):
    stack = zun_engine.stack(resources(**properties))
    with pytest.raises(exception.StackValidationFailed) as error:
        stack.validate()
    assert message in str(error.value)
    assert zun.zun_requests() == []


@pytest.mark.parametrize(
    ("text", "policy"),
    [
        ("no", {"Name": "no", "MaximumRetryCount": "0"}),
        ("unless-stopped", {"Name": "unless-stopped", "MaximumRetryCount": "0"}),
        ("on-failure", {"Name": "on-failure", "MaximumRetryCount": "0"}),
        ("on-failure:", {"Name": "on-failure", "MaximumRetryCount": "0"}),
        ("on-failure:5", {"Name": "on-failure", "MaximumRetryCount": "5"}),
        ("on-failure:five", None),
    ],
)
def test_restart_policies_are_zuns_name_and_retry_count(text, policy):
    assert restart_policy(text) == policy


def test_without_zun_in_the_catalog_the_type_is_unavailable(zun_engine, zun):
    token = zun_engine.context.auth_token_info["token"]
    token["catalog"] = [entry for entry in token["catalog"] if entry["type"] != "container"]
    stack = zun_engine.stack(resources())
    with pytest.raises(exception.ResourceTypeUnavailable, match="Service zun is not available"):
        stack.validate()
