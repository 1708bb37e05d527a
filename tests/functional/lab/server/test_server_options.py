"""OS::Nova::Server options in the lab: a server group through scheduler hints, a config
drive, consoles, and the live state heat reads back from Nova."""

from tests.functional.lab.server.servers import CONSOLE_TYPES, FLAVOR, server_template, unique


def test_scheduler_hints_put_the_server_in_its_group_with_a_config_drive(
    demo_stacks, demo_cloud, network
):
    net, _ = network
    group = demo_cloud.compute.create_server_group(
        name=unique("heat-group"), policies=["anti-affinity"]
    )
    template = server_template(
        ("console_urls",),
        networks=[{"network": net.id}],
        scheduler_hints={"group": group.id},
        config_drive=True,
        admin_pass="s3cret-Pass",
    )
    identity = demo_stacks.create(template)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    server = demo_cloud.compute.get_server(outputs["server_id"])
    assert demo_cloud.compute.get_server_group(group.id).member_ids == [server.id]
    assert server.has_config_drive in (True, "True")
    assert sorted(outputs["console_urls"]) == sorted(CONSOLE_TYPES)
    demo_stacks.delete(identity)
    demo_cloud.compute.delete_server_group(group)


def test_the_live_state_is_what_nova_has_now(demo_stacks, demo_cloud, network):
    net, _ = network
    identity = demo_stacks.create(server_template(networks=[{"network": net.id}], tags=["a"]))
    server_id = demo_stacks.outputs(identity)["server_id"]
    demo_cloud.compute.set_server_metadata(server_id, changed="outside")
    stack = demo_stacks.engine.runtime.load_stack(demo_stacks.context, identity)
    live = stack.resources["server"].get_live_state()
    assert live["metadata"] == {"changed": "outside"}
    assert (live["flavor"], live["tags"]) == (FLAVOR, ["a"])
    assert [nic["network"] for nic in live["networks"]] == [net.id]
    demo_stacks.delete(identity)
