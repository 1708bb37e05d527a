"""heat-dashboard, the Horizon plugin for Heat, working against our heat: a person's path through
it in headless Chromium, from the login to a launched stack's topology graph.

The "Launch Stack" form's second step is built from heat's answer to ``POST .../validate``
(the parameters, their defaults and constraints); the stacks table and the detail page read
stacks and resources; the topology tab draws, with d3, the JSON that heat-dashboard makes of
the stack's resources and their ``required_by``. What the browser shows is checked against
heat's own REST answers. Screenshots go to ``tests.functional.browser.screenshot_dir()``.
"""

import json
import time
import uuid

import pytest
import requests
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from tests.functional.browser import screenshot_dir

# A parameter without a default (a required field), one with a default and a range (an
# integer field holding it), and resources that depend on one another (edges of the graph).
TEMPLATE = """\
heat_template_version: 2018-08-31
description: A network and a secret, launched from heat-dashboard.
parameters:
  net_name:
    type: string
    label: Network name
  secret_length:
    type: number
    default: 12
    constraints:
      - range: {min: 8, max: 32}
resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: secret_length}
  network:
    type: OS::Neutron::Net
    properties:
      name: {get_param: net_name}
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: network}
      cidr: 10.79.0.0/24
"""
RESOURCES = {"secret", "network", "subnet"}
PAGE_TIMEOUT = 30
CREATE_TIMEOUT = 90


class HeatApi:
    """heat's native API as the demo user, to check what the dashboard did and to clean up."""

    def __init__(self, deployment, keystone):
        user = keystone.demo
        self.stacks_url = "%s/v1/%s/stacks" % (deployment.native_url, user.project_id)
        self.headers = {"X-Auth-Token": keystone.user_token(user)}

    def get(self, path: str = "", **params) -> dict:
        """The JSON answer of ``GET .../stacks<path>?<params>``."""
        answer = requests.get(
            self.stacks_url + path, headers=self.headers, params=params, timeout=30
        )
        answer.raise_for_status()
        return answer.json()

    def stack(self, name: str) -> dict:
        """The stack called ``name``, as heat shows it."""
        return self.get("/" + name)["stack"]

    def delete_named(self, name: str) -> None:
        """Delete the stack called ``name``, if there is one, and wait until it is gone."""
        for stack in self.get(name=name)["stacks"]:
            url = "%s/%s/%s" % (self.stacks_url, name, stack["id"])
            requests.delete(url, headers=self.headers, timeout=30).raise_for_status()
        deadline = time.monotonic() + CREATE_TIMEOUT
        while self.get(name=name)["stacks"] and time.monotonic() < deadline:
            time.sleep(1)
        assert not self.get(name=name)["stacks"], "stack %s is left in the lab" % name


@pytest.fixture
def stack_name(heat_deployment, keystone):
    """A unique stack name; the stack is deleted through heat's API at the end."""
    name = "dashboard-%s" % uuid.uuid4().hex[:8]
    yield name
    HeatApi(heat_deployment, keystone).delete_named(name)


def wait(driver, timeout: float = PAGE_TIMEOUT) -> WebDriverWait:
    """A wait for something on the page, polled often: a page here answers in a second."""
    return WebDriverWait(driver, timeout, poll_frequency=0.25)


def log_in(driver, horizon, user, region: str) -> None:
    """Log in to heat's catalog region. Horizon would start in the region of Keystone's own
    endpoint, where the lab's services are; it takes the ``services_region`` cookie first.
    (Switching regions after the login, as the header's menu does, raced with the page's
    own requests, which could save the session back with the old region.)"""
    driver.get(horizon.url + "/auth/login/")
    driver.add_cookie({"name": "services_region", "value": region, "path": "/"})
    driver.find_element(By.ID, "id_username").send_keys(user.username)
    driver.find_element(By.ID, "id_password").send_keys(user.password)
    driver.find_element(By.ID, "loginBtn").click()
    wait(driver).until(lambda d: "/auth/login" not in d.current_url)
    current = "//span[contains(@class, 'context-region') and normalize-space() = '%s']" % region
    wait(driver).until(expected_conditions.presence_of_element_located((By.XPATH, current)))


def choose(driver, select_id: str, value: str) -> None:
    """Pick ``value`` in one of Horizon's themable selects of the open modal form (a dropdown
    standing for a hidden select)."""
    themable = "//div[contains(@class, 'modal')]//select[@id='%s']/.." % select_id
    locator = (By.XPATH, themable + "/button")
    wait(driver).until(expected_conditions.element_to_be_clickable(locator)).click()
    option = (By.XPATH, themable + "//a[@data-select-value='%s']" % value)
    wait(driver).until(expected_conditions.element_to_be_clickable(option)).click()


def modal_field(driver, field_id: str):
    """A field of the open modal form, once it is shown."""
    locator = (By.CSS_SELECTOR, ".modal #%s" % field_id)
    return wait(driver).until(expected_conditions.visibility_of_element_located(locator))


def submit_modal(driver) -> None:
    """Press the open modal form's submit button ("Next", "Launch")."""
    driver.find_element(By.CSS_SELECTOR, ".modal .modal-footer [type=submit]").click()


def launch_stack(driver, horizon, name: str, user) -> None:
    """Fill both steps of "Launch Stack" (template by direct input, then its parameters)."""
    driver.get(horizon.url + "/project/stacks/")
    wait(driver).until(
        expected_conditions.element_to_be_clickable((By.ID, "stacks__action_launch"))
    )
    driver.find_element(By.ID, "stacks__action_launch").click()
    choose(driver, "id_template_source", "raw")
    modal_field(driver, "id_template_data").send_keys(TEMPLATE)
    submit_modal(driver)

    modal_field(driver, "id_stack_name").send_keys(name)
    # The fields heat's validate answer describes: a label, a default.
    label = driver.find_element(By.CSS_SELECTOR, ".modal label[for=id___param_net_name]")
    assert label.text.startswith("Network name")
    assert modal_field(driver, "id___param_secret_length").get_attribute("value") == "12"
    modal_field(driver, "id___param_net_name").send_keys(name + "-net")
    modal_field(driver, "id_password").send_keys(user.password)
    driver.save_screenshot(str(screenshot_dir() / "heat-dashboard-launch.png"))
    submit_modal(driver)
    wait(driver).until(
        expected_conditions.invisibility_of_element_located((By.CSS_SELECTOR, ".modal"))
    )


def listed_status(driver, name: str) -> tuple[str, str]:
    """``(stack id, status shown)`` of the stack's row in the stacks table."""
    headings = driver.find_elements(By.CSS_SELECTOR, "table#stacks thead tr:last-child th")
    row = driver.find_element(By.XPATH, "//tr[@data-display='%s']" % name)
    # Visible text only: the table's hidden "status" column is titled "Status" too.
    cells = row.find_elements(By.TAG_NAME, "td")
    shown = dict(zip((th.text for th in headings), (td.text for td in cells), strict=True))
    return row.get_attribute("data-object-id"), shown["Status"]


def wait_until_listed_complete(driver, name: str) -> str:
    """The stack's id once its row says it is made. Horizon replaces the row in place while
    the stack is in progress (the row's ajax update, which gets the stack from heat), so a
    row read at that moment is read again."""

    def made(driver) -> str | None:
        stack_id, status = listed_status(driver, name)
        assert "Failed" not in status, status
        return stack_id if status == "Create Complete" else None

    unsettled = (NoSuchElementException, StaleElementReferenceException)
    waiting = WebDriverWait(driver, CREATE_TIMEOUT, 0.5, ignored_exceptions=unsettled)
    return waiting.until(made, "%s is not listed as Create Complete" % name)


def topology(driver, horizon, stack_id: str) -> tuple[set[str], int, dict]:
    """The node names and link count of the drawn graph, and the JSON it was drawn from."""
    driver.get(horizon.url + "/project/stacks/stack/%s/?tab=stack_details__topology" % stack_id)
    nodes = (By.CSS_SELECTOR, "#heat_resource_topology svg g.node")
    wait(driver).until(lambda d: len(d.find_elements(*nodes)) >= len(RESOURCES))
    # The force layout moves the nodes apart for a moment: the picture waits for it to rest.
    wait(driver, 15).until(lambda d: d.execute_script("return force.alpha() === 0"))
    names = {node.get_attribute("node_name") for node in driver.find_elements(*nodes)}
    links = len(driver.find_elements(By.CSS_SELECTOR, "#heat_resource_topology svg line.link"))
    fetched = driver.execute_async_script(
        "fetch(arguments[0]).then(r => r.text()).then(arguments[1])",
        "/project/stacks/get_d3_data/%s/" % stack_id,
    )
    return names, links, json.loads(fetched)


def test_launch_a_stack_and_see_its_topology(
    chromium, horizon, heat_deployment, keystone, stack_name
):
    heat = HeatApi(heat_deployment, keystone)
    log_in(chromium, horizon, keystone.demo, heat_deployment.region)
    launch_stack(chromium, horizon, stack_name, keystone.demo)

    stack_id = wait_until_listed_complete(chromium, stack_name)
    chromium.save_screenshot(str(screenshot_dir() / "heat-dashboard-stacks.png"))
    stack = heat.stack(stack_name)
    assert (stack["id"], stack["stack_status"]) == (stack_id, "CREATE_COMPLETE")
    assert stack["parameters"]["net_name"] == stack_name + "-net"
    assert stack["parameters"]["secret_length"] == "12"

    names, links, d3_data = topology(chromium, horizon, stack_id)
    chromium.save_screenshot(str(screenshot_dir() / "heat-dashboard-topology.png"))
    assert names == RESOURCES
    drawn = {node["name"]: (node["status"], node["required_by"]) for node in d3_data["nodes"]}
    assert drawn == {
        "secret": ("CREATE_COMPLETE", []),
        "network": ("CREATE_COMPLETE", ["subnet"]),
        "subnet": ("CREATE_COMPLETE", []),
    }
    assert (d3_data["stack"]["name"], d3_data["stack"]["status"]) == (stack_name, "CREATE_COMPLETE")
    # network -> subnet, the one dependency, is drawn (horizon.heattop.js may draw it twice).
    assert links >= 1
