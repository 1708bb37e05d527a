"""Security groups and their rules."""
