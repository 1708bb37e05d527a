"""The custom constraints of Nova, Glance, Cinder and Neutron look values up in the lab."""

import pytest

from heat.common import exception

LOOKUPS = {
    "flavor": "nova.flavor",
    "image": "glance.image",
    "external_network": "neutron.network",
    "volume_type": "cinder.vtype",
}


def template() -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "parameters": {
            name: {"type": "string", "constraints": [{"custom_constraint": constraint}]}
            for name, constraint in LOOKUPS.items()
        },
        "resources": {"nothing": {"type": "OS::Heat::None"}},
    }


def test_names_that_exist_in_the_cloud_are_accepted(demo_stacks, lab_names):
    identity = demo_stacks.create(template(), parameters=lab_names)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    demo_stacks.delete(identity)


def test_ids_are_accepted_as_well_as_names(demo_stacks, lab, lab_names):
    ids = dict(lab_names, image=lab.image_id, flavor=lab.flavors["m1.tiny"])
    identity = demo_stacks.create(template(), parameters=ids)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    demo_stacks.delete(identity)


@pytest.mark.parametrize(
    ("parameter", "message"),
    [
        ("flavor", r"The Flavor \(no-such-thing\) could not be found"),
        ("image", r"The Image \(no-such-thing\) could not be found"),
        ("external_network", r"The network \(no-such-thing\) could not be found"),
        ("volume_type", r"The VolumeType \(no-such-thing\) could not be found"),
    ],
)
def test_a_name_the_cloud_does_not_know_fails_validation(
    demo_stacks, lab_names, parameter, message
):
    parameters = dict(lab_names, **{parameter: "no-such-thing"})
    with pytest.raises(exception.StackValidationFailed, match=message):
        demo_stacks.create(template(), parameters=parameters)
