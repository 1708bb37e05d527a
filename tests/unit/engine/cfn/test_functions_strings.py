"""CFN string and list functions: Fn::Join, Fn::Select, Fn::Split, Fn::Replace, Fn::Base64,
Fn::MemberListToMap; and the CFN functions that HOT 2013-05-23 still accepts."""

import pytest

from heat.common import exception
from heat.engine.cfn.functions import CFN_CONDITION_FUNCTIONS, CFN_FUNCTIONS
from tests.unit.engine.hot.stack_double import StackDouble


def evaluate(snippet, **kwargs):
    stack = StackDouble(
        functions=CFN_FUNCTIONS, condition_functions=CFN_CONDITION_FUNCTIONS, **kwargs
    )
    return stack.evaluate(snippet)


def test_fn_join():
    assert evaluate({"Fn::Join": [":", ["a", "b", None]]}) == "a:b:"


def test_fn_join_rejects_several_lists():
    with pytest.raises(exception.StackValidationFailed, match=r"\[delimiter, list\]"):
        evaluate({"Fn::Join": [":", ["a"], ["b"]]})


@pytest.mark.parametrize(
    "args, expected",
    [
        ([1, ["a", "b"]], "b"),
        (["0", ["a", "b"]], "a"),
        ([5, ["a"]], ""),
        (["k", {"k": "v"}], "v"),
        (["x", {"k": "v"}], ""),
        ([0, '["j", "s"]'], "j"),
        ([0, ""], ""),
    ],
)
def test_fn_select(args, expected):
    assert evaluate({"Fn::Select": args}) == expected


@pytest.mark.parametrize("args", [["a", ["x"]], [0, {"k": "v"}], [0, "{bad"], [0, 5], [0]])
def test_fn_select_rejects_mismatched_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match="Fn::Select"):
        evaluate({"Fn::Select": args})


def test_fn_split():
    assert evaluate({"Fn::Split": [",", "a,b"]}) == ["a", "b"]


@pytest.mark.parametrize("args", [[",", 5], ["", "a"], [","]])
def test_fn_split_rejects_bad_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match="Fn::Split"):
        evaluate({"Fn::Split": args})


def test_fn_replace_replaces_longest_placeholders_first():
    snippet = {"Fn::Replace": [{"$v": "x", "$var": "y", "%n%": 3}, "$var $v %n%"]}
    assert evaluate(snippet) == "y x 3"


@pytest.mark.parametrize("args", [["a", "b"], [{"a": [1]}, "a"], [{"a": "b"}, 5], [{"a": 1}]])
def test_fn_replace_rejects_bad_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match="Fn::Replace"):
        evaluate({"Fn::Replace": args})


def test_fn_base64_returns_its_string_unchanged():
    assert evaluate({"Fn::Base64": "#!/bin/sh"}) == "#!/bin/sh"


def test_fn_base64_needs_a_string():
    with pytest.raises(exception.StackValidationFailed, match="must be a string"):
        evaluate({"Fn::Base64": ["a"]})


def test_fn_memberlisttomap_builds_a_map_from_member_pairs():
    members = [
        ".member.0.Name=size",
        ".member.0.Value=large",
        ".member.1.Name=colour",
        ".member.1.Value=green=ish",
        ".member.2.Name=orphan",
    ]
    snippet = {"Fn::MemberListToMap": ["Name", "Value", members]}
    assert evaluate(snippet) == {"size": "large", "colour": "green=ish"}


@pytest.mark.parametrize("args", [["Name", "Value"], [1, "Value", []], ["N", "V", ["novalue"]]])
def test_fn_memberlisttomap_rejects_bad_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match="Fn::MemberListToMap"):
        evaluate({"Fn::MemberListToMap": args})


@pytest.mark.parametrize(
    "snippet, expected",
    [
        ({"Fn::Join": ["-", ["a", "b"]]}, "a-b"),
        ({"Fn::Split": ["-", "a-b"]}, ["a", "b"]),
        ({"Fn::Select": [0, ["a"]]}, "a"),
        ({"Fn::Base64": "x"}, "x"),
        ({"Fn::Replace": [{"a": "b"}, "a"]}, "b"),
        ({"Fn::GetAZs": ""}, ["nova"]),
        ({"Ref": "p"}, "v"),
    ],
)
def test_hot_2013_05_23_accepts_cfn_functions(snippet, expected):
    assert StackDouble(parameters={"p": "v"}, version="2013-05-23").evaluate(snippet) == expected
