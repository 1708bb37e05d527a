"""Plugins of the ``OS::Heat::*`` types that need no other service."""
