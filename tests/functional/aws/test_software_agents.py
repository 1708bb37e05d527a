"""The real in-server agents deploy configs to a DeployedServer and signal the outcome.

os-collect-config (the cfn collector, with the server's keypair) fetches the metadata,
os-refresh-config runs os-apply-config and heat-config, whose script hook runs the config
with its inputs, and heat-config-notify posts the outputs to the deployment's pre-signed
URL (tests/fixtures/config_agents.py).
"""

import time


def outputs(shown: dict) -> dict:
    return {item["output_key"]: item.get("output_value") for item in shown["outputs"]}


def polled(server) -> None:
    ran = server.poll()
    assert ran.returncode == 0, ran.stderr[-3000:]


def test_the_script_hook_runs_the_config_and_heat_config_notify_completes_it(
    software_stacks, config_agents, tmp_path
):
    stack = software_stacks.create("deployment.yaml", {"greeting": "bonjour"})
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    server = config_agents.server(tmp_path, occ)
    polled(server)
    shown = software_stacks.wait_for(stack, "CREATE_COMPLETE")
    values = outputs(shown)
    assert values["stdout"] == "bonjour from deployment\n"
    assert values["result"] == "bonjour"
    assert values["status_code"] == 0
    # A new script (so a new config) and a new input: the agents run the new derived config.
    script = (
        '#!/bin/sh\necho "$greeting again"\nprintf "%s!" "$greeting" > $heat_outputs_path.result\n'
    )
    body = {
        "parameters": {"greeting": "salut", "script": script},
        "existing": True,
        "disable_rollback": True,
    }
    answer = software_stacks.call("PATCH", stack.path, json=body)
    assert answer.status_code == 202, answer.text
    software_stacks.wait_for_resource(stack, "deployment", "UPDATE_IN_PROGRESS")
    polled(server)
    values = outputs(software_stacks.wait_for(stack, "UPDATE_COMPLETE"))
    assert values["stdout"] == "salut again\n"
    assert values["result"] == "salut!"


def test_a_failing_script_fails_the_deployment_with_its_stderr(
    software_stacks, config_agents, tmp_path
):
    script = "#!/bin/sh\necho 'no space left' >&2\nexit 4\n"
    stack = software_stacks.create("deployment.yaml", {"script": script})
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    polled(config_agents.server(tmp_path, occ))
    shown = software_stacks.wait_for(stack, "CREATE_FAILED")
    assert "non-zero status code: 4" in shown["stack_status_reason"]
    assert "no space left" in shown["stack_status_reason"]


def test_a_deployment_group_over_three_servers(software_stacks, config_agents, tmp_path):
    stack = software_stacks.create("group.yaml")
    servers = {
        name: config_agents.server(
            tmp_path / name, software_stacks.attribute(stack, name, "os_collect_config")
        )
        for name in ("web1", "web2", "web3")
    }
    software_stacks.wait_for_resource(stack, "deployments", "CREATE_IN_PROGRESS")
    for server in servers.values():
        # A server polls until its deployment is in its metadata and it has run it.
        for _attempt in range(20):
            polled(server)
            if any((server.root / "deployed").glob("*.notify.json")):
                break
            time.sleep(0.5)
    values = outputs(software_stacks.wait_for(stack, "CREATE_COMPLETE"))
    assert values["stdouts"] == {
        name: "configured %s\n" % server_id for name, server_id in values["servers"].items()
    }


def test_the_heat_collector_and_a_native_signal(software_stacks, config_agents, tmp_path):
    params = {"transport": "POLL_SERVER_HEAT", "signal_transport": "HEAT_SIGNAL"}
    stack = software_stacks.create("deployment.yaml", {**params, "greeting": "hallo"})
    occ = software_stacks.attribute(stack, "server", "os_collect_config")
    assert occ["collectors"] == ["heat", "local"]
    software_stacks.wait_for_resource(stack, "deployment", "CREATE_IN_PROGRESS")
    polled(config_agents.server(tmp_path, occ))
    values = outputs(software_stacks.wait_for(stack, "CREATE_COMPLETE"))
    assert values["stdout"] == "hallo from deployment\n"
