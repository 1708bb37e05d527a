"""Stacks keep their creator's trust and their own Keystone users, and give them back on delete."""

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.db import api as db_api
from tests.functional.keystone_engine import wait_for

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
