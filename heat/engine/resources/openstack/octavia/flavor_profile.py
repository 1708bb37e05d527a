"""``OS::Octavia::FlavorProfile``: a provider's settings (JSON) for load balancers of a
flavor."""

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.octavia.octavia_base import OctaviaObject

PROPERTIES = (NAME, FLAVOR_DATA, PROVIDER_NAME) = ("name", "flavor_data", "provider_name")


class FlavorProfile(OctaviaObject):
    """An Octavia flavor profile; the provider checks its flavor data. Only administrators
    may manage flavor profiles."""

    support_status = support.SupportStatus(version="14.0.0")
    collection = "/lbaas/flavorprofiles"
    key = "flavorprofile"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of this Flavor Profile."), update_allowed=True
        ),
        FLAVOR_DATA: properties.Schema(
            properties.Schema.STRING,
            _("JSON string containing the flavor metadata."),
            update_allowed=True,
            required=True,
            constraints=[constraints.CustomConstraint("json_string")],
        ),
        PROVIDER_NAME: properties.Schema(
            properties.Schema.STRING,
            _("Provider name of this Flavor Profile."),
            update_allowed=True,
        ),
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::FlavorProfile": FlavorProfile}
