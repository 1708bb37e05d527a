"""list_join (single and several lists), str_split and digest."""

import hashlib

import pytest

from heat.common import exception
from heat.engine.hot.function_tables import VERSIONS
from tests.unit.engine.hot.stack_double import ResourceDouble, StackDouble

SINGLE_LIST = VERSIONS[:3]
SEVERAL_LISTS = VERSIONS[3:]


@pytest.mark.parametrize("version", VERSIONS)
def test_list_join_joins_strings(version):
    stack = StackDouble(version=version)
    assert stack.evaluate({"list_join": [", ", ["a", "b", "c"]]}) == "a, b, c"


@pytest.mark.parametrize("version", SEVERAL_LISTS)
def test_list_join_accepts_several_lists_from_2015_10_15(version):
    stack = StackDouble(version=version)
    assert stack.evaluate({"list_join": ["-", ["a", "b"], ["c"]]}) == "a-b-c"


@pytest.mark.parametrize("version", SINGLE_LIST)
def test_list_join_takes_exactly_one_list_before_2015_10_15(version):
    message = r'Arguments to "list_join" must be of the form: \[delimiter, list\]'
    with pytest.raises(exception.StackValidationFailed, match=message):
        StackDouble(version=version).evaluate({"list_join": ["-", ["a"], ["c"]]})


@pytest.mark.parametrize("version", SEVERAL_LISTS)
def test_list_join_writes_maps_and_lists_as_json_from_2015_10_15(version):
    snippet = {"list_join": [" ", ["x", {"b": 1, "a": [2]}]]}
    assert StackDouble(version=version).evaluate(snippet) == 'x {"a": [2], "b": 1}'


@pytest.mark.parametrize("version", SINGLE_LIST)
def test_list_join_rejects_maps_before_2015_10_15(version):
    with pytest.raises(exception.StackValidationFailed, match="Items to join must be strings"):
        StackDouble(version=version).evaluate({"list_join": [" ", ["x", {"b": 1}]]})


@pytest.mark.parametrize("version", VERSIONS)
def test_list_join_rejects_numbers(version):
    with pytest.raises(exception.StackValidationFailed, match="Items to join must be"):
        StackDouble(version=version).evaluate({"list_join": [" ", ["x", 5]]})


def test_list_join_treats_null_items_and_lists_as_empty():
    stack = StackDouble(resources={"server": ResourceDouble("server")})
    snippet = {"list_join": [",", ["a", None, "b"], {"get_attr": ["server", "ips"]}]}
    assert stack.evaluate(snippet) == "a,,b"


@pytest.mark.parametrize("args", ["a,b", [","], [1, ["a"]], [",", "ab"]])
def test_list_join_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"list_join"'):
        StackDouble().evaluate({"list_join": args})


@pytest.mark.parametrize("version", SEVERAL_LISTS)
def test_str_split_gives_a_list(version):
    assert StackDouble(version=version).evaluate({"str_split": [",", "a,b,c"]}) == ["a", "b", "c"]


@pytest.mark.parametrize("index", [1, "1"])
def test_str_split_with_an_index_gives_one_item(index):
    assert StackDouble().evaluate({"str_split": [",", "a,b,c", index]}) == "b"


def test_str_split_index_out_of_range_fails_naming_the_range():
    message = r'Incorrect index to "str_split" should be between 0 and 2'
    with pytest.raises(exception.StackValidationFailed, match=message):
        StackDouble().evaluate({"str_split": [",", "a,b,c", 3]})


@pytest.mark.parametrize("args", [",", [","], [",", "a", 0, 1], [",", 5], ["", "abc"]])
def test_str_split_rejects_malformed_arguments(args):
    message = r'Incorrect arguments to "str_split" should be: \[delimiter, string, <index>\]'
    with pytest.raises(exception.StackValidationFailed, match=message):
        StackDouble().evaluate({"str_split": args})


@pytest.mark.parametrize("algorithm", ["md5", "sha256", "SHA512"])
def test_digest_gives_the_hex_digest(algorithm):
    expected = hashlib.new(algorithm.lower(), b"secret").hexdigest()
    assert StackDouble().evaluate({"digest": [algorithm, "secret"]}) == expected


@pytest.mark.parametrize("version", VERSIONS[2:])
def test_digest_exists_from_2015_04_30(version):
    value = StackDouble(version=version).evaluate({"digest": ["sha1", ""]})
    assert value == hashlib.sha1(b"").hexdigest()


def test_digest_rejects_an_unknown_algorithm():
    with pytest.raises(exception.StackValidationFailed, match="Algorithm must be one of"):
        StackDouble().evaluate({"digest": ["rot13", "x"]})


@pytest.mark.parametrize("args", ["sha1", ["sha1"], ["sha1", 5], ["sha1", "a", "b"]])
def test_digest_rejects_malformed_arguments(args):
    with pytest.raises(exception.StackValidationFailed, match='"digest"'):
        StackDouble().evaluate({"digest": args})
