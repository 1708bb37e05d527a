"""Aodh's types against the lab's Aodh, whose Gnocchi rules are checked by the lab's
Gnocchi: alarms made, changed in place, disabled by a suspend and enabled by a resume,
checked and deleted; what Aodh refuses fails the resource with Aodh's words."""

import pytest

ACTION = "http://127.0.0.1:9/hook"
# Heat sends trust+zaqar://?queue_name=...; Aodh keeps it without the empty authority.
QUEUE_ACTION = "trust+zaqar:?queue_name=heat-alarms"


def template(resources: dict, **parameters) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "parameters": {name: {"type": "string"} for name in parameters},
        "resources": resources,
        "outputs": {name: {"value": {"get_resource": name}} for name in resources},
    }


def aodh_alarm(cloud, alarm_id: str):
    """Aodh's answer about the alarm (a response: 404 once it is gone)."""
    return cloud.alarm.get("/alarms/%s" % alarm_id, raise_exc=False)


def event_alarm(**changes) -> dict:
    properties = {
        "event_type": "compute.instance.update",
        "query": [{"field": "traits.instance_id", "op": "eq", "value": "i-1"}],
        "alarm_actions": [ACTION],
        "alarm_queues": ["heat-alarms"],
        "description": "v1",
        "severity": "moderate",
        "time_constraints": [{"name": "nights", "start": "0 23 * * *", "duration": 3600}],
    }
    return {"type": "OS::Aodh::EventAlarm", "properties": dict(properties, **changes)}


def test_an_event_alarm_is_changed_in_place_suspended_resumed_checked_and_deleted(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template({"alarm": event_alarm()}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    alarm_id = demo_stacks.outputs(identity)["alarm"]
    stored = aodh_alarm(demo_cloud, alarm_id).json()
    assert stored["type"] == "event"
    assert stored["name"].startswith(demo_stacks.show(identity)["stack_name"] + "-alarm-")
    assert stored["event_rule"]["event_type"] == "compute.instance.update"
    assert stored["event_rule"]["query"][0]["field"] == "traits.instance_id"
    assert stored["alarm_actions"] == [ACTION, QUEUE_ACTION]
    assert (stored["severity"], stored["enabled"]) == ("moderate", True)
    assert stored["time_constraints"][0]["start"] == "0 23 * * *"

    changed = template({"alarm": event_alarm(description="v2", event_type="image.update")})
    stack = demo_stacks.update(identity, changed)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["alarm"] == alarm_id
    stored = aodh_alarm(demo_cloud, alarm_id).json()
    assert (stored["description"], stored["event_rule"]["event_type"]) == ("v2", "image.update")
    assert stored["alarm_actions"] == [ACTION, QUEUE_ACTION]

    assert demo_stacks.suspend(identity)["stack_status"] == "COMPLETE"
    assert aodh_alarm(demo_cloud, alarm_id).json()["enabled"] is False
    assert demo_stacks.resume(identity)["stack_status"] == "COMPLETE"
    assert aodh_alarm(demo_cloud, alarm_id).json()["enabled"] is True
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"

    demo_stacks.delete(identity)
    assert aodh_alarm(demo_cloud, alarm_id).status_code == 404


GNOCCHI_RULE = {"aggregation_method": "mean", "threshold": 80, "comparison_operator": "gt"}


def gnocchi_alarms(threshold: float) -> dict:
    return {
        "resource": {
            "type": "OS::Aodh::GnocchiResourcesAlarm",
            "properties": dict(
                GNOCCHI_RULE,
                threshold=threshold,
                metric="cpu",
                resource_type="instance",
                resource_id="5a301761-f78b-46e2-8900-8b4f6fe6675a",
                granularity=300,
            ),
        },
        "metrics": {
            "type": "OS::Aodh::GnocchiAggregationByMetricsAlarm",
            "properties": dict(GNOCCHI_RULE, metrics=["911fce07-e0d7-4210-8c8c-4a9d811fcabc"]),
        },
        "resources": {
            "type": "OS::Aodh::GnocchiAggregationByResourcesAlarm",
            "properties": dict(
                GNOCCHI_RULE,
                metric="cpu",
                resource_type="instance",
                query='{"=": {"server_group": "web"}}',
            ),
        },
        "composite": {
            "type": "OS::Aodh::CompositeAlarm",
            "properties": {
                "composite_rule": {
                    "operator": "or",
                    "rules": [
                        dict(
                            GNOCCHI_RULE,
                            type="gnocchi_resources_threshold",
                            metric="cpu",
                            resource_type="instance",
                            resource_id="r1",
                        ),
                        {
                            "and": [
                                dict(
                                    GNOCCHI_RULE,
                                    type="gnocchi_aggregation_by_metrics_threshold",
                                    metrics=["m1"],
                                ),
                                dict(
                                    GNOCCHI_RULE,
                                    type="gnocchi_aggregation_by_metrics_threshold",
                                    metrics=["m2"],
                                ),
                            ]
                        },
                    ],
                }
            },
        },
        "prometheus": {
            "type": "OS::Aodh::PrometheusAlarm",
            "properties": {"query": "ceilometer_cpu{stack='s'}", "threshold": 10},
        },
    }


def test_metric_alarms_are_made_as_gnocchi_and_aodh_accept_them_and_changed_in_place(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template(gnocchi_alarms(80)))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    ids = demo_stacks.outputs(identity)
    stored = {name: aodh_alarm(demo_cloud, ids[name]).json() for name in ids}
    rule = stored["resource"]["gnocchi_resources_threshold_rule"]
    assert (rule["metric"], rule["granularity"], rule["threshold"]) == ("cpu", 300, 80)
    by_resources = stored["resources"]["gnocchi_aggregation_by_resources_threshold_rule"]
    assert "server_group" in by_resources["query"]  # scoped to the project by Aodh
    assert stored["metrics"]["gnocchi_aggregation_by_metrics_threshold_rule"]["metrics"] == [
        "911fce07-e0d7-4210-8c8c-4a9d811fcabc"
    ]
    assert list(stored["composite"]["composite_rule"]) == ["or"]
    assert stored["prometheus"]["prometheus_rule"]["query"] == "ceilometer_cpu{stack='s'}"

    stack = demo_stacks.update(identity, template(gnocchi_alarms(95)))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity) == ids
    rule = aodh_alarm(demo_cloud, ids["resource"]).json()["gnocchi_resources_threshold_rule"]
    assert (rule["threshold"], rule["granularity"]) == (95, 300)
    demo_stacks.delete(identity)
    assert {aodh_alarm(demo_cloud, ids[name]).status_code for name in ids} == {404}


@pytest.mark.parametrize(
    ("alarm", "words"),
    [
        (
            {
                "type": "OS::Aodh::GnocchiAggregationByMetricsAlarm",
                "properties": dict(GNOCCHI_RULE, aggregation_method="middling", metrics=["m"]),
            },
            "not middling",
        ),
        (
            {"type": "OS::Aodh::Alarm", "properties": {"meter_name": "cpu_util", "threshold": 1}},
            "Unknown attribute for argument data: threshold_rule",
        ),
    ],
    ids=["unknown aggregation", "threshold rule gone from Aodh"],
)
def test_an_alarm_aodh_refuses_fails_with_its_words(demo_stacks, alarm, words):
    identity = demo_stacks.create(template({"alarm": alarm}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "resources.alarm" in reason and words in reason, reason


def test_a_member_health_alarm_names_its_pool_by_name(
    demo_stacks, demo_cloud, vip_subnet, unique_name
):
    resources = {
        "lb": {
            "type": "OS::Octavia::LoadBalancer",
            "properties": {"vip_subnet": {"get_param": "subnet"}},
        },
        "pool": {
            "type": "OS::Octavia::Pool",
            "properties": {
                "name": unique_name,
                "loadbalancer": {"get_resource": "lb"},
                "protocol": "HTTP",
                "lb_algorithm": "ROUND_ROBIN",
            },
        },
        "alarm": {
            "type": "OS::Aodh::LBMemberHealthAlarm",
            "depends_on": "pool",
            "properties": {
                "pool": unique_name,
                "stack": "root-stack",
                "autoscaling_group_id": "group-1",
            },
        },
    }
    identity = demo_stacks.create(
        template(resources, subnet=None), parameters={"subnet": vip_subnet.id}
    )
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    ids = demo_stacks.outputs(identity)
    rule = aodh_alarm(demo_cloud, ids["alarm"]).json()["loadbalancer_member_health_rule"]
    assert rule == {
        "pool_id": ids["pool"],
        "stack_id": "root-stack",
        "autoscaling_group_id": "group-1",
    }
    demo_stacks.delete(identity)
    assert aodh_alarm(demo_cloud, ids["alarm"]).status_code == 404
