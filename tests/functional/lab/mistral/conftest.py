"""The fixtures of the Mistral lab tests (the lab's engine fixtures come from
tests/functional/lab/conftest.py): Mistral runs only in a lab of the "full" profile."""

import pytest
from keystoneauth1 import adapter


@pytest.fixture(scope="session")
def demo_mistral(lab, demo_cloud):
    """Mistral's API v2 as the demo user (a keystoneauth adapter of ``workflowv2``)."""
    lab.endpoint("workflowv2")
    return adapter.Adapter(demo_cloud.session, service_type="workflowv2", region_name=lab.region)
