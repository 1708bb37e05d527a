"""Stand-ins for resource types of services this test deployment does not have.

The real-looking templates use Nova, Neutron, Cinder... types; loaded through
``plugin_dirs``, these classes let such templates validate. They accept any properties
and can create nothing. Types heat has that need Keystone (a scaling policy, a wait
condition handle) stand in too, since this deployment runs without Keystone.
"""

from heat.engine.resources.openstack.heat.none_resource import NoneResource

TYPES = (
    "OS::Nova::Server",
    "OS::Neutron::Net",
    "OS::Neutron::Subnet",
    "OS::Neutron::SecurityGroup",
    "OS::Neutron::Router",
    "OS::Neutron::RouterInterface",
    "OS::Neutron::Port",
    "OS::Heat::ScalingPolicy",
    "OS::Aodh::GnocchiAggregationByResourcesAlarm",
    "OS::Octavia::LoadBalancer",
    "OS::Cinder::Volume",
    "OS::Cinder::VolumeAttachment",
    "AWS::CloudFormation::WaitConditionHandle",
    "AWS::EC2::Instance",
)


class StandIn(NoneResource):
    """Validates any properties; there is no service behind it."""


def resource_mapping():
    return dict.fromkeys(TYPES, StandIn)
