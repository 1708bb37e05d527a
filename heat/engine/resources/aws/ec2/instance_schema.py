"""The properties and attributes of ``AWS::EC2::Instance``, as OpenStack Heat 27 declares
them (the EC2 ones heat does not implement are refused when given)."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties

Schema = properties.Schema

PROPERTIES = (
    IMAGE_ID,
    INSTANCE_TYPE,
    KEY_NAME,
    AVAILABILITY_ZONE,
    DISABLE_API_TERMINATION,
    KERNEL_ID,
    MONITORING,
    PLACEMENT_GROUP_NAME,
    PRIVATE_IP_ADDRESS,
    RAM_DISK_ID,
    SECURITY_GROUPS,
    SECURITY_GROUP_IDS,
    NETWORK_INTERFACES,
    SOURCE_DEST_CHECK,
    SUBNET_ID,
    TAGS,
    NOVA_SCHEDULER_HINTS,
    TENANCY,
    USER_DATA,
    VOLUMES,
    BLOCK_DEVICE_MAPPINGS,
) = (
    "ImageId",
    "InstanceType",
    "KeyName",
    "AvailabilityZone",
    "DisableApiTermination",
    "KernelId",
    "Monitoring",
    "PlacementGroupName",
    "PrivateIpAddress",
    "RamDiskId",
    "SecurityGroups",
    "SecurityGroupIds",
    "NetworkInterfaces",
    "SourceDestCheck",
    "SubnetId",
    "Tags",
    "NovaSchedulerHints",
    "Tenancy",
    "UserData",
    "Volumes",
    "BlockDeviceMappings",
)
ATTRIBUTES = (AVAILABILITY_ZONE_ATTR, PRIVATE_DNS_NAME, PUBLIC_DNS_NAME, PRIVATE_IP, PUBLIC_IP) = (
    "AvailabilityZone",
    "PrivateDnsName",
    "PublicDnsName",
    "PrivateIp",
    "PublicIp",
)

# A Key/Value pair of the AWS lists of tags and of scheduler hints.
KEY_VALUE = Schema(
    Schema.MAP,
    schema={
        "Key": Schema(Schema.STRING, required=True),
        "Value": Schema(Schema.STRING, required=True),
    },
)

PROPERTIES_SCHEMA = {
    AVAILABILITY_ZONE: Schema(
        Schema.STRING,
        _("Availability zone to launch the instance in."),
    ),
    BLOCK_DEVICE_MAPPINGS: Schema(
        Schema.LIST,
        _("Block device mappings to attach to instance."),
        schema=Schema(
            Schema.MAP,
            schema={
                "DeviceName": Schema(
                    Schema.STRING,
                    _(
                        "A device name where the volume will be attached in the system "
                        "at /dev/device_name.e.g. vdb"
                    ),
                    required=True,
                ),
                "Ebs": Schema(
                    Schema.MAP,
                    _("The ebs volume to attach to the instance."),
                    schema={
                        "DeleteOnTermination": Schema(
                            Schema.BOOLEAN,
                            _(
                                "Indicate whether the volume should be deleted when the"
                                " instance is terminated."
                            ),
                            default=True,
                        ),
                        "Iops": Schema(
                            Schema.NUMBER,
                            _("The number of I/O operations per second that the volume supports."),
                            implemented=False,
                        ),
                        "SnapshotId": Schema(
                            Schema.STRING,
                            _("The ID of the snapshot to create a volume from."),
                            constraints=[constraints.CustomConstraint("cinder.snapshot")],
                        ),
                        "VolumeSize": Schema(
                            Schema.STRING,
                            _(
                                "The size of the volume, in GB. Must be equal or "
                                "greater than the size of the snapshot. It is safe to "
                                "leave this blank and have the Compute service infer "
                                "the size."
                            ),
                        ),
                        "VolumeType": Schema(
                            Schema.STRING,
                            _("The volume type."),
                            implemented=False,
                        ),
                    },
                ),
                "NoDevice": Schema(
                    Schema.MAP,
                    _("The can be used to unmap a defined device."),
                    implemented=False,
                ),
                "VirtualName": Schema(
                    Schema.STRING,
                    _(
                        "The name of the virtual device. The name must be in the form "
                        "ephemeralX where X is a number starting from zero (0); for "
                        "example, ephemeral0."
                    ),
                    implemented=False,
                ),
            },
        ),
    ),
    IMAGE_ID: Schema(
        Schema.STRING,
        _("Glance image ID or name."),
        required=True,
        constraints=[constraints.CustomConstraint("glance.image")],
    ),
    INSTANCE_TYPE: Schema(
        Schema.STRING,
        _("Nova instance type (flavor)."),
        required=True,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("nova.flavor")],
    ),
    KEY_NAME: Schema(
        Schema.STRING,
        _("Optional Nova keypair name."),
        constraints=[constraints.CustomConstraint("nova.keypair")],
    ),
    NETWORK_INTERFACES: Schema(
        Schema.LIST,
        _("Network interfaces to associate with instance."),
        update_allowed=True,
    ),
    NOVA_SCHEDULER_HINTS: Schema(
        Schema.LIST,
        _("Scheduler hints to pass to Nova (Heat extension)."),
        schema=KEY_VALUE,
    ),
    SECURITY_GROUP_IDS: Schema(
        Schema.LIST,
        _("Security group IDs to assign."),
    ),
    SECURITY_GROUPS: Schema(
        Schema.LIST,
        _("Security group names to assign."),
    ),
    SUBNET_ID: Schema(
        Schema.STRING,
        _("Subnet ID to launch instance in."),
        update_allowed=True,
    ),
    TAGS: Schema(
        Schema.LIST,
        _("Tags to attach to instance."),
        update_allowed=True,
        schema=KEY_VALUE,
    ),
    USER_DATA: Schema(
        Schema.STRING,
        _("User data to pass to instance."),
    ),
    VOLUMES: Schema(
        Schema.LIST,
        _("Volumes to attach to instance."),
        default=[],
        schema=Schema(
            Schema.MAP,
            schema={
                "Device": Schema(
                    Schema.STRING,
                    _(
                        "The device where the volume is exposed on the instance. This "
                        "assignment may not be honored and it is advised that the path "
                        "/dev/disk/by-id/virtio-<VolumeId> be used instead."
                    ),
                    required=True,
                ),
                "VolumeId": Schema(
                    Schema.STRING,
                    _("The ID of the volume to be attached."),
                    required=True,
                    constraints=[constraints.CustomConstraint("cinder.volume")],
                ),
            },
        ),
    ),
    DISABLE_API_TERMINATION: Schema(Schema.STRING, _("Not Implemented."), implemented=False),
    KERNEL_ID: Schema(Schema.STRING, _("Not Implemented."), implemented=False),
    MONITORING: Schema(Schema.BOOLEAN, _("Not Implemented."), implemented=False),
    PLACEMENT_GROUP_NAME: Schema(Schema.STRING, _("Not Implemented."), implemented=False),
    PRIVATE_IP_ADDRESS: Schema(Schema.STRING, _("Not Implemented."), implemented=False),
    RAM_DISK_ID: Schema(Schema.STRING, _("Not Implemented."), implemented=False),
    SOURCE_DEST_CHECK: Schema(Schema.BOOLEAN, _("Not Implemented."), implemented=False),
    TENANCY: Schema(
        Schema.STRING,
        _("Not Implemented."),
        constraints=[constraints.AllowedValues(["dedicated", "default"])],
        implemented=False,
    ),
}


ATTRIBUTES_SCHEMA = {
    AVAILABILITY_ZONE_ATTR: attributes.Schema(
        _("The Availability Zone where the specified instance is launched."),
        type=attributes.Schema.STRING,
    ),
    PRIVATE_DNS_NAME: attributes.Schema(
        _("Private DNS name of the specified instance."), type=attributes.Schema.STRING
    ),
    PUBLIC_DNS_NAME: attributes.Schema(
        _("Public DNS name of the specified instance."), type=attributes.Schema.STRING
    ),
    PRIVATE_IP: attributes.Schema(
        _("Private IP address of the specified instance."), type=attributes.Schema.STRING
    ),
    PUBLIC_IP: attributes.Schema(
        _("Public IP address of the specified instance."), type=attributes.Schema.STRING
    ),
}
