"""``OS::Cinder::QoSSpecs`` (quality-of-service specs whose keys change in place) and
``OS::Cinder::QoSAssociation`` (specs applied to volume types)."""

from typing import Any, ClassVar

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resource import Resource
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

NAME, SPECS = "name", "specs"
QOS_SPECS, VOLUME_TYPES = "qos_specs", "volume_types"


def added_and_removed(new: Any, old: Any) -> tuple[list, list]:
    """What ``new`` has that ``old`` has not, and the other way round."""
    return list(set(new or []) - set(old or [])), list(set(old or []) - set(new or []))


class QoSSpecs(SdkEntityResource):
    """Cinder QoS specs: limits (IOPS, throughput) for the volumes of the types they are
    associated with. Only administrators may manage them."""

    support_status = support.SupportStatus(version="7.0.0")
    default_client_name: ClassVar[str | None] = "cinder"
    entity = "qos_spec"

    properties_schema = {
        NAME: properties.Schema(properties.Schema.STRING, _("Name of the QoS.")),
        SPECS: properties.Schema(
            properties.Schema.MAP,
            _("The specs key and value pairs of the QoS."),
            required=True,
            update_allowed=True,
        ),
    }

    def handle_create(self) -> None:
        name = self.properties[NAME] or self.physical_resource_name()
        qos = self.client().create_qos_spec(name=name, **self.properties[SPECS])
        self.resource_id_set(qos.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Set the keys that are new or changed, unset those no longer there."""
        if SPECS not in prop_diff or self.resource_id is None:
            return
        before = self.previous_properties
        new, old = prop_diff[SPECS] or {}, (before[SPECS] if before else None) or {}
        changed = {key: value for key, value in new.items() if old.get(key) != value}
        removed = [key for key in old if key not in new]
        if changed:
            self.client().update_qos_spec(self.resource_id, **changed)
        if removed:
            self.client().delete_qos_spec_metadata(self.resource_id, removed)

    def handle_delete(self) -> None:
        """Disassociate the specs from every volume type, then delete them."""
        if self.resource_id is not None:
            try:
                self.client().disassociate_all_qos_spec(self.resource_id)
            except Exception as error:  # the service's "not found" is classified by the plugin
                self.client_plugin().ignore_not_found(error)
        super().handle_delete()


class QoSAssociation(Resource):
    """QoS specs associated with volume types. Only administrators may associate them."""

    support_status = support.SupportStatus(version="8.0.0")
    default_client_name: ClassVar[str | None] = "cinder"

    properties_schema = {
        QOS_SPECS: properties.Schema(
            properties.Schema.STRING,
            _("ID or Name of the QoS specs."),
            required=True,
            constraints=[constraints.CustomConstraint("cinder.qos_specs")],
        ),
        VOLUME_TYPES: properties.Schema(
            properties.Schema.LIST,
            _("List of volume type IDs or Names to be attached to QoS specs."),
            schema=properties.Schema(
                properties.Schema.STRING,
                _("A volume type to attach specs."),
                constraints=[constraints.CustomConstraint("cinder.vtype")],
            ),
            update_allowed=True,
            required=True,
        ),
    }

    def _qos_id(self) -> str:
        return str(self.client_plugin().get_qos_specs(self.properties[QOS_SPECS]).id)

    def _type_id(self, volume_type: str) -> str:
        return str(self.client_plugin().get_volume_type(volume_type).id)

    def handle_create(self) -> None:
        qos_id = self._qos_id()
        for volume_type in self.properties[VOLUME_TYPES]:
            self.client().associate_qos_spec(qos_id, self._type_id(volume_type))
        self.resource_id_set(self.uuid)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Associate the types added to the list, disassociate those taken out."""
        if VOLUME_TYPES not in prop_diff:
            return
        old = self.previous_properties[VOLUME_TYPES] if self.previous_properties else []
        added, removed = added_and_removed(prop_diff[VOLUME_TYPES], old)
        qos_id = self._qos_id()
        for volume_type in added:
            self.client().associate_qos_spec(qos_id, self._type_id(volume_type))
        for volume_type in removed:
            self.client().disassociate_qos_spec(qos_id, self._type_id(volume_type))

    def handle_delete(self) -> None:
        """Disassociate the types; specs or types already gone are not an error."""
        if self.resource_id is None:
            return
        cinder = self.client_plugin()
        try:
            qos_id = self._qos_id()
        except Exception as error:  # gone already: nothing is associated any more
            cinder.ignore_not_found(error)
            return
        for volume_type in self.properties[VOLUME_TYPES]:
            try:
                self.client().disassociate_qos_spec(qos_id, self._type_id(volume_type))
            except Exception as error:  # see above
                cinder.ignore_not_found(error)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Cinder::QoSSpecs": QoSSpecs, "OS::Cinder::QoSAssociation": QoSAssociation}
