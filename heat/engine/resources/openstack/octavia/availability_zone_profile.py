"""``OS::Octavia::AvailabilityZoneProfile``: a provider's settings (JSON) for load balancers
of an availability zone."""

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.octavia.octavia_base import OctaviaObject

PROPERTIES = (NAME, AVAILABILITY_ZONE_DATA, PROVIDER_NAME) = (
    "name",
    "availability_zone_data",
    "provider_name",
)


class AvailabilityZoneProfile(OctaviaObject):
    """An Octavia availability zone profile (the compute zone, networks...); the provider
    checks its data. Only administrators may manage them."""

    support_status = support.SupportStatus(version="24.0.0")
    collection = "/lbaas/availabilityzoneprofiles"
    key = "availability_zone_profile"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("Name of this Availability Zone Profile."),
            update_allowed=True,
        ),
        AVAILABILITY_ZONE_DATA: properties.Schema(
            properties.Schema.STRING,
            _("JSON string containing the availability zone metadata."),
            update_allowed=True,
            required=True,
            constraints=[constraints.CustomConstraint("json_string")],
        ),
        PROVIDER_NAME: properties.Schema(
            properties.Schema.STRING,
            _("Provider name of this Availability Zone."),
            update_allowed=True,
        ),
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::AvailabilityZoneProfile": AvailabilityZoneProfile}
