"""The fixtures of the Manila lab tests (the lab's engine fixtures come from
tests/functional/lab/conftest.py)."""

import pytest


@pytest.fixture
def share_type_name(lab):
    """The lab's default share type (no share servers), by name."""
    return lab.state["share_type"]["name"]
