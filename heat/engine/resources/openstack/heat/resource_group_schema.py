"""The property, attribute and update policy schemas of ``OS::Heat::ResourceGroup``."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.support import SupportStatus

Schema = properties.Schema

PROPERTIES = (COUNT, INDEX_VAR, RESOURCE_DEF, REMOVAL_POLICIES, REMOVAL_POLICIES_MODE) = (
    "count",
    "index_var",
    "resource_def",
    "removal_policies",
    "removal_policies_mode",
)
RESOURCE_DEF_KEYS = (DEF_TYPE, DEF_PROPERTIES, DEF_METADATA) = ("type", "properties", "metadata")
RESOURCE_LIST = "resource_list"
REMOVAL_MODES = (MODE_APPEND, MODE_UPDATE) = ("append", "update")
ATTRIBUTES = (REFS, REFS_MAP, ATTR_ATTRIBUTES, REMOVED_RSRC_LIST) = (
    "refs",
    "refs_map",
    "attributes",
    "removed_rsrc_list",
)
POLICIES = (ROLLING_UPDATE, BATCH_CREATE) = ("rolling_update", "batch_create")
POLICY_KEYS = (MIN_IN_SERVICE, MAX_BATCH_SIZE, PAUSE_TIME) = (
    "min_in_service",
    "max_batch_size",
    "pause_time",
)

RESOURCE_LIST_DESCRIPTION = _(
    "List of resources to be removed when doing an update which requires removal of "
    "specific resources. The resource may be specified several ways: (1) The resource name, "
    "as in the nested stack, (2) The resource reference returned from get_resource in a "
    "template, as available via the 'refs' attribute. Note this is destructive on update "
    "when specified; even if the count is not being reduced, and once a resource name is "
    "removed, its name is never reused in subsequent updates."
)

properties_schema = {
    COUNT: Schema(
        Schema.INTEGER,
        _("The number of resources to create."),
        default=1,
        constraints=[constraints.Range(min=0)],
        update_allowed=True,
    ),
    INDEX_VAR: Schema(
        Schema.STRING,
        _(
            "A variable that this resource will use to replace with the current index of a "
            "given resource in the group. Can be used, for example, to customize the name "
            "property of grouped servers in order to differentiate them when listed with "
            "nova client."
        ),
        default="%index%",
        constraints=[constraints.Length(min=3)],
        support_status=SupportStatus(version="2014.2"),
    ),
    RESOURCE_DEF: Schema(
        Schema.MAP,
        _(
            "Resource definition for the resources in the group. The value of this property "
            "is the definition of a resource just as if it had been declared in the template "
            "itself."
        ),
        schema={
            DEF_TYPE: Schema(
                Schema.STRING, _("The type of the resources in the group."), required=True
            ),
            DEF_PROPERTIES: Schema(
                Schema.MAP, _("Property values for the resources in the group.")
            ),
            DEF_METADATA: Schema(
                Schema.MAP,
                _("Supplied metadata for the resources in the group."),
                support_status=SupportStatus(version="5.0.0"),
            ),
        },
        required=True,
        update_allowed=True,
    ),
    REMOVAL_POLICIES: Schema(
        Schema.LIST,
        _("Policies for removal of resources on update."),
        schema=Schema(
            Schema.MAP,
            _(
                "Policy to be processed when doing an update which requires removal of "
                "specific resources."
            ),
            schema={RESOURCE_LIST: Schema(Schema.LIST, RESOURCE_LIST_DESCRIPTION, default=[])},
        ),
        update_allowed=True,
        default=[],
        support_status=SupportStatus(version="2015.1"),
    ),
    REMOVAL_POLICIES_MODE: Schema(
        Schema.STRING,
        _(
            'How to handle changes to removal_policies on update. The default "append" mode '
            'appends to the internal list, "update" replaces it on update.'
        ),
        default=MODE_APPEND,
        constraints=[constraints.AllowedValues(list(REMOVAL_MODES))],
        update_allowed=True,
        support_status=SupportStatus(version="10.0.0"),
    ),
}

attributes_schema = {
    REFS: attributes.Schema(
        _("A list of resource IDs for the resources in the group."),
        type=attributes.Schema.LIST,
    ),
    REFS_MAP: attributes.Schema(
        _("A map of resource names to IDs for the resources in the group."),
        type=attributes.Schema.MAP,
        support_status=SupportStatus(version="7.0.0"),
    ),
    ATTR_ATTRIBUTES: attributes.Schema(
        _(
            "A map of resource names to the specified attribute of each individual resource. "
            "Requires heat_template_version: 2014-10-16."
        ),
        type=attributes.Schema.MAP,
        support_status=SupportStatus(version="2014.2"),
    ),
    REMOVED_RSRC_LIST: attributes.Schema(
        _("A list of removed resource names."),
        type=attributes.Schema.LIST,
        support_status=SupportStatus(version="7.0.0"),
    ),
}


def _batch_size(description: str) -> Schema:
    return Schema(Schema.INTEGER, description, default=1, constraints=[constraints.Range(min=1)])


def _pause_time(description: str) -> Schema:
    return Schema(Schema.NUMBER, description, default=0, constraints=[constraints.Range(min=0)])


rolling_update_schema = {
    MIN_IN_SERVICE: Schema(
        Schema.INTEGER,
        _("The minimum number of resources in service while rolling updates are being executed."),
        default=0,
        constraints=[constraints.Range(min=0)],
    ),
    MAX_BATCH_SIZE: _batch_size(_("The maximum number of resources to replace at once.")),
    PAUSE_TIME: _pause_time(_("The number of seconds to wait between batches of updates.")),
}

batch_create_schema = {
    MAX_BATCH_SIZE: _batch_size(_("The maximum number of resources to create at once.")),
    PAUSE_TIME: _pause_time(_("The number of seconds to wait between batches.")),
}

update_policy_schema = {
    ROLLING_UPDATE: Schema(
        Schema.MAP, schema=rolling_update_schema, support_status=SupportStatus(version="5.0.0")
    ),
    BATCH_CREATE: Schema(
        Schema.MAP, schema=batch_create_schema, support_status=SupportStatus(version="5.0.0")
    ),
}
