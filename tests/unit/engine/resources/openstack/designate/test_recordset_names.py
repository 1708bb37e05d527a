"""A record set's name as Designate gets it: relative names are completed with the zone's,
as python-designateclient did for OpenStack Heat."""

import pytest

from heat.engine.resources.openstack.designate.recordset import absolute_name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("www", "www.example.org."),
        ("a.b", "a.b.example.org."),
        ("www.example.org.", "www.example.org."),
        ("other.net.", "other.net."),
    ],
)
def test_absolute_name(name, expected):
    assert absolute_name(name, "example.org.") == expected
