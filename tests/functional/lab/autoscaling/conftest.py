"""The scaling and address tests boot their instances in a network of their own."""

from tests.functional.lab_networks import routed_network  # noqa: F401 (a fixture)
