"""Heat's rules in code, evaluated through heat.common.policy.Enforcer."""

import os

import pytest
from oslo_config import cfg

from heat.common import context, exception, policy

pytestmark = pytest.mark.filterwarnings("ignore:Policy .* was deprecated:UserWarning")

PROJECT = "project-a"


def make_context(*roles, project_id=PROJECT):
    """A project-scoped context holding ``roles`` in ``project_id``."""
    return context.RequestContext(user_id="user-1", project_id=project_id, roles=list(roles))


@pytest.fixture
def make_enforcer(tmp_path):
    """Build an Enforcer from a heat.conf whose ``[oslo_policy]`` holds the given options."""

    def make(scope="stacks", **policy_options):
        config_file = tmp_path / "heat.conf"
        lines = ["[oslo_policy]"] + ["%s = %s" % item for item in policy_options.items()]
        config_file.write_text("\n".join(lines) + "\n")
        conf = cfg.ConfigOpts()
        conf(["--config-file", str(config_file)], project="heat")
        return policy.Enforcer(conf, scope=scope)

    return make


READER = make_context("reader")
MEMBER = make_context("member", "reader")
ADMIN = make_context("admin", "member", "reader")
STACK_USER = make_context("heat_stack_user")


def test_heat_enforces_the_role_based_defaults():
    conf = cfg.ConfigOpts()
    policy.Enforcer(conf)
    assert conf.oslo_policy.enforce_new_defaults is True


def test_reader_may_list_stacks(make_enforcer):
    assert make_enforcer(enforce_new_defaults=True).enforce(READER, "index")


def test_reader_may_not_create_a_stack(make_enforcer):
    with pytest.raises(exception.Forbidden, match="stacks:create"):
        make_enforcer(enforce_new_defaults=True).enforce(READER, "create")


def test_member_may_create_a_stack(make_enforcer):
    assert make_enforcer(enforce_new_defaults=True).enforce(MEMBER, "create")


def test_member_may_not_list_services(make_enforcer):
    enforcer = make_enforcer(scope="service", enforce_new_defaults=True)
    assert not enforcer.check(MEMBER, "index")


def test_admin_may_list_services(make_enforcer):
    assert make_enforcer(scope="service", enforce_new_defaults=True).enforce(ADMIN, "index")


def test_stack_user_may_signal_and_read_metadata(make_enforcer):
    enforcer = make_enforcer(scope="resource", enforce_new_defaults=True)
    assert enforcer.check(STACK_USER, "signal")
    assert enforcer.check(STACK_USER, "metadata")


def test_stack_user_may_not_list_stacks(make_enforcer):
    assert not make_enforcer(enforce_new_defaults=True).check(STACK_USER, "index")


def test_member_of_another_project_is_denied(make_enforcer):
    enforcer = make_enforcer(enforce_new_defaults=True)
    with pytest.raises(exception.Forbidden):
        enforcer.enforce(MEMBER, "create", target={"project_id": "project-b"})


def test_nobody_lists_every_projects_stacks_by_default(make_enforcer):
    assert not make_enforcer(enforce_new_defaults=True).check(ADMIN, "global_index")


def test_admin_only_resource_type_denied_to_member(make_enforcer):
    enforcer = make_enforcer(scope="resource_types", enforce_new_defaults=True)
    assert not enforcer.check(MEMBER, "OS::Nova::Flavor")
    assert enforcer.check(ADMIN, "OS::Nova::Flavor")


def test_legacy_role_alone_may_not_create_a_stack(make_enforcer):
    owner = make_context("heat_stack_owner")
    assert not make_enforcer().check(owner, "create")


def test_legacy_rule_grants_a_role_the_new_rule_does_not_know_when_turned_on(make_enforcer):
    owner = make_context("heat_stack_owner")
    assert make_enforcer(enforce_new_defaults=False).enforce(owner, "create")


def test_legacy_rule_still_denies_the_stack_user(make_enforcer):
    assert not make_enforcer().check(STACK_USER, "create")


def test_admin_context_is_recognised(make_enforcer):
    enforcer = make_enforcer()
    assert enforcer.check_is_admin(ADMIN)
    assert not enforcer.check_is_admin(MEMBER)


def test_policy_file_change_applies_without_restart(tmp_path, make_enforcer):
    policy_file = tmp_path / "policy.yaml"
    policy_file.write_text('"stacks:index": "!"\n')
    enforcer = make_enforcer(policy_file="policy.yaml")
    assert not enforcer.check(ADMIN, "index")

    policy_file.write_text('"stacks:index": ""\n')
    stat = policy_file.stat()
    os.utime(policy_file, (stat.st_atime + 10, stat.st_mtime + 10))
    assert enforcer.check(ADMIN, "index")
