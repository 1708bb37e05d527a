"""A type whose service has no endpoint in the real Keystone's catalog (Octavia here) is
refused with HEAT-E99001 and the reason, as upstream, never with a traceback."""

import pytest

from heat.common import exception


def test_a_load_balancer_without_octavia_in_the_catalog_is_refused(demo_stacks):
    template = {
        "heat_template_version": "2021-04-16",
        "resources": {
            "lb": {"type": "OS::Octavia::LoadBalancer", "properties": {"vip_subnet": "sub"}}
        },
    }
    with pytest.raises(exception.ResourceTypeUnavailable) as refused:
        demo_stacks.create(template)
    assert str(refused.value) == (
        "HEAT-E99001 Service octavia is not available for resource type "
        "OS::Octavia::LoadBalancer, reason: Service endpoint not in service catalog."
    )
