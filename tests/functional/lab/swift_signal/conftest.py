"""The lab-engine fixtures, with stacks that may run while the test plays a server."""

from tests.functional.lab.lab_stacks import *  # noqa: F403
