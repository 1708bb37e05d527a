"""Rules ``resource_types:<type>``: resource types only an administrator may use.

The engine checks the rule of a resource's type whenever the resource is created,
updated, deleted or restored, and when types are listed or their schema shown. A
type without a registered rule is open to everybody.
"""

from oslo_policy import policy

from heat.common.policies import base

ADMIN_ONLY_TYPES = (
    "OS::Nova::Flavor",
    "OS::Cinder::EncryptedVolumeType",
    "OS::Cinder::VolumeType",
    "OS::Cinder::Quota",
    "OS::Neutron::Quota",
    "OS::Nova::Quota",
    "OS::Octavia::Quota",
    "OS::Manila::ShareType",
    "OS::Neutron::ProviderNet",
    "OS::Neutron::QoSPolicy",
    "OS::Neutron::QoSBandwidthLimitRule",
    "OS::Neutron::QoSDscpMarkingRule",
    "OS::Neutron::QoSMinimumBandwidthRule",
    "OS::Neutron::QoSMinimumPacketRateRule",
    "OS::Neutron::Segment",
    "OS::Nova::HostAggregate",
    "OS::Cinder::QoSSpecs",
    "OS::Cinder::QoSAssociation",
    "OS::Keystone::*",
    "OS::Blazar::Host",
    "OS::Octavia::Flavor",
    "OS::Octavia::FlavorProfile",
    "OS::Octavia::AvailabilityZone",
    "OS::Octavia::AvailabilityZoneProfile",
)

rules: list[policy.RuleDefault] = [
    policy.RuleDefault(
        name="resource_types:%s" % type_name,
        check_str=base.RULE_PROJECT_ADMIN,
        description="Use resources of type %s in a stack." % type_name,
        scope_types=list(base.PROJECT_SCOPE),
    )
    for type_name in ADMIN_ONLY_TYPES
]


def list_rules() -> list[policy.RuleDefault]:
    """The rules of this scope."""
    return rules
