"""The block devices an ``OS::Nova::Server`` boots with, as Nova's block device mapping v2.

``block_device_mapping`` (volumes or snapshots at device names) and
``block_device_mapping_v2`` (volumes, snapshots, images, swap or ephemeral disks) are both
sent in the v2 format; without an image, the first volume-backed device boots the server
unless the template gives boot indexes itself.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _

V1, V2 = "block_device_mapping", "block_device_mapping_v2"


def validate(resource: Any, image: str | None) -> None:
    """Refuse both mapping properties at once, and a server with nothing to boot from."""
    v1, v2 = resource.properties[V1], resource.properties[V2]
    if v1 and v2:
        raise exception.ResourcePropertyConflict(props="%s, %s" % (V1, V2))
    if image or _bootable(v1 or []) or _bootable(v2 or []):
        return
    message = _("Neither image nor bootable volume is specified for instance %s")
    raise exception.StackValidationFailed(message=message % resource.name)


def _bootable(mappings: list[dict[str, Any]]) -> bool:
    return any(
        mapping.get("volume_id") or mapping.get("snapshot_id") or _image(mapping)
        for mapping in mappings
    )


def _image(mapping: dict[str, Any]) -> str | None:
    return mapping.get("image") or mapping.get("image_id")


def _from_v1(mapping: dict[str, Any]) -> dict[str, Any]:
    device: dict[str, Any] = {"device_name": mapping["device_name"], "destination_type": "volume"}
    if mapping.get("volume_id"):
        device.update(source_type="volume", uuid=mapping["volume_id"])
    else:
        device.update(source_type="snapshot", uuid=mapping.get("snapshot_id"))
    if mapping.get("volume_size"):
        device["volume_size"] = mapping["volume_size"]
    if mapping.get("delete_on_termination") is not None:
        device["delete_on_termination"] = mapping["delete_on_termination"]
    return device


def _local_disk(size: int, guest_format: str | None) -> dict[str, Any]:
    device: dict[str, Any] = {
        "source_type": "blank",
        "destination_type": "local",
        "volume_size": size,
        "boot_index": -1,
        "delete_on_termination": True,
    }
    if guest_format:
        device["guest_format"] = guest_format
    return device


def _from_v2(resource: Any, mapping: dict[str, Any]) -> dict[str, Any]:
    if mapping.get("swap_size"):
        device = _local_disk(mapping["swap_size"], "swap")
    elif mapping.get("ephemeral_size"):
        device = _local_disk(mapping["ephemeral_size"], mapping.get("ephemeral_format"))
    else:
        device = {"destination_type": "volume"}
        if mapping.get("volume_id"):
            device.update(source_type="volume", uuid=mapping["volume_id"])
        elif mapping.get("snapshot_id"):
            device.update(source_type="snapshot", uuid=mapping["snapshot_id"])
        else:
            image = resource.client_plugin("glance").find_image_by_name_or_id(_image(mapping))
            device.update(source_type="image", uuid=image)
    for key in ("device_name", "volume_size", "device_type", "disk_bus", "volume_type"):
        if mapping.get(key) is not None:
            device[key] = mapping[key]
    for key in ("boot_index", "delete_on_termination"):
        if mapping.get(key) is not None:
            device[key] = mapping[key]
    return device


def _with_boot_device(devices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if any("boot_index" in device for device in devices if device["source_type"] != "blank"):
        return devices
    for device in devices:
        if device["destination_type"] == "volume":
            device["boot_index"] = 0
            break
    return devices


def mappings(resource: Any, image: str | None) -> list[dict[str, Any]] | None:
    """The ``block_device_mapping_v2`` of Nova's server create, or None."""
    v1, v2 = resource.properties[V1], resource.properties[V2]
    if v1:
        devices = [_from_v1(mapping) for mapping in v1]
    elif v2:
        devices = [_from_v2(resource, mapping) for mapping in v2]
    else:
        return None
    return devices if image else _with_boot_device(devices)
