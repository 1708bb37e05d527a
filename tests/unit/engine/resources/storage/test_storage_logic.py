"""The pure logic of the storage resource types: step generators, Swift metadata headers,
Glance JSON patches, QoS association changes and the hidden ``OS::Glance::Image``."""

import pytest

from heat.common import exception
from heat.engine.resource_schema import resource_class
from heat.engine.resources.openstack.cinder.qos_specs import added_and_removed
from heat.engine.resources.openstack.glance.image import GlanceImage, patch_operations
from heat.engine.resources.openstack.swift.container import meta_headers
from heat.engine.resources.progress import advance


def test_advance_steps_until_the_generator_ends():
    def steps():
        yield
        yield

    running = steps()
    assert [advance(running), advance(running), advance(running)] == [False, False, True]


def test_advance_without_steps_is_done():
    assert advance(None) is True


def test_meta_headers_prefix_each_key_with_the_kind():
    assert meta_headers("container", {"a": "1", "Web-Index": "i"}) == {
        "X-Container-Meta-a": "1",
        "X-Container-Meta-Web-Index": "i",
    }
    assert meta_headers("account", None) == {}


def test_patch_operations_add_replace_and_remove():
    operations = patch_operations({"a": "1", "b": "2", "c": None}, {"a": "9", "c": "3"})
    assert operations == [
        {"op": "replace", "path": "/a", "value": "9"},
        {"op": "add", "path": "/c", "value": "3"},
        {"op": "remove", "path": "/b"},
    ]


def test_patch_operations_remove_a_field_set_to_none():
    assert patch_operations({"os_distro": "x"}, {"os_distro": None}) == [
        {"op": "remove", "path": "/os_distro"}
    ]


def test_added_and_removed_volume_types():
    added, removed = added_and_removed(["a", "b"], ["b", "c"])
    assert (added, removed) == (["a"], ["c"])


def test_glance_image_is_registered_but_hidden(global_env):
    assert global_env.get_class("OS::Glance::Image") is GlanceImage
    with pytest.raises(exception.NotSupported):
        resource_class(global_env, "OS::Glance::Image")
