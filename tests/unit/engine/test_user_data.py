"""A server's user data: the cloud-init parts, and the boot-time scripts run for real."""

import email
import importlib.util
import json
import subprocess
import sys

import yaml

from heat.engine import user_data

SCRIPT = "#!/bin/sh\necho provisioning $0\n"


def parts(message_text):
    message = email.message_from_string(message_text)
    assert message.is_multipart()
    return [
        (part.get_content_type(), part.get_filename(), part.get_payload(decode=True).decode())
        for part in message.get_payload()
    ]


def test_heat_cfntools_user_data_carries_the_script_and_the_cfn_settings():
    built = user_data.build(
        {"AWS::CloudFormation::Init": {}},
        SCRIPT,
        instance_user="ec2-user",
        cfn_metadata_url="http://heat.example:8000/v1/",
    )
    found = parts(built)
    assert [(kind, name) for kind, name, _content in found] == [
        ("text/cloud-config", "cloud-config"),
        ("text/cloud-boothook", "boothook.sh"),
        ("text/part-handler", "part-handler.py"),
        ("text/x-cfninitdata", "cfn-userdata"),
        ("text/x-shellscript", "loguserdata.py"),
        ("text/x-cfninitdata", "cfn-init-data"),
        ("text/x-cfninitdata", "cfn-metadata-server"),
        ("text/x-cfninitdata", "cfn-boto-cfg"),
    ]
    contents = {name: content for _kind, name, content in found}
    assert yaml.safe_load(contents["cloud-config"])["user"] == "ec2-user"
    assert "useradd -m ec2-user" in contents["boothook.sh"]
    assert contents["cfn-userdata"] == SCRIPT
    assert json.loads(contents["cfn-init-data"]) == {"AWS::CloudFormation::Init": {}}
    assert contents["cfn-metadata-server"] == "http://heat.example:8000/v1/"
    assert "cfn_region_endpoint = heat.example" in contents["cfn-boto-cfg"]


def test_software_config_user_data_splices_a_multipart_message():
    inner = user_data.build(None, "one", user_data_format="RAW")
    assert inner == "one"
    multipart_user_data = email.message_from_string(
        user_data.build(None, "#!/bin/sh\necho two", user_data_format="SOFTWARE_CONFIG")
    ).as_string()
    found = parts(user_data.build(None, multipart_user_data, user_data_format="SOFTWARE_CONFIG"))
    names = [name for _kind, name, _content in found]
    assert names[:3] == ["cloud-config", "boothook.sh", "part-handler.py"]
    # The spliced message's own parts follow, the user's script among them.
    assert any(content == "#!/bin/sh\necho two" for _kind, _name, content in found)
    assert "cfn-userdata" not in names


def test_the_part_handler_and_loguserdata_provision_a_server(tmp_path, monkeypatch):
    cfntools, cloud_data = tmp_path / "heat-cfntools", tmp_path / "cloud-data"
    environment = {
        "HEAT_CFNTOOLS_DIR": str(cfntools),
        "HEAT_CLOUD_DATA_DIR": str(cloud_data),
        "HEAT_PART_HANDLER_LOG": str(tmp_path / "part-handler.log"),
        "HEAT_PROVISION_LOG": str(tmp_path / "provision.log"),
    }
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    handler_path = tmp_path / "part_handler.py"
    handler_path.write_text(user_data.cloudinit_file("part_handler.py"))
    spec = importlib.util.spec_from_file_location("part_handler", handler_path)
    handler = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(handler)
    # As cloud-init calls a part handler: begin, each part of its types, end.
    handler.handle_part(None, "__begin__", None, None)
    for kind, name, content in parts(
        user_data.build({"k": 1}, SCRIPT, cfn_metadata_url="http://h/v1/")
    ):
        if kind in handler.list_types():
            handler.handle_part(None, kind, name, content)
    handler.handle_part(None, "__end__", None, None)
    assert (cfntools / "cfn-userdata").read_text() == SCRIPT
    assert json.loads((cloud_data / "cfn-init-data").read_text()) == {"k": 1}
    loguserdata = tmp_path / "loguserdata.py"
    loguserdata.write_text(user_data.cloudinit_file("loguserdata.py"))
    ran = subprocess.run([sys.executable, str(loguserdata)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert "provisioning" in (tmp_path / "provision.log").read_text()
    assert (cfntools / "provision-finished").exists()


def test_a_failing_user_script_leaves_no_finished_marker(tmp_path, monkeypatch):
    cfntools = tmp_path / "heat-cfntools"
    cfntools.mkdir()
    (cfntools / "cfn-userdata").write_text("#!/bin/sh\necho broken\nexit 3\n")
    monkeypatch.setenv("HEAT_CFNTOOLS_DIR", str(cfntools))
    monkeypatch.setenv("HEAT_PROVISION_LOG", str(tmp_path / "provision.log"))
    loguserdata = tmp_path / "loguserdata.py"
    loguserdata.write_text(user_data.cloudinit_file("loguserdata.py"))
    ran = subprocess.run([sys.executable, str(loguserdata)], capture_output=True, text=True)
    assert ran.returncode == 3
    assert "broken" in (tmp_path / "provision.log").read_text()
    assert not (cfntools / "provision-finished").exists()


def test_heat_watch_server_url_tells_cfn_push_stats_where_to_post():
    built = user_data.build(
        {},
        SCRIPT,
        cfn_metadata_url="http://heat.example:8000/v1/",
        watch_url="http://watch.example:8003",
    )
    contents = {name: content for _kind, name, content in parts(built)}
    assert contents["cfn-watch-server"] == "http://watch.example:8003"
    assert "cloudwatch_region_endpoint = watch.example" in contents["cfn-boto-cfg"]
