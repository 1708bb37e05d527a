"""The base class of resource plugins: schemas as data, state, and the handlers they override.

A plugin declares ``properties_schema`` and ``attributes_schema`` and implements some of
``handle_create``, ``check_create_complete``, ``handle_update``, ``handle_delete``,
``handle_suspend``, ``handle_resume``, ``handle_check``, ``handle_signal``,
``handle_snapshot``... Running those handlers, writing states and events, hooks and
replacement belong to :mod:`heat.engine.resource_actions`; persistence goes through the
stack's :class:`heat.engine.resource_store.ResourceStore`.
"""

import base64
import uuid
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from heat.common import exception, identifier
from heat.engine import attributes, function, properties, support
from heat.engine import resource_states as states
from heat.engine.rsrc_defn import ResourceDefinition


def short_id(value: str) -> str:
    """A 12-character lowercase id derived from a UUID, for physical resource names."""
    raw = uuid.UUID(value).bytes[:8]
    return base64.b32encode(raw).decode("ascii").rstrip("=").lower()[:12]


class NoActionRequired(Exception):
    """A signal that ``handle_signal`` chose to ignore: no event is recorded for it."""

    def __init__(self, res_name: str = "Unknown", reason: str = ""):
        super().__init__(
            "The resource %s could not perform scaling action: %s" % (res_name, reason)
        )


class Resource:
    """One resource of a stack; subclasses are the resource types."""

    properties_schema: dict[str, properties.Schema] = {}
    attributes_schema: dict[str, attributes.Schema] = {}
    support_status: ClassVar[support.SupportStatus] = support.SupportStatus()
    # Whether a property change the schema does not allow in place replaces the resource
    # (True) or fails the update.
    replace_on_unallowed_change: ClassVar[bool] = True
    # Physical ids and data name things outside Heat, so they are written at once; a plugin
    # that makes nothing outside the database sets False and lets the engine batch them.
    durable_writes: ClassVar[bool] = True
    # The service whose client ``client()`` gives when asked for none by name.
    default_client_name: ClassVar[str | None] = None
    # Actions during which the resource refuses signals (a deployment takes them always).
    no_signal_actions: ClassVar[tuple[str, ...]] = (states.DELETE,)

    def __init__(self, name: str, definition: ResourceDefinition, stack: Any):
        self.name = name
        self.t = definition
        self.stack = stack
        self.context = stack.context
        self.action = states.INIT
        self.status = states.COMPLETE
        self.status_reason = ""
        self.id: int | None = None
        self.uuid: str | None = None
        self.resource_id: str | None = None
        self.created_time: Any = None
        self.updated_time: Any = None
        self.requires: list[str] = []
        self.properties_data_id: int | None = None
        self._data: dict[str, str] | None = None
        self._metadata: dict[str, Any] | None = None
        self.properties = self.make_properties(definition)
        # While ``handle_update`` runs: the properties the resource had before the update
        # (``properties`` are already the new ones).
        self.previous_properties: properties.Properties | None = None
        self.attributes = attributes.Attributes(
            name, self.full_attributes_schema(), self._resolve_any_attribute
        )

    @classmethod
    def full_attributes_schema(cls) -> dict[str, attributes.Schema]:
        """The plugin's attributes plus the ``show`` attribute every resource has."""
        return {**attributes.BASE_ATTRIBUTES, **cls.attributes_schema}

    def make_properties(self, definition: ResourceDefinition) -> properties.Properties:
        """The properties of ``definition`` under this type's schema; their errors name the
        path as the template spells it (``Resources.<name>.Properties`` in a CFN one)."""
        cfn = self.stack.t.RESOURCES == "Resources"
        return properties.Properties(
            self.properties_schema,
            definition.properties_snippet(),
            function.resolve,
            self.name,
            self.context,
            section="Properties" if cfn else "properties",
        )

    def type(self) -> str:
        """The resource type as the template names it."""
        return self.t.resource_type

    @property
    def state(self) -> tuple[str, str]:
        """``(action, status)``."""
        return self.action, self.status

    def physical_resource_name(self) -> str:
        """A name unique to this resource, for the physical resources it creates."""
        suffix = short_id(self.uuid) if self.uuid else "0"
        name = "%s-%s-%s" % (self.stack.name, self.name, suffix)
        return name[:255]

    def identifier(self) -> identifier.ResourceIdentifier:
        """``{tenant, stack_name, stack_id, path}`` of the resource."""
        return identifier.ResourceIdentifier(resource_name=self.name, **self.stack.identifier())

    def FnGetRefId(self) -> str:  # noqa: N802 - Heat's public name
        """What ``get_resource``/``Ref`` give: the physical id, else the resource name."""
        reference = self.get_reference_id()
        return reference if reference is not None else self.name

    def get_reference_id(self) -> str | None:
        """The reference id a plugin gives; the physical id by default."""
        return None if self.resource_id is None else str(self.resource_id)

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """The attribute ``key``, then ``path`` into it; None when the value is not known."""
        return attributes.select_from_attribute(self.attributes[key], path)

    def FnGetAtts(self) -> dict[str, Any]:  # noqa: N802 - Heat's public name
        """Every attribute of the resource except ``show``."""
        return {name: self.attributes[name] for name in self.attributes_schema}

    def _resolve_any_attribute(self, name: str) -> Any:
        if self.action == states.INIT:
            return None
        if name == "show":
            return self._show_resource()
        return self._resolve_attribute(name)

    def _resolve_attribute(self, name: str) -> Any:
        """The value of the plugin attribute ``name``; plugins override this."""
        return None

    def _show_resource(self) -> dict[str, Any]:
        """What the ``show`` attribute gives: the physical resource's details when a plugin
        knows them, else the resource's own record."""
        return {"id": self.resource_id, "name": self.name} if self.resource_id else {}

    # -- live state (see heat.engine.live_state) -------------------------------------

    def can_show_live_state(self) -> bool:
        """Whether the type tells its live state: a plugin that can says how its physical
        resource maps onto its properties by overriding :meth:`get_live_state` or
        :meth:`parse_live_resource_data`."""
        cls = type(self)
        return (
            cls.get_live_state is not Resource.get_live_state
            or cls.parse_live_resource_data is not Resource.parse_live_resource_data
        )

    def get_live_resource_data(self) -> Any:
        """The physical resource's details as a mapping (what ``show`` gives)."""
        data = self._show_resource()
        return data.to_dict() if hasattr(data, "to_dict") else data

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The live values of the properties that can change in place, read from ``data``
        under the same names; a ``name`` left to heat (None) is never taken."""
        live = {}
        for name in self.update_allowed_properties():
            if name not in data or (name == "name" and properties.get(name) is None):
                continue
            live[name] = data[name]
        return live

    def get_live_state(self, properties: Any) -> dict[str, Any]:
        """The live values of ``properties`` (the stored ones), by property name;
        EntityNotFound when the physical resource is gone."""
        data = self.get_live_resource_data()
        if data is None:
            raise exception.EntityNotFound(entity="Resource", name=self.name)
        return self.parse_live_resource_data(properties, data)

    def validate(self) -> None:
        """Static checks before any action; plugins add their own to these of
        :meth:`validate_template`."""
        self.validate_template()

    def validate_template(self) -> None:
        """The checks a template gets before its parameters have values: the type's
        service is usable and the properties are known (and hold against the schema when
        the stack validates strictly)."""
        self.check_service_available()
        self.properties.validate(with_value=self.stack.strict_validate)

    def check_service_available(self) -> None:
        """ResourceTypeUnavailable (HEAT-E99001) when the service of ``default_client_name``
        cannot be used as the stack's context."""
        if self.default_client_name is None:
            return
        reason = self.stack.clients.unavailable_reason(self.default_client_name)
        if reason is not None:
            raise exception.ResourceTypeUnavailable(
                service_name=self.default_client_name, resource_type=self.type(), reason=reason
            )

    def nested(self) -> Any:
        """The nested stack implementing this resource, or None."""
        return None

    # -- other services ------------------------------------------------------------

    def client(self, name: str | None = None) -> Any:
        """The client of service ``name`` (the plugin's ``default_client_name`` by default)."""
        return self.client_plugin(name).client()

    def client_plugin(self, name: str | None = None) -> Any:
        """The client plugin of service ``name`` (``default_client_name`` by default)."""
        return self.stack.clients.client_plugin(name or self.default_client_name)

    # -- data the resource keeps for itself -------------------------------------------

    def data(self, refresh: bool = False) -> dict[str, str]:
        """The resource's key/value data (decrypted); with ``refresh``, read again (another
        copy of the resource may have added to it)."""
        if self._data is None or refresh:
            self._data = self.stack.store.resource_data(self)
        return dict(self._data)

    def data_set(self, key: str, value: str, redact: bool = False) -> None:
        """Keep ``key``=``value`` (encrypted when ``redact``)."""
        self.stack.store.resource_data_set(self, key, value, redact)
        self._data = None

    def data_delete(self, key: str) -> bool:
        """Forget ``key``; whether it was there."""
        found = self.stack.store.resource_data_delete(self, key)
        self._data = None
        return found

    def resource_id_set(self, value: Any) -> None:
        """Record the physical resource id (stored at once, so a crash cannot lose it)."""
        self.resource_id = None if value is None else str(value)
        self.stack.store.resource_id_set(self)

    def metadata_get(self, refresh: bool = False) -> dict[str, Any]:
        """The resource's metadata: as stored, else as the template defines it. With
        ``refresh`` it is read afresh from the database, where other engines write it."""
        if refresh and self.id is not None and self.action != states.INIT:
            self._metadata = self.stack.store.resource_metadata(self)
        if self._metadata is None:
            self._metadata = self.t.metadata()
        return dict(self._metadata)

    def metadata_set(self, metadata: Mapping[str, Any]) -> None:
        """Replace the stored metadata."""
        self._metadata = dict(metadata)
        self.stack.store.resource_metadata_set(self, self._metadata)

    def update_template_metadata(self, metadata: Mapping[str, Any]) -> None:
        """Store the metadata an update of the template gives; plugins that keep keys of
        their own in the metadata carry them over."""
        self.metadata_set(metadata)

    def metadata_merge(self, merge: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        """Store ``merge(stored metadata)``, atomically against other writers (``merge`` is
        called again when one wrote first); ResourceNotAvailable once it is being deleted."""
        if self.id is None or self.action == states.INIT:
            raise exception.ResourceNotAvailable(resource_name=self.name)
        self._metadata = self.stack.store.resource_metadata_merge(
            self, lambda stored: merge(self.t.metadata() if stored is None else stored)
        )

    # -- update decisions -------------------------------------------------------------

    def needs_update(self, old: "Resource") -> bool | None:
        """Whether to update the resource from ``old`` whatever changed (True), never
        (False), or as the engine judges from the changed values (None, the default)."""
        return None

    def update_allowed_properties(self) -> set[str]:
        """Properties whose change this type makes in place."""
        return properties.update_allowed_properties(self.properties_schema)

    def needs_replace_with_prop_diff(
        self, changed: set[str], after: properties.Properties, before: properties.Properties
    ) -> bool:
        """Whether these property changes need a new resource though the schema allows them."""
        return False

    def handle_update(self, json_snippet: ResourceDefinition, tmpl_diff: dict, prop_diff: dict):
        """Apply an in-place update: ``prop_diff`` holds the new values of the properties
        that changed (``previous_properties`` the old ones); the default does nothing."""
        return None

    def __repr__(self) -> str:
        return "<%s %r %s_%s>" % (type(self).__name__, self.name, self.action, self.status)
