"""Word within an engine that a stack's action ended, for the steps waiting for it."""

from heat.engine.convergence.action_ends import ActionEnds


def test_a_watcher_is_told_when_the_action_ends():
    ends = ActionEnds()
    flag = ends.watch("s1")
    assert not flag.is_set()
    ends.ended("s1")
    assert flag.is_set()


def test_an_end_nobody_watches_is_forgotten():
    ends = ActionEnds()
    ends.ended("s1")
    assert not ends.watch("s1").is_set()


def test_watchers_of_one_stack_share_its_flag_until_the_last_leaves():
    ends = ActionEnds()
    first, second = ends.watch("s1"), ends.watch("s1")
    assert first is second
    ends.unwatch("s1")
    ends.ended("s1")
    assert first.is_set()
    ends.unwatch("s1")
    assert ends.watch("s1") is not first
