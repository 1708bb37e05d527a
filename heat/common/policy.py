"""Policy enforcement: oslo.policy with Heat's rules in code and operator overrides.

Controllers call :meth:`Enforcer.enforce` with ``<scope>:<action>``; a denial
raises :class:`heat.common.exception.Forbidden`, which faultwrap turns into a 403.
Overrides in ``[oslo_policy] policy_file`` are re-read when the file changes.
"""

from oslo_config import cfg
from oslo_policy import opts as policy_opts
from oslo_policy import policy

from heat.common import exception, policies


class Enforcer:
    """Checks of one policy scope (``stacks``, ``cloudformation``, ...) against a context."""

    def __init__(self, conf=None, scope="heat", exc=exception.Forbidden):
        self.scope = scope
        self.exc = exc
        self.enforcer = _enforcer(conf or cfg.CONF)

    def _action(self, action, scope=None):
        scope = scope or self.scope
        return action if scope == "heat" else "%s:%s" % (scope, action)

    def enforce(self, context, action, scope=None, target=None, is_registered_policy=False):
        """Raise ``Forbidden`` unless ``context`` may do ``action``; returns True otherwise."""
        rule = self._action(action, scope)
        target = dict(target or {})
        target.setdefault("project_id", context.project_id)
        credentials = context.to_policy_values()
        try:
            if is_registered_policy:
                return self.enforcer.authorize(
                    rule, target, credentials, do_raise=True, exc=self.exc, action=rule
                )
            return self.enforcer.enforce(
                rule, target, credentials, do_raise=True, exc=self.exc, action=rule
            )
        except policy.InvalidScope:
            raise self.exc(action=rule)

    def check(self, context, action, scope=None, target=None):
        """Whether ``context`` may do ``action``, without raising."""
        target = dict(target or {})
        target.setdefault("project_id", context.project_id)
        return self.enforcer.enforce(
            self._action(action, scope), target, context.to_policy_values()
        )

    def check_is_admin(self, context):
        """Whether the context is an administrator's (rule ``context_is_admin``)."""
        return self.enforcer.enforce("context_is_admin", {}, context.to_policy_values())


_ENFORCERS: dict[int, policy.Enforcer] = {}


def set_defaults() -> None:
    """Heat's default ``[oslo_policy] enforce_new_defaults = True``: the role-based rules alone.

    That is oslo.policy's own default since 4.4 and what OpenStack Heat 27 enforces; it is
    set here too so that an older oslo.policy (before 4.4 it defaulted to False, OR-ing the
    pre-RBAC ``deny_stack_user`` rules in) does not let a reader create or delete stacks.
    """
    policy_opts.set_defaults(cfg.ConfigOpts(), enforce_new_defaults=True)


def _enforcer(conf):
    # One oslo.policy Enforcer per ConfigOpts, so the policy file is parsed once per process.
    key = id(conf)
    if key not in _ENFORCERS:
        set_defaults()
        enforcer = policy.Enforcer(conf, default_rule="default")
        # The pre-RBAC rules stay registered for operators who turn the new defaults off.
        enforcer.suppress_deprecation_warnings = True
        enforcer.register_defaults(policies.list_rules())
        _ENFORCERS[key] = enforcer
    return _ENFORCERS[key]


def get_enforcer():
    """The oslo.policy enforcer of ``cfg.CONF``, for oslopolicy-* tools."""
    cfg.CONF([], project="heat")
    return _enforcer(cfg.CONF)
