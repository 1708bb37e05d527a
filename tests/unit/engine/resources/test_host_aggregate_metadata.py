"""OS::Nova::HostAggregate sends Nova, which merges metadata, what turns the template's old
metadata into the new."""

from heat.engine.resources.openstack.nova.host_aggregate import metadata_changes


def test_new_and_changed_keys_are_sent():
    assert metadata_changes({"a": "1"}, {"a": "2", "b": "3"}) == {"a": "2", "b": "3"}


def test_keys_the_template_dropped_are_removed():
    assert metadata_changes({"a": "1", "b": "2"}, {"b": "2"}) == {"a": None, "b": "2"}


def test_nothing_wanted_removes_every_key_the_template_had():
    assert metadata_changes({"a": "1"}, {}) == {"a": None}
