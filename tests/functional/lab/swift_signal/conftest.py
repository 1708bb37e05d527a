"""What the Swift signal tests share."""

import pytest

from tests.fixtures.services import skip_or_fail


@pytest.fixture
def versioned_writes(lab_swift_info):
    """Skip unless the lab's Swift keeps object versions (several signals to one handle)."""
    if "versioned_writes" not in lab_swift_info:
        skip_or_fail("the lab's Swift proxy has no allow_versioned_writes = true")
