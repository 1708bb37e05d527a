"""``OS::Cinder::EncryptedVolumeType``: the encryption of a volume type; the physical id
is the volume type's id, and all but the volume type changes in place."""

from typing import Any, ClassVar

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

PROPERTIES = (PROVIDER, CONTROL_LOCATION, CIPHER, KEY_SIZE, VOLUME_TYPE) = (
    "provider",
    "control_location",
    "cipher",
    "key_size",
    "volume_type",
)


class CinderEncryptedVolumeType(SdkEntityResource):
    """The encryption of the volumes of a volume type.

    Only administrators may set it. Nova's ``front-end`` encryptors or the storage
    ``back-end`` encrypt the volume with the cipher and key size given.
    """

    support_status = support.SupportStatus(version="5.0.0")
    default_client_name: ClassVar[str | None] = "cinder"
    entity = "type_encryption"

    properties_schema = {
        PROVIDER: properties.Schema(
            properties.Schema.STRING,
            _(
                "The class that provides encryption support. For example, "
                "nova.volume.encryptors.luks.LuksEncryptor."
            ),
            required=True,
            update_allowed=True,
        ),
        CONTROL_LOCATION: properties.Schema(
            properties.Schema.STRING,
            _("Notional service where encryption is performed For example, front-end. For Nova."),
            constraints=[constraints.AllowedValues(["front-end", "back-end"])],
            default="front-end",
            update_allowed=True,
        ),
        CIPHER: properties.Schema(
            properties.Schema.STRING,
            _("The encryption algorithm or mode. For example, aes-xts-plain64."),
            constraints=[constraints.AllowedValues(["aes-xts-plain64", "aes-cbc-essiv"])],
            update_allowed=True,
        ),
        KEY_SIZE: properties.Schema(
            properties.Schema.INTEGER,
            _("Size of encryption key, in bits. For example, 128 or 256."),
            update_allowed=True,
        ),
        VOLUME_TYPE: properties.Schema(
            properties.Schema.STRING,
            _("Name or id of volume type (OS::Cinder::VolumeType)."),
            required=True,
            constraints=[constraints.CustomConstraint("cinder.vtype")],
        ),
    }

    def handle_create(self) -> None:
        volume_type = self.client_plugin().get_volume_type(self.properties[VOLUME_TYPE])
        specs = {
            key: self.properties[key] for key in (PROVIDER, CIPHER, KEY_SIZE, CONTROL_LOCATION)
        }
        self.client().create_type_encryption(volume_type.id, **specs)
        self.resource_id_set(volume_type.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        if prop_diff:
            self.client().update_type_encryption(volume_type=self.resource_id, **prop_diff)

    def _show_resource(self) -> Any:
        found = super()._show_resource()
        # Cinder answers an empty encryption for a type without one.
        return found if found and found.get("encryption_id") else None

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The encryption as Cinder has it; the volume type is the physical id itself."""
        return {key: data.get(key) for key in (PROVIDER, CONTROL_LOCATION, CIPHER, KEY_SIZE)}

    def prepare_for_replace(self) -> None:
        """A replacement on the same volume type (its encryption was deleted outside heat)
        takes the type over: the old resource lets go of it first, so that deleting the old
        one later cannot delete the new encryption."""
        if self.resource_id is None:
            return
        if self.client_plugin().get_volume_type(self.properties[VOLUME_TYPE]).id == (
            self.resource_id
        ):
            self.handle_delete()
            self.resource_id_set(None)

    def handle_delete(self) -> None:
        """Delete the encryption; one already gone, or whose type is gone, is not an error."""
        if self.resource_id is None:
            return
        try:
            encryption = self.entity_get()
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin().ignore_not_found(error)
            return
        # An encryption without id is Cinder's answer for a type without one.
        if encryption.encryption_id:
            self.client().delete_type_encryption(encryption)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Cinder::EncryptedVolumeType": CinderEncryptedVolumeType}
