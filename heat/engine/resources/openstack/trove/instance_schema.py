"""The properties and attributes of ``OS::Trove::Instance``, as OpenStack Heat declares
them: the instance's flavor, volume and datastore, its networks, and the databases and
users made on it."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.trove import nics

Schema = properties.Schema

PROPERTIES = (
    NAME,
    FLAVOR,
    SIZE,
    DATABASES,
    USERS,
    AVAILABILITY_ZONE,
    RESTORE_POINT,
    DATASTORE_TYPE,
    DATASTORE_VERSION,
    NICS,
    REPLICA_OF,
    REPLICA_COUNT,
) = (
    "name",
    "flavor",
    "size",
    "databases",
    "users",
    "availability_zone",
    "restore_point",
    "datastore_type",
    "datastore_version",
    "networks",
    "replica_of",
    "replica_count",
)
DATABASE_KEYS = (CHARACTER_SET, COLLATE, DATABASE_NAME) = ("character_set", "collate", "name")
USER_KEYS = (USER_NAME, PASSWORD, HOST, USER_DATABASES) = ("name", "password", "host", "databases")
ATTRIBUTES = (HOSTNAME, HREF) = ("hostname", "href")

# Trove's rules for the names of databases and of users, and for passwords.
DATABASE_NAME_PATTERN = r"[a-zA-Z0-9_\-]+[a-zA-Z0-9_@?#\s\-]*[a-zA-Z0-9_\-]+"
USER_PATTERN = r"[a-zA-Z0-9_]+[a-zA-Z0-9_@?#\s]*[a-zA-Z0-9_]+"
DATASTORE_VERSION_TEXT = _(
    "Name of the registered datastore version. It must exist for provided datastore type. "
    "Defaults to using single active version. If several active versions exist for provided "
    "datastore type, explicit value for this parameter must be specified."
)

DATABASE_SCHEMA = {
    CHARACTER_SET: Schema(Schema.STRING, _("Set of symbols and encodings."), default="utf8"),
    COLLATE: Schema(
        Schema.STRING,
        _("Set of rules for comparing characters in a character set."),
        default="utf8_general_ci",
    ),
    DATABASE_NAME: Schema(
        Schema.STRING,
        _("Specifies database names for creating databases on instance creation."),
        required=True,
        constraints=[
            constraints.Length(max=64),
            constraints.AllowedPattern(DATABASE_NAME_PATTERN),
        ],
    ),
}

USER_SCHEMA = {
    USER_NAME: Schema(
        Schema.STRING,
        _("User name to create a user on instance creation."),
        required=True,
        update_allowed=True,
        constraints=[constraints.Length(max=16), constraints.AllowedPattern(USER_PATTERN)],
    ),
    PASSWORD: Schema(
        Schema.STRING,
        _("Password for those users on instance creation."),
        required=True,
        update_allowed=True,
        constraints=[constraints.AllowedPattern(USER_PATTERN)],
    ),
    HOST: Schema(
        Schema.STRING,
        _("The host from which a user is allowed to connect to the database."),
        default="%",
        update_allowed=True,
    ),
    USER_DATABASES: Schema(
        Schema.LIST,
        _("Names of databases that those users can access on instance creation."),
        schema=Schema(Schema.STRING),
        required=True,
        update_allowed=True,
        constraints=[constraints.Length(min=1)],
    ),
}

PROPERTIES_SCHEMA = {
    NAME: Schema(
        Schema.STRING,
        _("Name of the DB instance to create."),
        update_allowed=True,
        constraints=[constraints.Length(max=255)],
    ),
    FLAVOR: Schema(
        Schema.STRING,
        _("Reference to a flavor for creating DB instance."),
        required=True,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("trove.flavor")],
    ),
    DATASTORE_TYPE: Schema(
        Schema.STRING,
        _("Name of registered datastore type."),
        constraints=[constraints.Length(max=255)],
    ),
    DATASTORE_VERSION: Schema(
        Schema.STRING, DATASTORE_VERSION_TEXT, constraints=[constraints.Length(max=255)]
    ),
    SIZE: Schema(
        Schema.INTEGER,
        _("Database volume size in GB."),
        required=True,
        update_allowed=True,
        constraints=[constraints.Range(1, 150)],
    ),
    NICS: nics.schema(),
    DATABASES: Schema(
        Schema.LIST,
        _("List of databases to be created on DB instance creation."),
        default=[],
        update_allowed=True,
        schema=Schema(Schema.MAP, schema=DATABASE_SCHEMA),
    ),
    USERS: Schema(
        Schema.LIST,
        _("List of users to be created on DB instance creation."),
        default=[],
        update_allowed=True,
        schema=Schema(Schema.MAP, schema=USER_SCHEMA),
    ),
    AVAILABILITY_ZONE: Schema(Schema.STRING, _("Name of the availability zone for DB instance.")),
    RESTORE_POINT: Schema(Schema.STRING, _("DB instance restore point.")),
    REPLICA_OF: Schema(
        Schema.STRING,
        _("Identifier of the source instance to replicate."),
        support_status=support.SupportStatus(version="5.0.0"),
    ),
    REPLICA_COUNT: Schema(
        Schema.INTEGER,
        _("The number of replicas to be created."),
        support_status=support.SupportStatus(version="5.0.0"),
    ),
}

ATTRIBUTES_SCHEMA = {
    HOSTNAME: attributes.Schema(_("Hostname of the instance."), type=attributes.Schema.STRING),
    HREF: attributes.Schema(
        _("Api endpoint reference of the instance."), type=attributes.Schema.STRING
    ),
}
