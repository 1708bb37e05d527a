"""A test-only resource type, loaded by the functional deployments through ``plugin_dirs``.

``Test::SignalRecorder`` keeps every signal it gets, in order, in its metadata under
``signals``, so that a test can read through the API what an alarm (or anyone) sent it.
"""

from heat.engine.resource import Resource


class SignalRecorder(Resource):
    """Records the details of each signal in its metadata (``{"signals": [...]}``)."""

    def handle_create(self) -> None:
        self.resource_id_set(self.physical_resource_name())

    def handle_signal(self, details=None) -> None:
        signals = self.metadata_get().get("signals", [])
        self.metadata_set({"signals": [*signals, details]})


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"Test::SignalRecorder": SignalRecorder}
