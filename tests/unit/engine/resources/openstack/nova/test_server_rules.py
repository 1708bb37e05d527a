"""The rules of OS::Nova::Server that need no cloud: nics and block devices accepted,
the v2 mappings sent to Nova, which changes replace the server, and update steps."""

import types

import pytest

from heat.common import exception
from heat.engine.resources import nova_server_steps
from heat.engine.resources.openstack.nova import block_devices, server_networks, server_update


def _server(**properties):
    values = {"block_device_mapping": None, "block_device_mapping_v2": None, **properties}
    return types.SimpleNamespace(name="server", properties=values)


def test_a_nic_needs_a_network_a_port_a_subnet_or_an_allocation():
    with pytest.raises(exception.StackValidationFailed, match="should be set for the specified"):
        server_networks.validate("server", {"fixed_ip": "10.0.0.4"})


def test_allocate_network_stands_alone():
    with pytest.raises(exception.StackValidationFailed, match="allocate_network"):
        server_networks.validate("server", {"allocate_network": "auto", "network": "private"})


def test_a_fixed_ip_and_a_port_conflict():
    with pytest.raises(exception.ResourcePropertyConflict):
        server_networks.validate("server", {"port": "p", "fixed_ip": "10.0.0.4"})


def test_a_floating_ip_needs_a_port_heat_knows():
    with pytest.raises(exception.StackValidationFailed, match="floating_ip"):
        server_networks.validate("server", {"network": "private", "floating_ip": "f"})
    server_networks.validate("server", {"network": "private", "subnet": "s", "floating_ip": "f"})


def test_allocation_is_auto_or_none_when_asked():
    assert server_networks.allocation([{"allocate_network": "none"}]) == "none"
    assert server_networks.allocation([{"network": "private"}]) is None


def test_a_server_needs_an_image_or_a_volume_to_boot_from():
    with pytest.raises(exception.StackValidationFailed, match="Neither image nor bootable"):
        block_devices.validate(_server(), None)
    block_devices.validate(_server(block_device_mapping=[{"volume_id": "v"}]), None)


def test_both_mapping_versions_conflict():
    server = _server(block_device_mapping=[{"volume_id": "v"}], block_device_mapping_v2=[{}])
    with pytest.raises(exception.ResourcePropertyConflict):
        block_devices.validate(server, "cirros")


def test_a_v1_volume_without_an_image_boots_the_server():
    mapping = {"device_name": "vda", "volume_id": "v", "delete_on_termination": True}
    devices = block_devices.mappings(_server(block_device_mapping=[mapping]), None)
    assert devices == [
        {
            "device_name": "vda",
            "destination_type": "volume",
            "source_type": "volume",
            "uuid": "v",
            "delete_on_termination": True,
            "boot_index": 0,
        }
    ]


def test_v2_swap_is_a_local_blank_disk_and_given_boot_indexes_stay():
    server = _server(
        block_device_mapping_v2=[{"volume_id": "v", "boot_index": 1}, {"swap_size": 64}]
    )
    volume, swap = block_devices.mappings(server, None)
    assert volume["boot_index"] == 1
    assert swap["source_type"] == "blank" and swap["guest_format"] == "swap"
    assert swap["volume_size"] == 64


@pytest.mark.parametrize(
    ("changed", "policies", "replaced"),
    [
        ({"flavor"}, {"flavor_update_policy": "RESIZE"}, False),
        ({"flavor"}, {"flavor_update_policy": "REPLACE"}, True),
        ({"image"}, {"image_update_policy": "REBUILD"}, False),
        ({"image"}, {"image_update_policy": "REPLACE"}, True),
        ({"user_data"}, {"user_data_update_policy": "REPLACE"}, True),
        ({"user_data"}, {"user_data_update_policy": "IGNORE"}, False),
        ({"name"}, {}, False),
    ],
)
def test_update_policies_decide_replacement(changed, policies, replaced):
    after = {
        "flavor_update_policy": "RESIZE",
        "image_update_policy": "REBUILD",
        "user_data_update_policy": "REPLACE",
        **policies,
    }
    assert server_update.needs_replace(changed, after) is replaced


def test_steps_start_one_after_the_other():
    calls = []
    ready = {"first": False}
    steps = [
        nova_server_steps.Step(lambda: calls.append("first"), lambda: ready["first"]),
        nova_server_steps.Step(lambda: calls.append("second"), lambda: True),
    ]
    assert nova_server_steps.advance(steps) is False
    assert calls == ["first"]
    ready["first"] = True
    assert nova_server_steps.advance(steps) is True
    assert calls == ["first", "second"]


def test_metadata_values_that_are_not_strings_are_sent_as_json():
    assert nova_server_steps.nova_metadata({"a": "b", "n": [1, 2]}) == {"a": "b", "n": "[1, 2]"}
