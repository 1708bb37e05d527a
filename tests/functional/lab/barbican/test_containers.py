"""Barbican's containers against the lab's Barbican: a generic container of named secrets,
an RSA container of a generated key pair's secrets, and a certificate container; their
references as attributes, and nothing left after a delete."""

SECRET = {
    "type": "OS::Barbican::Secret",
    "properties": {"payload": "value", "payload_content_type": "text/plain"},
}


def template(resources: dict, outputs: dict) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": resources,
        "outputs": {name: {"value": value} for name, value in outputs.items()},
    }


def item_id(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def test_a_generic_container_holds_its_secrets_by_name(demo_stacks, demo_cloud):
    resources = {
        "first": SECRET,
        "second": SECRET,
        "box": {
            "type": "OS::Barbican::GenericContainer",
            "properties": {
                "name": "box",
                "secrets": [
                    {"name": "one", "ref": {"get_resource": "first"}},
                    {"name": "two", "ref": {"get_resource": "second"}},
                ],
            },
        },
    }
    outputs = {
        "ref": {"get_resource": "box"},
        "container_ref": {"get_attr": ["box", "container_ref"]},
        "secret_refs": {"get_attr": ["box", "secret_refs"]},
        "status": {"get_attr": ["box", "status"]},
        "consumers": {"get_attr": ["box", "consumers"]},
        "first": {"get_resource": "first"},
        "second": {"get_resource": "second"},
    }
    identity = demo_stacks.create(template(resources, outputs))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = demo_stacks.outputs(identity)
    assert found["ref"] == found["container_ref"]
    assert found["secret_refs"] == {"one": found["first"], "two": found["second"]}
    assert (found["status"], found["consumers"]) == ("ACTIVE", [])
    container = demo_cloud.key_manager.get_container(item_id(found["ref"]))
    assert (container.name, container.type) == ("box", "generic")
    demo_stacks.delete(identity)
    path = "/containers/%s" % item_id(found["ref"])
    assert demo_cloud.key_manager.get(path, raise_exc=False).status_code == 404


def test_typed_containers_name_their_secrets_as_barbican_does(demo_stacks, demo_cloud):
    resources = {
        "private": SECRET,
        "public": SECRET,
        "certificate": SECRET,
        "rsa": {
            "type": "OS::Barbican::RSAContainer",
            "properties": {
                "private_key_ref": {"get_resource": "private"},
                "public_key_ref": {"get_resource": "public"},
            },
        },
        "cert": {
            "type": "OS::Barbican::CertificateContainer",
            "properties": {
                "certificate_ref": {"get_resource": "certificate"},
                "private_key_ref": {"get_resource": "private"},
            },
        },
    }
    outputs = {"rsa": {"get_resource": "rsa"}, "cert": {"get_resource": "cert"}}
    identity = demo_stacks.create(template(resources, outputs))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = demo_stacks.outputs(identity)
    rsa = demo_cloud.key_manager.get_container(item_id(found["rsa"]))
    cert = demo_cloud.key_manager.get_container(item_id(found["cert"]))
    assert rsa.type == "rsa"
    assert {entry["name"] for entry in rsa.secret_refs} == {"private_key", "public_key"}
    assert cert.type == "certificate"
    assert {entry["name"] for entry in cert.secret_refs} == {"certificate", "private_key"}
