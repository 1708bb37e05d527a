"""Merging environment_files into a request's environment, as the engine does."""

import pytest

from heat.common import exception
from heat.engine import environment_merge
from heat.engine.parameter_schema import Schema

SCHEMATA = {
    "name": Schema(Schema.STRING),
    "count": Schema(Schema.NUMBER),
    "zones": Schema(Schema.LIST),
    "config": Schema(Schema.MAP),
    "debug": Schema(Schema.BOOLEAN),
}


def merged(*texts, environment=None):
    files = {"env%d.yaml" % index: text for index, text in enumerate(texts)}
    params = environment or {"parameters": {}, "parameter_defaults": {}, "resource_registry": {}}
    environment_merge.merge_environments(list(files), files, params, SCHEMATA)
    return params


def test_no_files_leave_the_environment_as_it_is():
    params = {"parameters": {"a": 1}}
    environment_merge.merge_environments([], {}, params, SCHEMATA)
    assert params == {"parameters": {"a": 1}}


def test_later_files_overwrite_by_default():
    params = merged("parameters: {name: a, count: 1}", "parameters: {name: b}")
    assert params["parameters"] == {"name": "b", "count": 1}


def test_merge_concatenates_strings_and_adds_numbers():
    params = merged(
        "parameters: {name: web, count: 2}",
        "parameter_merge_strategies: {default: merge}\nparameters: {name: -1, count: '3'}",
    )
    assert params["parameters"] == {"name": "web-1", "count": 5}


def test_merge_extends_lists_and_joins_comma_delimited_strings():
    params = merged(
        "parameters: {zones: [a]}\nparameter_defaults: {zones: 'a,b'}",
        "parameter_merge_strategies: {zones: merge}\n"
        "parameters: {zones: [c]}\nparameter_defaults: {zones: c}",
    )
    assert params["parameters"]["zones"] == ["a", "c"]
    assert params["parameter_defaults"]["zones"] == "a,b,c"


def test_merge_of_maps_is_shallow_and_deep_merge_recursive():
    first = "parameter_defaults: {config: {a: {x: 1}, b: 1}}"
    shallow = merged(
        first,
        "parameter_merge_strategies: {config: merge}\nparameter_defaults: {config: {a: {y: 2}}}",
    )
    deep = merged(
        first,
        "parameter_merge_strategies: {config: deep_merge}\n"
        "parameter_defaults: {config: {a: {y: 2}}}",
    )
    assert shallow["parameter_defaults"]["config"] == {"a": {"y": 2}, "b": 1}
    assert deep["parameter_defaults"]["config"] == {"a": {"x": 1, "y": 2}, "b": 1}


def test_booleans_cannot_be_merged():
    with pytest.raises(exception.InvalidMergeStrategyForParam, match="'debug'"):
        merged(
            "parameters: {debug: true}",
            "parameter_merge_strategies: {debug: merge}\nparameters: {debug: false}",
        )


def test_undeclared_parameters_are_always_overwritten():
    params = merged(
        "parameters: {other: a}",
        "parameter_merge_strategies: {default: merge}\nparameters: {other: b}",
    )
    assert params["parameters"]["other"] == "b"


def test_a_parameter_may_not_change_strategy_between_files():
    with pytest.raises(exception.ConflictingMergeStrategyForParam, match="'name' in file 'env2"):
        merged(
            "parameters: {name: a}",
            "parameter_merge_strategies: {name: merge}\nparameters: {name: b}",
            "parameter_merge_strategies: {name: overwrite}\nparameters: {name: c}",
        )


def test_files_merge_over_the_request_parameters():
    params = merged(
        "parameter_merge_strategies: {default: merge}\nparameters: {count: 2}",
        environment={"parameters": {"count": 1}},
    )
    assert params["parameters"] == {"count": 3}


def test_other_sections_merge_key_by_key_and_lists_extend():
    params = merged(
        "resource_registry: {A::B: x.yaml}\nevent_sinks: [{type: t1}]",
        "resource_registry: {C::D: y.yaml}\nevent_sinks: [{type: t2}]",
    )
    assert params["resource_registry"] == {"A::B": "x.yaml", "C::D": "y.yaml"}
    assert params["event_sinks"] == [{"type": "t1"}, {"type": "t2"}]


def test_a_file_missing_from_the_files_map_is_invalid():
    with pytest.raises(exception.Invalid, match='"absent.yaml"'):
        environment_merge.merge_environments(["absent.yaml"], {}, {}, SCHEMATA)


def test_a_bad_environment_file_is_a_value_error():
    with pytest.raises(ValueError, match="wrong section"):
        merged("colours: {}")


def test_an_unmergeable_value_is_a_value_error():
    with pytest.raises(ValueError, match="Invalid parameter in environment"):
        merged(
            "parameters: {count: 1}",
            "parameter_merge_strategies: {count: merge}\nparameters: {count: many}",
        )
