"""OS::Glance::WebImage imports an image Glance downloads from a web server (a local one
on 127.0.0.1, which the lab's Glance may download from); OS::Glance::Image is hidden."""

import functools
import http.server
import threading
import time

import pytest
from openstack import exceptions as sdk_exceptions

IMAGE_DATA = b"not really a disk, but Glance only stores it\n" * 64


@pytest.fixture(scope="module")
def image_url(tmp_path_factory):
    """The URL of a small file served over HTTP on 127.0.0.1."""
    directory = tmp_path_factory.mktemp("web")
    (directory / "disk.raw").write_bytes(IMAGE_DATA)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/disk.raw" % server.server_address[1]
    server.shutdown()
    server.server_close()


def image_template(url: str, **properties) -> dict:
    base = {"location": url, "disk_format": "raw", "container_format": "bare"}
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"image": {"type": "OS::Glance::WebImage", "properties": base | properties}},
    }


def image_id(stacks, identity) -> str:
    return stacks.resource(identity, "image")["physical_resource_id"]


def assert_complete(stack: dict, action: str) -> None:
    assert (stack["stack_action"], stack["stack_status"]) == (action, "COMPLETE"), stack[
        "stack_status_reason"
    ]


def test_import_update_in_place_and_delete(demo_stacks, demo_cloud, image_url, unique_name):
    identity = demo_stacks.create(
        image_template(
            image_url,
            name=unique_name,
            tags=["one", "two"],
            min_ram=64,
            os_distro="cirros",
            extra_properties={"color": "red", "size_hint": "small"},
        )
    )
    assert_complete(demo_stacks.show(identity), "CREATE")
    image = demo_cloud.image.get_image(image_id(demo_stacks, identity))
    assert (image.name, image.status, image.size) == (unique_name, "active", len(IMAGE_DATA))
    assert (image.disk_format, image.container_format, image.min_ram) == ("raw", "bare", 64)
    # Complete only once Glance's import task let go: deleting the image before can 500.
    assert not image.properties.get("os_glance_import_task")
    assert sorted(image.tags) == ["one", "two"]
    assert image.os_distro == "cirros"
    assert image.properties["color"] == "red"
    assert b"".join(demo_cloud.image.download_image(image, stream=True).iter_content()) == (
        IMAGE_DATA
    )

    stack = demo_stacks.update(
        identity,
        image_template(
            image_url,
            name=unique_name,
            tags=["two", "three"],
            min_ram=64,
            extra_properties={"color": "blue"},
        ),
    )
    assert_complete(stack, "UPDATE")
    updated = demo_cloud.image.get_image(image.id)
    assert (updated.name, updated.min_ram, updated.os_distro) == (unique_name, 64, None)
    assert sorted(updated.tags) == ["three", "two"]
    assert updated.properties["color"] == "blue"
    assert "size_hint" not in updated.properties

    # A new name or minimum RAM makes a new image, as upstream's.
    stack = demo_stacks.update(
        identity, image_template(image_url, name=unique_name + "-renamed", min_ram=128)
    )
    assert_complete(stack, "UPDATE")
    replacement = demo_cloud.image.get_image(image_id(demo_stacks, identity))
    assert replacement.id != image.id
    assert (replacement.name, replacement.min_ram, replacement.status) == (
        unique_name + "-renamed",
        128,
        "active",
    )
    with pytest.raises(sdk_exceptions.NotFoundException):
        demo_cloud.image.get_image(image.id)
    image = replacement

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(sdk_exceptions.NotFoundException):
        demo_cloud.image.get_image(image.id)


def test_deactivate_and_reactivate(demo_stacks, demo_cloud, image_url, unique_name):
    identity = demo_stacks.create(image_template(image_url, name=unique_name, active=False))
    assert_complete(demo_stacks.show(identity), "CREATE")
    assert demo_cloud.image.get_image(image_id(demo_stacks, identity)).status == "deactivated"
    stack = demo_stacks.update(identity, image_template(image_url, name=unique_name, active=True))
    assert_complete(stack, "UPDATE")
    assert demo_cloud.image.get_image(image_id(demo_stacks, identity)).status == "active"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_shared_with_members(demo_stacks, demo_cloud, lab, image_url, unique_name):
    alt_demo = lab.state["users"]["alt_demo"]["project_id"]
    admin = lab.state["users"]["admin"]["project_id"]
    identity = demo_stacks.create(
        image_template(image_url, name=unique_name, visibility="shared", members=[alt_demo])
    )
    assert_complete(demo_stacks.show(identity), "CREATE")
    image = demo_cloud.image.get_image(image_id(demo_stacks, identity))
    assert image.visibility == "shared"
    assert [m.member_id for m in demo_cloud.image.members(image)] == [alt_demo]
    stack = demo_stacks.update(
        identity,
        image_template(image_url, name=unique_name, visibility="shared", members=[admin]),
    )
    assert_complete(stack, "UPDATE")
    assert [m.member_id for m in demo_cloud.image.members(image)] == [admin]
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_an_image_glance_cannot_download_fails_and_rolls_back(
    demo_stacks, demo_cloud, image_url, unique_name
):
    template = image_template(image_url.replace("disk.raw", "missing.raw"), name=unique_name)
    identity = demo_stacks.create(template)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "Glance could not import the image from http://127.0.0.1:" in reason
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")

    identity = demo_stacks.create(template, disable_rollback=False)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("ROLLBACK", "COMPLETE"), reason
    assert [i for i in demo_cloud.image.images() if i.name == unique_name] == []
    demo_stacks.delete(identity)


def imported(cloud, image: str) -> None:
    """Wait until Glance's import task has let go of the image: Glance makes the image
    active (when heat's create completes) before the task drops its lock (the
    ``os_glance_import_task`` property), and a delete in between fails in Glance (500,
    "This Session's transaction has been rolled back")."""
    deadline = time.monotonic() + 30
    while "os_glance_import_task" in (cloud.image.get_image(image).properties or {}):
        assert time.monotonic() < deadline, "Glance's import task kept image %s" % image
        time.sleep(0.2)


def test_image_deleted_outside_heat(demo_stacks, demo_cloud, image_url, unique_name):
    identity = demo_stacks.create(image_template(image_url, name=unique_name))
    imported(demo_cloud, image_id(demo_stacks, identity))
    demo_cloud.image.delete_image(image_id(demo_stacks, identity))
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_os_glance_image_is_hidden_and_does_nothing(demo_stacks, demo_cloud, unique_name):
    template = {
        "heat_template_version": "2021-04-16",
        "resources": {
            "image": {
                "type": "OS::Glance::Image",
                "properties": {"name": unique_name, "location": "http://127.0.0.1/x"},
            }
        },
    }
    types = demo_stacks.engine.list_resource_types(demo_stacks.context)
    assert "OS::Glance::WebImage" in types
    assert "OS::Glance::Image" not in types
    identity = demo_stacks.create(template, name=unique_name)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    assert [i for i in demo_cloud.image.images() if i.name == unique_name] == []
    demo_stacks.delete(identity)


def test_a_converging_update_puts_back_what_was_changed_in_glance(
    demo_stacks, demo_cloud, image_url, unique_name
):
    written = image_template(
        image_url,
        name=unique_name,
        tags=["one", "two"],
        os_distro="cirros",
        extra_properties={"color": "red"},
    )
    identity = demo_stacks.create(written)
    image = demo_cloud.image.get_image(image_id(demo_stacks, identity))
    demo_cloud.image.update_image(image.id, os_distro="other", color="blue")
    demo_cloud.image.remove_tag(image, "one")
    demo_cloud.image.add_tag(image, "added")
    demo_cloud.image.deactivate_image(image)

    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    assert image_id(demo_stacks, identity) == image.id
    image = demo_cloud.image.get_image(image.id)
    assert (image.os_distro, image.properties["color"], image.status) == (
        "cirros",
        "red",
        "active",
    )
    assert sorted(image.tags) == ["one", "two"]
    demo_stacks.delete(identity)


def test_a_converging_update_replaces_an_image_renamed_in_glance(
    demo_stacks, demo_cloud, image_url, unique_name
):
    written = image_template(image_url, name=unique_name)
    identity = demo_stacks.create(written)
    first = image_id(demo_stacks, identity)
    demo_cloud.image.update_image(first, name=unique_name + "-renamed")

    # Glance images are not renamed in place: the image is made anew, as upstream does.
    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    replacement = demo_cloud.image.get_image(image_id(demo_stacks, identity))
    assert (replacement.id != first, replacement.name) == (True, unique_name)
    with pytest.raises(sdk_exceptions.NotFoundException):
        demo_cloud.image.get_image(first)
    demo_stacks.delete(identity)


def test_a_converging_update_makes_an_image_deleted_in_glance_again(
    demo_stacks, demo_cloud, image_url, unique_name
):
    written = image_template(image_url, name=unique_name)
    identity = demo_stacks.create(written)
    first = image_id(demo_stacks, identity)
    demo_cloud.image.delete_image(first)

    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    again = demo_cloud.image.get_image(image_id(demo_stacks, identity))
    assert (again.id != first, again.name, again.status) == (True, unique_name, "active")
    demo_stacks.delete(identity)
