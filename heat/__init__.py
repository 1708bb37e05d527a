"""Heat: an orchestration service compatible with OpenStack Heat."""
