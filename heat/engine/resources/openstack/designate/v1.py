"""``OS::Designate::Domain`` and ``OS::Designate::Record``: they needed Designate's v1 API,
which is gone, so the types are hidden and do nothing (``Zone`` and ``RecordSet`` replace
them)."""

from heat.common.i18n import _
from heat.engine import support
from heat.engine.resources.openstack.heat.none_resource import NoneResource


def _removed(replacement: str) -> support.SupportStatus:
    """Hidden since 10.0.0, deprecated since 8.0.0, supported since 5.0.0."""
    return support.SupportStatus(
        status=support.HIDDEN,
        version="10.0.0",
        message=_("This resource has been removed, use %s instead.") % replacement,
        previous_status=support.SupportStatus(
            status=support.DEPRECATED,
            version="8.0.0",
            previous_status=support.SupportStatus(version="5.0.0"),
        ),
    )


class DesignateDomain(NoneResource):
    """A v1 domain: now a placeholder that makes nothing."""

    support_status = _removed("OS::Designate::Zone")


class DesignateRecord(NoneResource):
    """A v1 record: now a placeholder that makes nothing."""

    support_status = _removed("OS::Designate::RecordSet")


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Designate::Domain": DesignateDomain, "OS::Designate::Record": DesignateRecord}
