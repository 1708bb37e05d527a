"""The committed sample files match what the generators write from the code today."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

SAMPLES = {
    "heat.conf.sample": ("oslo-config-generator", "heat-config-generator.conf", "genconfig"),
    "policy.yaml.sample": (
        "oslopolicy-sample-generator",
        "heat-policy-generator.conf",
        "genpolicy",
    ),
}


@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_committed_sample_is_up_to_date(sample, tmp_path):
    tool, generator_conf, tox_env = SAMPLES[sample]
    output = tmp_path / sample
    subprocess.run(
        [
            str(BIN / tool),
            "--config-file",
            str(REPO / "tools" / "config" / generator_conf),
            "--output-file",
            str(output),
        ],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    committed = (REPO / "etc" / "heat" / sample).read_text()
    assert output.read_text() == committed, (
        "etc/heat/%s is out of date with the code: run `tox -e %s` (or tools/gen-samples.sh)"
        % (sample, tox_env)
    )
