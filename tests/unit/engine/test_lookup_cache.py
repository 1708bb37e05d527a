"""``[constraint_validation_cache]`` and ``[resource_finder_cache]``: answers kept for
``expiration_time`` seconds when ``caching`` is on, per project."""

import types

import pytest
from oslo_config import cfg

from heat.common import config
from heat.engine.clients import lookup_cache
from tests.unit.heat_conf import registered_conf


@pytest.fixture
def conf():
    return registered_conf()


class Counter:
    def __init__(self):
        self.calls = 0

    def __call__(self):
        self.calls += 1
        return "answer-%d" % self.calls


def test_an_answer_is_kept_until_it_expires():
    now = [100.0]
    cache = lookup_cache.LookupCache(clock=lambda: now[0])
    group = types.SimpleNamespace(caching=True, expiration_time=60)
    compute = Counter()
    assert cache.get(group, "k", compute) == "answer-1"
    now[0] += 59
    assert cache.get(group, "k", compute) == "answer-1"
    now[0] += 2
    assert cache.get(group, "k", compute) == "answer-2"


def test_caching_off_asks_every_time():
    cache = lookup_cache.LookupCache()
    group = types.SimpleNamespace(caching=False, expiration_time=60)
    compute = Counter()
    cache.get(group, "k", compute)
    assert cache.get(group, "k", compute) == "answer-2"


def test_a_failed_look_up_is_not_kept(conf):
    def failing():
        raise LookupError("gone")

    with pytest.raises(LookupError):
        lookup_cache.cached(conf, "resource_finder_cache", "k", failing)
    assert lookup_cache.cached(conf, "resource_finder_cache", "k", Counter()) == "answer-1"


def test_each_configuration_and_project_has_its_own_answers(conf):
    compute = Counter()
    project_a = lookup_cache.context_key(types.SimpleNamespace(project_id="a"), "net")
    project_b = lookup_cache.context_key(types.SimpleNamespace(project_id="b"), "net")
    group = "constraint_validation_cache"
    assert lookup_cache.cached(conf, group, project_a, compute) == "answer-1"
    assert lookup_cache.cached(conf, group, project_a, compute) == "answer-1"
    assert lookup_cache.cached(conf, group, project_b, compute) == "answer-2"
    other_conf = cfg.ConfigOpts()
    config.register(other_conf)
    other_conf([], project="heat", default_config_files=[])
    assert lookup_cache.cached(other_conf, group, project_a, compute) == "answer-3"


def test_the_options_turn_the_cache_off(conf):
    conf.set_override("caching", False, group="resource_finder_cache")
    compute = Counter()
    lookup_cache.cached(conf, "resource_finder_cache", "k", compute)
    assert lookup_cache.cached(conf, "resource_finder_cache", "k", compute) == "answer-2"
