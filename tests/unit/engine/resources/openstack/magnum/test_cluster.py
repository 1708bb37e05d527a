"""``OS::Magnum::Cluster`` against Magnum's HTTP API (the fake of fake_magnum.py): made in
the background, waited for, changed with a JSON patch, deleted until Magnum has it no
more."""

import pytest

from heat.common import exception
from heat.engine import stack_actions


def resources(**properties):
    properties.setdefault("cluster_template", "k8s-template")
    return {"cluster": {"type": "OS::Magnum::Cluster", "properties": properties}}


def create(magnum_engine, magnum, **properties):
    magnum.add_template("k8s-template", keypair_id="kp")
    stack = magnum_engine.create(resources(**properties))
    return stack, stack.resources["cluster"]


def test_the_cluster_is_asked_for_with_the_templates_uuid_and_waited_for(magnum_engine, magnum):
    magnum.busy_polls = 3
    stack, cluster = create(magnum_engine, magnum, name="k8s", node_count=2, keypair="kp")
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    (template,) = magnum.templates.values()
    (method, path, headers, body) = magnum.magnum_requests("POST")[-1]
    assert (method, path) == ("POST", "/magnum/v1/clusters")
    assert headers["openstack-api-version"] == "container-infra 1.1"
    assert body == {
        "name": "k8s",
        "cluster_template_id": template["uuid"],
        "keypair": "kp",
        "node_count": 2,
        "master_count": 1,
        "discovery_url": None,
        "create_timeout": 60,
    }
    polls = magnum.magnum_requests("GET")
    assert [path for _m, path, _h, _b in polls[-4:]] == [
        "/magnum/v1/clusters/" + cluster.resource_id
    ] * 4
    assert magnum.clusters[cluster.resource_id]["status"] == "CREATE_COMPLETE"


def test_the_attributes_are_magnums_fields(magnum_engine, magnum):
    stack, cluster = create(magnum_engine, magnum, node_count=2)
    assert stack.state == ("CREATE", "COMPLETE"), stack.status_reason
    shown = magnum.clusters[cluster.resource_id]
    assert cluster.FnGetAtt("api_address") == "https://172.24.4.6:6443"
    assert cluster.FnGetAtt("stack_id") == shown["stack_id"]
    assert cluster.FnGetAtt("master_addresses") == ["172.24.4.10"]
    assert cluster.FnGetAtt("node_addresses") == ["172.24.4.20", "172.24.4.21"]
    assert cluster.FnGetAtt("status") == "CREATE_COMPLETE"
    assert cluster.FnGetAtt("keypair") == "kp"
    assert cluster.FnGetAtt("cluster_template_id") == shown["cluster_template_id"]
    assert cluster.FnGetAtt("coe_version") == "v1.30.1"
    assert cluster.FnGetAtt("name") == shown["name"]
    assert cluster.FnGetAtt("show")["uuid"] == cluster.resource_id


def test_a_cluster_magnum_fails_to_build_fails_with_its_reason(magnum_engine, magnum):
    magnum.outcome = "FAILED"
    stack, cluster = create(magnum_engine, magnum)
    assert stack.state == ("CREATE", "FAILED")
    assert cluster.state == ("CREATE", "FAILED")
    assert (
        "Failed to create Cluster 'cluster' - Resource CREATE failed: ResourceInError: "
        "resources.kube_masters" in cluster.status_reason
    )
    assert "CREATE_FAILED" in cluster.status_reason


def test_counts_change_in_place_and_the_update_is_waited_for(magnum_engine, magnum):
    stack, cluster = create(magnum_engine, magnum)
    magnum.busy_polls = 2
    new = magnum_engine.update(stack, resources(node_count=3, master_count=3))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    patch = magnum.magnum_requests("PATCH")[-1]
    assert patch[1] == "/magnum/v1/clusters/" + cluster.resource_id
    assert sorted(patch[3], key=lambda op: op["path"]) == [
        {"op": "replace", "path": "/master_count", "value": 3},
        {"op": "replace", "path": "/node_count", "value": 3},
    ]
    shown = magnum.clusters[cluster.resource_id]
    assert (shown["status"], shown["node_count"]) == ("UPDATE_COMPLETE", 3)
    assert new.resources["cluster"].FnGetAtt("node_addresses")[-1] == "172.24.4.22"


def test_an_update_magnum_fails_fails_with_its_reason(magnum_engine, magnum):
    stack, _cluster = create(magnum_engine, magnum)
    magnum.outcome, magnum.failure_reason = "FAILED", "Quota exceeded for instances"
    new = magnum_engine.update(stack, resources(node_count=5))
    assert new.state == ("UPDATE", "FAILED")
    assert (
        "Failed to update Cluster 'cluster' - Quota exceeded for instances"
        in new.resources["cluster"].status_reason
    )


def test_another_template_replaces_the_cluster(magnum_engine, magnum):
    stack, cluster = create(magnum_engine, magnum)
    other = magnum.add_template("other-template")
    new = magnum_engine.update(stack, resources(cluster_template="other-template"))
    assert new.state == ("UPDATE", "COMPLETE"), new.status_reason
    replacement = magnum.clusters[new.resources["cluster"].resource_id]
    assert replacement["cluster_template_id"] == other["uuid"]
    assert cluster.resource_id not in magnum.clusters


def test_deleting_waits_until_magnum_has_the_cluster_no_more(magnum_engine, magnum):
    stack, cluster = create(magnum_engine, magnum)
    magnum.busy_polls = 3
    magnum.requests.clear()
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason
    requests = [request[:2] for request in magnum.magnum_requests()]
    path = "/magnum/v1/clusters/" + cluster.resource_id
    assert requests == [("DELETE", path)] + [("GET", path)] * 4
    assert magnum.clusters == {}


def test_a_delete_magnum_fails_fails_with_its_reason(magnum_engine, magnum):
    stack, _cluster = create(magnum_engine, magnum)
    magnum.delete_fails = True
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "FAILED")
    assert "Stack DELETE failed" in stack.status_reason


def test_a_cluster_gone_already_is_deleted(magnum_engine, magnum):
    stack, _cluster = create(magnum_engine, magnum)
    magnum.clusters.clear()
    stack_actions.delete(stack)
    assert stack.state == ("DELETE", "COMPLETE"), stack.status_reason


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        ({"cluster_template": "missing"}, "The ClusterTemplate (missing) could not be found."),
        ({"keypair": "lost"}, "keypair"),
        ({"node_count": 0}, "node_count"),
        ({"create_timeout": -1}, "create_timeout"),
    ],
)
def test_bad_values_are_refused_naming_the_property(magnum_engine, magnum, properties, message):
    magnum.add_template("k8s-template")
    stack = magnum_engine.stack(resources(**properties))
    with pytest.raises(exception.StackValidationFailed) as error:
        stack.validate()
    assert message in str(error.value)
    assert "resources.cluster.properties.%s" % list(properties)[0] in str(error.value)
    assert magnum.magnum_requests("POST") == []
