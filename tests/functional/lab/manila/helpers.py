"""What the Manila lab tests share: templates of a few resources, and Manila's answers read
at the microversion heat speaks (2.13)."""

from heat.engine.clients.os.manila import MICROVERSION, MICROVERSION_HEADER


def template(resources: dict, outputs: dict | None = None, **sections) -> dict:
    """A HOT template of these resources, each output the value given."""
    outputs = {name: {"value": value} for name, value in (outputs or {}).items()}
    return {
        "heat_template_version": "2021-04-16",
        "resources": resources,
        "outputs": outputs,
        **sections,
    }


def manila(cloud, path: str):
    """Manila's answer to GET path at microversion 2.13: the decoded body, or None for 404."""
    headers = {MICROVERSION_HEADER: MICROVERSION}
    answer = cloud.shared_file_system.get(path, headers=headers, raise_exc=False)
    if answer.status_code == 404:
        return None
    assert answer.status_code == 200, answer.text
    return answer.json()


def share(**properties) -> dict:
    """An NFS share of 1 GB with these properties."""
    return {
        "type": "OS::Manila::Share",
        "properties": {"share_protocol": "NFS", "size": 1, **properties},
    }
