"""The native OpenStack orchestration REST API (``/v1``)."""
