"""allowed_pattern is matched in linear time, or within a time bound when it needs backtracking."""

import pytest

from heat.common import exception
from heat.engine import constraints, linear_pattern

# Nested quantifiers that make a backtracking engine try every split of the value: Python's
# re takes about 0.7 s for 24 letters and doubles with each one more.
CATASTROPHIC = r"^(\w+\s?)*$"


def failure(rule, value):
    with pytest.raises(ValueError) as error:
        rule.validate(value)
    return str(error.value)


def test_a_catastrophic_pattern_fails_a_long_value_with_upstreams_message():
    value = "a" * 60 + "!"
    message = failure(constraints.AllowedPattern(CATASTROPHIC), value)
    assert message == '"%s" does not match pattern "%s"' % (value, CATASTROPHIC)


def test_a_catastrophic_pattern_still_accepts_a_matching_value():
    constraints.AllowedPattern(CATASTROPHIC).validate("abc def ghi")


def test_the_match_from_the_start_must_cover_the_value_as_upstream():
    rule = constraints.AllowedPattern("a|ab")
    rule.validate("a")
    assert failure(rule, "ab") == '"ab" does not match pattern "a|ab"'


@pytest.mark.parametrize(
    ("pattern", "good", "bad"),
    [(r"(a)\1", "aa", "ab"), (r"^((?!balance.tcp).)*$", "mode=active", "bond balance-tcp")],
)
def test_backreferences_and_lookaround_still_work(pattern, good, bad):
    """TripleO's templates use lookahead: such patterns are matched by a backtracking
    engine under a time bound."""
    rule = constraints.AllowedPattern(pattern)
    rule.validate(good)
    assert failure(rule, bad) == '"%s" does not match pattern "%s"' % (bad, pattern)


def test_a_backtracking_pattern_that_runs_away_does_not_match(monkeypatch):
    monkeypatch.setattr(linear_pattern, "BACKTRACKING_TIMEOUT", 0.05)
    pattern = r"^(?!z)(a|aa)+$"  # backtracking takes far longer than the bound
    value = "a" * 50 + "b"
    message = failure(constraints.AllowedPattern(pattern), value)
    assert message == '"%s" does not match pattern "%s"' % (value, pattern)


def test_an_invalid_pattern_is_still_called_invalid():
    with pytest.raises(exception.InvalidSchemaError, match="not a valid regular expression"):
        constraints.AllowedPattern("(a")


def test_python_pattern_syntax_is_kept():
    rule = constraints.AllowedPattern(r"(?P<name>[\w-]+)\.example\.(com|org)")
    rule.validate("web-1.example.org")
    assert "does not match" in failure(rule, "web-1.example.net")
