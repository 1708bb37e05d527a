"""The base of the ``OS::Neutron::*`` types: one item of a Neutron collection.

Neutron's API is the contract here, so the item is created, changed, read and deleted
with request bodies of Neutron's own keys (through openstacksdk's network proxy, as raw
requests): ``value_specs`` are merged into those bodies as they are, ``tags`` are the
item's tags, and ``show`` is the item as Neutron describes it.
"""

from typing import Any, ClassVar

from openstack import exceptions as sdk_exceptions

from heat.common import exception
from heat.common.i18n import _
from heat.engine import properties
from heat.engine.resource import Resource

VALUE_SPECS, TAGS, NAME = "value_specs", "tags", "name"
# Keys value_specs may never set, besides the type's own properties.
BANNED_VALUE_SPECS = ("shared", "tenant_id")


def status_built(status: str) -> bool:
    """True once a Neutron item is ACTIVE or DOWN, False while it builds; ERROR or DEGRADED
    fail the action, as any status Neutron should not report."""
    if status == "BUILD":
        return False
    if status in ("ACTIVE", "DOWN"):
        return True
    if status in ("ERROR", "DEGRADED"):
        raise exception.ResourceInError(resource_status=status)
    raise exception.ResourceUnknownStatus(resource_status=status, result=_("Resource is not built"))


class NeutronResource(Resource):
    """An item of the Neutron collection ``<entity>s`` whose id is the physical id."""

    default_client_name: ClassVar[str | None] = "neutron"
    #: The item's key in Neutron's bodies (``network``); its collection is ``<entity>s``.
    entity: ClassVar[str]
    #: Whether the item has a ``status`` to wait for after a create or an update.
    has_status: ClassVar[bool] = False
    #: The Neutron API extension the type needs, if any.
    required_extension: ClassVar[str | None] = None
    #: Hidden properties old templates use, and the property that now takes their value.
    renamed_properties: ClassVar[dict[str, str]] = {}

    def make_properties(self, definition: Any) -> properties.Properties:
        """The properties, a renamed one's value given to its successor (when the
        template does not give both: that conflict is for ``validate`` to name)."""
        made = super().make_properties(definition)
        data = dict(made.data)
        for old, new in self.renamed_properties.items():
            if data.get(old) is not None and data.get(new) is None:
                data[new] = data.pop(old)
        if data == dict(made.data):
            return made
        return properties.Properties(
            made.schema, data, made.resolve, made.parent_name, made.context, made.section
        )

    # -- requests ----------------------------------------------------------------------

    def collection_path(self) -> str:
        return "/%ss" % self.entity

    def item_path(self, item_id: str | None = None) -> str:
        return "%s/%s" % (self.collection_path(), item_id or self.resource_id)

    def request(self, method: str, path: str, body: Any = None) -> Any:
        """Neutron's answer (JSON) to ``method path``; its refusal raised as
        openstacksdk's exceptions (``NotFoundException``...)."""
        network = self.client()
        kwargs = {} if body is None else {"json": body}
        response = getattr(network, method)(path, **kwargs)
        sdk_exceptions.raise_from_response(response)
        return response.json() if response.content else None

    # -- bodies ------------------------------------------------------------------------

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """Property values (the properties' names) as Neutron's keys and ids; types whose
        properties are not Neutron's own keys override this."""
        return values

    def neutron_id(self, kind: str, value: str | None) -> str | None:
        """The id of the ``kind`` (``network``, ``qos_policy``...) named or identified by
        ``value``; None stays None."""
        if not value:
            return None
        return self.client_plugin().find_resourceid_by_name_or_id(kind, value)

    def create_body(self) -> dict[str, Any]:
        """The properties that have a value, the physical name when the type has a name
        left unset, and the value_specs merged in."""
        values = {key: value for key, value in self.properties.items() if value is not None}
        values.pop(TAGS, None)
        if NAME in self.properties_schema:
            values.setdefault(NAME, self.physical_resource_name())
        specs = values.pop(VALUE_SPECS, None) or {}
        body = self.neutron_values(values)
        body.update(specs)
        return body

    def update_body(self, prop_diff: dict[str, Any]) -> dict[str, Any]:
        """The changed properties; a name removed becomes the physical name again, and of
        the value_specs only the keys whose value changed are sent."""
        values = dict(prop_diff)
        values.pop(TAGS, None)
        if NAME in values and values[NAME] is None:
            values[NAME] = self.physical_resource_name()
        specs = values.pop(VALUE_SPECS, None) or {}
        before = self.previous_value(VALUE_SPECS) or {}
        body = self.neutron_values(values)
        body.update({key: value for key, value in specs.items() if before.get(key) != value})
        return body

    def previous_value(self, key: str) -> Any:
        """The value ``key`` had before the update running now (None outside one)."""
        previous = self.previous_properties
        return None if previous is None else previous.get(key)

    # -- actions -----------------------------------------------------------------------

    def handle_create(self) -> None:
        answer = self.request("post", self.collection_path(), {self.entity: self.create_body()})
        self.resource_id_set(answer[self.entity]["id"])
        if self.properties.get(TAGS):
            self.set_tags(self.properties[TAGS])
        self.after_create()

    def after_create(self) -> None:
        """What a type does once its item exists (scheduling, rules...)."""

    def check_create_complete(self, token: Any = None) -> bool:
        return self.is_built()

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        if TAGS in prop_diff:
            self.set_tags(prop_diff[TAGS] or [])
        body = self.update_body(prop_diff)
        if body:
            self.request("put", self.item_path(), {self.entity: body})

    def check_update_complete(self, token: Any = None) -> bool:
        return self.is_built()

    def is_built(self) -> bool:
        """True once the item is built (see :func:`status_built`); always for a type
        without a status."""
        return not self.has_status or status_built(self.show_item()["status"])

    def set_tags(self, tags: list[str]) -> None:
        """Make ``tags`` the item's whole set of tags."""
        self.request("put", self.item_path() + "/tags", {"tags": list(tags)})

    def handle_check(self) -> None:
        """The item still exists (and, for a type with a status, is not in error)."""
        self.show_item()
        self.is_built()

    def handle_delete(self) -> None:
        """Delete the item; one already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            self.request("delete", self.item_path())
        except Exception as error:  # Neutron's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    # -- reading -----------------------------------------------------------------------

    def show_item(self) -> dict[str, Any]:
        """The item as Neutron describes it; its "not found" raised."""
        return dict(self.request("get", self.item_path())[self.entity])

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return self.show_item()
        except Exception as error:  # see handle_delete
            self.client_plugin().ignore_not_found(error)
            return None

    def _resolve_attribute(self, name: str) -> Any:
        item = self._show_resource()
        return None if item is None else item.get(name)

    def get_reference_id(self) -> str | None:
        return self.resource_id

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The properties changeable in place under Neutron's same keys that the template
        sets (Neutron's default is not a change), and of the value_specs the keys the
        template gives, as Neutron has them."""
        live = super().parse_live_resource_data(properties, data)
        live = {key: value for key, value in live.items() if properties.get(key) is not None}
        if VALUE_SPECS in self.properties_schema:
            live[VALUE_SPECS] = {
                key: data[key] for key in properties.get(VALUE_SPECS) or {} if key in data
            }
        return live

    # -- checks ------------------------------------------------------------------------

    def check_service_available(self) -> None:
        """Neutron is usable, and has the extension the type needs."""
        super().check_service_available()
        extension = self.required_extension
        if extension and not self.client_plugin().has_extension(extension):
            raise exception.ResourceTypeUnavailable(
                service_name="neutron",
                resource_type=self.type(),
                reason=_("Required extension %(ext)s in %(svc)s service is not available.")
                % {"ext": extension, "svc": "neutron"},
            )

    def validate(self) -> None:
        """A renamed property is not given with its successor; value_specs may not set
        what a property sets, nor ``shared`` or ``tenant_id``."""
        super().validate()
        for old, new in self.renamed_properties.items():
            if self.properties.get(old) is not None:
                raise exception.ResourcePropertyConflict(props=", ".join((new, old)))
        if VALUE_SPECS not in self.properties_schema:
            return
        banned = set(BANNED_VALUE_SPECS) | set(self.properties_schema)
        found = sorted(banned & set(self.properties[VALUE_SPECS] or {}))
        if found:
            raise exception.StackValidationFailed(
                message=_("%s not allowed in value_specs") % ", ".join(found)
            )
