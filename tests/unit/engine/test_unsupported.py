"""Engine calls the client can make but the engine lacks answer NotSupported (a 400)."""

import pytest

from heat.common import exception
from heat.engine.service import EngineService
from heat.engine.unsupported import UnsupportedCalls, client_method_names


def test_only_calls_the_engine_lacks_are_answered():
    calls = UnsupportedCalls(EngineService)
    missing = {name for name in client_method_names() if not hasattr(EngineService, name)}
    assert "authenticated_to_backend" in missing
    assert "list_software_configs" not in missing
    with pytest.raises(AttributeError):
        calls.list_software_configs  # noqa: B018 - the engine has it
    with pytest.raises(exception.NotSupported, match="The engine call authenticated_to_backend"):
        calls.authenticated_to_backend(None)
