"""Running one action of one resource: state changes, the plugin's handlers, hooks, failures.

Each function here is a generator task for :mod:`heat.engine.scheduler`: it yields while
the plugin's ``check_<action>_complete`` says the physical resource is not ready yet. A
failure becomes ``<ACTION>_FAILED`` here, and nowhere else, and is raised again as a
:class:`heat.common.exception.ResourceFailure` naming the resource.
"""

import random
import time
from collections.abc import Generator, Mapping
from typing import Any

from oslo_log import log as logging

from heat.common import exception
from heat.common.i18n import _
from heat.engine import function, hooks
from heat.engine import resource_states as states
from heat.engine.scheduler import Timeout
from heat.engine.walk import decision

LOG = logging.getLogger(__name__)
Task = Generator[None, None, None]
STATE_CHANGED = "state changed"
# The states of a resource with nothing left of it outside the database.
SETTLED = ((states.INIT, states.COMPLETE), (states.DELETE, states.COMPLETE))


def _resolved_properties(resource: Any) -> dict[str, Any]:
    return {name: resource.properties[name] for name in resource.properties_schema}


def _resolve_before_starting(resource: Any, action: str) -> None:
    """Resolve the property functions before the action starts, as upstream does: one that
    cannot be resolved (an attribute whose value fails) fails the walk with its message and
    leaves the resource as it was; invalid values fail the action itself."""
    try:
        function.resolve(resource.t.properties_snippet())
    except Exception as error:  # noqa: BLE001 - any function's error ends the walk here
        raise exception.ResourceFailure(str(error), resource.name, action) from error


def _cancel(resource: Any, handler: str, token: Any) -> None:
    """Tell the plugin that its started action was cut short (``handle_<handler>_cancel``),
    so that what it started outside heat stops waiting too; its own error is only logged,
    the action has failed already."""
    canceller = getattr(resource, "handle_%s_cancel" % handler, None)
    if canceller is None:
        return
    try:
        canceller(token)
    except Exception:  # noqa: BLE001 - the cut-short action's failure is what is reported
        LOG.exception("Error cancelling %s of resource %s", handler, resource.name)


def run_action(
    resource: Any,
    action: str,
    handler: str | None,
    args: tuple = (),
    with_properties: bool = False,
    validate: bool = False,
) -> Task:
    """``action`` IN_PROGRESS, then ``handle_<handler>(*args)`` and its completion check,
    then COMPLETE; any error (invalid property values first, when ``validate``) makes the
    resource FAILED and is raised as ResourceFailure."""
    store = resource.stack.store
    if validate:
        _resolve_before_starting(resource, action)
    waiting = False
    token = None
    try:
        try:
            if validate:
                resource.properties.validate(with_value=True)
            properties = _resolved_properties(resource) if with_properties else None
        except Exception:
            # Invalid values fail the action, which must have started for that (as upstream).
            store.record_state(resource, action, states.IN_PROGRESS, STATE_CHANGED)
            raise
        store.record_state(resource, action, states.IN_PROGRESS, STATE_CHANGED, properties)
        handle = getattr(resource, "handle_%s" % handler, None) if handler else None
        if handle is not None:
            token = handle(*args)
        check = getattr(resource, "check_%s_complete" % handler, None) if handler else None
        if check is not None:
            waiting = True
            while not check(token):
                yield
    except GeneratorExit:
        if waiting and handler:
            _cancel(resource, handler, token)
        store.record_state(resource, action, states.FAILED, "%s aborted" % action)
        raise
    except exception.UpdateReplace as replace:
        store.record_state(resource, action, states.COMPLETE, str(replace))
        raise
    except Timeout as timeout:
        if waiting and handler:
            _cancel(resource, handler, token)
        failure = exception.ResourceFailure(timeout, resource.name, action)
        store.record_state(resource, action, states.FAILED, "%s aborted (%s)" % (action, timeout))
        raise failure
    except Exception as error:  # noqa: BLE001 - any plugin error fails the action here
        failure = exception.ResourceFailure(error, resource.name, action)
        store.record_state(resource, action, states.FAILED, str(failure))
        raise failure from error
    store.record_state(resource, action, states.COMPLETE, STATE_CHANGED)


def create(resource: Any) -> Task:
    """Create the resource, retrying ``action_retry_limit`` times when the physical
    resource ends in an error state; one with an ``external_id`` is adopted and checked
    instead, as upstream does."""
    external_id = resource.t.external_id()
    if external_id is not None:
        yield from adopt(resource, {"resource_id": external_id})
        yield from check(resource)
        return
    yield from hooks.wait_for(resource, hooks.PRE_CREATE, states.CREATE)
    retries = resource.stack.settings.action_retry_limit
    while True:
        try:
            yield from run_action(
                resource, states.CREATE, "create", with_properties=True, validate=True
            )
            break
        except exception.ResourceFailure as failure:
            if not isinstance(failure.cause, exception.ResourceInError) or retries <= 0:
                raise
            retries -= 1
            yield from run_action(resource, states.DELETE, "delete")
            resource.resource_id_set(None)
            # The retry creates afresh: CREATE may follow this DELETE_COMPLETE, as upstream's.
            resource.action, resource.status = states.INIT, states.COMPLETE
    yield from hooks.wait_for(resource, hooks.POST_CREATE, states.CREATE)


def adopt(resource: Any, document: Mapping[str, Any] | None) -> Task:
    """Take over an existing physical resource: ``document`` gives its ``resource_id``,
    and maybe its ``resource_data`` and ``metadata``."""
    store = resource.stack.store
    store.record_state(resource, states.ADOPT, states.IN_PROGRESS, STATE_CHANGED)
    if not document or not document.get("resource_id"):
        error = exception.Error(_("Resource ID was not provided."))
        failure = exception.ResourceFailure(error, resource.name, states.ADOPT)
        store.record_state(resource, states.ADOPT, states.FAILED, str(failure))
        raise failure
    resource.resource_id_set(document["resource_id"])
    for key, value in (document.get("resource_data") or {}).items():
        resource.data_set(key, value)
    if document.get("metadata"):
        resource.metadata_set(document["metadata"])
    store.record_state(resource, states.ADOPT, states.COMPLETE, STATE_CHANGED)
    yield from ()


def delete(resource: Any) -> Task:
    """Delete the physical resource (kept when the deletion policy is Retain)."""
    if resource.state in SETTLED:
        return
    yield from hooks.wait_for(resource, hooks.PRE_DELETE, states.DELETE)
    # A retained resource goes through DELETE without its physical resource being touched.
    retained = resource.t.deletion_policy() == "Retain"
    retries = resource.stack.settings.action_retry_limit
    attempt = 0
    while True:
        try:
            yield from run_action(resource, states.DELETE, None if retained else "delete")
            break
        except exception.ResourceFailure as failure:
            # Still in use (a subnet whose server Nova is still deleting): tried again later,
            # as upstream does.
            if attempt >= retries or not _in_use(resource, failure.cause):
                raise
            attempt += 1
            backoff = resource.stack.settings.retry_backoff
            yield from _wait(backoff * 2 ** (attempt - 1) + random.random() * backoff)
    yield from hooks.wait_for(resource, hooks.POST_DELETE, states.DELETE)


def _in_use(resource: Any, error: Any) -> bool:
    """Whether the service refused the delete as a conflict (the thing is still in use)."""
    try:
        plugin = resource.client_plugin()
    except Exception:  # no client of its own to ask: not a conflict heat can recognise
        return False
    return bool(plugin.is_conflict(error))


def _wait(seconds: float) -> Task:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        yield


def _settled_action(resource: Any, action: str, handler: str) -> Task:
    if resource.state == (states.INIT, states.COMPLETE):
        return
    yield from run_action(resource, action, handler)


def suspend(resource: Any) -> Task:
    """Suspend the resource (``handle_suspend`` when the plugin has one)."""
    if resource.action == states.SUSPEND and resource.status == states.COMPLETE:
        return
    yield from _settled_action(resource, states.SUSPEND, "suspend")


def resume(resource: Any) -> Task:
    """Resume a suspended resource (``handle_resume`` when the plugin has one)."""
    if resource.action != states.SUSPEND:
        return
    yield from _settled_action(resource, states.RESUME, "resume")


def check(resource: Any) -> Task:
    """Check the resource; without ``handle_check`` it completes with a note saying so, and a
    resource never created fails the check (one without a handler is left alone)."""
    store = resource.stack.store
    created = resource.state != (states.INIT, states.COMPLETE)
    if getattr(resource, "handle_check", None) is None:
        if created:
            reason = "%s not supported for %s" % (states.CHECK, resource.type())
            store.record_state(resource, states.CHECK, states.COMPLETE, reason)
        return
    if not created:
        reason = "Can not check %s, resource not created yet." % resource.name
        store.record_state(resource, states.CHECK, states.FAILED, reason)
        error = exception.Error("Resource %s not created yet." % resource.name)
        raise exception.ResourceFailure(error, resource.name, states.CHECK)
    yield from run_action(resource, states.CHECK, "check")


def check_external_id(resource: Any, old: Any) -> bool:
    """Whether the resource is adopted by ``external_id`` (then nothing is to update);
    ResourceFailure when the update changes its ``external_id``."""
    external_id = resource.t.external_id()
    if external_id == old.t.external_id():
        return external_id is not None
    feature = _("Update to property %(prop)s of %(name)s (%(type)s)") % {
        "prop": "external_id",
        "name": resource.name,
        "type": resource.type(),
    }
    error = exception.NotSupported(feature=feature)
    raise exception.ResourceFailure(error, resource.name, states.UPDATE)


def update(resource: Any, old: Any, change: decision.Change) -> Task:
    """Make an updated or replaced ``change`` (from :func:`heat.engine.walk.decision.decide`)
    in place; UpdateReplace (raised, not a failure) when the resource must be replaced. A
    replacement the new property values call for is told in an UPDATE event, as upstream."""
    prop_diff, tmpl_diff = change.prop_diff, change.tmpl_diff
    _refuse_immutable_changes(resource, prop_diff)
    restricted = resource.stack.env.registry.get_rsrc_restricted_actions(resource.name)
    if change.kind == decision.REPLACED:
        if "replace" in restricted:
            _restricted(resource, "replace")
        replace = exception.UpdateReplace(resource.name)
        if resource.status != states.FAILED and "resource_type" not in tmpl_diff:
            _record_replacement(resource, replace)
        raise replace
    if "update" in restricted:
        _restricted(resource, "update")
    resource.previous_properties = old.properties
    args = (resource.t, tmpl_diff, prop_diff)
    yield from run_action(resource, states.UPDATE, "update", args, with_properties=True)
    if "metadata" in tmpl_diff:
        resource.update_template_metadata(tmpl_diff["metadata"] or {})
    yield from hooks.wait_for(resource, hooks.POST_UPDATE, states.UPDATE)


def prepare_for_replace(resource: Any) -> None:
    """Let a resource about to be replaced clear the way for its replacement (a plugin's
    ``prepare_for_replace``, when it has one); its failure fails the UPDATE. A plugin that
    deleted its physical resource to do so (its id is gone) leaves the resource DELETE
    COMPLETE, so that a rollback makes it anew rather than swap back an empty copy."""
    prepare = getattr(resource, "prepare_for_replace", None)
    if prepare is None:
        return
    store = resource.stack.store
    try:
        prepare()
    except Exception as error:  # noqa: BLE001 - any plugin error fails the action here
        failure = exception.ResourceFailure(error, resource.name, states.UPDATE)
        # A replacement is decided before the UPDATE starts: it starts to fail.
        if resource.state != (states.UPDATE, states.IN_PROGRESS):
            store.record_state(resource, states.UPDATE, states.IN_PROGRESS, STATE_CHANGED)
        store.record_state(resource, states.UPDATE, states.FAILED, str(failure))
        raise failure from error
    if resource.resource_id is None:
        store.record_state(resource, states.DELETE, states.IN_PROGRESS, STATE_CHANGED)
        store.record_state(resource, states.DELETE, states.COMPLETE, STATE_CHANGED)


def _refuse_immutable_changes(resource: Any, prop_diff: dict) -> None:
    """Fail the update, as upstream, when it changes properties that may never change
    (neither in place nor by replacement)."""
    schema = resource.properties_schema
    changed = sorted(name for name in prop_diff if name in schema and schema[name].immutable)
    if not changed:
        return
    feature = _("Update to properties %(props)s of %(name)s (%(res)s)") % {
        "props": ", ".join(changed),
        "name": resource.name,
        "res": resource.type(),
    }
    failure = exception.ResourceFailure(
        exception.NotSupported(feature=feature), resource.name, states.UPDATE
    )
    store = resource.stack.store
    store.record_state(resource, states.UPDATE, states.IN_PROGRESS, STATE_CHANGED)
    store.record_state(resource, states.UPDATE, states.FAILED, str(failure))
    raise failure


def _record_replacement(resource: Any, replace: exception.UpdateReplace) -> None:
    store = resource.stack.store
    store.record_state(resource, states.UPDATE, states.IN_PROGRESS, STATE_CHANGED)
    store.record_state(resource, states.UPDATE, states.COMPLETE, str(replace))


def _restricted(resource: Any, action: str) -> None:
    error = exception.ResourceActionRestricted(action=action)
    failure = exception.ResourceFailure(error, resource.name, states.UPDATE)
    store = resource.stack.store
    store.record_state(resource, states.UPDATE, states.IN_PROGRESS, STATE_CHANGED)
    store.record_state(resource, states.UPDATE, states.FAILED, str(failure))
    raise failure
