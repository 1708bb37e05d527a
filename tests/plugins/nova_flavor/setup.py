"""Packaging of the plugin, for installing it as a Python distribution instead; heat never
imports this file from a plugin directory."""

import setuptools

setuptools.setup(
    name="heat-contrib-nova-flavor",
    version="1.0.0",
    description="A private Nova flavor resource for Heat",
    packages=setuptools.find_packages(exclude=["*.tests"]),
)
