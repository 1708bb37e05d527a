"""``AWS::S3::Bucket``: a Swift container whose ACLs follow a CloudFormation canned ACL and
whose tags and website settings are container metadata; nothing changes in place."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resources.container_base import BaseContainer

PROPERTIES = (ACCESS_CONTROL, WEBSITE_CONFIGURATION, TAGS) = (
    "AccessControl",
    "WebsiteConfiguration",
    "Tags",
)
INDEX_DOCUMENT, ERROR_DOCUMENT = "IndexDocument", "ErrorDocument"
TAG_KEY, TAG_VALUE = "Key", "Value"
DOMAIN_NAME, WEBSITE_URL = "DomainName", "WebsiteURL"
CANNED_ACLS = (
    "Private",
    "PublicRead",
    "PublicReadWrite",
    "AuthenticatedRead",
    "BucketOwnerRead",
    "BucketOwnerFullControl",
)


class S3Bucket(BaseContainer):
    """An S3 bucket, made as a Swift container of the stack's project."""

    properties_schema = {
        ACCESS_CONTROL: properties.Schema(
            properties.Schema.STRING,
            _("A predefined access control list (ACL) that grants permissions on the bucket."),
            constraints=[constraints.AllowedValues(list(CANNED_ACLS))],
        ),
        WEBSITE_CONFIGURATION: properties.Schema(
            properties.Schema.MAP,
            _("Information used to configure the bucket as a static website."),
            schema={
                INDEX_DOCUMENT: properties.Schema(
                    properties.Schema.STRING, _("The name of the index document.")
                ),
                ERROR_DOCUMENT: properties.Schema(
                    properties.Schema.STRING, _("The name of the error document.")
                ),
            },
        ),
        TAGS: properties.Schema(
            properties.Schema.LIST,
            _("Tags to attach to the bucket."),
            schema=properties.Schema(
                properties.Schema.MAP,
                schema={
                    TAG_KEY: properties.Schema(
                        properties.Schema.STRING, _("The tag key name."), required=True
                    ),
                    TAG_VALUE: properties.Schema(
                        properties.Schema.STRING, _("The tag value."), required=True
                    ),
                },
            ),
        ),
    }

    attributes_schema = {
        DOMAIN_NAME: attributes.Schema(
            _("The DNS name of the specified bucket."), type=attributes.Schema.STRING
        ),
        WEBSITE_URL: attributes.Schema(
            _("The website endpoint for the specified bucket."), type=attributes.Schema.STRING
        ),
    }

    def _headers(self) -> dict[str, str]:
        """Tags and website documents as container metadata, and the Swift ACLs the canned
        ACL stands for (the project's user alone by default)."""
        headers = {
            "X-Container-Meta-S3-Tag-" + tag[TAG_KEY]: tag[TAG_VALUE]
            for tag in self.properties[TAGS] or []
        }
        website = self.properties[WEBSITE_CONFIGURATION]
        if website is not None:
            headers["X-Container-Meta-Web-Index"] = website[INDEX_DOCUMENT]
            headers["X-Container-Meta-Web-Error"] = website[ERROR_DOCUMENT]
        acl = self.properties[ACCESS_CONTROL]
        project = self.context.tenant
        owner = "%s:%s" % (project, self.context.username)
        read = {"PublicRead": ".r:*", "PublicReadWrite": ".r:*", "AuthenticatedRead": project}
        headers["X-Container-Read"] = read.get(acl, owner)
        # Swift refuses referrers (".r:*") in write ACLs: "*:*" (any authenticated user)
        # is the most public writing it allows.
        headers["X-Container-Write"] = "*:*" if acl == "PublicReadWrite" else owner
        return {key: value for key, value in headers.items() if value is not None}

    def handle_create(self) -> None:
        container = self.physical_resource_name()
        self.client_plugin().put_container(container, self._headers())
        self.resource_id_set(container)

    def handle_delete(self) -> None:
        """Delete the container; a non-empty one is refused, one already gone is deleted."""
        if self.resource_id is None:
            return
        swift = self.client_plugin()
        try:
            swift.delete_container(self.resource_id)
        except Exception as error:  # the service's refusals are classified by the plugin
            if swift.is_conflict(error) and swift.object_names(self.resource_id):
                raise exception.ResourceActionNotSupported(
                    action=_("The bucket you tried to delete is not empty (%s).") % self.resource_id
                ) from error
            swift.ignore_not_found(error)

    def _resolve_attribute(self, name: str) -> Any:
        return self.domain_name() if name == DOMAIN_NAME else self.website_url()


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::S3::Bucket": S3Bucket}
