"""The rules of AWS::EC2::Instance that need no cloud: interface order, tags, scheduler
hints and the address its IP attributes give."""

import pytest

from heat.common import exception
from heat.engine.clients.os import nova
from heat.engine.resources.aws.ec2 import instance


def test_interfaces_are_ordered_by_device_index():
    interfaces = [
        {"NetworkInterfaceId": "second", "DeviceIndex": "1"},
        {"NetworkInterfaceId": "first", "DeviceIndex": "0"},
    ]
    assert instance._ordered_ports(interfaces) == ["first", "second"]


def test_a_bare_port_id_takes_its_place_in_the_list():
    assert instance._ordered_ports(["a", "b"]) == ["a", "b"]


def test_tags_are_the_nova_metadata():
    assert instance._tags([{"Key": "role", "Value": "web"}]) == {"role": "web"}
    assert instance._tags(None) is None


def test_a_hint_given_twice_has_both_values():
    hints = [
        {"Key": "different_host", "Value": "a"},
        {"Key": "different_host", "Value": "b"},
        {"Key": "group", "Value": "g"},
    ]
    assert instance._hints(hints) == {"different_host": ["a", "b"], "group": "g"}


def test_the_ip_is_the_first_address_of_the_last_network_by_name():
    addresses = {"a-net": [{"addr": "10.0.0.3"}], "b-net": [{"addr": "10.1.0.5"}]}
    assert nova.first_address(addresses) == "10.1.0.5"
    assert nova.first_address({"c-net": []}) is None


def test_block_device_mappings_must_be_ebs_snapshots():
    instance.validate_block_device_mappings([{"DeviceName": "vdb", "Ebs": {"SnapshotId": "snap"}}])
    with pytest.raises(exception.StackValidationFailed, match="Ebs is missing"):
        instance.validate_block_device_mappings([{"DeviceName": "vdb"}])
    with pytest.raises(exception.StackValidationFailed, match="SnapshotId is missing"):
        instance.validate_block_device_mappings([{"DeviceName": "vdb", "Ebs": {"VolumeSize": "1"}}])
