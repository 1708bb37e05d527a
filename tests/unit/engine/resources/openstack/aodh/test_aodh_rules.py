"""The bodies the Aodh types send, and the rules they check, that need no Aodh: a threshold
alarm's matching metadata made query factors as upstream makes them, queues made Zaqar
action URLs, a composite rule in Aodh's spelling. (Against the lab's Aodh and Gnocchi:
tests/functional/lab/aodh.)"""

import pytest

from heat.common import exception
from tests.unit.engine.resources.openstack.conftest import offline_resource


def body(service_engine, type_name, **properties):
    alarm = offline_resource(service_engine, type_name, **properties)
    alarm.validate()
    return alarm.alarm_body(dict(alarm.properties))


@pytest.mark.parametrize(
    ("meter", "prefix"),
    [
        ("cpu_util", "user_metadata"),
        ("disk.device.read.bytes.rate", "user_metadata"),
        ("image.size", "metering"),
    ],
)
def test_matching_metadata_becomes_query_factors_under_the_meters_prefix(
    service_engine, meter, prefix
):
    sent = body(
        service_engine,
        "OS::Aodh::Alarm",
        meter_name=meter,
        threshold=70,
        statistic="avg",
        query=[{"field": "resource_id", "op": "eq", "value": "r1"}],
        matching_metadata={"metadata.metering.group": "g1", "size": 2},
    )
    assert sent["type"] == "threshold"
    rule = sent["threshold_rule"]
    assert (rule["meter_name"], rule["threshold"], rule["statistic"]) == (meter, 70, "avg")
    assert rule["query"] == [
        {"field": "resource_id", "op": "eq", "value": "r1", "type": "string"},
        {"field": "metadata.%s.group" % prefix, "op": "eq", "value": "g1"},
        {"field": "metadata.%s.size" % prefix, "op": "eq", "value": "2"},
    ]
    assert "matching_metadata" not in sent and "meter_name" not in sent


def test_queues_are_zaqar_urls_after_the_actions_and_not_sent_themselves(service_engine):
    sent = body(
        service_engine,
        "OS::Aodh::EventAlarm",
        event_type="compute.instance.update",
        alarm_actions=["http://hook/1"],
        alarm_queues=["q one"],
        ok_queues=["q2"],
    )
    assert sent["alarm_actions"] == ["http://hook/1", "trust+zaqar://?queue_name=q+one"]
    assert sent["ok_actions"] == ["trust+zaqar://?queue_name=q2"]
    assert sent["insufficient_data_actions"] == []
    assert not {"alarm_queues", "ok_queues", "insufficient_data_queues"} & set(sent)
    assert sent["event_rule"] == {"event_type": "compute.instance.update"}


def test_a_composite_rule_is_sent_as_aodh_spells_it(service_engine):
    rules = [{"type": "gnocchi_resources_threshold", "threshold": 1}, {"and": [{}, {}]}]
    sent = body(
        service_engine,
        "OS::Aodh::CompositeAlarm",
        composite_rule={"operator": "or", "rules": rules},
    )
    assert (sent["type"], sent["composite_rule"]) == ("composite", {"or": rules})


def test_a_composite_rule_of_one_rule_is_refused_naming_it(service_engine):
    alarm = offline_resource(
        service_engine, "OS::Aodh::CompositeAlarm", composite_rule={"operator": "or", "rules": [{}]}
    )
    alarm.stack.strict_validate = True
    with pytest.raises(exception.StackValidationFailed) as raised:
        alarm.validate()
    assert "composite_rule.rules: length (1) is out of range (min: 2" in str(raised.value)


def test_a_gnocchi_alarms_own_properties_make_its_rule_aodh_defaulting_the_unset(service_engine):
    sent = body(
        service_engine,
        "OS::Aodh::GnocchiAggregationByResourcesAlarm",
        metric="cpu",
        query='{"=": {"server_group": "g"}}',
        resource_type="instance",
        aggregation_method="mean",
        threshold=50,
        description="d",
    )
    assert sent["type"] == "gnocchi_aggregation_by_resources_threshold"
    assert sent["gnocchi_aggregation_by_resources_threshold_rule"] == {
        "metric": "cpu",
        "query": '{"=": {"server_group": "g"}}',
        "resource_type": "instance",
        "aggregation_method": "mean",
        "threshold": 50,
    }
    assert (sent["description"], sent["severity"], sent["enabled"]) == ("d", "low", True)
