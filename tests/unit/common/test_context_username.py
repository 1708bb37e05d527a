"""The username a stack records as its owner survives the RPC round trip."""

from heat.common.context import RequestContext


def test_a_token_request_names_its_user_by_user_name():
    context = RequestContext(user_name="demo", project_id="p")
    assert RequestContext.from_dict(context.to_dict()).username == "demo"


def test_an_explicit_username_wins():
    context = RequestContext(username="alice", password="s", user_name="demo")
    assert context.username == "alice"
