"""``OS::Glance::WebImage``: an image whose data Glance downloads from a URL (the
``web-download`` import); and the hidden ``OS::Glance::Image``, which needed Glance v1."""

from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine import support
from heat.engine.resources.openstack.glance.image_schema import (
    ACTIVE,
    CONTAINER_FORMAT,
    DISK_FORMAT,
    EXTRA_PROPERTIES,
    IMAGE_ID,
    LOCATION,
    MEMBERS,
    OWNER,
    PROPERTIES,
    PROPERTIES_SCHEMA,
    TAGS,
    VISIBILITY,
)
from heat.engine.resources.openstack.heat.none_resource import NoneResource
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

# Properties that are not fields of the image record.
_NOT_FIELDS = (ACTIVE, LOCATION, MEMBERS, EXTRA_PROPERTIES)
# Properties an update changes otherwise than by patching the record.
_NOT_UPDATED = _NOT_FIELDS + (TAGS,)
# Fields the live state takes as Glance has them (the id is the physical id itself).
_OBSERVED = tuple(key for key in PROPERTIES if key not in _NOT_FIELDS + (IMAGE_ID,))
# What an image's status says of ``active``; other statuses say nothing.
_ACTIVE_BY_STATUS = {"active": True, "deactivated": False}


class GlanceWebImage(SdkEntityResource):
    """A Glance image imported from a web URL.

    Glance downloads the image data itself; the image becomes active when the download is
    done (and is deactivated then when ``active`` is false). Tags, visibility, members and
    the descriptive properties change in place.
    """

    support_status = support.SupportStatus(version="12.0.0")
    default_client_name: ClassVar[str | None] = "glance"
    entity = "image"
    properties_schema = PROPERTIES_SCHEMA

    def handle_create(self) -> bool:
        fields = {
            key: value
            for key, value in self.properties.items()
            if value is not None and key not in _NOT_FIELDS
        }
        fields.update(self.properties[EXTRA_PROPERTIES] or {})
        glance = self.client_plugin()
        image = glance.create_image_record(fields)
        self.resource_id_set(image["id"])
        # openstacksdk checks the formats on the image it is given, so not a bare id.
        self.client().import_image(
            self.client().get_image(image["id"]),
            method="web-download",
            uri=self.properties[LOCATION],
        )
        for member in self.properties[MEMBERS] or []:
            self.client().add_member(image["id"], member=member)
        return bool(self.properties[ACTIVE])

    def check_create_complete(self, active: bool) -> bool:
        """Done when Glance's import task has let go of the image: active (then deactivated
        when the template says so); a killed image, or one Glance failed to download,
        failed."""
        image = self.client_plugin().show_image(self.resource_id)
        status = image["status"]
        if status == "killed":
            raise exception.ResourceInError(resource_status=status)
        # Glance marks the image active, or its import failed, a moment before the import
        # task lets go of it: deleting the image then races the task's last writes, which
        # Glance answers with a 500.
        if image.get("os_glance_import_task"):
            return False
        # A failed download leaves the image queued, naming the stores it failed to fill.
        if image.get("os_glance_failed_import"):
            raise exception.ResourceInError(
                resource_status=status,
                status_reason=_("Glance could not import the image from %s")
                % self.properties[LOCATION],
            )
        if active:
            return status == "active"
        if status == "active":
            self.client().deactivate_image(self.resource_id)
            return True
        return status == "deactivated"

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Deactivate first, change fields, tags and members, reactivate last."""
        before = self.previous_properties
        assert before is not None  # set by the engine for the length of an update
        image = self.client()
        if prop_diff.get(ACTIVE) is False:
            image.deactivate_image(self.resource_id)
        fields = {key: value for key, value in prop_diff.items() if key not in _NOT_UPDATED}
        operations = patch_operations({key: before[key] for key in fields}, fields)
        if EXTRA_PROPERTIES in prop_diff:
            operations += patch_operations(before[EXTRA_PROPERTIES], prop_diff[EXTRA_PROPERTIES])
        if operations:
            self.client_plugin().patch_image(self.resource_id, operations)
        if TAGS in prop_diff:
            self._change(before[TAGS], prop_diff[TAGS], image.add_tag, image.remove_tag)
        if MEMBERS in prop_diff:
            self._change_members(before[MEMBERS], prop_diff[MEMBERS])
        if prop_diff.get(ACTIVE):
            image.reactivate_image(self.resource_id)

    def _change(self, old: Any, new: Any, add: Any, remove: Any) -> None:
        for item in set(new or []) - set(old or []):
            add(self.resource_id, item)
        for item in set(old or []) - set(new or []):
            try:
                remove(self.resource_id, item)
            except Exception as error:  # gone already
                self.client_plugin().ignore_not_found(error)

    def _change_members(self, old: Any, new: Any) -> None:
        image = self.client()
        for member in set(new or []) - set(old or []):
            image.add_member(self.resource_id, member=member)
        for member in set(old or []) - set(new or []):
            image.remove_member(member, image=self.resource_id)

    def validate(self) -> None:
        """AMI-style formats go together; members only for a shared image."""
        super().validate()
        container_format = self.properties[CONTAINER_FORMAT]
        if container_format in ("ami", "ari", "aki") and (
            self.properties[DISK_FORMAT] != container_format
        ):
            raise exception.StackValidationFailed(
                message=_(
                    "Invalid mix of disk and container formats. When setting a disk or "
                    "container format to one of 'aki', 'ari', or 'ami', the container and "
                    "disk formats must match."
                )
            )
        if self.properties[MEMBERS] and self.properties[VISIBILITY] != "shared":
            raise exception.ResourcePropertyValueDependency(
                prop1=MEMBERS, prop2=VISIBILITY, value="shared"
            )

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return self.client_plugin().show_image(self.resource_id)
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin().ignore_not_found(error)
            return None

    def get_live_resource_data(self) -> Any:
        """The image as Glance shows it; a deleted or killed image is gone."""
        data = super().get_live_resource_data()
        if data is not None and data.get("status") in ("deleted", "killed"):
            raise exception.EntityNotFound(entity="Resource", name=self.name)
        return data

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The image's fields, the template's extra properties and whether it is active;
        an owner the template left to Glance and tags in another order are not drift."""
        live = {key: data.get(key) for key in _OBSERVED}
        if properties.get(OWNER) is None:
            del live[OWNER]
        if set(live[TAGS] or []) == set(properties.get(TAGS) or []):
            del live[TAGS]
        extra = properties.get(EXTRA_PROPERTIES)
        if extra:
            live[EXTRA_PROPERTIES] = {key: data.get(key) for key in extra}
        if data.get("status") in _ACTIVE_BY_STATUS:
            live[ACTIVE] = _ACTIVE_BY_STATUS[data["status"]]
        return live


def patch_operations(old: Any, new: Any) -> list[dict[str, Any]]:
    """The JSON-patch operations that turn the fields ``old`` into ``new`` (a field whose
    new value is None, or that ``new`` lacks, is removed)."""
    old, new = old or {}, new or {}
    operations = [
        {"op": "replace" if old.get(key) is not None else "add", "path": "/" + key, "value": value}
        for key, value in new.items()
        if value is not None
    ]
    gone = [key for key in old if old[key] is not None and new.get(key) is None]
    return operations + [{"op": "remove", "path": "/" + key} for key in gone]


class GlanceImage(NoneResource):
    """An image from an existing location: it needed Glance's v1 API, which is gone, so
    the type is hidden and does nothing."""

    support_status = support.SupportStatus(
        status=support.HIDDEN,
        version="22.0.0",
        previous_status=support.SupportStatus(
            status=support.DEPRECATED,
            version="8.0.0",
            message=_(
                "Creating a Glance Image based on an existing URL location requires the "
                "Glance v1 API, which is deprecated."
            ),
            previous_status=support.SupportStatus(version="2014.2"),
        ),
    )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Glance::Image": GlanceImage, "OS::Glance::WebImage": GlanceWebImage}
