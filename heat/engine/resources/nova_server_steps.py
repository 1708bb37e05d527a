"""Changes to a Nova server that take a while, as :class:`Step` s run one after the other by
a ``check_*_complete`` (:func:`advance`), and the immediate changes both server types make."""

import dataclasses
import json
import time
from collections.abc import Callable
from typing import Any

from heat.common import exception
from heat.common.i18n import _

ACTIVE, VERIFY_RESIZE = "ACTIVE", "VERIFY_RESIZE"


@dataclasses.dataclass
class Step:
    """One request to Nova, then the condition that says Nova has carried it out."""

    start: Callable[[], Any]
    done: Callable[[], bool]
    started: bool = False


def advance(steps: list[Step]) -> bool:
    """Start the next steps as the earlier ones are done; whether all are."""
    while steps:
        step = steps[0]
        if not step.started:
            step.start()
            step.started = True
        if not step.done():
            return False
        steps.pop(0)
    return True


def nova_metadata(metadata: dict[str, Any] | None) -> dict[str, str]:
    """Server metadata as Nova takes it: non-string values serialized to JSON."""
    return {
        key: value if isinstance(value, str) else json.dumps(value)
        for key, value in (metadata or {}).items()
    }


def replace_metadata(resource: Any, metadata: dict[str, str]) -> None:
    """Make the server's metadata exactly ``metadata``."""
    compute = resource.client()
    current = compute.get_server_metadata(resource.resource_id).metadata or {}
    removed = [key for key in current if key not in metadata]
    if removed:
        compute.delete_server_metadata(resource.resource_id, removed)
    if metadata:
        compute.set_server_metadata(resource.resource_id, **metadata)


def resize_steps(resource: Any, flavor: str) -> list[Step]:
    """Resize the server to the flavor named or identified, then confirm the resize (unless
    Nova confirmed it itself); a resize Nova gave up on fails the update."""
    compute, server_id = resource.client(), resource.resource_id
    found = resource.client_plugin().get_flavor(flavor)

    def resized() -> bool:
        server = compute.get_server(server_id)
        if server.status == VERIFY_RESIZE:
            return True
        if server.status == ACTIVE and server.task_state is None:
            if _has_flavor(server, found):
                return True
            message = _("Resizing to '%(flavor)s' failed, status '%(status)s'")
            raise exception.Error(message % {"flavor": flavor, "status": server.status})
        return resource.reached(VERIFY_RESIZE)

    def confirm() -> None:
        if compute.get_server(server_id).status == VERIFY_RESIZE:
            compute.confirm_server_resize(server_id)

    return [
        Step(lambda: compute.resize_server(server_id, found.id), resized),
        Step(confirm, lambda: resource.reached(ACTIVE)),
    ]


def _has_flavor(server: Any, flavor: Any) -> bool:
    shown = server.flavor or {}
    return flavor.id == shown.get("id") or flavor.name == shown.get("original_name")


def interfaces(resource: Any) -> list[Any]:
    """The server's interfaces as Nova lists them."""
    return list(resource.client().server_interfaces(resource.resource_id))


def detach_step(
    resource: Any, port_id: str, after: Callable[[str], None] = lambda port_id: None
) -> Step:
    """Detach the port from the server; done once Nova no longer lists it, when ``after``
    is called with the port's id."""
    compute, server_id = resource.client(), resource.resource_id
    checks = InterfaceChecks(_check_attempts(resource))

    def detached() -> bool:
        if not checks.due():
            return False
        if any(iface.port_id == port_id for iface in interfaces(resource)):
            if checks.exhausted():
                message = _("Failed to detach interface (%(port)s) from server (%(server)s)")
                raise exception.Error(message % {"port": port_id, "server": server_id})
            return False
        after(port_id)
        return True

    return Step(lambda: compute.delete_server_interface(port_id, server=server_id), detached)


def _check_attempts(resource: Any) -> int:
    conf = resource.stack.settings.conf
    return conf.max_interface_check_attempts if conf is not None else 10


@dataclasses.dataclass
class InterfaceChecks:
    """The checks that an interface is gone: ``max_interface_check_attempts`` of them,
    spaced as upstream spaces them (0.5 s doubling up to 12 s)."""

    attempts: int
    clock: Callable[[], float] = time.monotonic
    made: int = 0
    next_at: float = 0.0

    def due(self) -> bool:
        """Whether the next check may be made now; counts it when it may."""
        now = self.clock()
        if now < self.next_at:
            return False
        self.made += 1
        self.next_at = now + min(0.5 * 2 ** (self.made - 1), 12.0)
        return True

    def exhausted(self) -> bool:
        """Whether the check just made was the last one allowed."""
        return self.made >= self.attempts


def attach_port_step(resource: Any, port: Callable[[], str]) -> Step:
    """Attach the port that ``port()`` gives (made when the step starts)."""
    compute, server_id = resource.client(), resource.resource_id
    return Step(lambda: compute.create_server_interface(server_id, port_id=port()), lambda: True)
