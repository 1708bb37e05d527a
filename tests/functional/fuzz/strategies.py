"""Hypothesis strategies for the bodies of every native API route that takes one.

A body field is either plausible (the type the route expects, with edge values) or
hostile: another JSON type, huge numbers, NaN, NUL characters, long strings, nesting far
past any limit. Raw bodies add what JSON objects cannot express: other JSON values,
broken JSON, invalid UTF-8, brackets a thousand deep.
"""

import json

from hypothesis import strategies as st

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


def nested(depth: int, leaf=1):
    """A JSON value of objects and lists ``depth`` levels deep, built without recursion."""
    value = leaf
    for level in range(depth):
        value = {"a": value} if level % 2 else [value]
    return value


HOSTILE = st.one_of(
    JSON_VALUES,
    st.integers(min_value=2**31, max_value=10**400),
    st.sampled_from([float("nan"), float("inf"), -(2**63), 2**64]),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=8).map(
        lambda text: text + "\x00" + text
    ),
    st.builds(
        lambda char, count: char * count, st.sampled_from('x{[é\\"'), st.integers(256, 70000)
    ),
    st.integers(20, 90).map(nested),
)
NAMES = st.text(alphabet="abcdefghij", min_size=1, max_size=6)
STRINGS = st.one_of(NAMES, st.text(max_size=40))


def field(plausible):
    """A field value: mostly plausible, often hostile."""
    return st.one_of(plausible, HOSTILE)


RESOURCE = st.fixed_dictionaries(
    {
        "type": field(
            st.sampled_from(["OS::Heat::None", "OS::Heat::RandomString", "OS::Heat::Value"])
        )
    },
    optional={"properties": field(st.dictionaries(NAMES, JSON_VALUES, max_size=3))},
)
TEMPLATE = st.fixed_dictionaries(
    {"heat_template_version": field(st.sampled_from(["2015-04-30", "2021-04-16", "2013-05-23"]))},
    optional={
        "resources": field(st.dictionaries(NAMES, RESOURCE, max_size=3)),
        "parameters": field(st.dictionaries(NAMES, st.fixed_dictionaries({"type": STRINGS}))),
        "outputs": field(st.dictionaries(NAMES, st.fixed_dictionaries({"value": JSON_VALUES}))),
    },
)
ENVIRONMENT = st.fixed_dictionaries(
    {},
    optional={
        section: field(st.dictionaries(NAMES, JSON_VALUES, max_size=3))
        for section in ("parameters", "parameter_defaults", "resource_registry", "event_sinks")
    },
)
STACK_FIELDS = {
    "template": field(TEMPLATE),
    "parameters": field(st.dictionaries(NAMES, JSON_VALUES, max_size=3)),
    "environment": field(ENVIRONMENT),
    "files": field(st.dictionaries(NAMES, STRINGS, max_size=3)),
    "environment_files": field(st.lists(NAMES, max_size=3)),
    "files_container": field(NAMES),
    "timeout_mins": field(st.integers(0, 100)),
    "disable_rollback": field(st.sampled_from([True, False, "true", "False"])),
    "tags": field(st.one_of(STRINGS, st.lists(NAMES, max_size=3))),
    "adopt_stack_data": HOSTILE,
}
UPDATE_FIELDS = dict(
    STACK_FIELDS,
    existing=field(st.booleans()),
    converge=field(st.booleans()),
    clear_parameters=field(st.lists(NAMES, max_size=3)),
)


def stack_name():
    """Unique-enough plausible names, and hostile ones."""
    return field(st.uuids().map(lambda uuid: "fuzz-" + uuid.hex[:12]))


def body(fields: dict, required: dict | None = None):
    """A JSON object body with the ``required`` fields and any of the optional ones."""
    return st.fixed_dictionaries(required or {}, optional=fields)


ACTION_BODY = st.dictionaries(
    st.sampled_from(
        ["suspend", "resume", "check", "cancel_update", "cancel_without_rollback", "x"]
    ),
    HOSTILE,
    max_size=2,
)
CONFIG_FIELDS = {
    "name": field(NAMES),
    "group": field(st.sampled_from(["script", "Heat::Ungrouped"])),
    "config": field(STRINGS),
    "inputs": field(st.lists(st.fixed_dictionaries({"name": NAMES}), max_size=2)),
    "outputs": field(st.lists(st.fixed_dictionaries({"name": NAMES}), max_size=2)),
    "options": field(st.dictionaries(NAMES, JSON_VALUES, max_size=2)),
}
DEPLOYMENT_STATE_FIELDS = {
    "input_values": field(st.dictionaries(NAMES, JSON_VALUES, max_size=2)),
    "action": field(st.sampled_from(["CREATE", "UPDATE"])),
    "status": field(st.sampled_from(["IN_PROGRESS", "COMPLETE", "FAILED"])),
    "status_reason": field(STRINGS),
}


def deployment_fields(config_id: str) -> dict:
    """Deployment create fields, ``config_id`` plausibly the fuzzed project's config."""
    return dict(
        DEPLOYMENT_STATE_FIELDS,
        config_id=field(st.just(config_id)),
        server_id=field(st.uuids().map(str)),
        stack_user_project_id=field(NAMES),
    )


RAW_BODIES = st.one_of(
    st.sampled_from([b"", b"5", b"[1]", b"null", b'"x"', b"{", b'{"a": 1e999999}', b'{"a": NaN}']),
    st.integers(100, 5000).map(lambda depth: b'{"a":' * depth + b"1" + b"}" * depth),
    st.integers(100, 5000).map(lambda depth: b'{"a":' + b"[" * depth + b"]" * depth + b"}"),
    st.binary(max_size=40).map(lambda data: b'{"a": "' + data + b'"}'),
    st.integers(4300, 6000).map(lambda digits: b'{"timeout_mins": 1' + b"0" * digits + b"}"),
)


def encoded(value) -> bytes:
    """A JSON body as bytes (NaN and infinities as Python's json writes them)."""
    return json.dumps(value).encode()
