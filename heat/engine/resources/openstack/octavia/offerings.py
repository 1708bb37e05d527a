"""``OS::Octavia::Flavor`` and ``OS::Octavia::AvailabilityZone``: what administrators offer
users by name, each giving a profile's settings (flavor profile, availability zone
profile) to the load balancers that pick it."""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.octavia.octavia_base import OctaviaObject

DESCRIPTION, ENABLED, NAME = "description", "enabled", "name"


def offering_properties(label: str, profile: str, profile_label: str) -> dict[str, Any]:
    """The properties of an offering called ``label`` of the profile property ``profile``
    (``profile_label`` in descriptions)."""
    return {
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of this %s.") % label,
            update_allowed=True,
            default="",
        ),
        ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("If the resource if available for use."),
            update_allowed=True,
            default=True,
        ),
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of this %s.") % label, update_allowed=True
        ),
        profile: properties.Schema(
            properties.Schema.STRING,
            _("The ID or the name of the %s.") % profile_label,
            required=True,
            constraints=[constraints.CustomConstraint("octavia.%s" % profile.replace("_", ""))],
        ),
    }


def profile_id_attribute(profile: str) -> dict[str, Any]:
    """The ``<profile>_id`` attribute."""
    return {
        "%s_id" % profile: attributes.Schema(
            _("The ID of the %s.") % profile.replace("_", " "), type=attributes.Schema.STRING
        )
    }


class Flavor(OctaviaObject):
    """An Octavia flavor: the name users pick a flavor profile's settings by. Only
    administrators may manage flavors."""

    support_status = support.SupportStatus(version="14.0.0")
    collection = "/lbaas/flavors"
    key = "flavor"
    renamed = {"flavor_profile": "flavor_profile_id"}
    finders = {"flavor_profile": "get_flavorprofile"}
    properties_schema = offering_properties("Flavor", "flavor_profile", "Flavor Profile")
    attributes_schema = profile_id_attribute("flavor_profile")


class AvailabilityZone(OctaviaObject):
    """An Octavia availability zone. Octavia knows it by its name, which is therefore its
    physical id. Only administrators may manage availability zones."""

    support_status = support.SupportStatus(version="24.0.0")
    collection = "/lbaas/availabilityzones"
    key = "availability_zone"
    renamed = {"availability_zone_profile": "availability_zone_profile_id"}
    finders = {"availability_zone_profile": "get_availabilityzoneprofile"}
    id_field = NAME
    properties_schema = offering_properties(
        "Availability Zone", "availability_zone_profile", "Availability Zone Profile"
    )
    attributes_schema = profile_id_attribute("availability_zone_profile")


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::Flavor": Flavor, "OS::Octavia::AvailabilityZone": AvailabilityZone}
