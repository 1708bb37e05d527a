"""Types whose service or API is gone (Neutron's LBaaS, Sahara, Senlin, Monasca, Vitrage,
Magnum's bays, Aodh's combination alarms): hidden placeholders that make nothing, so
stacks that still hold them can be shown, updated and deleted, as OpenStack Heat keeps
them. Each keeps the support history OpenStack Heat 27 reports for it.
"""

from heat.common.i18n import _
from heat.engine import support
from heat.engine.resources.openstack.heat.none_resource import NoneResource

# (status, version, message) from the newest to the oldest.
History = tuple[tuple[str, str, str | None], ...]

_LBAAS_V1_DEPRECATED = _(
    "Neutron LBaaS v1 is deprecated in the Liberty release and is planned to be removed in a "
    "future release. Going forward, the LBaaS V2 should be used."
)
_LBAAS_V1: History = (
    (support.HIDDEN, "9.0.0", _("Use LBaaS V2 instead.")),
    (support.DEPRECATED, "7.0.0", _LBAAS_V1_DEPRECATED),
)


def _lbaas_v2(since: str) -> History:
    return (
        (support.HIDDEN, "21.0.0", _("Use octavia instead.")),
        (support.SUPPORTED, since, None),
    )


def _retired_project(project: str, hidden: str, since: str, message: bool = True) -> History:
    return (
        (support.HIDDEN, hidden, _("%s project was retired") % project if message else None),
        (support.DEPRECATED, "22.0.0", _("%s project was marked inactive") % project),
        (support.SUPPORTED, since, None),
    )


def _monasca(*older: tuple[str, str, str | None]) -> History:
    return (
        (support.HIDDEN, "25.0.0", _("Monasca project was retired")),
        (support.DEPRECATED, "22.0.0", _("Monasca project was marked inactive")),
        *older,
    )


RETIRED: dict[str, History] = {
    "OS::Aodh::CombinationAlarm": (
        (
            support.HIDDEN,
            "9.0.0",
            _(
                "OS::Aodh::CombinationAlarm is deprecated and has been removed from Aodh, use "
                "OS::Aodh::CompositeAlarm instead."
            ),
        ),
        (support.DEPRECATED, "7.0.0", None),
        (support.SUPPORTED, "2014.1", None),
    ),
    "OS::Magnum::Bay": (
        (support.HIDDEN, "11.0.0", _("Please use OS::Magnum::Cluster instead.")),
        (support.DEPRECATED, "9.0.0", _("Please use OS::Magnum::Cluster instead.")),
        (support.SUPPORTED, "6.0.0", None),
    ),
    "OS::Monasca::AlarmDefinition": _monasca(
        (support.SUPPORTED, "7.0.0", None), (support.UNSUPPORTED, "5.0.0", None)
    ),
    "OS::Monasca::Notification": _monasca(
        (support.SUPPORTED, "7.0.0", None), (support.SUPPORTED, "5.0.0", None)
    ),
    "OS::Neutron::HealthMonitor": _LBAAS_V1,
    "OS::Neutron::LoadBalancer": (*_LBAAS_V1, (support.SUPPORTED, "2014.1", None)),
    "OS::Neutron::Pool": _LBAAS_V1,
    "OS::Neutron::PoolMember": (*_LBAAS_V1, (support.SUPPORTED, "2014.1", None)),
    "OS::Neutron::LBaaS::HealthMonitor": _lbaas_v2("6.0.0"),
    "OS::Neutron::LBaaS::L7Policy": _lbaas_v2("7.0.0"),
    "OS::Neutron::LBaaS::L7Rule": _lbaas_v2("7.0.0"),
    "OS::Neutron::LBaaS::Listener": _lbaas_v2("6.0.0"),
    "OS::Neutron::LBaaS::LoadBalancer": _lbaas_v2("6.0.0"),
    "OS::Neutron::LBaaS::Pool": _lbaas_v2("6.0.0"),
    "OS::Neutron::LBaaS::PoolMember": _lbaas_v2("6.0.0"),
    "OS::Sahara::Cluster": _retired_project("Sahara", "23.0.0", "5.0.0"),
    "OS::Sahara::ClusterTemplate": _retired_project("Sahara", "23.0.0", "2014.2", message=False),
    "OS::Sahara::DataSource": _retired_project("Sahara", "23.0.0", "5.0.0"),
    "OS::Sahara::ImageRegistry": _retired_project("Sahara", "23.0.0", "5.0.0"),
    "OS::Sahara::Job": _retired_project("Sahara", "23.0.0", "8.0.0"),
    "OS::Sahara::JobBinary": _retired_project("Sahara", "23.0.0", "5.0.0"),
    "OS::Sahara::NodeGroupTemplate": _retired_project("Sahara", "23.0.0", "2014.2"),
    "OS::Senlin::Cluster": _retired_project("Senlin", "23.0.0", "6.0.0"),
    "OS::Senlin::Node": _retired_project("Senlin", "23.0.0", "6.0.0"),
    "OS::Senlin::Policy": _retired_project("Senlin", "23.0.0", "6.0.0"),
    "OS::Senlin::Profile": _retired_project("Senlin", "23.0.0", "6.0.0"),
    "OS::Senlin::Receiver": _retired_project("Senlin", "23.0.0", "6.0.0"),
    # OpenStack Heat 27 says "Senlin" here: kept, since clients see the message.
    "OS::Vitrage::Template": (
        (support.HIDDEN, "27.0.0", _("Senlin project was retired")),
        (support.DEPRECATED, "26.0.0", _("Vitrage project was marked inactive")),
        (support.SUPPORTED, "16.0.0", None),
    ),
}


def support_status(history: History) -> support.SupportStatus:
    """The SupportStatus chain of a history, newest first."""
    (status, version, message), *older = history
    return support.SupportStatus(
        status=status,
        version=version,
        message=message,
        previous_status=support_status(tuple(older)) if older else None,
    )


def placeholder(type_name: str, history: History) -> type:
    """A hidden NoneResource class for ``type_name``."""
    return type(
        "Retired" + type_name.replace("::", ""),
        (NoneResource,),
        {
            "__doc__": "A placeholder for the retired %s: it makes nothing." % type_name,
            "support_status": support_status(history),
        },
    )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {name: placeholder(name, history) for name, history in RETIRED.items()}
