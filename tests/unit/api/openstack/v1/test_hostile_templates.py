"""Hostile template and environment text is a 400 with Heat's error body, not a crash."""

from tests.unit.api.conftest import TENANT, call

STACKS = "/v1/%s/stacks" % TENANT
VERSION = "heat_template_version: 2021-04-16\n"


def create(app, **body):
    return call(app, "POST", STACKS, body=dict({"stack_name": "hostile"}, **body))


def assert_bad_request(response, text, error_type="HTTPBadRequest"):
    assert response.status_int == 400, response.json
    assert response.json["code"] == 400
    assert response.json["error"]["type"] == error_type
    assert text in response.json["error"]["message"]


def test_a_deeply_nested_yaml_template_is_a_bad_request(app, engine):
    template = VERSION + "outputs: " + "[" * 50_000 + "]" * 50_000
    response = create(app, template=template)
    assert_bad_request(response, "nested more than 100 levels deep")
    assert engine.calls == []


def test_an_alias_bomb_in_an_environment_is_a_bad_request(app, engine):
    lines = ["parameter_defaults:", '  a0: &a0 ["lol"]']
    for level in range(1, 9):
        lines.append("  a%d: &a%d [%s]" % (level, level, ", ".join(["*a%d" % (level - 1)] * 10)))
    response = create(app, template=VERSION, environment="\n".join(lines) + "\n")
    assert_bad_request(response, "expands to more than 1000000 nodes")
    assert engine.calls == []


def test_the_template_size_limit_counts_characters_as_upstream(app, conf, engine):
    conf.set_override("max_template_size", len(VERSION) + 2)
    engine.answers["create_stack"] = {"stack_name": "hostile", "stack_id": "1", "tenant": TENANT}
    response = create(app, template=VERSION + "#é")
    assert response.status_int == 201, response.json


def test_a_repeat_bomb_of_2_kb_is_a_bad_request_naming_repeat(real_app):
    lists = {variable: list(range(100)) for variable in ("<a>", "<b>", "<c>", "<d>")}
    outputs = {"o": {"value": {"repeat": {"for_each": lists, "template": "<a><b><c><d>"}}}}
    template = {"heat_template_version": "2021-04-16", "outputs": outputs}
    response = call(real_app, "POST", "/v1/%s/validate" % TENANT, body={"template": template})
    assert_bad_request(response, 'The result of "repeat" would have 100000000 items')


def test_a_redos_allowed_pattern_answers_at_once_that_the_value_does_not_match(real_app):
    pattern = r"^(\w+\s?)*$"
    parameters = {"p": {"type": "string", "constraints": [{"allowed_pattern": pattern}]}}
    template = {"heat_template_version": "2021-04-16", "parameters": parameters}
    response = create(real_app, template=template, parameters={"p": "a" * 60 + "!"})
    assert_bad_request(response, 'does not match pattern "%s"' % pattern, "StackValidationFailed")
