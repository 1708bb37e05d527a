"""``OS::Neutron::AddressScope``: a range of addresses that subnet pools share without
overlapping; routing between subnets of one scope needs no NAT."""

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

ADDRESS_SCOPE_PROPERTIES = {
    "ip_version": properties.Schema(
        properties.Schema.INTEGER,
        _("Address family of the address scope, which is 4 or 6."),
        default=4,
        constraints=[constraints.AllowedValues([4, 6])],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("The name for the address scope."),
        update_allowed=True,
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Whether the address scope should be shared to other tenants. Note that "
            "the default policy setting restricts usage of this attribute to "
            "administrative users only, and restricts changing of shared address "
            "scope to unshared with update."
        ),
        default=False,
        update_allowed=True,
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _(
            "The owner tenant ID of the address scope. Only administrative users can "
            "specify a tenant ID other than their own."
        ),
        constraints=[constraints.CustomConstraint("keystone.project")],
    ),
}


class AddressScope(NeutronResource):
    """A Neutron address scope: the subnet pools in it may not overlap."""

    support_status = support.SupportStatus(version="6.0.0")
    entity = "address_scope"
    required_extension = "address-scope"
    properties_schema = ADDRESS_SCOPE_PROPERTIES


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::AddressScope": AddressScope}
