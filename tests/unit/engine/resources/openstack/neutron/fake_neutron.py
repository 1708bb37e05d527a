"""A stand-in for Neutron's answers in the rules tests: a resource whose requests are
recorded and answered from a table, and whose names are looked up as ``<name>-id``."""

from openstack import exceptions as sdk_exceptions

from heat.engine.clients.os.neutron import NeutronClientPlugin


class FakeNeutron:
    """Answers ``request(method, path, body)`` from ``answers`` (``{(method, path):
    answer}``; an exception there is raised) and records every call in ``calls``."""

    def __init__(self, answers: dict | None = None):
        self.answers = dict(answers or {})
        self.calls: list[tuple] = []

    def __call__(self, method, path, body=None):
        self.calls.append((method, path, body))
        answer = self.answers.get((method, path))
        if isinstance(answer, Exception):
            raise answer
        return answer

    def writes(self) -> list[tuple]:
        """The calls that change something (every one but ``get``)."""
        return [call for call in self.calls if call[0] != "get"]


def not_found() -> Exception:
    return sdk_exceptions.NotFoundException("gone")


def client_plugin(extensions: tuple[str, ...]) -> NeutronClientPlugin:
    """Neutron's client plugin, which reads errors as ever and has ``extensions``."""
    plugin = NeutronClientPlugin(None)
    plugin.has_extension = lambda alias: alias in extensions  # type: ignore[method-assign]
    return plugin


def resource(neutron_engine, type_name, neutron=None, previous=None, extensions=(), **properties):
    """The resource ``it`` of a new stack, talking to ``neutron`` (a FakeNeutron) that
    has ``extensions``, with ``previous`` (properties) as the values an update started
    from."""
    stack = neutron_engine.stack({"it": {"type": type_name, "properties": properties}})
    stack.strict_validate = False  # names are looked up in Neutron only when strict
    found = stack.resources["it"]
    found.check_service_available = lambda: None  # no catalog here: only the rules count
    found.neutron_id = lambda kind, value: None if value is None else "%s-id" % value
    found.client_plugin = lambda name=None: client_plugin(tuple(extensions))
    found.request = neutron if neutron is not None else FakeNeutron()
    if previous is not None:
        found.previous_properties = resource(neutron_engine, type_name, **previous).properties
    return found
