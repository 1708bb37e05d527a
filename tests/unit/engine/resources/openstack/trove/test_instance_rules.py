"""What ``OS::Trove::Instance`` refuses before anything is made: Trove's datastores and
flavors are asked (the fake's), the rest is the type's own rules, with upstream's words."""

import pytest

from heat.common import exception

MINIMAL = {"flavor": "m1.tiny", "size": 2}


def validate(trove_engine, **properties):
    template = {"db": {"type": "OS::Trove::Instance", "properties": properties}}
    trove_engine.stack(template).validate()


def refused(trove_engine, **properties):
    with pytest.raises(exception.StackValidationFailed) as raised:
        validate(trove_engine, **properties)
    return str(raised.value)


def test_a_valid_instance_asks_trove_for_its_flavor_and_datastore(trove_engine, trove):
    validate(trove_engine, datastore_type="mysql", datastore_version="8.0", **MINIMAL)
    assert [path for verb, path, body in trove.trove_requests()] == [
        "/flavors/m1.tiny",
        "/flavors",
        "/datastores/mysql/versions",
    ]


def test_a_flavor_trove_does_not_have_is_refused(trove_engine, trove):
    message = refused(trove_engine, flavor="m9.huge", size=2)
    assert message == (
        "Property error: resources.db.properties.flavor: Error validating value 'm9.huge': "
        "The Flavor (m9.huge) could not be found."
    )


def test_a_datastore_version_the_type_lacks_is_refused(trove_engine, trove):
    message = refused(trove_engine, datastore_type="mysql", datastore_version="9.9", **MINIMAL)
    assert message == (
        "Datastore version 9.9 for datastore type mysql is not valid. "
        "Allowed versions are 5.7, 8.0."
    )


def test_a_datastore_type_trove_does_not_have_is_refused_naming_the_property(trove_engine, trove):
    message = refused(trove_engine, datastore_type="oracle", **MINIMAL)
    assert message == (
        "datastore_type: Trove has no datastore type oracle (Datastore 'oracle' cannot be found.)."
    )


def test_a_datastore_version_needs_its_type(trove_engine, trove):
    message = refused(trove_engine, datastore_version="5.7", **MINIMAL)
    assert message == "Not allowed - datastore_version without datastore_type."


def test_users_need_databases(trove_engine, trove):
    users = [{"name": "clerk", "password": "secret1", "databases": ["shop"]}]
    message = refused(trove_engine, users=users, **MINIMAL)
    assert message == (
        "Databases property is required if users property is provided for resource db."
    )


def test_a_user_s_databases_must_be_listed(trove_engine, trove):
    users = [{"name": "clerk", "password": "secret1", "databases": ["shop", "stock"]}]
    message = refused(trove_engine, users=users, databases=[{"name": "shop"}], **MINIMAL)
    assert message == (
        "Database ['stock'] specified for user does not exist in databases for resource db."
    )


@pytest.mark.parametrize(
    "nic",
    [{"fixed_ip": "10.0.0.5"}, {"network": "private", "port": "db-port"}],
    ids=["neither", "both"],
)
def test_a_network_interface_names_a_network_or_a_port(trove_engine, trove, nic):
    message = refused(trove_engine, networks=[nic], **MINIMAL)
    assert message == "Either network or port must be provided."


def test_a_network_neutron_does_not_have_is_refused(trove_engine, trove):
    message = refused(trove_engine, networks=[{"network": "public"}], **MINIMAL)
    assert message.startswith("Property error: resources.db.properties.networks[0].network:")
    assert "public" in message


@pytest.mark.parametrize(
    ("properties", "path"),
    [
        ({"size": 151}, "size"),
        ({"databases": [{"name": "-"}]}, "databases[0].name"),
        ({"users": [{"name": "a" * 17, "password": "pw", "databases": ["d"]}]}, "users[0].name"),
        ({"users": [{"name": "clerk", "password": "pw", "databases": []}]}, "users[0].databases"),
    ],
)
def test_values_out_of_trove_s_rules_are_refused_naming_the_property(
    trove_engine, trove, properties, path
):
    message = refused(trove_engine, **{**MINIMAL, **properties})
    assert message.startswith("Property error: resources.db.properties.%s: " % path)
