"""What Swift containers share, whether a template names them ``OS::Swift::Container`` or
``AWS::S3::Bucket``: the container's name is the physical id and its reference, and its URLs
come from the account's endpoint."""

from typing import Any, ClassVar
from urllib import parse

from heat.engine.resource import Resource


class BaseContainer(Resource):
    """A Swift container of the stack's project."""

    default_client_name: ClassVar[str | None] = "swift"

    def get_reference_id(self) -> str:
        return str(self.resource_id)

    def account_parts(self) -> parse.ParseResult:
        """The account URL split: its host is the domain name, the container is below it."""
        return parse.urlparse(self.client_plugin().account_url())

    def domain_name(self) -> str:
        return self.account_parts().netloc.split(":")[0]

    def root_url(self) -> str:
        parts = self.account_parts()
        return "%s://%s%s" % (parts.scheme, parts.netloc, parts.path)

    def website_url(self) -> str:
        return "%s/%s" % (self.root_url(), self.resource_id)

    def _show_resource(self) -> Any:
        if self.resource_id is None:
            return None
        try:
            return self.client_plugin().head_container(self.resource_id)
        except Exception as error:  # the service's "not found" is classified by the plugin
            self.client_plugin().ignore_not_found(error)
            return None
