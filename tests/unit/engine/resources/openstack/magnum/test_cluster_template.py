"""``OS::Magnum::ClusterTemplate`` against Magnum's HTTP API (the fake of fake_magnum.py)."""

import pytest

from heat.common import exception
from heat.engine import stack_actions

IMAGE = "fedora-coreos"
REQUIRED = {"image": IMAGE, "external_network": "public", "coe": "kubernetes"}


def resources(**properties):
    return {"ct": {"type": "OS::Magnum::ClusterTemplate", "properties": properties}}


def create(magnum_engine, **properties):
    stack = magnum_engine.create(resources(**properties))
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    return stack, stack.resources["ct"]


def test_the_template_is_made_with_magnums_field_names(magnum_engine, magnum):
    _stack, template = create(
        magnum_engine,
        name="k8s",
        flavor="m1.small",
        master_flavor="m1.medium",
        keypair="kp",
        fixed_network="private",
        fixed_subnet="private-subnet",
        dns_nameserver="8.8.8.8",
        docker_volume_size=3,
        network_driver="flannel",
        volume_driver="cinder",
        http_proxy="http://proxy:8080",
        labels={"kube_tag": "v1.30.1"},
        **REQUIRED,
    )
    (method, path, headers, body) = magnum.magnum_requests("POST")[-1]
    assert (method, path) == ("POST", "/magnum/v1/clustertemplates")
    assert headers["openstack-api-version"] == "container-infra 1.1"
    assert body == {
        "name": "k8s",
        "image_id": IMAGE,
        "flavor_id": "m1.small",
        "master_flavor_id": "m1.medium",
        "keypair_id": "kp",
        "external_network_id": "net-public",
        "fixed_network": "net-private",
        "fixed_subnet": "sub-private",
        "dns_nameserver": "8.8.8.8",
        "docker_volume_size": 3,
        "docker_storage_driver": "devicemapper",
        "coe": "kubernetes",
        "network_driver": "flannel",
        "volume_driver": "cinder",
        "http_proxy": "http://proxy:8080",
        "labels": {"kube_tag": "v1.30.1"},
        "tls_disabled": False,
        "public": False,
        "registry_enabled": False,
        "server_type": "vm",
        "master_lb_enabled": True,
        "floating_ip_enabled": True,
    }
    assert template.resource_id in magnum.templates


def test_a_template_without_a_name_gets_the_stacks(magnum_engine, magnum):
    _stack, template = create(magnum_engine, **REQUIRED)
    assert magnum.templates[template.resource_id]["name"].startswith("test_stack-ct-")
    assert template.FnGetAtt("show")["uuid"] == template.resource_id


def test_public_changes_in_place_with_a_json_patch(magnum_engine, magnum):
    stack, template = create(magnum_engine, **REQUIRED)
    new = magnum_engine.update(stack, resources(public=True, **REQUIRED))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    assert new.resources["ct"].resource_id == template.resource_id
    (method, path, _headers, body) = magnum.magnum_requests()[-1]
    assert (method, path) == ("PATCH", "/magnum/v1/clustertemplates/" + template.resource_id)
    assert body == [{"op": "replace", "path": "/public", "value": True}]
    assert magnum.templates[template.resource_id]["public"] is True


def test_another_image_replaces_the_template(magnum_engine, magnum):
    magnum.lookups["images"].append(("22222222-2222-3333-4444-555555555555", "ubuntu"))
    stack, template = create(magnum_engine, **REQUIRED)
    new = magnum_engine.update(stack, resources(**dict(REQUIRED, image="ubuntu")))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    assert new.resources["ct"].resource_id != template.resource_id
    assert list(magnum.templates) == [new.resources["ct"].resource_id]


def test_deleting_deletes_the_template_and_one_gone_is_fine(magnum_engine, magnum):
    stack, template = create(magnum_engine, **REQUIRED)
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    assert magnum.magnum_requests()[-1][:2] == (
        "DELETE",
        "/magnum/v1/clustertemplates/" + template.resource_id,
    )
    assert magnum.templates == {}
    stack, template = create(magnum_engine, **REQUIRED)
    magnum.templates.clear()
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason


@pytest.mark.parametrize(
    ("coe", "driver"), [("kubernetes", "rexray"), ("swarm", "cinder"), ("mesos", "cinder")]
)
def test_a_volume_driver_the_coe_cannot_use_is_refused(magnum_engine, magnum, coe, driver):
    stack = magnum_engine.stack(resources(**dict(REQUIRED, coe=coe, volume_driver=driver)))
    expected = "rexray" if driver == "cinder" else "cinder"
    message = (
        "Volume driver type %s is not supported by COE:%s, expecting a ['%s'] volume driver."
        % (driver, coe, expected)
    )
    with pytest.raises(exception.StackValidationFailed) as error:
        stack.validate()
    assert message in str(error.value)
    assert magnum.magnum_requests() == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"image": "nope"}, "The Image (nope) could not be found."),
        ({"external_network": "nope"}, "The network (nope) could not be found."),
        ({"flavor": "m9.huge"}, "m9.huge"),
        ({"keypair": "lost"}, "lost"),
        ({"coe": "nomad"}, '"nomad" is not an allowed value'),
        ({"docker_volume_size": 0}, "docker_volume_size"),
        ({"dns_nameserver": "not-an-ip"}, "dns_nameserver"),
    ],
)
def test_bad_values_are_refused_naming_the_property(magnum_engine, magnum, changes, message):
    stack = magnum_engine.stack(resources(**dict(REQUIRED, **changes)))
    with pytest.raises(exception.StackValidationFailed) as error:
        stack.validate()
    assert message in str(error.value)
    assert "ct" in str(error.value) and list(changes)[0] in str(error.value)
