"""The fixtures of the Ironic lab tests (the lab's engine fixtures come from
tests/functional/lab/conftest.py). Ironic runs only in a lab of the "full" profile, with
its default policies: the system-scoped admin makes ``fake-hardware`` nodes and gives them
to the admin project, whose admins (the ``admin_stacks``) then manage their ports."""

import uuid

import pytest
from keystoneauth1 import adapter, session
from keystoneauth1.identity import v3

from heat.engine.clients.os.ironic import API_VERSION, VERSION_HEADER


@pytest.fixture(scope="session")
def system_ironic(lab):
    """Ironic's API v1 as the lab's admin scoped to the system, at heat's microversion."""
    lab.endpoint("baremetal")
    system = v3.Password(
        auth_url=lab.auth_url,
        username=lab.admin.username,
        password=lab.admin.password,
        user_domain_id="default",
        system_scope="all",
    )
    return adapter.Adapter(
        session.Session(auth=system),
        service_type="baremetal",
        region_name=lab.region,
        additional_headers={VERSION_HEADER: API_VERSION},
    )


@pytest.fixture
def node(lab, system_ironic):
    """A fake-hardware node of the admin project, of a name of its own: ``(name, uuid)``."""
    name = "node-%s" % uuid.uuid4().hex[:8]
    body = {"name": name, "driver": "fake-hardware", "owner": lab.admin.project_id}
    made = system_ironic.post("/v1/nodes", json=body).json()
    yield name, made["uuid"]
    system_ironic.delete("/v1/nodes/%s" % made["uuid"])
