"""``OS::Neutron::ExtraRouteSet`` and ``OS::Neutron::ExtraRoute`` (unsupported, as
upstream): static routes of a router made elsewhere, beyond those of its interfaces and
gateway.

A set adds and removes its routes with Neutron's ``extraroute-atomic`` calls, so sets
of one router (in one stack or several) never undo each other's routes. A route the
router has already, from anywhere, is refused: deleting the resource would take it away
from its owner. The physical id of a set is the router's id.
"""

import json
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource
from heat.engine.resources.openstack.neutron.routing import router_requirements

ROUTER, ROUTER_ID, ROUTES, DESTINATION, NEXTHOP = (
    "router",
    "router_id",
    "routes",
    "destination",
    "nexthop",
)
ATOMIC_EXTENSION = "extraroute-atomic"

ROUTE_SET_PROPERTIES = {
    "router": properties.Schema(
        properties.Schema.STRING,
        _("The router id."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.router")],
    ),
    "routes": properties.Schema(
        properties.Schema.LIST,
        _("A set of route dictionaries for the router."),
        default=[],
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "destination": properties.Schema(
                    properties.Schema.STRING,
                    _("The destination network in CIDR notation."),
                    required=True,
                    constraints=[constraints.CustomConstraint("net_cidr")],
                ),
                "nexthop": properties.Schema(
                    properties.Schema.STRING,
                    _("The next hop for the destination."),
                    required=True,
                    constraints=[constraints.CustomConstraint("ip_addr")],
                ),
            },
        ),
    ),
}
ROUTE_PROPERTIES = {
    "destination": properties.Schema(
        properties.Schema.STRING, _("Network in CIDR notation."), required=True
    ),
    "nexthop": properties.Schema(properties.Schema.STRING, _("Nexthop IP address."), required=True),
    "router_id": properties.Schema(
        properties.Schema.STRING,
        _("The router id."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.router")],
    ),
}

Route = tuple[str, str]


def route_set(routes: list[dict[str, Any]] | None) -> set[Route]:
    """Routes as ``(destination, nexthop)`` pairs, to compare them."""
    return {(route[DESTINATION], route[NEXTHOP]) for route in routes or []}


def route_list(routes: set[Route]) -> list[dict[str, str]]:
    """Pairs as Neutron's routes, in a stable order."""
    return [{DESTINATION: destination, NEXTHOP: nexthop} for destination, nexthop in sorted(routes)]


class RouterRoutes(NeutronResource):
    """What both types share: the Neutron item is the router, whose ``routes`` they
    change. The routes a resource added are recorded in its data: a replaced copy is
    deleted with its successor's properties, so only the record says what it owns."""

    entity = "router"
    #: The property naming the router.
    router_property: str = ROUTER

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's interfaces of the router: a next hop must be on one of its
        subnets."""
        return router_requirements.attachments_of(values.get(cls.router_property), resources)

    def router_id(self) -> str | None:
        return self.neutron_id("router", self.properties[self.router_property])

    def item_path(self, item_id: str | None = None) -> str:
        return super().item_path(item_id or self.router_id())

    def router_routes(self) -> set[Route]:
        return route_set(self.show_item().get(ROUTES))

    def template_routes(self) -> set[Route]:
        """The routes the properties ask for."""
        raise NotImplementedError

    def owned_routes(self) -> set[Route]:
        """The routes the resource added, as it recorded them."""
        recorded = self.data().get(ROUTES)
        return self.template_routes() if recorded is None else route_set(json.loads(recorded))

    def record_routes(self, routes: set[Route]) -> None:
        self.data_set(ROUTES, json.dumps(route_list(routes)))

    def refuse_existing(self, routes: set[Route]) -> None:
        """PhysicalResourceExists naming the first of ``routes`` the router has already."""
        for destination, nexthop in sorted(routes & self.router_routes()):
            name = "%s,%s=%s" % (self.router_id(), destination, nexthop)
            raise exception.PhysicalResourceExists(name=name)

    def atomic(self) -> bool:
        """Whether Neutron adds and removes routes one by one (``extraroute-atomic``)."""
        return True

    def change_routes(self, verb: str, routes: set[Route]) -> None:
        """``add`` or ``remove`` the routes: atomically where Neutron can, else by writing
        the router's whole list, as upstream's ExtraRoute does."""
        if not routes:
            return
        if self.atomic():
            body = {self.entity: {ROUTES: route_list(routes)}}
            self.request("put", "%s/%s_extraroutes" % (self.item_path(), verb), body)
            return
        before = self.router_routes()
        after = before | routes if verb == "add" else before - routes
        if after != before:
            self.request("put", self.item_path(), {self.entity: {ROUTES: route_list(after)}})

    def handle_delete(self) -> None:
        """Remove the routes the resource added; a router already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.change_routes("remove", self.owned_routes())
        except Exception as error:  # Neutron's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    def prepare_for_replace(self) -> None:
        """Remove the routes before the replacement adds its own, which it would refuse
        while the router has them (as after a failed check); the copy then owns nothing."""
        self.handle_delete()
        self.resource_id_set(None)

    def handle_check(self) -> None:
        """The router exists and has every route the resource added."""
        missing = self.owned_routes() - self.router_routes()
        if missing:
            raise exception.Error(
                _("The router %(router)s has lost the routes %(routes)s.")
                % {"router": self.router_id(), "routes": route_list(missing)}
            )


class ExtraRouteSet(RouterRoutes):
    """A set of static routes of one router, changed in place route by route."""

    support_status = support.SupportStatus(version="14.0.0")
    required_extension = ATOMIC_EXTENSION
    properties_schema = ROUTE_SET_PROPERTIES

    def router_id(self) -> str | None:
        """The router's id: the physical id, once there is one."""
        return self.resource_id or super().router_id()

    def template_routes(self) -> set[Route]:
        return route_set(self.properties[ROUTES])

    def handle_create(self) -> None:
        routes = self.template_routes()
        self.refuse_existing(routes)
        self.change_routes("add", routes)
        self.record_routes(routes)
        self.resource_id_set(self.router_id())

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Remove the routes left out, then add the new ones (none of which the router
        may have already): the routes kept stay in place throughout."""
        if ROUTES not in prop_diff:
            return
        before = route_set(self.previous_value(ROUTES))
        after = self.template_routes()
        self.refuse_existing(after - before)
        self.change_routes("remove", before - after)
        self.change_routes("add", after - before)
        self.record_routes(after)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The set's routes the router still has (its other routes belong to others)."""
        live = route_set(data.get(ROUTES))
        return {ROUTES: route_list(route_set(properties.get(ROUTES)) & live)}


class ExtraRoute(RouterRoutes):
    """One static route of a router; any change makes a new one. Its physical id is
    ``<router id>:<destination>:<nexthop>``."""

    support_status = support.SupportStatus(
        status=support.UNSUPPORTED, message=_("Use this resource at your own risk.")
    )
    required_extension = "extraroute"
    properties_schema = ROUTE_PROPERTIES
    router_property = ROUTER_ID

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's interfaces and router gateways of the router, as upstream."""
        router = values.get(ROUTER_ID)
        return router_requirements.attachments_of(router, resources, with_gateways=True)

    def router_id(self) -> str | None:
        """The router's id: the physical id starts with it, once there is one."""
        if self.resource_id:
            return self.resource_id.partition(":")[0]
        return super().router_id()

    def template_routes(self) -> set[Route]:
        return {(self.properties[DESTINATION], self.properties[NEXTHOP])}

    def atomic(self) -> bool:
        return bool(self.client_plugin().has_extension(ATOMIC_EXTENSION))

    def handle_create(self) -> None:
        route = self.template_routes()
        if route & self.router_routes():
            raise exception.Error(_("Route duplicates an existing route."))
        self.change_routes("add", route)
        self.record_routes(route)
        [(destination, nexthop)] = route
        self.resource_id_set("%s:%s:%s" % (self.router_id(), destination, nexthop))

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Nothing of a route changes in place."""
        return {}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Neutron::ExtraRoute": ExtraRoute,
        "OS::Neutron::ExtraRouteSet": ExtraRouteSet,
    }
