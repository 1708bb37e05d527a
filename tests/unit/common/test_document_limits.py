"""Documents nested too deep or expanding through aliases are refused before being built."""

import pytest

from heat.common import document_format, document_limits, template_format

VERSION = "heat_template_version: 2021-04-16\n"
DEEP = "The document is nested more than 100 levels deep."
EXPANDS = "expands to more than 1000000 nodes"


def flow_list(depth: int) -> str:
    return "[" * depth + "]" * depth


def block_list(depth: int) -> str:
    return "".join("  " * level + "-\n" for level in range(depth)) + "  " * depth + "- x\n"


def test_a_100_kb_flow_list_nested_50000_deep_is_refused():
    with pytest.raises(ValueError, match=DEEP):
        template_format.parse(VERSION + "outputs: " + flow_list(50_000))


def test_a_block_list_nested_too_deep_is_refused():
    with pytest.raises(ValueError, match=DEEP):
        template_format.parse(VERSION + "outputs:\n" + block_list(500))


def test_a_json_document_nested_too_deep_is_refused():
    with pytest.raises(ValueError, match=DEEP):
        template_format.parse('{"heat_template_version": "2021-04-16", "o": %s}' % flow_list(5000))


def test_nesting_at_the_limit_is_read():
    depth = document_limits.MAX_NESTING_DEPTH - 1
    template = template_format.parse(VERSION + "outputs: " + flow_list(depth))
    inner = template["outputs"]
    for _level in range(depth - 1):
        inner = inner[0]
    assert inner == []


def test_brackets_in_json_strings_are_not_nesting():
    text = '{"heat_template_version": "2021-04-16", "d": "%s \\" ["}' % ("[" * 500)
    assert template_format.parse(text)["d"].startswith("[[[")


def billion_laughs(levels: int) -> str:
    lines = ['a0: &a0 ["lol"]']
    for level in range(1, levels):
        previous = "*a%d" % (level - 1)
        lines.append("a%d: &a%d [%s]" % (level, level, ", ".join([previous] * 10)))
    return VERSION + "\n".join(lines) + "\n"


def test_an_alias_bomb_under_1_kb_is_refused():
    text = billion_laughs(9)
    assert len(text) < 1024
    with pytest.raises(ValueError, match=EXPANDS):
        template_format.parse(text)


def test_a_merge_key_bomb_is_refused():
    lines = ["m0: &m0 {k0: v}"]
    for level in range(1, 24):
        keys = ", ".join("k%d_%d: *m%d" % (level, copy, level - 1) for copy in range(2))
        lines.append("m%d: &m%d {<<: *m%d, %s}" % (level, level, level - 1, keys))
    with pytest.raises(ValueError, match=EXPANDS):
        template_format.parse(VERSION + "\n".join(lines) + "\n")


def test_a_few_aliases_are_still_read():
    text = VERSION + "base: &base {a: 1}\nother:\n  <<: *base\n  b: 2\ncopy: *base\n"
    template = template_format.parse(text)
    assert template["other"] == {"a": 1, "b": 2}
    assert template["copy"] == {"a": 1}


def test_an_environment_nested_too_deep_is_refused():
    with pytest.raises(ValueError, match=DEEP):
        template_format.parse_environment("parameters:\n  p: " + flow_list(1000))


def test_a_syntax_error_still_quotes_the_document():
    with pytest.raises(ValueError, match="line 2, column"):
        document_format.load("a: [1\nb: }\n")
