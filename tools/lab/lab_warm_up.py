"""The waits that say the "full" profile's services can take requests: Ironic once its
conductor offers the fake hardware type, Mistral once a workflow has run to the end.

Mistral's first execution after its very first start was seen to hang for good (the
engine had not yet joined the vhost when the API sent it): an execution that does not end
in a few seconds is abandoned and another one started, so that the tests' first execution
never meets that.
"""

import time

from keystoneauth1 import adapter, session
from keystoneauth1.identity import v3
from lab_resources import wait_for

WARM_UP_WORKFLOW = "lab_warm_up"
DEFINITION = (
    """---
version: '2.0'
%s:
  tasks:
    nothing:
      action: std.noop
"""
    % WARM_UP_WORKFLOW
)
# How long one warm-up execution may take before another is started.
EXECUTION_PATIENCE = 15
# No request of the warm-ups waits longer than this for its answer.
REQUEST_TIMEOUT = 30


def system_session(connection) -> session.Session:
    """A session of the connection's user scoped to the system (Ironic lists its drivers
    and makes nodes for a system-scoped admin only)."""
    auth = connection.config.config["auth"]
    system = v3.Password(
        auth_url=auth["auth_url"],
        username=auth["username"],
        password=auth["password"],
        user_domain_id="default",
        system_scope="all",
    )
    return session.Session(auth=system, timeout=REQUEST_TIMEOUT)


def wait_for_bare_metal(connection, watch) -> None:
    """Wait until Ironic's conductor has registered the ``fake-hardware`` type."""
    baremetal = adapter.Adapter(system_session(connection), service_type="baremetal")

    def ready():
        response = baremetal.get("/v1/drivers", raise_exc=False)
        drivers = response.json().get("drivers", []) if response.ok else []
        return any(driver["name"] == "fake-hardware" for driver in drivers)

    wait_for("ironic (fake-hardware driver)", ready, watch)


def wait_for_workflows(connection, watch) -> None:
    """Run a one-task workflow until an execution of it succeeds, then remove it."""
    mistral = adapter.Adapter(
        session.Session(auth=connection.session.auth, timeout=REQUEST_TIMEOUT),
        service_type="workflowv2",
    )
    wait_for("mistral-api", lambda: mistral.get("/workbooks", raise_exc=False).ok, watch)
    mistral.post("/workflows", data=DEFINITION, headers={"Content-Type": "text/plain"})
    while not _execution_succeeds(mistral, watch):
        watch.check("mistral (a first execution)")
    for execution in mistral.get("/executions").json()["executions"]:
        mistral.delete("/executions/%s?force=true" % execution["id"])
    mistral.delete("/workflows/%s" % WARM_UP_WORKFLOW)


def _execution_succeeds(mistral, watch) -> bool:
    execution = mistral.post("/executions", json={"workflow_name": WARM_UP_WORKFLOW}).json()
    deadline = time.monotonic() + EXECUTION_PATIENCE
    while time.monotonic() < deadline:
        state = mistral.get("/executions/%s" % execution["id"]).json()["state"]
        if state == "SUCCESS":
            return True
        if state == "ERROR":
            raise RuntimeError("mistral's warm-up execution failed: %s" % state)
        watch.check("mistral (a first execution)")
        time.sleep(0.5)
    return False
