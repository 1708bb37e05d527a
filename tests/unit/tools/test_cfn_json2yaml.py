"""tools/cfn-json2yaml, run as a program."""

import json
import pathlib
import subprocess
import sys

from heat.common import template_format

SCRIPT = pathlib.Path(__file__).parents[3] / "tools" / "cfn-json2yaml"
TEMPLATE = {
    "AWSTemplateFormatVersion": "2010-09-09",
    "Description": "One server",
    "Resources": {
        "Server": {
            "Type": "AWS::EC2::Instance",
            "Properties": {"UserData": "#!/bin/sh\necho hello\n", "ImageId": "cirros"},
        }
    },
}


def run(*args, stdin=""):
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], input=stdin, capture_output=True, text=True
    )


def test_stdin_is_converted_to_stdout_as_the_same_template():
    result = run(stdin=json.dumps(TEMPLATE))
    assert result.returncode == 0
    assert template_format.parse(result.stdout) == TEMPLATE


def test_key_order_is_kept():
    result = run(stdin=json.dumps(TEMPLATE))
    keys = [line.split(":")[0] for line in result.stdout.splitlines() if not line[0].isspace()]
    assert keys == ["AWSTemplateFormatVersion", "Description", "Resources"]


def test_multi_line_strings_become_block_scalars():
    result = run(stdin=json.dumps(TEMPLATE))
    assert "UserData: |\n        #!/bin/sh\n        echo hello\n" in result.stdout


def test_a_file_argument_is_converted_to_the_output_file(tmp_path):
    source = tmp_path / "server.template"
    source.write_text(json.dumps(TEMPLATE))
    result = run(str(source), "-o", str(tmp_path / "out.yaml"))
    assert result.returncode == 0 and result.stdout == ""
    assert template_format.parse((tmp_path / "out.yaml").read_text()) == TEMPLATE


def test_write_puts_a_yaml_file_next_to_each_input(tmp_path):
    for name in ("a.template", "b.json"):
        (tmp_path / name).write_text(json.dumps(TEMPLATE))
    result = run("--write", str(tmp_path / "a.template"), str(tmp_path / "b.json"))
    assert result.returncode == 0
    assert sorted(path.name for path in tmp_path.glob("*.yaml")) == ["a.yaml", "b.yaml"]


def test_invalid_json_fails_with_a_message():
    result = run(stdin="{not json")
    assert result.returncode == 1
    assert "cfn-json2yaml: -:" in result.stderr


def test_output_with_several_inputs_is_a_usage_error(tmp_path):
    result = run("a.json", "b.json", "-o", str(tmp_path / "out.yaml"))
    assert result.returncode == 2 and "--output" in result.stderr
