"""The Aodh example of the docs (doc/examples/aodh-alarms.yaml), as written, against the
lab's Aodh, Gnocchi and Zaqar."""

import pathlib

from heat.common import template_format

EXAMPLE = pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples" / "aodh-alarms.yaml"


def test_the_aodh_example_is_created_as_it_says(demo_stacks, demo_cloud):
    template = template_format.parse(EXAMPLE.read_text())
    identity = demo_stacks.create(template, parameters={"webhook": "http://127.0.0.1:9/hook"})
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    outputs = demo_stacks.outputs(identity)
    shut_off = demo_cloud.alarm.get("/alarms/%s" % outputs["shut_off_alarm"]).json()
    assert shut_off["alarm_actions"] == ["trust+zaqar:?queue_name=%s" % outputs["queue"]]
    assert shut_off["event_rule"]["query"][0]["value"] == "web"
    busy = demo_cloud.alarm.get("/alarms/%s" % outputs["busy_alarm"]).json()
    rule = busy["gnocchi_aggregation_by_resources_threshold_rule"]
    assert (rule["aggregation_method"], rule["threshold"]) == ("rate:mean", 80)
    assert busy["alarm_actions"] == ["http://127.0.0.1:9/hook"]
    demo_stacks.delete(identity)
