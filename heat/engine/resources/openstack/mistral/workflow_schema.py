"""The properties and attributes of ``OS::Mistral::Workflow``, as OpenStack Heat declares
them: the workflow's own fields, its tasks, and the defaults its tasks share."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support

Schema = properties.Schema

PROPERTIES = (
    NAME,
    TYPE,
    DESCRIPTION,
    INPUT,
    OUTPUT,
    TASKS,
    PARAMS,
    TASK_DEFAULTS,
    USE_REQUEST_BODY_AS_INPUT,
    TAGS,
) = (
    "name",
    "type",
    "description",
    "input",
    "output",
    "tasks",
    "params",
    "task_defaults",
    "use_request_body_as_input",
    "tags",
)
TASK_KEYS = (
    TASK_NAME,
    TASK_DESCRIPTION,
    ON_ERROR,
    ON_COMPLETE,
    ON_SUCCESS,
    POLICIES,
    ACTION,
    WORKFLOW,
    PUBLISH,
    TASK_INPUT,
    REQUIRES,
    RETRY,
    WAIT_BEFORE,
    WAIT_AFTER,
    PAUSE_BEFORE,
    TIMEOUT,
    WITH_ITEMS,
    KEEP_RESULT,
    TARGET,
    JOIN,
    CONCURRENCY,
) = (
    "name",
    "description",
    "on_error",
    "on_complete",
    "on_success",
    "policies",
    "action",
    "workflow",
    "publish",
    "input",
    "requires",
    "retry",
    "wait_before",
    "wait_after",
    "pause_before",
    "timeout",
    "with_items",
    "keep_result",
    "target",
    "join",
    "concurrency",
)
ATTRIBUTES = (WORKFLOW_DATA, ALARM_URL, EXECUTIONS) = ("data", "alarm_url", "executions")

SINCE_5 = support.SupportStatus(version="5.0.0")


def _on_success() -> Schema:
    return Schema(
        Schema.LIST, _("List of tasks which will run after the task has completed successfully.")
    )


def _on_error() -> Schema:
    return Schema(
        Schema.LIST, _("List of tasks which will run after the task has completed with an error.")
    )


def _on_complete() -> Schema:
    return Schema(
        Schema.LIST,
        _(
            "List of tasks which will run after the task has completed regardless of "
            "whether it is successful or not."
        ),
    )


def _requires() -> Schema:
    return Schema(
        Schema.LIST,
        _(
            "List of tasks which should be executed before this task. Used only in reverse "
            "workflows."
        ),
    )


def _retry(status: support.SupportStatus | None = None) -> Schema:
    return Schema(
        Schema.MAP,
        _("Defines a pattern how task should be repeated in case of an error."),
        support_status=status,
    )


def _concurrency(description: str) -> Schema:
    return Schema(
        Schema.INTEGER, description, support_status=support.SupportStatus(version="8.0.0")
    )


CONCURRENCY_TEXT = _(
    "Defines a max number of actions running simultaneously in a task. Applicable only for "
    "tasks that have with-items."
)

TASK_DEFAULTS_SCHEMA = {
    ON_SUCCESS: _on_success(),
    ON_ERROR: _on_error(),
    ON_COMPLETE: _on_complete(),
    REQUIRES: _requires(),
    RETRY: _retry(),
    WAIT_BEFORE: Schema(
        Schema.INTEGER,
        _("Defines a delay in seconds that Mistral Engine should wait before starting a task."),
    ),
    WAIT_AFTER: Schema(
        Schema.INTEGER,
        _(
            "Defines a delay in seconds that Mistral Engine should wait after a task has "
            "completed before starting next tasks defined in on-success, on-error or "
            "on-complete."
        ),
    ),
    PAUSE_BEFORE: Schema(
        Schema.BOOLEAN,
        _(
            "Defines whether Mistral Engine should put the workflow on hold or not before "
            "starting a task."
        ),
    ),
    TIMEOUT: Schema(
        Schema.INTEGER,
        _(
            "Defines a period of time in seconds after which a task will be failed "
            "automatically by engine if hasn't completed."
        ),
    ),
    CONCURRENCY: _concurrency(CONCURRENCY_TEXT),
}

TASK_SCHEMA = {
    TASK_NAME: Schema(Schema.STRING, _("Task name."), required=True),
    TASK_DESCRIPTION: Schema(Schema.STRING, _("Task description.")),
    TASK_INPUT: Schema(Schema.MAP, _("Actual input parameter values of the task.")),
    ACTION: Schema(
        Schema.STRING,
        _(
            "Name of the action associated with the task. Either action or workflow may be "
            "defined in the task."
        ),
    ),
    WORKFLOW: Schema(
        Schema.STRING,
        _(
            "Name of the workflow associated with the task. Can be defined by intrinsic "
            "function get_resource or by name of the referenced workflow, i.e. "
            "{ workflow: wf_name } or { workflow: { get_resource: wf_name }}. Either action "
            "or workflow may be defined in the task."
        ),
        constraints=[constraints.CustomConstraint("mistral.workflow")],
    ),
    PUBLISH: Schema(Schema.MAP, _("Dictionary of variables to publish to the workflow context.")),
    ON_SUCCESS: _on_success(),
    ON_ERROR: _on_error(),
    ON_COMPLETE: _on_complete(),
    POLICIES: Schema(
        Schema.MAP,
        _(
            "Dictionary-like section defining task policies that influence how Mistral "
            "Engine runs tasks. Must satisfy Mistral DSL v2."
        ),
        support_status=support.SupportStatus(
            support.HIDDEN,
            version="8.0.0",
            message=_("Add needed policies directly to the task, Policy keyword is not needed"),
            previous_status=support.SupportStatus(
                support.DEPRECATED,
                version="5.0.0",
                previous_status=support.SupportStatus(version="2015.1"),
            ),
        ),
    ),
    REQUIRES: _requires(),
    RETRY: _retry(SINCE_5),
    WAIT_BEFORE: Schema(
        Schema.INTEGER,
        _("Defines a delay in seconds that Mistral Engine should wait before starting a task."),
        support_status=SINCE_5,
    ),
    WAIT_AFTER: Schema(
        Schema.INTEGER,
        _(
            "Defines a delay in seconds that Mistral Engine should wait after a task has "
            "completed before starting next tasks defined in on-success, on-error or "
            "on-complete."
        ),
        support_status=SINCE_5,
    ),
    PAUSE_BEFORE: Schema(
        Schema.BOOLEAN,
        _(
            "Defines whether Mistral Engine should put the workflow on hold or not before "
            "starting a task."
        ),
        support_status=SINCE_5,
    ),
    TIMEOUT: Schema(
        Schema.INTEGER,
        _(
            "Defines a period of time in seconds after which a task will be failed "
            "automatically by engine if hasn't completed."
        ),
        support_status=SINCE_5,
    ),
    WITH_ITEMS: Schema(
        Schema.STRING,
        _(
            "If configured, it allows to run action or workflow associated with a task "
            "multiple times on a provided list of items."
        ),
        support_status=SINCE_5,
    ),
    KEEP_RESULT: Schema(
        Schema.BOOLEAN,
        _("Allowing not to store action results after task completion."),
        support_status=SINCE_5,
    ),
    CONCURRENCY: _concurrency(CONCURRENCY_TEXT),
    TARGET: Schema(
        Schema.STRING,
        _("It defines an executor to which task action should be sent to."),
        support_status=SINCE_5,
    ),
    JOIN: Schema(
        Schema.STRING,
        _(
            "Allows to synchronize multiple parallel workflow branches and aggregate their "
            "data. Valid inputs: all - the task will run only if all upstream tasks are "
            "completed. Any numeric value - then the task will run once at least this "
            "number of upstream tasks are completed and corresponding conditions have "
            "triggered."
        ),
        support_status=support.SupportStatus(version="6.0.0"),
    ),
}

PROPERTIES_SCHEMA = {
    NAME: Schema(Schema.STRING, _("Workflow name.")),
    TYPE: Schema(
        Schema.STRING,
        _("Workflow type."),
        constraints=[constraints.AllowedValues(["direct", "reverse"])],
        required=True,
        update_allowed=True,
    ),
    USE_REQUEST_BODY_AS_INPUT: Schema(
        Schema.BOOLEAN,
        _(
            "Defines the method in which the request body for signaling a workflow would be "
            "parsed. In case this property is set to True, the body would be parsed as a "
            "simple json where each key is a workflow input, in other cases body would be "
            'parsed expecting a specific json format with two keys: "input" and "params".'
        ),
        update_allowed=True,
        support_status=support.SupportStatus(version="6.0.0"),
    ),
    TAGS: Schema(
        Schema.LIST,
        _("List of tags to set on the workflow."),
        update_allowed=True,
        support_status=support.SupportStatus(version="10.0.0"),
    ),
    DESCRIPTION: Schema(Schema.STRING, _("Workflow description."), update_allowed=True),
    INPUT: Schema(
        Schema.MAP, _("Dictionary which contains input for workflow."), update_allowed=True
    ),
    OUTPUT: Schema(
        Schema.MAP,
        _(
            "Any data structure arbitrarily containing YAQL expressions that defines "
            "workflow output. May be nested."
        ),
        update_allowed=True,
    ),
    PARAMS: Schema(
        Schema.MAP,
        _(
            "Workflow additional parameters. If Workflow is reverse typed, params requires "
            "'task_name', which defines initial task."
        ),
        update_allowed=True,
    ),
    TASK_DEFAULTS: Schema(
        Schema.MAP,
        _("Default settings for some of task attributes defined at workflow level."),
        support_status=support.SupportStatus(version="5.0.0"),
        schema=TASK_DEFAULTS_SCHEMA,
        update_allowed=True,
    ),
    TASKS: Schema(
        Schema.LIST,
        _("Dictionary containing workflow tasks."),
        schema=Schema(Schema.MAP, schema=TASK_SCHEMA),
        required=True,
        update_allowed=True,
        constraints=[constraints.Length(min=1)],
    ),
}

ATTRIBUTES_SCHEMA = {
    WORKFLOW_DATA: attributes.Schema(
        _("A dictionary which contains name and input of the workflow."),
        type=attributes.Schema.MAP,
    ),
    ALARM_URL: attributes.Schema(
        _("A signed url to create executions for workflows specified in Workflow resource."),
        type=attributes.Schema.STRING,
    ),
    EXECUTIONS: attributes.Schema(
        _(
            "List of workflows' executions, each of them is a dictionary with information "
            "about execution. Each dictionary returns values for next keys: id, "
            "workflow_name, created_at, updated_at, state for current execution state, "
            "input, output."
        ),
        type=attributes.Schema.LIST,
    ),
}
