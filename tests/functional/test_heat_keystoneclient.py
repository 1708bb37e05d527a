"""Heat's Keystone client against the real Keystone: trusts and stack domain users."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions
from oslo_config import cfg

from heat.common import config, context, heat_keystoneclient, keystone_auth
from tests.functional.processes import write_config


@pytest.fixture(scope="module")
def heat_conf(keystone, tmp_path_factory):
    """A heat configuration naming the Keystone of the tests (trustee, stack user domain)."""
    path = write_config(tmp_path_factory.mktemp("conf") / "heat.conf", keystone.heat_config())
    conf = config.register(cfg.ConfigOpts())
    conf(args=[], default_config_files=[str(path)])
    return conf


def _user_context(keystone, user, **values):
    return context.RequestContext(
        auth_token=keystone.user_token(user),
        user_id=user.user_id,
        project_id=user.project_id,
        roles=["member", "reader"],
        **values,
    )


def _admin_client(keystone, heat_conf):
    admin = keystone.admin
    admin_context = context.RequestContext(
        username=admin.username, password=admin.password, project_id=admin.project_id
    )
    return heat_keystoneclient.KeystoneClient(admin_context, heat_conf).client


@pytest.fixture(scope="module")
def admin(keystone, heat_conf):
    return _admin_client(keystone, heat_conf)


@pytest.fixture(scope="module")
def demo_trust_context(keystone, heat_conf):
    return heat_keystoneclient.KeystoneClient(
        _user_context(keystone, keystone.demo), heat_conf
    ).create_trust_context()


def test_trust_goes_from_the_user_to_the_heat_user(keystone, admin, demo_trust_context):
    trust = admin.trusts.get(demo_trust_context.trust_id)
    assert (trust.trustor_user_id, trust.trustee_user_id) == (
        keystone.demo.user_id,
        keystone.heat.user_id,
    )
    assert trust.project_id == keystone.demo.project_id
    assert trust.impersonation is True
    assert demo_trust_context.trustor_user_id == keystone.demo.user_id


def test_trust_context_acts_as_the_user_without_its_token(keystone, heat_conf, demo_trust_context):
    stored = context.RequestContext(
        trust_id=demo_trust_context.trust_id, project_id=keystone.demo.project_id
    )
    session = keystone_auth.session(keystone_auth.auth_plugin(stored, heat_conf))
    assert session.get_user_id() == keystone.demo.user_id
    assert session.get_project_id() == keystone.demo.project_id


def test_deleted_trust_no_longer_authenticates(keystone, heat_conf, admin):
    client = heat_keystoneclient.KeystoneClient(_user_context(keystone, keystone.demo), heat_conf)
    trust_context = client.create_trust_context()
    client.delete_trust(trust_context.trust_id)
    client.delete_trust(trust_context.trust_id)  # gone already: no error
    session = keystone_auth.session(keystone_auth.trustee_auth(heat_conf, trust_context.trust_id))
    with pytest.raises(ks_exceptions.Unauthorized):
        session.get_token()


def test_trust_delegates_the_configured_roles_only(keystone, tmp_path, admin):
    sections = keystone.heat_config()
    sections["DEFAULT"]["trusts_delegated_roles"] = "reader"
    conf = config.register(cfg.ConfigOpts())
    conf(args=[], default_config_files=[str(write_config(tmp_path / "heat.conf", sections))])
    client = heat_keystoneclient.KeystoneClient(_user_context(keystone, keystone.demo), conf)
    trust = admin.trusts.get(client.create_trust_context().trust_id)
    assert [role["name"] for role in trust.roles] == ["reader"]
    client.delete_trust(trust.id)


@pytest.fixture(scope="module")
def stack_users(keystone, heat_conf):
    """Heat's client for demo, and a stack domain project made through it."""
    client = heat_keystoneclient.KeystoneClient(_user_context(keystone, keystone.demo), heat_conf)
    stack_id = str(uuid.uuid4())
    project_id = client.create_stack_domain_project(stack_id)
    yield client, stack_id, project_id
    client.delete_stack_domain_project(project_id)


def test_stack_domain_project_is_named_for_the_stack(keystone, admin, stack_users):
    _client, stack_id, project_id = stack_users
    project = admin.projects.get(project_id)
    assert project.name == ("%s-%s" % (keystone.demo.project_id, stack_id))[:64]
    assert project.domain_id == keystone.stack_domain.id


def test_a_stack_domain_project_made_already_is_found_not_made_twice(stack_users):
    """Two steps of a convergence stack may ask at once, on two engines."""
    client, stack_id, project_id = stack_users
    assert client.create_stack_domain_project(stack_id) == project_id


def test_stack_user_authenticates_on_its_project_only(keystone, admin, stack_users):
    client, _stack_id, project_id = stack_users
    password = uuid.uuid4().hex
    user_id = client.create_stack_domain_user("server-user", project_id, password)
    token = client.stack_domain_user_token(user_id, project_id, password)
    assignments = admin.role_assignments.list(user=user_id, effective=True)
    assert [(a.role["id"], a.scope["project"]["id"]) for a in assignments] == [
        (keystone.roles["heat_stack_user"], project_id)
    ]
    assert token
    assert admin.users.get(user_id).options["ignore_password_expiry"] is True
    client.disable_stack_domain_user(user_id, project_id)
    with pytest.raises(ks_exceptions.Unauthorized):
        client.stack_domain_user_token(user_id, project_id, password)
    client.enable_stack_domain_user(user_id, project_id)
    assert client.stack_domain_user_token(user_id, project_id, password)
    client.delete_stack_domain_user(user_id, project_id)
    with pytest.raises(ks_exceptions.NotFound):
        admin.users.get(user_id)


def test_stack_user_keypair_is_an_ec2_credential(keystone, admin, stack_users):
    client, _stack_id, project_id = stack_users
    user_id = client.create_stack_domain_user("keypair-user", project_id)
    keypair = client.create_stack_domain_user_keypair(user_id, project_id)
    assert [cred.access for cred in admin.ec2.list(user_id)] == [keypair.access]
    client.delete_stack_domain_user_keypair(user_id, project_id, keypair.id)
    assert admin.ec2.list(user_id) == []
    client.delete_stack_domain_user_keypair(user_id, project_id, keypair.id)  # gone: no error


def test_user_of_another_project_is_not_touched(keystone, admin, stack_users):
    client, _stack_id, project_id = stack_users
    with pytest.raises(Exception, match="is not a user of the stack project"):
        client.delete_stack_domain_user(keystone.alt_demo.user_id, project_id)
    assert admin.users.get(keystone.alt_demo.user_id).enabled


def test_deleting_the_stack_project_deletes_its_users(keystone, heat_conf, admin):
    client = heat_keystoneclient.KeystoneClient(_user_context(keystone, keystone.demo), heat_conf)
    project_id = client.create_stack_domain_project(str(uuid.uuid4()))
    user_id = client.create_stack_domain_user("doomed", project_id)
    client.delete_stack_domain_project(project_id)
    client.delete_stack_domain_project(project_id)  # gone already: no error
    for lookup, item in ((admin.projects.get, project_id), (admin.users.get, user_id)):
        with pytest.raises(ks_exceptions.NotFound):
            lookup(item)
