"""OS::Nova::Server options in the lab: a server group through scheduler hints, a config
drive, consoles, and updates that converge on the template from what Nova has now."""

from tests.functional.lab.server.servers import CONSOLE_TYPES, server_template, unique


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


def test_a_converging_update_puts_back_what_was_changed_in_nova(demo_stacks, demo_cloud, network):
    net, _ = network
    template = server_template(networks=[{"network": net.id}], metadata={"role": "web"})
    identity = demo_stacks.create(template)
    server_id = demo_stacks.outputs(identity)["server_id"]
    demo_cloud.compute.set_server_metadata(server_id, role="changed", extra="outside")

    unconverged = demo_stacks.update(identity, template)
    assert unconverged["stack_status"] == "COMPLETE"
    assert demo_cloud.compute.get_server(server_id).metadata["role"] == "changed"

    converged = demo_stacks.update(identity, template, converge=True)
    assert converged["stack_status"] == "COMPLETE", converged["stack_status_reason"]
    assert demo_stacks.outputs(identity)["server_id"] == server_id
    server = demo_cloud.compute.get_server(server_id)
    assert server.metadata == {"role": "web"}
    actions = [action.action for action in demo_cloud.compute.server_actions(server_id)]
    assert "rebuild" not in actions and "resize" not in actions
    demo_stacks.delete(identity)


def test_a_converging_update_replaces_a_server_deleted_in_nova(demo_stacks, demo_cloud, network):
    net, _ = network
    template = server_template(networks=[{"network": net.id}])
    identity = demo_stacks.create(template)
    server_id = demo_stacks.outputs(identity)["server_id"]
    demo_cloud.compute.delete_server(server_id)
    demo_cloud.compute.wait_for_delete(demo_cloud.compute.get_server(server_id), wait=60)

    converged = demo_stacks.update(identity, template, converge=True)
    assert converged["stack_status"] == "COMPLETE", converged["stack_status_reason"]
    replacement = demo_stacks.outputs(identity)["server_id"]
    assert replacement != server_id
    assert demo_cloud.compute.get_server(replacement).status == "ACTIVE"
    demo_stacks.delete(identity)
