"""The Zaqar client plugin: openstacksdk's messaging proxy, Zaqar's REST API (v2) spoken
with the bodies it documents, and queues named."""

import uuid
from typing import Any

import openstack
from openstack import exceptions as sdk_exceptions

from heat.common.i18n import _
from heat.engine.clients.sdk_plugin import SdkClientPlugin

API_VERSION = "2"
# Zaqar's media type of JSON patches (a queue's metadata changes).
JSON_PATCH = "application/openstack-messaging-v2.0-json-patch"


class ZaqarClientPlugin(SdkClientPlugin):
    """``client()`` is openstacksdk's messaging proxy (Zaqar API v2); every request names
    a client id, as Zaqar requires."""

    name = "zaqar"
    service_type = "messaging"
    proxy = "message"

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.client_id = str(uuid.uuid4())

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        content_type: str | None = None,
        proxy: Any = None,
    ) -> Any:
        """Zaqar's answer to a request on ``path`` (``/queues/q``) of API v2 (the proxy's
        root), decoded; made as the context, or through another user's ``proxy``."""
        headers = {"Client-ID": self.client_id}
        if content_type is not None:
            headers["Content-Type"] = content_type
        request = getattr(proxy or self.client(), method)
        response = request(path, json=body, headers=headers, raise_exc=False)
        sdk_exceptions.raise_from_response(response)
        return response.json() if response.content else None

    def call_as_stack_user(
        self,
        user_id: str | None,
        project_id: str | None,
        password: str | None,
        method: str,
        path: str,
        body: Any = None,
    ) -> Any:
        """:meth:`call` made as a stack user (with its password), whose queues live in its
        own project: the queues servers post signals to and read metadata from."""
        keystone = self.clients.client("keystone")
        session = keystone.stack_domain_user_session(user_id, project_id, password)
        connection = openstack.connection.Connection(
            session=session, region_name=self.region_name(), interface=self.endpoint_type()
        )
        return self.call(method, path, body, proxy=connection.message)

    def api_url(self) -> str:
        """The root of Zaqar's API, as the catalog gives it."""
        return str(self.url() or "").rstrip("/")

    def get_queue(self, name: Any) -> str:
        """The queue name ``name``: any name of 1 to 64 characters, since Zaqar makes a
        queue on first use (as upstream checks); ValueError or TypeError otherwise."""
        if not isinstance(name, str):
            raise TypeError(_("Queue name must be a string"))
        if not 0 < len(name) <= 64:
            raise ValueError(_("Queue name length must be 1-64"))
        return name
