"""boto3 CloudWatch clients of the ``aws_heat`` deployment, and alarm stacks to watch.

Clients speak the Query protocol (:mod:`tests.fixtures.cloudwatch_client`), sign with EC2
credentials Keystone makes for the user, and never retry. ``alarm_stacks`` creates stacks
of tests/templates/cloudwatch through the native API with a token of demo; their
``Test::SignalRecorder`` resource (tests/functional/plugins) keeps the signals it gets.
"""

import dataclasses
import pathlib
import time
import uuid

import pytest
import requests

from tests.fixtures import cloudwatch_client

TEMPLATES = pathlib.Path(__file__).resolve().parents[2] / "templates" / "cloudwatch"


@dataclasses.dataclass
class AlarmStack:
    """A created stack: its name and id, its API path and its outputs."""

    name: str
    id: str
    path: str
    outputs: dict

    @property
    def alarm(self) -> str:
        """The name of the stack's alarm (its watch rule)."""
        return self.outputs["alarm_name"]


class AlarmStacks:
    """demo's stacks on the native API; deleted at the end of the session."""

    def __init__(self, native_url: str, keystone):
        self.url = native_url
        self.project = keystone.demo.project_id
        self.headers = {"X-Auth-Token": keystone.user_token(keystone.demo)}
        self.made: list[AlarmStack] = []

    def _get(self, path: str) -> dict:
        answer = requests.get(self.url + path, headers=self.headers, timeout=30)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def create(
        self, template: str = "alarm.yaml", directory: pathlib.Path = TEMPLATES, **parameters
    ) -> AlarmStack:
        """Create a stack of the template (in ``directory``) and wait for CREATE_COMPLETE."""
        name = "cw-%s" % uuid.uuid4().hex[:8]
        body = {
            "stack_name": name,
            "template": (directory / template).read_text(),
            "parameters": parameters,
        }
        answer = requests.post(
            "%s/v1/%s/stacks" % (self.url, self.project),
            json=body,
            headers=self.headers,
            timeout=60,
        )
        assert answer.status_code == 201, answer.text
        stack_id = answer.json()["stack"]["id"]
        path = "/v1/%s/stacks/%s/%s" % (self.project, name, stack_id)
        stack = AlarmStack(name, stack_id, path, {})
        self.made.append(stack)
        shown = wait_until(lambda: self._complete(path), what="stack %s to be created" % name)
        stack.outputs = {out["output_key"]: out["output_value"] for out in shown["outputs"]}
        return stack

    def outputs(self, stack: AlarmStack) -> dict:
        """The stack's outputs as they are now."""
        shown = self._get(stack.path)["stack"]
        return {out["output_key"]: out.get("output_value") for out in shown["outputs"]}

    def get(self, stack: AlarmStack, path: str) -> dict:
        """``GET`` of a path under the stack's URL, as demo."""
        return self._get(stack.path + path)

    def _complete(self, path: str) -> dict | None:
        shown = self._get(path)["stack"]
        assert shown["stack_status"] != "CREATE_FAILED", shown["stack_status_reason"]
        return shown if shown["stack_status"] == "CREATE_COMPLETE" else None

    def signals(self, stack: AlarmStack) -> list:
        """The signals the stack's recorder got so far."""
        metadata = self._get(stack.path + "/resources/recorder/metadata")["metadata"]
        return metadata.get("signals", [])

    def recorder_arn(self, stack: AlarmStack) -> str:
        """The ARN of the stack's recorder resource."""
        resource = self._get(stack.path + "/resources/recorder")["resource"]
        link = next(link for link in resource["links"] if link["rel"] == "self")["href"]
        stack_path = link.split("/stacks/", 1)[1]
        return "arn:openstack:heat::%s:stacks/%s" % (self.project, stack_path)

    def delete_all(self) -> None:
        """Delete every stack made here."""
        for stack in self.made:
            requests.delete(self.url + stack.path, headers=self.headers, timeout=30)


def wait_until(predicate, what: str, timeout: float = 90, interval: float = 0.5):
    """The first true value ``predicate`` returns; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    pytest.fail("timed out waiting for %s" % what)


@pytest.fixture(scope="session")
def cloudwatch(aws_heat, keystone, tmp_path_factory):
    """boto3's CloudWatch client of demo (SigV4, endpoint ``.../v1``)."""
    access, secret = keystone.ec2_credentials(keystone.demo)
    models = tmp_path_factory.mktemp("botocore-models")
    return cloudwatch_client.client(aws_heat.cloudwatch_url + "/v1", access, secret, models)


@pytest.fixture(scope="session")
def alt_cloudwatch(aws_heat, keystone, tmp_path_factory):
    """boto3's CloudWatch client of alt_demo, a member of another project."""
    access, secret = keystone.ec2_credentials(keystone.alt_demo)
    models = tmp_path_factory.mktemp("botocore-models")
    return cloudwatch_client.client(aws_heat.cloudwatch_url + "/v1", access, secret, models)


@pytest.fixture(scope="session")
def alarm_stacks(aws_heat, keystone):
    """demo's alarm stacks, deleted at the end of the session."""
    stacks = AlarmStacks(aws_heat.native_url, keystone)
    yield stacks
    stacks.delete_all()
