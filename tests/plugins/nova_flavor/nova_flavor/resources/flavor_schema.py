"""The properties of ``My::Nova::Flavor``, apart from its handlers (plugin modules may import
one another: this one is imported relatively)."""

from heat.common.i18n import _
from heat.engine import constraints, properties

PROPERTIES = (RAM, VCPUS, DISK, SWAP, EPHEMERAL, RXTX_FACTOR, EXTRA_SPECS) = (
    "ram",
    "vcpus",
    "disk",
    "swap",
    "ephemeral",
    "rxtx_factor",
    "extra_specs",
)


def _size(description: str, **options) -> properties.Schema:
    return properties.Schema(
        properties.Schema.INTEGER,
        description,
        constraints=[constraints.Range(min=0)],
        **options,
    )


SCHEMA = {
    RAM: _size(_("Memory in MB for the flavor."), required=True),
    VCPUS: _size(_("Number of VCPUs for the flavor."), required=True),
    DISK: _size(_("Size of local disk in GB."), default=0),
    SWAP: _size(_("Swap space in MB."), default=0),
    EPHEMERAL: _size(_("Size of a secondary ephemeral data disk in GB."), default=0),
    RXTX_FACTOR: properties.Schema(properties.Schema.NUMBER, _("RX/TX factor."), default=1.0),
    EXTRA_SPECS: properties.Schema(
        properties.Schema.MAP,
        _("Key/value pairs to extend the capabilities of the flavor."),
        default={},
        update_allowed=True,
    ),
}
