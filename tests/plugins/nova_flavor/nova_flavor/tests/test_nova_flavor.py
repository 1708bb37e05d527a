"""The plugin's own tests, as contrib plugins shipped them: run by pytest from the plugin's
directory, never imported by heat's plugin loader."""

from nova_flavor.resources import nova_flavor


def test_the_plugin_maps_its_type():
    assert nova_flavor.resource_mapping() == {"My::Nova::Flavor": nova_flavor.MyNovaFlavor}


def test_memory_and_cpus_are_required():
    schema = nova_flavor.MyNovaFlavor.properties_schema
    assert schema["ram"].required and schema["vcpus"].required
    assert not schema["disk"].required
