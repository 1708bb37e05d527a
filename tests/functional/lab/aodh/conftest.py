"""Fixtures of the Aodh tests: the engine in the lab, and a subnet for the load balancer
whose members' health an alarm watches."""

from tests.functional.lab.octavia.conftest import unique_name, vip_subnet  # noqa: F401
from tests.functional.lab_engine import *  # noqa: F403
