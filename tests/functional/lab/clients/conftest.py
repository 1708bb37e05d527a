from tests.functional.lab_engine import *  # noqa: F403
