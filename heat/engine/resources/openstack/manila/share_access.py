"""The access rules of a Manila share as a template gives them: who may mount the share
(an address, a user, a certificate or a cephx id) and how (read-only or read-write)."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties

# A rule's state once its share service has applied it, and when it failed to.
APPLIED, FAILED = "active", "error"
RULE_KEYS = (ACCESS_TO, ACCESS_TYPE, ACCESS_LEVEL) = ("access_to", "access_type", "access_level")
# What Manila grants when a rule names no level.
DEFAULT_LEVEL = "rw"

RULE_SCHEMA = properties.Schema(
    properties.Schema.MAP,
    schema={
        ACCESS_TO: properties.Schema(
            properties.Schema.STRING,
            _("IP or other address information about guest that allowed to access to Share."),
            required=True,
        ),
        ACCESS_TYPE: properties.Schema(
            properties.Schema.STRING,
            _("Type of access that should be provided to guest."),
            constraints=[constraints.AllowedValues(["ip", "user", "cert", "cephx"])],
            required=True,
        ),
        ACCESS_LEVEL: properties.Schema(
            properties.Schema.STRING,
            _("Level of access that need to be provided for guest."),
            constraints=[constraints.AllowedValues(["ro", "rw"])],
        ),
    },
)


def normal(rule: Any) -> tuple[Any, Any, Any]:
    """A rule (a template's map or Manila's rule) as (to, type, level), the level Manila's
    default when none is named."""
    field = rule.get if isinstance(rule, dict) else lambda key: getattr(rule, key, None)
    return field(ACCESS_TO), field(ACCESS_TYPE), field(ACCESS_LEVEL) or DEFAULT_LEVEL


def grant(client: Any, share_id: str, rule: tuple[Any, Any, Any]) -> None:
    """Ask Manila to grant one (to, type, level) rule on the share."""
    access_to, access_type, access_level = rule
    client.create_access_rule(
        share_id, access_to=access_to, access_type=access_type, access_level=access_level
    )


def grant_all(client: Any, share_id: str, rules: list[dict] | None) -> None:
    """Grant the template's rules on a new share."""
    for rule in rules or []:
        grant(client, share_id, normal(rule))


def make_current(client: Any, share_id: str, rules: list[dict] | None) -> None:
    """Make the share's rules the template's: revoke those it no longer lists, grant those
    the share does not have yet."""
    wanted = [normal(rule) for rule in rules or []]
    kept = set()
    for existing in client.access_rules(share_id):
        rule = normal(existing)
        if rule in wanted and rule not in kept:
            kept.add(rule)
        else:
            client.delete_access_rule(existing.id, share_id)
    for rule in wanted:
        if rule not in kept:
            grant(client, share_id, rule)
            kept.add(rule)


def settled(client: Any, share_id: str) -> list[Any] | None:
    """None while Manila is still applying or revoking some of the share's rules, else the
    rules it failed to apply (none when all hold)."""
    rules = list(client.access_rules(share_id))
    if any(rule.state not in (APPLIED, FAILED) for rule in rules):
        return None
    return [rule for rule in rules if rule.state == FAILED]


def live(client: Any, share_id: str) -> list[dict[str, str]]:
    """The share's rules as the template would list them."""
    return [
        dict(zip(RULE_KEYS, normal(rule), strict=True)) for rule in client.access_rules(share_id)
    ]
