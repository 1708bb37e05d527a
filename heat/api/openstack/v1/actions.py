"""Stack actions (``POST .../actions`` with exactly one verb). Policy ``actions:<verb>``.

``{"termination_protection": true|false}`` protects a root stack and its tree from
deletion, or lifts the protection; ``{"detect_drift": null}`` compares each resource with
its physical resource and answers the detection (extensions of OpenStack Heat's API)."""

import webob.exc

from heat.api.openstack.v1 import controller, util
from heat.common import identifier
from heat.common.i18n import _

ACTIONS = (
    "suspend",
    "resume",
    "check",
    "cancel_update",
    "cancel_without_rollback",
    "termination_protection",
    "detect_drift",
)


class ActionController(controller.Controller):
    """Suspend, resume, check or cancel the update of a stack; protect it from deletion;
    detect its drift."""

    REQUEST_SCOPE = "actions"

    def action(self, request, tenant_id, stack_name, stack_id, body=None):
        """Run the one action the body names; answers ``null`` (a detection of drift
        answers ``{"drift": ...}``)."""
        util.check_tenant(request, tenant_id)
        body = body or {}
        if not body:
            raise webob.exc.HTTPBadRequest(_("No action specified"))
        if len(body) > 1:
            raise webob.exc.HTTPBadRequest(_("Multiple actions specified"))
        verb = next(iter(body))
        if verb not in ACTIONS:
            raise webob.exc.HTTPBadRequest(_("Invalid action %s specified") % verb)
        self.enforce(request, tenant_id, verb)
        identity = identifier.HeatIdentifier(tenant_id, stack_name, stack_id)
        return self._run(util.context_of(request), identity, verb, body[verb])

    def _run(self, context, identity, verb: str, value):
        engine = self.engine_client
        if verb == "detect_drift":
            return {"drift": engine.detect_stack_drift(context, identity)}
        if verb == "termination_protection":
            if not isinstance(value, bool):
                raise webob.exc.HTTPBadRequest(
                    _("termination_protection takes true or false, not %s") % value
                )
            engine.update_termination_protection(context, identity, value)
        elif verb == "suspend":
            engine.stack_suspend(context, identity)
        elif verb == "resume":
            engine.stack_resume(context, identity)
        elif verb == "check":
            engine.stack_check(context, identity)
        else:
            rollback = verb == "cancel_update"
            engine.stack_cancel_update(context, identity, cancel_with_rollback=rollback)
        return None
