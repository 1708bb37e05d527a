"""The stack shapes that tools/bench/stacks.py creates and deletes, as HOT templates.

Each shape is a name and a function of N that builds a template of N resources: flat
OS::Heat::None, flat OS::Heat::RandomString, one OS::Heat::ResourceGroup of N None, and a
serial chain of N None where each resource ``depends_on`` the previous one.
"""

VERSION = "2018-08-31"


def template(resources):
    """A HOT template holding ``resources`` (a mapping of name to definition)."""
    return {"heat_template_version": VERSION, "resources": resources}


def flat_none(count):
    """``count`` independent OS::Heat::None resources."""
    return template({"r%d" % index: {"type": "OS::Heat::None"} for index in range(count)})


def flat_random_string(count):
    """``count`` independent OS::Heat::RandomString resources of the default length."""
    return template({"r%d" % index: {"type": "OS::Heat::RandomString"} for index in range(count)})


def resource_group(count):
    """One OS::Heat::ResourceGroup whose nested stack holds ``count`` OS::Heat::None."""
    group = {
        "type": "OS::Heat::ResourceGroup",
        "properties": {"count": count, "resource_def": {"type": "OS::Heat::None"}},
    }
    return template({"group": group})


def chain(count):
    """``count`` OS::Heat::None where ``r<i>`` depends on ``r<i-1>``: no two run at once."""
    resources = {"r0": {"type": "OS::Heat::None"}}
    for index in range(1, count):
        resources["r%d" % index] = {"type": "OS::Heat::None", "depends_on": ["r%d" % (index - 1)]}
    return template(resources)


# key: (label printed, template builder, resource type the shape needs)
SHAPES = {
    "none": ("flat None", flat_none, "OS::Heat::None"),
    "random": ("flat RandomString", flat_random_string, "OS::Heat::RandomString"),
    "group": ("ResourceGroup", resource_group, "OS::Heat::ResourceGroup"),
    "chain": ("chain None", chain, "OS::Heat::None"),
}
