"""Termination protection through the REST API and the real engine: a protected root stack
and every stack of its tree are refused deletion (409) until the protection is lifted."""

from tests.unit.api.openstack.v1.real_stacks import created, nested_path, sent, settled


def protect(app, path, enabled, status=200):
    return sent(app, "POST", path + "/actions", status, {"termination_protection": enabled})


def test_a_protected_stack_and_its_nested_stack_are_not_deleted_until_cleared(real_app):
    path = created(real_app, "guarded")
    nested = nested_path(real_app, path)
    assert settled(real_app, path)["termination_protection"] is False

    protect(real_app, path, True)
    assert settled(real_app, path)["termination_protection"] is True
    assert settled(real_app, nested)["termination_protection"] is True

    for target in (path, nested):
        refused = sent(real_app, "DELETE", target, 409)
        error = refused.json["error"]
        assert error["type"] == "StackTerminationProtected"
        assert "termination protection is enabled on its root stack guarded" in error["message"]
    assert settled(real_app, path)["stack_status"] == "CREATE_COMPLETE"

    protect(real_app, path, False)
    sent(real_app, "DELETE", path, 204)
    assert settled(real_app, path).get("stack_status", "DELETE_COMPLETE") == "DELETE_COMPLETE"


def test_only_the_root_stack_takes_the_flag_and_only_true_or_false(real_app):
    path = created(real_app, "flagged")
    nested = nested_path(real_app, path)
    refused = protect(real_app, nested, True, status=400).json["error"]
    assert refused["type"] == "NotSupported"
    assert "nested stack" in refused["message"]
    assert "not yes" in protect(real_app, path, "yes", status=400).text
    assert settled(real_app, path)["termination_protection"] is False
