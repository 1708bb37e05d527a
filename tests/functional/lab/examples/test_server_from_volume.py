"""The example of README.rst (doc/examples/server-from-volume.yaml) against the lab: a key
pair, a volume made from the image, a server booting from it and a Swift container; the
stack's delete leaves nothing of them in Nova, Cinder or Swift."""

import pathlib
import subprocess

import pytest
from openstack import exceptions as sdk_exceptions

from heat.common import template_format

EXAMPLE = (
    pathlib.Path(__file__).resolve().parents[4] / "doc" / "examples" / "server-from-volume.yaml"
)


def public_key(tmp_path) -> str:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "key")], check=True
    )
    return (tmp_path / "key.pub").read_text().strip()


def test_the_readme_example_is_created_and_deleted_leaving_nothing(
    demo_stacks, demo_cloud, tmp_path
):
    template = template_format.parse(EXAMPLE.read_text())
    identity = demo_stacks.create(template, parameters={"public_key": public_key(tmp_path)})
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    server = demo_cloud.compute.get_server(outputs["server_id"])
    assert server.status == "ACTIVE"
    assert [a["server_id"] for a in outputs["volume_attachments"]] == [server.id]
    volume = demo_cloud.block_storage.get_volume(outputs["volume_id"])
    assert (volume.status, volume.is_bootable) == ("in-use", True)
    key_name = identity["stack_name"] + "-key"
    assert server.key_name == key_name
    assert demo_cloud.object_store.get_container_metadata(outputs["container_name"])

    demo_stacks.delete(identity)

    assert demo_cloud.compute.find_server(outputs["server_id"], ignore_missing=True) is None
    with pytest.raises(sdk_exceptions.NotFoundException):
        demo_cloud.block_storage.get_volume(outputs["volume_id"])
    assert demo_cloud.compute.find_keypair(key_name, ignore_missing=True) is None
    names = [container.name for container in demo_cloud.object_store.containers()]
    assert outputs["container_name"] not in names
