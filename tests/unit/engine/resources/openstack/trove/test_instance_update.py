"""``OS::Trove::Instance`` updated in place against the fake Trove: a rename, resizes of the
flavor and the volume (one after the other, each once the instance is ready again), and
the databases and users Trove holds made the template's."""

SHOP = {"name": "shop"}
CLERK = {"name": "clerk", "password": "secret1", "databases": ["shop"]}
BASE = {"flavor": "m1.tiny", "size": 2, "databases": [SHOP], "users": [CLERK]}


def template(**properties):
    return {"db": {"type": "OS::Trove::Instance", "properties": {**BASE, **properties}}}


def updated(trove_engine, trove, **properties):
    """The stack made with BASE, then updated with ``properties``; the requests the update
    sent to Trove."""
    stack = trove_engine.create(template())
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    first = len(trove.trove_requests())
    new = trove_engine.update(stack, template(**properties))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    assert new.resources["db"].resource_id == stack.resources["db"].resource_id
    writes = [
        (verb, path, body) for verb, path, body in trove.trove_requests()[first:] if verb != "GET"
    ]
    return new.resources["db"], writes


def test_a_new_name_renames_the_instance(trove_engine, trove):
    db, writes = updated(trove_engine, trove, name="renamed")
    assert writes == [("PUT", "/instances/%s" % db.resource_id, {"instance": {"name": "renamed"}})]
    assert trove.instances[db.resource_id]["name"] == "renamed"


def test_a_new_flavor_and_size_resize_one_after_the_other(trove_engine, trove):
    db, writes = updated(trove_engine, trove, flavor="m1.small", size=4)
    action = "/instances/%s/action" % db.resource_id
    assert writes == [
        ("POST", action, {"resize": {"flavorRef": "2"}}),
        ("POST", action, {"resize": {"volume": {"size": 4}}}),
    ]
    instance = trove.instances[db.resource_id]
    assert (instance["flavor"]["id"], instance["volume"]["size"]) == ("2", 4)


def test_a_flavor_named_as_trove_has_it_already_sends_nothing(trove_engine, trove):
    _db, writes = updated(trove_engine, trove, flavor="1")
    assert writes == []


def test_databases_added_are_made_and_those_dropped_deleted(trove_engine, trove):
    db, writes = updated(trove_engine, trove, databases=[{"name": "stock"}], users=[])
    item = "/instances/%s" % db.resource_id
    assert writes[:2] == [
        (
            "POST",
            item + "/databases",
            {
                "databases": [
                    {"name": "stock", "character_set": "utf8", "collate": "utf8_general_ci"}
                ]
            },
        ),
        ("DELETE", item + "/databases/shop", None),
    ]
    assert trove.databases[db.resource_id] == [{"name": "stock"}]


def test_users_added_are_made_and_those_dropped_deleted(trove_engine, trove):
    keeper = {"name": "keeper", "password": "secret2", "databases": ["shop"]}
    db, writes = updated(trove_engine, trove, users=[keeper])
    item = "/instances/%s" % db.resource_id
    assert writes == [
        (
            "POST",
            item + "/users",
            {
                "users": [
                    {"name": "keeper", "password": "secret2", "host": "%", "databases": [SHOP]}
                ]
            },
        ),
        ("DELETE", item + "/users/clerk%40%25", None),
    ]
    assert [user["name"] for user in trove.users[db.resource_id]] == ["keeper"]


def test_a_kept_user_gets_its_new_password_and_exactly_its_databases(trove_engine, trove):
    databases = [SHOP, {"name": "stock"}]
    clerk = dict(CLERK, password="secret9", databases=["stock"])
    db, writes = updated(trove_engine, trove, databases=databases, users=[clerk])
    user = "/instances/%s/users/clerk%%40%%25" % db.resource_id
    assert writes[1:] == [
        ("PUT", user, {"user": {"password": "secret9"}}),
        ("PUT", user + "/databases", {"databases": [{"name": "stock"}]}),
        ("DELETE", user + "/databases/shop", None),
    ]
    (stored,) = trove.users[db.resource_id]
    assert (stored["password"], stored["databases"]) == ("secret9", [{"name": "stock"}])


def test_an_instance_failing_during_the_update_fails_it(trove_engine, trove):
    stack = trove_engine.create(template())
    trove.instances[stack.resources["db"].resource_id].update(
        status="ERROR", fault={"message": "Resize failed."}
    )
    new = trove_engine.update(stack, template(size=4))
    assert new.state == ("UPDATE", "FAILED")
    assert "Trove says: Resize failed." in new.resources["db"].status_reason


def test_a_changed_datastore_replaces_the_instance(trove_engine, trove):
    stack = trove_engine.create(template())
    new = trove_engine.update(stack, template(datastore_type="mysql"))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    assert new.resources["db"].resource_id != stack.resources["db"].resource_id
    assert len(trove.trove_requests("POST")) == 2
