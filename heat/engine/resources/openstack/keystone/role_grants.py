"""The ``roles`` property of users, groups and role assignments: a list of
``{role, project | domain}`` given to one user or group.

The list becomes a set of :class:`Grant` (all ids), so an update grants what the template
adds and revokes only what it made before and no longer asks for: grants made outside Heat
are left alone unless the template made them too.
"""

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties

ROLES, ROLE, PROJECT, DOMAIN = "roles", "role", "project", "domain"

ROLES_SCHEMA = {
    ROLES: properties.Schema(
        properties.Schema.LIST,
        _("List of role assignments."),
        schema=properties.Schema(
            properties.Schema.MAP,
            _("Map between role with either project or domain."),
            schema={
                ROLE: properties.Schema(
                    properties.Schema.STRING,
                    _("Keystone role."),
                    required=True,
                    constraints=[constraints.CustomConstraint("keystone.role")],
                ),
                PROJECT: properties.Schema(
                    properties.Schema.STRING,
                    _("Keystone project."),
                    constraints=[constraints.CustomConstraint("keystone.project")],
                ),
                DOMAIN: properties.Schema(
                    properties.Schema.STRING,
                    _("Keystone domain."),
                    constraints=[constraints.CustomConstraint("keystone.domain")],
                ),
            },
        ),
        update_allowed=True,
    )
}


class Grant(NamedTuple):
    """A role on a project or a domain, as ids; ``scope`` is ``"project"`` or ``"domain"``."""

    role: str
    scope: str
    target: str


class Grantee(NamedTuple):
    """Who grants are given to; ``kind`` is ``"user"`` or ``"group"``."""

    kind: str
    id: str


def check(roles: list[dict] | None) -> None:
    """Raise unless each assignment of ``roles`` names exactly one of project and domain."""
    for assignment in roles or []:
        has_project = assignment.get(PROJECT) is not None
        has_domain = assignment.get(DOMAIN) is not None
        if has_project and has_domain:
            raise exception.ResourcePropertyConflict(props=", ".join((PROJECT, DOMAIN)))
        if not (has_project or has_domain):
            message = _("Either project or domain must be specified for role %s")
            raise exception.StackValidationFailed(message=message % assignment.get(ROLE))


def _grant_of(assignment: dict, lookups: Any) -> Grant:
    role = lookups.get_role_id(assignment[ROLE])
    if assignment.get(PROJECT) is not None:
        return Grant(role, PROJECT, lookups.get_project_id(assignment[PROJECT]))
    return Grant(role, DOMAIN, lookups.get_domain_id(assignment[DOMAIN]))


def resolve(roles: list[dict] | None, lookups: Any, skip_missing: bool = False) -> set[Grant]:
    """The grants ``roles`` asks for, its names turned into ids by the Keystone client
    plugin ``lookups``; with ``skip_missing`` an assignment whose role, project or domain
    no longer exists is left out (there is nothing of it left to revoke)."""
    grants = set()
    for assignment in roles or []:
        try:
            grants.add(_grant_of(assignment, lookups))
        except exception.EntityNotFound:
            if not skip_missing:
                raise
    return grants


def _call(method: Callable, grantee: Grantee, grant: Grant) -> None:
    method(grant.role, **{grantee.kind: grantee.id, grant.scope: grant.target})


def grant(plugin: Any, grantee: Grantee, grants: Iterable[Grant]) -> None:
    """Give ``grantee`` each of ``grants`` in Keystone (``plugin``: the Keystone client plugin)."""
    for each in grants:
        _call(plugin.identity.roles.grant, grantee, each)


def revoke(plugin: Any, grantee: Grantee, grants: Iterable[Grant]) -> None:
    """Take each of ``grants`` back from ``grantee``; one it no longer has is not an error."""
    for each in grants:
        try:
            _call(plugin.identity.roles.revoke, grantee, each)
        except Exception as error:  # whatever the client raises for "not found" is fine
            plugin.ignore_not_found(error)


def regrant(
    plugin: Any,
    before: tuple[Grantee, list[dict] | None],
    after: tuple[Grantee, list[dict] | None],
) -> None:
    """Move from the roles one grantee had to the roles a grantee (the same or another)
    has now: grant what is new to it, revoke what the template no longer asks for."""
    (old_grantee, old_roles), (new_grantee, new_roles) = before, after
    old = resolve(old_roles, plugin, skip_missing=True)
    new = resolve(new_roles, plugin)
    kept = old & new if old_grantee == new_grantee else set()
    grant(plugin, new_grantee, new - kept)
    revoke(plugin, old_grantee, old - kept)
