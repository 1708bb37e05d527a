"""The properties and attributes of ``OS::Blazar::Lease``, as OpenStack Heat declares them."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties

Schema = properties.Schema
PROPERTIES = (NAME, START_DATE, END_DATE, BEFORE_END_DATE, RESERVATIONS, EVENTS) = (
    "name",
    "start_date",
    "end_date",
    "before_end_date",
    "reservations",
    "events",
)
RESERVATION_KEYS = (
    RESOURCE_TYPE,
    MIN,
    MAX,
    HYPERVISOR_PROPERTIES,
    RESOURCE_PROPERTIES,
    BEFORE_END,
    AMOUNT,
    VCPUS,
    MEMORY_MB,
    DISK_GB,
    AFFINITY,
) = (
    "resource_type",
    "min",
    "max",
    "hypervisor_properties",
    "resource_properties",
    "before_end",
    "amount",
    "vcpus",
    "memory_mb",
    "disk_gb",
    "affinity",
)
EVENT_KEYS = (EVENT_TYPE, TIME) = ("event_type", "time")
RESOURCE_TYPES = (VIRTUAL_INSTANCE, PHYSICAL_HOST) = ("virtual:instance", "physical:host")

DATE_FORMAT = _('The date and time format must be "CCYY-MM-DD hh:mm".')
DATE_PATTERN = r"\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}"
# Blazar's limit of its integer columns.
DB_MAX_INT = 2147483647


def _date(description: str, required: bool = False) -> properties.Schema:
    return Schema(
        Schema.STRING,
        description,
        required=required,
        constraints=[constraints.AllowedPattern(DATE_PATTERN)],
    )


def _count(description: str) -> properties.Schema:
    return Schema(
        Schema.INTEGER, description, constraints=[constraints.Range(min=0, max=DB_MAX_INT)]
    )


def _hosts(description: str) -> properties.Schema:
    return Schema(Schema.INTEGER, description, constraints=[constraints.Range(min=1)])


RESERVATION_SCHEMA = {
    RESOURCE_TYPE: Schema(
        Schema.STRING,
        _("The type of the resource to reserve."),
        required=True,
        constraints=[constraints.AllowedValues(list(RESOURCE_TYPES))],
    ),
    MIN: _hosts(_("The minimum number of hosts to reserve.")),
    MAX: _hosts(_("The maximum number of hosts to reserve.")),
    HYPERVISOR_PROPERTIES: Schema(Schema.STRING, _("Properties of the hypervisor to reserve.")),
    RESOURCE_PROPERTIES: Schema(Schema.STRING, _("Properties of the resource to reserve.")),
    BEFORE_END: Schema(
        Schema.STRING,
        _("The before-end-action of the reservation."),
        default="default",
        constraints=[constraints.AllowedValues(["default", "snapshot"])],
    ),
    AMOUNT: _count(_("The amount of instances to reserve.")),
    VCPUS: _count(_("The number of VCPUs per the instance.")),
    MEMORY_MB: _count(_("Megabytes of memory per the instance.")),
    DISK_GB: _count(_("Gigabytes of the local disk per the instance.")),
    AFFINITY: Schema(Schema.BOOLEAN, _("The affinity of instances to reserve."), default=False),
}

EVENT_SCHEMA = {
    EVENT_TYPE: Schema(
        Schema.STRING, _("The type of the event (e.g. notification)."), required=True
    ),
    TIME: Schema(Schema.STRING, _("The date and time of the event. ") + DATE_FORMAT, required=True),
}

PROPERTIES_SCHEMA = {
    NAME: Schema(Schema.STRING, _("The name of the lease."), required=True),
    START_DATE: _date(_("The start date and time of the lease. ") + DATE_FORMAT, required=True),
    # Upstream's description lacks the full stop after "lease".
    END_DATE: _date(_("The end date and time of the lease ") + DATE_FORMAT, required=True),
    BEFORE_END_DATE: _date(
        _("The date and time for the before-end-action of the lease. ") + DATE_FORMAT
    ),
    RESERVATIONS: Schema(
        Schema.LIST,
        _("The list of reservations."),
        required=True,
        schema=Schema(Schema.MAP, schema=RESERVATION_SCHEMA),
    ),
    EVENTS: Schema(
        Schema.LIST,
        _("A list of event objects."),
        default=[],
        schema=Schema(Schema.MAP, schema=EVENT_SCHEMA),
    ),
}

ATTRIBUTE_DATE_FORMAT = _('The date and time format is "CCYY-MM-DD hh:mm".')
# Each attribute's description and type.
ATTRIBUTES = {
    "name": (_("The name of the lease."), attributes.Schema.STRING),
    "start_date": (
        _("The start date and time of the lease. ") + ATTRIBUTE_DATE_FORMAT,
        attributes.Schema.STRING,
    ),
    "end_date": (
        _("The end date and time of the lease. ") + ATTRIBUTE_DATE_FORMAT,
        attributes.Schema.STRING,
    ),
    "created_at": (
        _("The date and time when the lease was created. ") + ATTRIBUTE_DATE_FORMAT,
        attributes.Schema.STRING,
    ),
    "updated_at": (
        _("The date and time when the lease was updated. ") + ATTRIBUTE_DATE_FORMAT,
        attributes.Schema.STRING,
    ),
    "status": (_("The status of the lease."), attributes.Schema.STRING),
    "degraded": (
        _(
            "The flag which represents condition of reserved resources of the lease. If it is "
            "true, the amount of reserved resources is less than the request or reserved "
            "resources were changed."
        ),
        attributes.Schema.BOOLEAN,
    ),
    "user_id": (_("The UUID of the lease owner."), attributes.Schema.STRING),
    "project_id": (_("The UUID the project which owns the lease."), attributes.Schema.STRING),
    "trust_id": (_("The UUID of the trust of the lease owner."), attributes.Schema.STRING),
    "reservations": (_("A list of reservation objects."), attributes.Schema.LIST),
    "events": (_("Event information of the lease."), attributes.Schema.LIST),
}
