"""Stacks keep their creator's trust and their own Keystone users, and give them back on delete."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.db import api as db_api
from tests.functional.keystone_engine import user_context, wait_for

NONE = {"heat_template_version": "2021-04-16", "resources": {"r": {"type": "OS::Heat::None"}}}


def test_new_stack_stores_a_trust_of_its_creator(
    keystone, keystone_engine, demo_context, identity_admin
):
    identity = keystone_engine.create_stack(demo_context, "trusting", NONE, {}, {}, {})
    stack = wait_for(keystone_engine, demo_context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "COMPLETE")
    row = db_api.stack_get(demo_context, identity["stack_id"])
    creds = db_api.user_creds_get(demo_context, row.user_creds_id)
    trust = identity_admin.trusts.get(creds["trust_id"])
    assert (trust.trustor_user_id, trust.trustee_user_id) == (
        keystone.demo.user_id,
        keystone.heat.user_id,
    )
    assert creds["password"] is None

    keystone_engine.delete_stack(demo_context, identity)
    wait_for(keystone_engine, demo_context, identity)
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.trusts.get(creds["trust_id"])
    assert db_api.user_creds_get(demo_context, row.user_creds_id) is None


def test_a_colleague_deleting_the_stack_deletes_its_trust_through_the_trust(
    keystone, keystone_engine, demo_context, identity_admin
):
    # Keystone lets only the trustor delete a trust: heat acts as the creator to do it.
    identity = keystone_engine.create_stack(demo_context, "trusting", NONE, {}, {}, {})
    wait_for(keystone_engine, demo_context, identity)
    row = db_api.stack_get(demo_context, identity["stack_id"])
    creds = db_api.user_creds_get(demo_context, row.user_creds_id)
    colleague = keystone.make_user(
        "colleague-%s" % uuid.uuid4().hex[:8], keystone.demo, ("member",)
    )
    colleague_context = user_context(keystone, colleague)

    keystone_engine.delete_stack(colleague_context, identity)
    stack = wait_for(keystone_engine, colleague_context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.trusts.get(creds["trust_id"])
