"""The threads of a stack's group, as those who wait for a stack's action see them."""

import threading
import time

from heat.engine.thread_groups import ThreadGroupManager


def test_waiting_for_a_stack_waits_for_the_threads_its_threads_start():
    threads = ThreadGroupManager()
    go = threading.Event()
    ended = []

    def last():
        time.sleep(0.2)
        ended.append("last")

    def first():
        go.wait(5)  # once the caller waits for the group
        threads.start("s", last)  # as a convergence step starts the next step

    threads.start("s", first)
    threading.Timer(0.2, go.set).start()
    threads.wait("s", 5)
    assert ended == ["last"]
    assert not threads.running("s")


def test_waiting_gives_up_at_the_timeout_over_all_the_threads():
    threads = ThreadGroupManager()
    released = threading.Event()
    threads.start("s", released.wait, 5)
    threads.wait("s", 0.1)
    assert threads.running("s")
    released.set()
    threads.wait("s", 5)
    assert not threads.running("s")
