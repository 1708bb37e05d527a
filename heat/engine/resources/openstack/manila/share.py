"""``OS::Manila::Share``: a shared file system Manila exports (over NFS, CIFS...), sized in
GB, of a share type, on a share network when its backend makes share servers, or restored
from a snapshot. Its name, description, visibility, metadata and access rules change in
place; each action waits until Manila is done with the share."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.manila import share_access
from heat.engine.resources.sdk_entity_resource import SdkEntityResource

PROPERTIES = (
    SHARE_PROTOCOL,
    SIZE,
    SHARE_SNAPSHOT,
    NAME,
    METADATA,
    SHARE_NETWORK,
    DESCRIPTION,
    SHARE_TYPE,
    IS_PUBLIC,
    ACCESS_RULES,
) = (
    "share_protocol",
    "size",
    "snapshot",
    "name",
    "metadata",
    "share_network",
    "description",
    "share_type",
    "is_public",
    "access_rules",
)
ATTRIBUTES = (
    AVAILABILITY_ZONE,
    HOST,
    EXPORT_LOCATIONS,
    SHARE_SERVER_ID,
    CREATED_AT,
    STATUS,
    PROJECT_ID,
) = (
    "availability_zone",
    "host",
    "export_locations",
    "share_server_id",
    "created_at",
    "status",
    "project_id",
)
AVAILABLE, ERROR, ERROR_DELETING, DELETING = "available", "error", "error_deleting", "deleting"
# Manila's statuses of a share it is still making.
MAKING = ("creating", "creating_from_snapshot")
# Manila's fields of the properties that change in place.
RENAMES = {NAME: "display_name", DESCRIPTION: "display_description", IS_PUBLIC: "is_public"}


def _attribute(description: str, kind: str = attributes.Schema.STRING) -> attributes.Schema:
    return attributes.Schema(description, type=kind)


class ManilaShare(SdkEntityResource):
    """A Manila share: a file system of a given size and protocol, mountable by the
    clients its access rules name.
    """

    support_status = support.SupportStatus(version="5.0.0")
    default_client_name = "manila"
    entity = "share"

    properties_schema = {
        SHARE_PROTOCOL: properties.Schema(
            properties.Schema.STRING,
            _("Share protocol supported by shared filesystem."),
            required=True,
            constraints=[constraints.AllowedValues(["NFS", "CIFS", "GlusterFS", "HDFS", "CEPHFS"])],
        ),
        SIZE: properties.Schema(
            properties.Schema.INTEGER, _("Share storage size in GB."), required=True
        ),
        SHARE_SNAPSHOT: properties.Schema(
            properties.Schema.STRING,
            _(
                "Name or ID of shared file system snapshot that will be restored and created as "
                "a new share."
            ),
            constraints=[constraints.CustomConstraint("manila.share_snapshot")],
        ),
        NAME: properties.Schema(properties.Schema.STRING, _("Share name."), update_allowed=True),
        METADATA: properties.Schema(
            properties.Schema.MAP,
            _("Metadata key-values defined for share."),
            update_allowed=True,
        ),
        SHARE_NETWORK: properties.Schema(
            properties.Schema.STRING,
            _("Name or ID of shared network defined for shared filesystem."),
            constraints=[constraints.CustomConstraint("manila.share_network")],
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING, _("Share description."), update_allowed=True
        ),
        SHARE_TYPE: properties.Schema(
            properties.Schema.STRING,
            _(
                "Name or ID of shared filesystem type. Types defines some share filesystem "
                "profiles that will be used for share creation."
            ),
            constraints=[constraints.CustomConstraint("manila.share_type")],
        ),
        IS_PUBLIC: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Defines if shared filesystem is public or private."),
            default=False,
            update_allowed=True,
        ),
        ACCESS_RULES: properties.Schema(
            properties.Schema.LIST,
            _("A list of access rules that define access from IP to Share."),
            schema=share_access.RULE_SCHEMA,
            update_allowed=True,
            default=[],
        ),
    }

    attributes_schema = {
        AVAILABILITY_ZONE: _attribute(_("The availability zone of shared filesystem.")),
        HOST: _attribute(_("Share host.")),
        EXPORT_LOCATIONS: _attribute(_("Export locations of share."), attributes.Schema.LIST),
        SHARE_SERVER_ID: _attribute(
            _("ID of server (VM, etc...) on host that is used for exporting network file-system.")
        ),
        CREATED_AT: _attribute(_("Datetime when a share was created.")),
        STATUS: _attribute(_("Current share status.")),
        PROJECT_ID: _attribute(_("Share project ID.")),
    }

    def _ids(self) -> dict[str, str]:
        """The ids of the share network, snapshot and type the template names."""
        plugin = self.client_plugin()
        finders = {
            "share_network_id": (SHARE_NETWORK, plugin.share_network_id),
            "snapshot_id": (SHARE_SNAPSHOT, plugin.share_snapshot_id),
            "share_type": (SHARE_TYPE, plugin.share_type_id),
        }
        return {
            field: find(self.properties[name])
            for field, (name, find) in finders.items()
            if self.properties[name]
        }

    def handle_create(self) -> dict[str, bool]:
        fields = {
            "share_proto": self.properties[SHARE_PROTOCOL],
            "size": self.properties[SIZE],
            "is_public": self.properties[IS_PUBLIC],
            **self._ids(),
        }
        for name in (NAME, DESCRIPTION, METADATA):
            if self.properties[name] is not None:
                fields[name] = self.properties[name]
        share = self.client().create_share(**fields)
        self.resource_id_set(share.id)
        return {"granted": False}

    def check_create_complete(self, progress: dict[str, bool]) -> bool:
        """Whether the share is available and its access rules hold (granted once it is
        available); ResourceInError with Manila's reason when either failed."""
        if progress["granted"]:
            return self._rules_hold()
        share = self.entity_get()
        if share.status in MAKING:
            return False
        if share.status == ERROR:
            reason = _('Error during creation of share "%s"') % self.resource_id
            raise exception.ResourceInError(
                resource_status=share.status, status_reason=self._with_cause(reason)
            )
        if share.status != AVAILABLE:
            reason = _('Unknown share_status during creation of share "%s"') % self.resource_id
            raise exception.ResourceUnknownStatus(
                resource_status=share.status, status_reason=reason
            )
        self._grant_rules()
        progress["granted"] = True
        return self._rules_hold()

    def _grant_rules(self) -> None:
        try:
            share_access.grant_all(
                self.client(), str(self.resource_id), self.properties[ACCESS_RULES]
            )
        except Exception as error:  # a refusal fails the create, as upstream words it
            if not self.client_plugin().is_client_error(error):
                raise
            self._rules_failed(error)

    def _rules_hold(self) -> bool:
        """Whether Manila is done applying and revoking the share's rules; ResourceInError
        naming those it failed to apply."""
        failed = share_access.settled(self.client(), str(self.resource_id))
        if failed:
            self._rules_failed(", ".join(sorted(rule.access_to for rule in failed)))
        return failed is not None

    def _rules_failed(self, cause: Any) -> None:
        reason = _(
            'Error during applying access rules to share "%(id)s". The root cause of the '
            "problem is the following: %(cause)s."
        ) % {"id": self.resource_id, "cause": cause}
        raise exception.ResourceInError(resource_status=AVAILABLE, status_reason=reason) from None

    def _with_cause(self, reason: str) -> str:
        """``reason`` followed by Manila's latest user message about the share, if any."""
        messages = list(self.client().user_messages(resource_id=self.resource_id))
        if not messages:
            return reason
        latest = max(messages, key=lambda message: message.created_at or "")
        return "%s: %s" % (reason, latest.user_message)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> bool:
        """Rename, describe or publish the share, replace its metadata, and make its access
        rules the template's; whether the rules changed."""
        fields = {RENAMES[name]: prop_diff[name] for name in RENAMES if name in prop_diff}
        if fields:
            self.client().update_share(self.resource_id, **fields)
        if METADATA in prop_diff:
            metadata = prop_diff[METADATA] or {}
            self.client().set_share_metadata(self.resource_id, replace=True, **metadata)
        if ACCESS_RULES not in prop_diff:
            return False
        rules = prop_diff[ACCESS_RULES]
        share_access.make_current(self.client(), str(self.resource_id), rules)
        return True

    def check_update_complete(self, rules_changed: bool) -> bool:
        """Whether Manila holds the changed access rules (at once when none changed)."""
        return not rules_changed or self._rules_hold()

    def check_delete_complete(self, token: Any) -> bool:
        """Whether the share is gone; ResourceInError when Manila failed to delete it."""
        if self.resource_id is None:
            return True
        try:
            share = self.entity_get()
        except Exception as error:  # Manila's "not found" is what this waits for
            self.client_plugin().ignore_not_found(error)
            return True
        if share.status in (ERROR, ERROR_DELETING):
            reason = _('Error during deleting share "%s".') % self.resource_id
            raise exception.ResourceInError(
                resource_status=share.status, status_reason=self._with_cause(reason)
            )
        if share.status != DELETING:
            reason = _('Unknown status during deleting share "%s"') % self.resource_id
            raise exception.ResourceUnknownStatus(
                resource_status=share.status, status_reason=reason
            )
        return False

    def handle_check(self) -> None:
        """The share is still available."""
        status = self.entity_get().status
        if status != AVAILABLE:
            raise exception.Error(
                _("'status': expected '%(expected)s', got '%(status)s'")
                % {"expected": [AVAILABLE], "status": status}
            )

    def _resolve_attribute(self, name: str) -> Any:
        if self.resource_id is None:
            return None
        if name == EXPORT_LOCATIONS:
            return [location.path for location in self.client().export_locations(self.resource_id)]
        return getattr(self.entity_get(), name, None)

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Name, description, visibility, metadata and access rules as Manila has them."""
        live = super().parse_live_resource_data(properties, data)
        live[ACCESS_RULES] = share_access.live(self.client(), str(self.resource_id))
        return live


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Manila::Share": ManilaShare}
