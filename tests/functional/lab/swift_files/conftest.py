"""Every test here orchestrates the lab's cloud: the fixtures of tests/functional/lab_engine.py."""

from tests.functional.lab_engine import *  # noqa: F403
