"""The ``roles`` property logic of the Keystone identity types: validation, names to grants,
and which grants an update gives and takes back (against a fake Keystone client plugin)."""

import pytest

from heat.common import exception
from heat.engine.resources.openstack.keystone import role_grants
from heat.engine.resources.openstack.keystone.role_grants import Grant, Grantee


class FakeRoles:
    """keystoneclient's ``roles`` manager, recording grants; revoking one not there is
    Keystone's "not found"."""

    def __init__(self):
        self.granted: set[tuple] = set()

    def grant(self, role, **where):
        self.granted.add((role, *sorted(where.items())))

    def revoke(self, role, **where):
        try:
            self.granted.remove((role, *sorted(where.items())))
        except KeyError:
            raise exception.EntityNotFound(entity="RoleAssignment", name=role) from None


class FakeKeystone:
    """The lookups and the ``identity.roles`` of the Keystone client plugin; ids are
    ``<kind>-<name>`` and the names in ``missing`` do not exist."""

    def __init__(self, missing=()):
        self.missing = set(missing)
        self.roles = FakeRoles()
        self.identity = self

    def _id(self, kind, name):
        if name in self.missing:
            raise exception.EntityNotFound(entity=kind, name=name)
        return "%s-%s" % (kind, name)

    def get_role_id(self, name):
        return self._id("role", name)

    def get_project_id(self, name):
        return self._id("project", name)

    def get_domain_id(self, name):
        return self._id("domain", name)

    def ignore_not_found(self, error):
        if not isinstance(error, exception.EntityNotFound):
            raise error


def test_a_role_on_both_a_project_and_a_domain_is_refused():
    with pytest.raises(exception.ResourcePropertyConflict) as raised:
        role_grants.check([{"role": "r", "project": "p", "domain": "d"}])
    assert str(raised.value) == (
        "Cannot define the following properties at the same time: project, domain."
    )


def test_a_role_on_neither_is_refused():
    with pytest.raises(exception.StackValidationFailed) as raised:
        role_grants.check([{"role": "r", "project": None, "domain": None}])
    assert str(raised.value) == "Either project or domain must be specified for role r"


def test_no_roles_are_valid_and_ask_for_nothing():
    role_grants.check(None)
    assert role_grants.resolve(None, FakeKeystone()) == set()


def test_names_become_grants_of_ids():
    roles = [{"role": "a", "project": "p"}, {"role": "b", "domain": "d"}]
    assert role_grants.resolve(roles, FakeKeystone()) == {
        Grant("role-a", "project", "project-p"),
        Grant("role-b", "domain", "domain-d"),
    }


def test_missing_names_fail_unless_skipped():
    roles = [{"role": "a", "project": "gone"}, {"role": "b", "domain": "d"}]
    with pytest.raises(exception.EntityNotFound):
        role_grants.resolve(roles, FakeKeystone(missing={"gone"}))
    skipped = role_grants.resolve(roles, FakeKeystone(missing={"gone"}), skip_missing=True)
    assert skipped == {Grant("role-b", "domain", "domain-d")}


def test_regrant_touches_only_the_differences():
    keystone = FakeKeystone()
    user = Grantee("user", "u")
    old = [{"role": "kept", "project": "p"}, {"role": "dropped", "project": "p"}]
    keystone.roles.granted = {
        ("role-kept", ("project", "project-p"), ("user", "u")),
        ("role-outside", ("project", "project-p"), ("user", "u")),
    }
    new = [{"role": "kept", "project": "p"}, {"role": "added", "domain": "d"}]
    role_grants.regrant(keystone, (user, old), (user, new))
    assert keystone.roles.granted == {
        ("role-kept", ("project", "project-p"), ("user", "u")),
        ("role-outside", ("project", "project-p"), ("user", "u")),
        ("role-added", ("domain", "domain-d"), ("user", "u")),
    }


def test_regrant_to_another_grantee_moves_every_grant():
    keystone = FakeKeystone()
    roles = [{"role": "r", "project": "p"}]
    keystone.roles.grant("role-r", group="first", project="project-p")
    role_grants.regrant(
        keystone, (Grantee("group", "first"), roles), (Grantee("group", "second"), roles)
    )
    assert keystone.roles.granted == {("role-r", ("group", "second"), ("project", "project-p"))}
