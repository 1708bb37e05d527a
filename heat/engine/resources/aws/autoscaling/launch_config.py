"""``AWS::AutoScaling::LaunchConfiguration``: how the instances of a scaling group are made.

The resource makes nothing; groups read it (:meth:`LaunchConfiguration.instance_properties`)
to define their ``AWS::EC2::Instance`` members. Made from an existing server
(``InstanceId``), it takes the image, flavor, key and security groups of that server for
those it does not set, once, when it is created. It is never changed in place: a new
configuration replaces it, and the groups naming it roll the change out to their members.
"""

import json
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties
from heat.engine.resource import Resource
from heat.engine.resources.aws.ec2 import instance, instance_schema

Schema = properties.Schema

PROPERTIES = (
    IMAGE_ID,
    INSTANCE_TYPE,
    KEY_NAME,
    USER_DATA,
    SECURITY_GROUPS,
    KERNEL_ID,
    RAM_DISK_ID,
    BLOCK_DEVICE_MAPPINGS,
    NOVA_SCHEDULER_HINTS,
    INSTANCE_ID,
) = (
    "ImageId",
    "InstanceType",
    "KeyName",
    "UserData",
    "SecurityGroups",
    "KernelId",
    "RamDiskId",
    "BlockDeviceMappings",
    "NovaSchedulerHints",
    "InstanceId",
)
# The resource data holding what the server of ``InstanceId`` gave.
FROM_INSTANCE = "from_instance"

_SHARED_WITH_INSTANCE = (
    KEY_NAME,
    USER_DATA,
    SECURITY_GROUPS,
    BLOCK_DEVICE_MAPPINGS,
    NOVA_SCHEDULER_HINTS,
)

properties_schema = {
    IMAGE_ID: Schema(
        Schema.STRING,
        _("Glance image ID or name."),
        constraints=[constraints.CustomConstraint("glance.image")],
    ),
    INSTANCE_TYPE: Schema(
        Schema.STRING,
        _("Nova instance type (flavor)."),
        constraints=[constraints.CustomConstraint("nova.flavor")],
    ),
    INSTANCE_ID: Schema(
        Schema.STRING,
        _(
            "The ID of an existing instance you want to use to create the launch "
            "configuration. All properties are derived from the instance with the exception "
            "of BlockDeviceMapping."
        ),
        constraints=[constraints.CustomConstraint("nova.server")],
    ),
    KERNEL_ID: Schema(Schema.STRING, _("Not Implemented."), implemented=False),
    RAM_DISK_ID: Schema(Schema.STRING, _("Not Implemented."), implemented=False),
    **{name: instance_schema.PROPERTIES_SCHEMA[name] for name in _SHARED_WITH_INSTANCE},
}


def server_properties(server: Any) -> dict[str, Any]:
    """The launch properties a Nova server (with its details) was booted with."""
    return {
        IMAGE_ID: (server.image or {}).get("id"),
        INSTANCE_TYPE: (server.flavor or {}).get("id") or (server.flavor or {}).get("name"),
        KEY_NAME: server.key_name,
        SECURITY_GROUPS: [group["name"] for group in server.security_groups or []],
    }


class LaunchConfiguration(Resource):
    """The definition shared by the instances an AWS scaling group launches."""

    properties_schema = properties_schema

    def validate(self) -> None:
        super().validate()
        instance.validate_block_device_mappings(self.properties[BLOCK_DEVICE_MAPPINGS])
        if not self.properties[INSTANCE_ID] and not (
            self.properties[IMAGE_ID] and self.properties[INSTANCE_TYPE]
        ):
            message = _("If without InstanceId, ImageId and InstanceType are required.")
            raise exception.StackValidationFailed(message=message)

    def handle_create(self) -> None:
        """Read the server of ``InstanceId`` now: the configuration keeps what it was."""
        instance_id = self.properties[INSTANCE_ID]
        if instance_id:
            server = self.client_plugin("nova").get_server(instance_id)
            self.data_set(FROM_INSTANCE, json.dumps(server_properties(server)))

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """A new configuration replaces this one; so does new metadata, which the
        instances are made with."""
        raise exception.UpdateReplace(self.name)

    def get_reference_id(self) -> str | None:
        """Its physical name once stored (its name before)."""
        return self.physical_resource_name() if self.id is not None else None

    def instance_properties(self) -> dict[str, Any]:
        """The ``AWS::EC2::Instance`` properties of a member: those set here, the rest
        from the server of ``InstanceId``."""
        found = {
            name: self.properties[name]
            for name in self.t.properties_snippet()
            if name != INSTANCE_ID and self.properties[name] is not None
        }
        derived = json.loads(self.data().get(FROM_INSTANCE, "{}"))
        for name, value in derived.items():
            if value is not None:
                found.setdefault(name, value)
        return found


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::AutoScaling::LaunchConfiguration": LaunchConfiguration}
