"""``OS::Neutron::SubnetPool``: a block of prefixes subnets take their CIDRs from, in an
address scope named or identified in the template."""

from typing import Any

import netaddr

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

ADDRESS_SCOPE, PREFIXES = "address_scope", "prefixes"
MIN_PREFIXLEN, DEFAULT_PREFIXLEN, MAX_PREFIXLEN = (
    "min_prefixlen",
    "default_prefixlen",
    "max_prefixlen",
)

SUBNET_POOL_PROPERTIES = {
    "address_scope": properties.Schema(
        properties.Schema.STRING,
        _("An address scope ID to assign to the subnet pool."),
        update_allowed=True,
        constraints=[constraints.CustomConstraint("neutron.address_scope")],
    ),
    "default_prefixlen": properties.Schema(
        properties.Schema.INTEGER,
        _(
            "The size of the prefix to allocate when the cidr or prefixlen attributes"
            " are not specified while creating a subnet."
        ),
        update_allowed=True,
        constraints=[constraints.Range(min=0)],
    ),
    "default_quota": properties.Schema(
        properties.Schema.INTEGER,
        _(
            "A per-tenant quota on the prefix space that can be allocated from the "
            "subnet pool for tenant subnets."
        ),
        update_allowed=True,
        constraints=[constraints.Range(min=0)],
    ),
    "is_default": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Whether this is default IPv4/IPv6 subnet pool. There can only be one "
            "default subnet pool for each IP family. Note that the default policy "
            "setting restricts administrative users to set this to True."
        ),
        default=False,
        update_allowed=True,
    ),
    "max_prefixlen": properties.Schema(
        properties.Schema.INTEGER,
        _("Maximum prefix size that can be allocated from the subnet pool."),
        update_allowed=True,
        constraints=[constraints.Range(min=0)],
    ),
    "min_prefixlen": properties.Schema(
        properties.Schema.INTEGER,
        _("Smallest prefix size that can be allocated from the subnet pool."),
        update_allowed=True,
        constraints=[constraints.Range(min=0)],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name of the subnet pool."),
        update_allowed=True,
    ),
    "prefixes": properties.Schema(
        properties.Schema.LIST,
        _("List of subnet prefixes to assign."),
        required=True,
        update_allowed=True,
        constraints=[constraints.Length(min=1)],
        schema=properties.Schema(
            properties.Schema.STRING,
            constraints=[constraints.CustomConstraint("net_cidr")],
        ),
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Whether the subnet pool will be shared across all tenants. Note that the"
            " default policy setting restricts usage of this attribute to "
            "administrative users only."
        ),
        default=False,
    ),
    "tags": properties.Schema(
        properties.Schema.LIST,
        _("The tags to be added to the subnetpool."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
        ),
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _(
            "The ID of the tenant who owns the subnet pool. Only administrative users"
            " can specify a tenant ID other than their own."
        ),
    ),
}


class SubnetPool(NeutronResource):
    """A Neutron subnet pool; its prefixes may grow in place but never lose addresses."""

    support_status = support.SupportStatus(version="6.0.0")
    entity = "subnetpool"
    required_extension = "subnet_allocation"
    properties_schema = SUBNET_POOL_PROPERTIES

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The address scope by id (none when the template stops naming one)."""
        if ADDRESS_SCOPE in values:
            scope = values.pop(ADDRESS_SCOPE)
            values["address_scope_id"] = self.neutron_id("address_scope", scope)
        return values

    def validate(self) -> None:
        """The prefix lengths are ordered: min <= default <= max."""
        super().validate()
        lengths = {name: self.properties[name] for name in PREFIX_BOUNDS}
        for low, high, (first, second) in PREFIX_ORDER:
            if lengths[low] and lengths[high] and lengths[low] > lengths[high]:
                raise exception.StackValidationFailed(
                    message=_("Illegal prefix bounds: %(key1)s=%(value1)s, %(key2)s=%(value2)s.")
                    % {
                        "key1": first,
                        "value1": lengths[first],
                        "key2": second,
                        "value2": lengths[second],
                    }
                )

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Neutron refuses prefixes that drop addresses: said before asking it."""
        if PREFIXES in prop_diff:
            check_prefixes_grow(self.previous_value(PREFIXES) or [], prop_diff[PREFIXES])
        super().handle_update(json_snippet, tmpl_diff, prop_diff)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The address scope is Neutron's id."""
        live = super().parse_live_resource_data(properties, data)
        live[ADDRESS_SCOPE] = data.get("address_scope_id")
        return live


PREFIX_BOUNDS = (MIN_PREFIXLEN, DEFAULT_PREFIXLEN, MAX_PREFIXLEN)
# (low, high, the two as the error names them): low may not exceed high; checked, and
# named, in upstream's order.
PREFIX_ORDER = (
    (MIN_PREFIXLEN, MAX_PREFIXLEN, (MAX_PREFIXLEN, MIN_PREFIXLEN)),
    (DEFAULT_PREFIXLEN, MAX_PREFIXLEN, (MAX_PREFIXLEN, DEFAULT_PREFIXLEN)),
    (MIN_PREFIXLEN, DEFAULT_PREFIXLEN, (MIN_PREFIXLEN, DEFAULT_PREFIXLEN)),
)


def check_prefixes_grow(old: list[str], new: list[str]) -> None:
    """StackValidationFailed unless every address of ``old`` is in ``new``."""
    if netaddr.IPSet(old).issubset(netaddr.IPSet(new)):
        return
    raise exception.StackValidationFailed(
        message=_(
            "Property %(key)s updated value %(new)s should be superset of existing value %(old)s."
        )
        % {"key": PREFIXES, "new": sorted(new), "old": sorted(old)}
    )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::SubnetPool": SubnetPool}
