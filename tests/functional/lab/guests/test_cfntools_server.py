"""An OS::Nova::Server of the lab with HEAT_CFNTOOLS user data, played by a guest: heat's
boot files run the user's script, whose cfn-init applies the server's
AWS::CloudFormation::Init metadata and whose cfn-signal completes a wait condition."""

import json


def test_cfn_init_and_cfn_signal_complete_a_wait_condition(guest_stacks, play, lab_names, tmp_path):
    root = tmp_path / "guest"
    parameters = {
        "image": lab_names["image"],
        "flavor": lab_names["flavor"],
        "greeting": "good morning",
        "root": str(root),
    }
    stack = guest_stacks.create("cfntools_server.yaml", parameters)
    server = guest_stacks.created_resource(stack, "server")
    guest = play(server["physical_resource_id"], root)
    # loguserdata.py ran the user's script (its exit status is the script's).
    (loguserdata,) = [ran for ran in guest.scripts if ran.args[0].endswith("loguserdata.py")]
    provision_log = guest.path("/var/log/heat-provision.log").read_text()
    assert loguserdata.returncode == 0, provision_log
    assert guest.path("/var/lib/heat-cfntools/provision-finished").exists()
    assert guest.path("/etc/greeting").read_text() == "good morning"
    shown = guest_stacks.wait_for(stack, "CREATE_COMPLETE", timeout=120)
    outputs = {output["output_key"]: output["output_value"] for output in shown["outputs"]}
    assert json.loads(outputs["signalled"]) == {"guest": "GOOD MORNING"}
    assert outputs["server_id"] == server["physical_resource_id"]
