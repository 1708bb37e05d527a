"""``OS::Swift::Container``: a Swift container with ACLs and metadata; nothing changes in
place, and deleting a non-empty container needs ``PurgeOnDelete``."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, properties
from heat.engine.resources.container_base import BaseContainer

PROPERTIES = (NAME, CONTAINER_READ, CONTAINER_WRITE, CONTAINER_META, ACCOUNT_META, PURGE) = (
    "name",
    "X-Container-Read",
    "X-Container-Write",
    "X-Container-Meta",
    "X-Account-Meta",
    "PurgeOnDelete",
)
ATTRIBUTES = (DOMAIN_NAME, WEBSITE_URL, ROOT_URL, OBJECT_COUNT, BYTES_USED, HEAD_CONTAINER) = (
    "DomainName",
    "WebsiteURL",
    "RootURL",
    "ObjectCount",
    "BytesUsed",
    "HeadContainer",
)


def meta_headers(kind: str, metadata: dict[str, str] | None) -> dict[str, str]:
    """``{"X-<Kind>-Meta-<key>": value}`` for Swift's ``kind`` ("container", "account")."""
    return {"X-%s-Meta-%s" % (kind.title(), key): value for key, value in (metadata or {}).items()}


def live_meta(kind: str, keys: Any, headers: dict[str, str]) -> dict[str, str]:
    """The values Swift's ``headers`` (names in lower case) hold for metadata ``keys``
    of ``kind``; a key Swift no longer has is left out."""
    found = {key: headers.get("x-%s-meta-%s" % (kind, key.lower())) for key in keys or {}}
    return {key: value for key, value in found.items() if value is not None}


class SwiftContainer(BaseContainer):
    """A Swift container for objects.

    Its name is the template's ``name`` or a unique one; the ACLs and metadata are set when
    it is created. ``PurgeOnDelete`` deletes the objects left in it when it is deleted.
    """

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING,
            _("Name for the container. If not specified, a unique name will be generated."),
        ),
        CONTAINER_READ: properties.Schema(
            properties.Schema.STRING,
            _("Specify the ACL permissions on who can read objects in the container."),
        ),
        CONTAINER_WRITE: properties.Schema(
            properties.Schema.STRING,
            _("Specify the ACL permissions on who can write objects to the container."),
        ),
        CONTAINER_META: properties.Schema(
            properties.Schema.MAP,
            _(
                "A map of user-defined meta data to associate with the container. Each key in "
                "the map will set the header X-Container-Meta-{key} with the corresponding "
                "value."
            ),
            default={},
        ),
        ACCOUNT_META: properties.Schema(
            properties.Schema.MAP,
            _(
                "A map of user-defined meta data to associate with the account. Each key in "
                "the map will set the header X-Account-Meta-{key} with the corresponding value."
            ),
            default={},
        ),
        PURGE: properties.Schema(
            properties.Schema.BOOLEAN,
            _(
                "If True, delete any objects in the container when the container is deleted. "
                "Otherwise, deleting a non-empty container will result in an error."
            ),
            default=False,
        ),
    }

    attributes_schema = {
        DOMAIN_NAME: attributes.Schema(
            _("The host from the container URL."), type=attributes.Schema.STRING
        ),
        WEBSITE_URL: attributes.Schema(
            _("The URL of the container."), type=attributes.Schema.STRING
        ),
        ROOT_URL: attributes.Schema(
            _("The parent URL of the container."), type=attributes.Schema.STRING
        ),
        OBJECT_COUNT: attributes.Schema(
            _("The number of objects stored in the container."), type=attributes.Schema.INTEGER
        ),
        BYTES_USED: attributes.Schema(
            _("The number of bytes stored in the container."), type=attributes.Schema.INTEGER
        ),
        HEAD_CONTAINER: attributes.Schema(
            _("A map containing all headers for the container."), type=attributes.Schema.MAP
        ),
    }

    def physical_resource_name(self) -> str:
        return self.properties[NAME] or super().physical_resource_name()

    def handle_create(self) -> None:
        container = self.physical_resource_name()
        headers = meta_headers("container", self.properties[CONTAINER_META])
        # An empty ACL removes one that a container of the same name already has.
        for acl in (CONTAINER_READ, CONTAINER_WRITE):
            headers[acl] = self.properties[acl] or ""
        swift = self.client_plugin()
        swift.put_container(container, headers)
        account_headers = meta_headers("account", self.properties[ACCOUNT_META])
        if account_headers:
            swift.post_account(account_headers)
        self.resource_id_set(container)

    def prepare_for_replace(self) -> None:
        """A replacement of the same name takes the container over (its objects too): the
        old resource lets go of it, so that deleting the old one cannot delete it."""
        if self.properties[NAME] is not None and self.properties[NAME] == self.resource_id:
            self.resource_id_set(None)

    def _object_names(self) -> list[str] | None:
        try:
            return self.client_plugin().object_names(self.resource_id)
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin().ignore_not_found(error)
            return None

    def handle_delete(self) -> bool:
        """Refuse to delete a non-empty container unless purging; whether it exists."""
        if self.resource_id is None:
            return False
        names = self._object_names()
        if names and not self.properties[PURGE]:
            raise exception.ResourceActionNotSupported(
                action=_("Deleting non-empty container (%(id)s) when %(prop)s is False")
                % {"id": self.resource_id, "prop": PURGE}
            )
        return names is not None

    def check_delete_complete(self, exists: bool) -> bool:
        """Delete one page of objects per step, then the container."""
        if not exists:
            return True
        names = self._object_names()
        if names is None:
            return True
        swift = self.client_plugin()
        for name in names:
            self._ignoring_not_found(swift.delete_object, self.resource_id, name)
        if names:
            return False
        self._ignoring_not_found(swift.delete_container, self.resource_id)
        return True

    def _ignoring_not_found(self, call: Any, *args: Any) -> None:
        try:
            call(*args)
        except Exception as error:  # see _object_names
            self.client_plugin().ignore_not_found(error)

    def handle_check(self) -> None:
        """The container still exists."""
        self.client_plugin().head_container(self.resource_id)

    def get_live_resource_data(self) -> Any:
        """The container's headers, and the account's under ``account``; None when the
        container is gone."""
        container = super().get_live_resource_data()
        if container is None:
            return None
        response = self.client_plugin().request("HEAD")
        account = {key.lower(): value for key, value in response.headers.items()}
        return {"container": container, "account": account}

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """The ACLs, and the values of the template's metadata keys, as Swift has them. The
        name and ``PurgeOnDelete`` are heat's own; keys added outside heat are not seen."""
        container, account = data["container"], data["account"]
        return {
            NAME: properties.get(NAME),
            PURGE: properties.get(PURGE),
            CONTAINER_READ: container.get(CONTAINER_READ.lower()),
            CONTAINER_WRITE: container.get(CONTAINER_WRITE.lower()),
            CONTAINER_META: live_meta("container", properties.get(CONTAINER_META), container),
            ACCOUNT_META: live_meta("account", properties.get(ACCOUNT_META), account),
        }

    def _resolve_attribute(self, name: str) -> Any:
        urls = {DOMAIN_NAME: self.domain_name, WEBSITE_URL: self.website_url}
        urls[ROOT_URL] = self.root_url
        if name in urls:
            return urls[name]()
        if self.resource_id is None:
            return None
        headers = self._show_resource()
        if headers is None or name == HEAD_CONTAINER:
            return headers
        key = "x-container-object-count" if name == OBJECT_COUNT else "x-container-bytes-used"
        return int(headers[key]) if key in headers else None


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Swift::Container": SwiftContainer}
