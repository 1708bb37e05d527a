"""Small resource types for the stack-action tests: they need no other service."""

import threading
import time

from heat.engine import attributes, properties
from heat.engine.resource import Resource


class Thing(Resource):
    """Creates nothing; ``fail`` makes its create fail, ``polls`` makes it wait."""

    properties_schema = {
        "value": properties.Schema(properties.Schema.STRING, update_allowed=True, default=""),
        "fixed": properties.Schema(properties.Schema.STRING, default=""),
        "fail": properties.Schema(properties.Schema.BOOLEAN, default=False, update_allowed=True),
        "polls": properties.Schema(properties.Schema.INTEGER, default=0),
    }
    attributes_schema = {"value": attributes.Schema("The value.")}

    def handle_create(self):
        if self.properties["fail"]:
            raise ValueError("Thing %s failed" % self.name)
        self.resource_id_set(self.physical_resource_name())
        return self.properties["polls"]

    def check_create_complete(self, polls):
        self._polled = getattr(self, "_polled", 0) + 1
        return self._polled > polls

    def handle_update(self, json_snippet, tmpl_diff, prop_diff):
        if prop_diff.get("fail"):
            raise ValueError("Thing %s failed to update" % self.name)

    def _resolve_attribute(self, name):
        return self.properties["value"] if name == "value" else None


class Recorder(Resource):
    """Keeps every signal it gets, in order, in its metadata under ``signals``."""

    def handle_create(self):
        self.resource_id_set(self.physical_resource_name())

    def handle_signal(self, details=None):
        signals = self.metadata_get().get("signals", [])
        self.metadata_set({"signals": [*signals, details]})


class Exclusive(Resource):
    """Holds its ``name`` in a namespace where names are unique (as Nova's key pairs), so
    its replacement under the same name needs the old one out of the way first."""

    # The names held, standing for the other service; tests use names of their own.
    held: set[str] = set()

    properties_schema = {
        "name": properties.Schema(properties.Schema.STRING, required=True),
        "generation": properties.Schema(properties.Schema.INTEGER, default=0),
    }

    def handle_create(self):
        if self.properties["name"] in self.held:
            raise ValueError("the name %s is taken" % self.properties["name"])
        self.held.add(self.properties["name"])
        self.resource_id_set(self.properties["name"])

    def handle_delete(self):
        self.held.discard(self.resource_id)

    def prepare_for_replace(self):
        if self.resource_id.startswith("stuck-"):
            raise ValueError("%s cannot let go of its name" % self.resource_id)
        self.handle_delete()
        self.resource_id_set(None)


class Keyed(Resource):
    """Holds its ``key`` in a shared set and lets go of it by its properties, not by its
    physical id, as a project quota does: deleting it with another copy's properties
    would take that copy's key."""

    # The keys held, standing for the other service; tests use keys of their own.
    held: set[str] = set()

    properties_schema = {"key": properties.Schema(properties.Schema.STRING, required=True)}

    def handle_create(self):
        self.held.add(self.properties["key"])
        self.resource_id_set(self.physical_resource_name())

    def handle_delete(self):
        self.held.discard(self.properties["key"])


class Observed(Resource):
    """Keeps its ``size`` and ``label`` in a shared map by physical id, standing for a
    service whose records can be changed (or deleted) behind heat's back."""

    # The records, by physical id; tests change them to make drift.
    records: dict[str, dict] = {}

    properties_schema = {
        "size": properties.Schema(properties.Schema.INTEGER, default=1, update_allowed=True),
        "label": properties.Schema(properties.Schema.STRING, default="", update_allowed=True),
        "secret": properties.Schema(properties.Schema.STRING, default="", update_allowed=True),
    }

    def handle_create(self):
        self.resource_id_set(self.physical_resource_name())
        self.records[self.resource_id] = dict(self.properties)

    def handle_update(self, json_snippet, tmpl_diff, prop_diff):
        self.records[self.resource_id].update(prop_diff)

    def handle_delete(self):
        self.records.pop(self.resource_id or "", None)

    def _show_resource(self):
        return self.records.get(self.resource_id or "")

    def parse_live_resource_data(self, properties, data):
        """Every property, under its own name."""
        return {name: data[name] for name in self.properties_schema if name in data}


class _Conflicts:
    """A client plugin's classification of errors: ``InUseError`` is a conflict."""

    def is_conflict(self, error):
        return isinstance(error, InUseError)


class InUseError(Exception):
    """A service's "still in use" refusal."""


class InUse(Resource):
    """Its delete is refused as still in use ``refusals`` times (a subnet whose server
    Nova is still deleting), then succeeds."""

    properties_schema = {"refusals": properties.Schema(properties.Schema.INTEGER, default=0)}
    refused: dict[str, int] = {}

    def client_plugin(self, name=None):
        return _Conflicts()

    def handle_create(self):
        self.resource_id_set(self.physical_resource_name())

    def handle_delete(self):
        count = self.refused.get(self.resource_id, 0)
        if count < self.properties["refusals"]:
            self.refused[self.resource_id] = count + 1
            raise InUseError("%s is still in use" % self.resource_id)


class Busy(Resource):
    """Its create keeps its thread busy for ``seconds`` (as a slow call to a service
    would), counting the creates under way at once: ``most`` is the most seen."""

    properties_schema = {"seconds": properties.Schema(properties.Schema.NUMBER, default=0.05)}
    most = 0
    _working = 0
    _guard = threading.Lock()

    def handle_create(self):
        busy = type(self)
        with busy._guard:
            busy._working += 1
            busy.most = max(busy.most, busy._working)
        try:
            time.sleep(self.properties["seconds"])
        finally:
            with busy._guard:
                busy._working -= 1
        self.resource_id_set(self.physical_resource_name())


PLUGINS = {
    "Test::Busy": Busy,
    "Test::Thing": Thing,
    "Test::Recorder": Recorder,
    "Test::Exclusive": Exclusive,
    "Test::InUse": InUse,
    "Test::Keyed": Keyed,
    "Test::Observed": Observed,
}
