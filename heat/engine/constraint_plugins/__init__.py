"""The custom constraints shipped with Heat, registered in the ``heat.constraints`` group.

Generic checks (addresses, DNS names, dates, JSON...) live here and work without any other
service; the names that need a service (``nova.flavor``, ``glance.image``...) are answered by
:mod:`heat.engine.constraint_plugins.services` until that service's client plugin exists.
"""
