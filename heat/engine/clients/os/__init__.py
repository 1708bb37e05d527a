"""Client plugins of OpenStack services."""
