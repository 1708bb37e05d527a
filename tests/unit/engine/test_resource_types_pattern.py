"""The type name filter of list_resource_types cannot backtrack for hours."""

import threading
import types

from heat.engine.resource_registry import ResourceRegistry

LONG_NAME = "OS::Neutron::TaaS::TapServiceFlowExtra"
# Python's re takes about 37 s for this pattern on the first 20 characters of LONG_NAME,
# and doubles its time with each one more.
CATASTROPHIC = r"(\w*\w*:*)*\d"


def registry():
    registry = ResourceRegistry(template_resource_class=type("TemplateResource", (), {}))
    support = types.SimpleNamespace(status="SUPPORTED", version=None)
    registry.register_class(LONG_NAME, type("Plugin", (), {"support_status": support}))
    return registry


def types_within(deadline, type_name):
    """The listed types, or AssertionError when the listing has not ended by ``deadline``."""
    answers = []
    worker = threading.Thread(
        target=lambda: answers.append(registry().get_types(type_name=type_name)), daemon=True
    )
    worker.start()
    worker.join(deadline)
    assert answers, "get_types did not answer within %s s" % deadline
    return answers[0]


def test_a_catastrophic_name_filter_lists_nothing_at_once():
    assert types_within(30, CATASTROPHIC) == []


def test_the_same_shape_still_matches_a_name_from_its_start():
    assert types_within(30, r"(\w*\w*:*)*Extra") == [LONG_NAME]
