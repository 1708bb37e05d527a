"""The live web view (``/ui`` of heat-api) in headless Chromium, against heat-all behind
Keystone's authtoken: logging in with a real Keystone user, a 200-resource create followed
live, what another project's user may see, and a change set's diff executed from the page.

Screenshots go to ``tests.functional.browser.screenshot_dir()``.
"""

import time
import uuid

import pytest
import requests
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.functional.browser import screenshot_dir, start_chromium
from tests.functional.keystone_heat import start_heat_all

# One worker runs the module: its heat-all and its browser are started once.
pytestmark = pytest.mark.xdist_group("web_view")

LAYERS = 10
WIDTH = 20
# 200 resources in 10 layers; each waits a second, so a create takes long enough to be seen.
BIG = {
    "heat_template_version": "2021-04-16",
    "resources": {
        "r%d_%02d" % (layer, index): dict(
            {
                "type": "OS::Heat::TestResource",
                "properties": {"value": "v", "action_wait_secs": {"create": 1}},
            },
            **(
                {
                    "depends_on": [
                        "r%d_%02d" % (layer - 1, index),
                        "r%d_%02d" % (layer - 1, (index + 1) % WIDTH),
                    ]
                }
                if layer
                else {}
            ),
        )
        for layer in range(LAYERS)
        for index in range(WIDTH)
    },
}


def small(length: int) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {
            "word": {"type": "OS::Heat::RandomString", "properties": {"length": length}},
            "note": {
                "type": "OS::Heat::Value",
                "properties": {"value": {"get_attr": ["word", "value"]}},
            },
        },
    }


@pytest.fixture(scope="module")
def heat(keystone, tmp_path_factory):
    """heat-all (engine and native API with /ui) on this Keystone."""
    heat_all = start_heat_all(keystone, tmp_path_factory.mktemp("web-view"))
    yield heat_all.url
    assert heat_all.stop() == 0


@pytest.fixture(scope="module")
def browser():
    driver = start_chromium(1600, 1000)
    yield driver
    driver.quit()


class Api:
    """The native API as one Keystone user."""

    def __init__(self, heat_url, keystone, user):
        self.url = "%s/v1/%s" % (heat_url, user.project_id)
        self.headers = {"X-Auth-Token": keystone.user_token(user)}

    def __call__(self, method, path, status, **kwargs):
        answer = requests.request(
            method, self.url + path, headers=self.headers, timeout=30, **kwargs
        )
        assert answer.status_code == status, answer.text
        return answer.json() if answer.content else None

    def create(self, template) -> str:
        name = "view-%s" % uuid.uuid4().hex[:8]
        made = self("POST", "/stacks", 201, json={"stack_name": name, "template": template})
        return "/stacks/%s/%s" % (name, made["stack"]["id"])

    def settled(self, path, timeout=120) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            stack = self("GET", path, 200)["stack"]
            if not stack["stack_status"].endswith("IN_PROGRESS"):
                return stack
            assert time.monotonic() < deadline, stack["stack_status"]
            time.sleep(0.5)


def log_in(browser, heat, user, password=None):
    browser.get(heat + "/ui/")
    browser.execute_script("sessionStorage.clear()")
    browser.refresh()
    form = WebDriverWait(browser, 20).until(lambda b: b.find_element(By.ID, "login"))
    for field, value in (
        ("username", user.username),
        ("password", password or user.password),
        ("project_name", user.project_name),
    ):
        form.find_element(By.ID, field).send_keys(value)
    form.find_element(By.CSS_SELECTOR, "button.primary").click()


def logged_in(browser, user) -> None:
    WebDriverWait(browser, 20).until(
        lambda b: "project " + user.project_name in b.find_element(By.ID, "who").text
    )


def statuses(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('#graph .node')].map(n => n.dataset.status)"
    )


def wait_for(browser, condition, timeout=60, what="the page"):
    try:
        # The page redraws what events change: an element read may be gone the next moment.
        ignored = (StaleElementReferenceException,)
        waiting = WebDriverWait(browser, timeout, poll_frequency=0.2, ignored_exceptions=ignored)
        return waiting.until(condition)
    except TimeoutException:
        state = browser.execute_script(
            "const v = window.heatView; return [v.streamEvents, v.streamOpen,"
            " (document.getElementById('counts') || {}).textContent,"
            " document.getElementById('main').innerText.slice(0, 300)]"
        )
        pytest.fail("%s did not come at %s; page: %s" % (what, browser.current_url, state))


def test_a_200_resource_create_is_followed_live(heat, keystone, browser):
    api = Api(heat, keystone, keystone.demo)
    log_in(browser, heat, keystone.demo)
    logged_in(browser, keystone.demo)
    path = api.create(BIG)
    browser.get(heat + "/ui/#" + path)
    wait_for(browser, lambda b: len(statuses(b)) == LAYERS * WIDTH, what="the 200 nodes")

    def mixed(b):
        seen = set(statuses(b))
        return {"CREATE_COMPLETE", "CREATE_IN_PROGRESS", "INIT_COMPLETE"} <= seen

    wait_for(browser, mixed, what="a create half done")
    browser.save_screenshot(str(screenshot_dir() / "web-view-200-in-progress.png"))
    in_progress = browser.find_element(By.ID, "stack-status").text
    assert in_progress == "CREATE_IN_PROGRESS"

    # Without reloading, the page reaches the end of the create from the event stream.
    wait_for(
        browser,
        lambda b: b.find_element(By.ID, "stack-status").text == "CREATE_COMPLETE",
        timeout=180,
        what="CREATE_COMPLETE",
    )
    browser.save_screenshot(str(screenshot_dir() / "web-view-200-complete.png"))
    assert set(statuses(browser)) == {"CREATE_COMPLETE"}
    assert browser.execute_script("return window.heatView.streamEvents") >= 2 * LAYERS * WIDTH
    assert browser.find_element(By.ID, "counts").text == "200 complete"
    assert api.settled(path)["stack_status"] == "CREATE_COMPLETE"

    # A node shows its resource, as the API does.
    browser.find_element(By.CSS_SELECTOR, '#graph .node[data-name="r3_07"]').click()
    details = browser.find_element(By.ID, "details").text
    resource = api("GET", path + "/resources/r3_07", 200)["resource"]
    assert resource["physical_resource_id"] in details
    assert "r4_06, r4_07" in details or "r4_07, r4_06" in details
    api("DELETE", path, 204)


def test_another_projects_user_sees_none_of_it(heat, keystone, browser):
    api = Api(heat, keystone, keystone.demo)
    path = api.create(small(8))
    log_in(browser, heat, keystone.alt_demo)
    logged_in(browser, keystone.alt_demo)
    listed = wait_for(
        browser,
        lambda b: (
            b.find_elements(By.ID, "stacks") or b.find_elements(By.CSS_SELECTOR, "main p.muted")
        ),
    )
    assert path.split("/")[2] not in listed[0].text
    # The demo stack's page, asked for in alt_demo's project: heat says it is not there.
    browser.get(heat + "/ui/#" + path)
    error = wait_for(
        browser, lambda b: b.find_elements(By.CSS_SELECTOR, "main .error"), what="an error"
    )
    assert "could not be found" in error[0].text
    assert not browser.find_elements(By.ID, "graph")
    api("DELETE", path, 204)


def test_a_wrong_password_is_refused_by_keystone(heat, keystone, browser):
    log_in(browser, heat, keystone.demo, password="wrong")
    error = wait_for(
        browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#login .error"), what="a refusal"
    )
    assert "refused" in error[0].text


def test_a_change_set_diff_is_shown_then_executed(heat, keystone, browser):
    api = Api(heat, keystone, keystone.demo)
    path = api.create(small(8))
    assert api.settled(path)["stack_status"] == "CREATE_COMPLETE"
    body = {"name": "longer", "description": "a longer word", "template": small(16)}
    api("POST", path + "/change_sets", 201, json=body)
    log_in(browser, heat, keystone.demo)
    logged_in(browser, keystone.demo)
    browser.get(heat + "/ui/#" + path + "/change_sets/longer")
    block = wait_for(
        browser,
        lambda b: b.find_elements(By.CSS_SELECTOR, '.change[data-resource="word"]'),
        what="the diff",
    )[0]
    assert block.get_attribute("data-kind") == "replaced"
    row = block.find_element(By.CSS_SELECTOR, 'tr[data-property="length"]')
    assert row.text.split() == ["length", "8", "16", "forces", "replacement"]
    assert "Replaced because of properties that cannot change in place: length" in block.text
    word_node = browser.find_element(By.CSS_SELECTOR, '#graph .node[data-name="word"]')
    assert "change-replaced" in word_node.get_attribute("class")
    browser.save_screenshot(str(screenshot_dir() / "web-view-change-set.png"))

    browser.find_element(By.ID, "execute").click()
    wait_for(browser, lambda b: b.current_url.endswith("#" + path), what="the stack page")
    wait_for(
        browser,
        lambda b: b.find_element(By.ID, "stack-status").text == "UPDATE_COMPLETE",
        what="UPDATE_COMPLETE",
    )
    template = api("GET", path + "/template", 200)
    assert template["resources"]["word"]["properties"]["length"] == 16
    assert (
        api("GET", path + "/change_sets/longer", 200)["change_set"]["execution_status"]
        == "EXECUTE_COMPLETE"
    )
    api("DELETE", path, 204)
