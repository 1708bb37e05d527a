"""Aodh alarms scale a group, end to end, on heat split across processes: the alarm's
action is the scaling policy's pre-signed URL on the deployment's CloudFormation API,
which aodh-notifier posts to once the alarm goes to ``alarm``. Nothing stands in for Aodh,
Gnocchi or heat; the test plays Ceilometer's part, publishing the measures and events.

- An event alarm is evaluated by aodh-listener on the events published on the lab's vhost
  as Ceilometer publishes them (topic ``alarm.all``, priority ``sample``, a list of events
  with their traits).
- A Gnocchi alarm is evaluated by aodh-evaluator on the aggregates gnocchi-metricd makes
  of the measures posted to a metric of a Gnocchi resource.
"""

import datetime
import time
import uuid

import oslo_messaging
import pytest
from keystoneauth1 import adapter
from oslo_config import cfg

from tests.functional.aws.native import NativeStacks

GROUP = """
heat_template_version: 2021-04-16
parameters:
  watched:
    type: string
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 3
      resource:
        type: OS::Heat::RandomString
  grow:
    type: OS::Heat::ScalingPolicy
    properties:
      adjustment_type: change_in_capacity
      auto_scaling_group_id: {get_resource: group}
      scaling_adjustment: 1
      cooldown: 0
outputs:
  size:
    value: {get_attr: [group, current_size]}
"""
EVENT_ALARM = """
  alarm:
    type: OS::Aodh::EventAlarm
    properties:
      event_type: {get_param: watched}
      query:
        - field: traits.severity
          value: high
          op: eq
      alarm_actions:
        - {get_attr: [grow, alarm_url]}
      repeat_actions: true
"""
GNOCCHI_ALARM = """
  alarm:
    type: OS::Aodh::GnocchiResourcesAlarm
    properties:
      metric: load
      resource_type: generic
      resource_id: {get_param: watched}
      aggregation_method: mean
      granularity: 1
      evaluation_periods: 1
      comparison_operator: gt
      threshold: 50
      alarm_actions:
        - {get_attr: [grow, alarm_url]}
"""


def alarmed_group(alarm: str) -> str:
    """The group template with the alarm among its resources."""
    return GROUP.replace("\noutputs:", alarm + "outputs:")


@pytest.fixture
def stacks(lab_heat, keystone, tmp_path):
    """demo's stacks on the deployment, of the templates written into tmp_path."""
    made = NativeStacks(lab_heat.native_url, keystone, keystone.demo, tmp_path)
    yield made
    made.delete_all()


@pytest.fixture
def publish(lab):
    """``publish(event_type, project_id, **traits)``: an event on topic alarm.all."""
    transport = oslo_messaging.get_notification_transport(
        cfg.ConfigOpts(), url=lab.state["transport_url"]
    )
    notifier = oslo_messaging.Notifier(
        transport, publisher_id="heat.tests", driver="messagingv2", topics=["alarm.all"]
    )

    def send(event_type: str, project_id: str, **traits) -> None:
        event = {
            "message_id": str(uuid.uuid4()),
            "event_type": event_type,
            "generated": now(),
            "traits": [["project_id", 1, project_id]]
            + [[name, 1, value] for name, value in traits.items()],
            "raw": {},
        }
        notifier.sample({}, event_type, [event])

    yield send
    transport.cleanup()


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat()


def size_once(stacks, stack, size: int, timeout: float = 60, between=lambda: None) -> int:
    """The group's size once it is ``size`` (or what it is when time is up), calling
    ``between`` before each look."""
    deadline = time.monotonic() + timeout
    while True:
        between()
        current = stacks.outputs(stack)["size"]
        if current == size or time.monotonic() > deadline:
            return current
        time.sleep(0.5)


def wait_until_scaled(stacks, stack, timeout: float = 30) -> None:
    """Wait until the group's adjustment has ended: a signal that comes while it scales is
    dropped, as in OpenStack Heat."""
    deadline = time.monotonic() + timeout
    while True:
        answer = stacks.call("GET", stack.path + "/resources/group/metadata")
        assert answer.status_code == 200, answer.text
        if not answer.json()["metadata"].get("scaling_in_progress"):
            return
        assert time.monotonic() < deadline, "the group is still scaling"
        time.sleep(0.3)


def test_an_event_alarm_grows_the_group_through_its_policy(stacks, keystone, publish, tmp_path):
    (tmp_path / "alarmed.yaml").write_text(alarmed_group(EVENT_ALARM))
    event_type = "heat.tests.%s" % uuid.uuid4().hex[:8]
    stack = stacks.create("alarmed.yaml", {"watched": event_type})
    stacks.wait_for(stack, "CREATE_COMPLETE")
    assert stacks.outputs(stack)["size"] == 1
    project = keystone.demo.project_id
    publish(event_type, project, severity="low")
    publish("heat.tests.other", project, severity="high")
    assert size_once(stacks, stack, 2, timeout=5) == 1
    publish(event_type, project, severity="high")
    assert size_once(stacks, stack, 2) == 2
    wait_until_scaled(stacks, stack)
    publish(event_type, project, severity="high")
    assert size_once(stacks, stack, 3) == 3


@pytest.fixture
def gnocchi_resource(lab, demo_cloud):
    """``(metric, resource id)``: a Gnocchi resource of demo's with a metric ``load`` of
    one-second granularity (archive policy ``high``)."""
    gnocchi = adapter.Adapter(demo_cloud.session, service_type="metric", region_name=lab.region)
    resource_id = str(uuid.uuid4())
    body = {"id": resource_id, "metrics": {"load": {"archive_policy_name": "high"}}}
    assert gnocchi.post("/v1/resource/generic", json=body).status_code == 201
    yield gnocchi, resource_id
    gnocchi.delete("/v1/resource/generic/%s" % resource_id)


def test_a_gnocchi_alarm_grows_the_group_through_its_policy(stacks, gnocchi_resource, tmp_path):
    gnocchi, resource_id = gnocchi_resource
    (tmp_path / "alarmed.yaml").write_text(alarmed_group(GNOCCHI_ALARM))
    stack = stacks.create("alarmed.yaml", {"watched": resource_id})
    stacks.wait_for(stack, "CREATE_COMPLETE")
    measures = "/v1/resource/generic/%s/metric/load/measures" % resource_id

    def measure(value: float) -> None:
        posted = gnocchi.post(measures, json=[{"timestamp": now(), "value": value}])
        assert posted.status_code == 202, posted.text

    assert size_once(stacks, stack, 2, timeout=6, between=lambda: measure(10)) == 1
    assert size_once(stacks, stack, 2, between=lambda: measure(90)) == 2
