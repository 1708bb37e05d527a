"""Look-ups of other services kept for a while, as OpenStack Heat keeps them in its
``[constraint_validation_cache]`` and ``[resource_finder_cache]`` groups: ``caching`` turns
one on, ``expiration_time`` (seconds) bounds how stale an answer may be.

Keys name the project and region, so one project never sees another's answers. Only
answers are kept; a failed look-up is asked again next time. Each configuration object has
its own caches (the engine's one, each test's own).
"""

import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

# Beyond this many answers the oldest are forgotten, bounding the memory a cache takes.
MAX_ENTRIES = 10000


class LookupCache:
    """Answers by key, each valid until its group's ``expiration_time`` has passed."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._entries: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, group: Any, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The kept answer for ``key`` while valid, else ``compute()`` (kept when the
        ``group`` of options says ``caching``)."""
        if not group.caching:
            return compute()
        now = self.clock()
        with self._lock:
            entry = self._entries.get(key)
        if entry is not None and entry[0] > now:
            return entry[1]
        value = compute()
        with self._lock:
            self._entries[key] = (now + group.expiration_time, value)
            self._entries.move_to_end(key)
            while len(self._entries) > MAX_ENTRIES:
                self._entries.popitem(last=False)
        return value


def context_key(context: Any, *parts: Hashable) -> tuple:
    """A key for ``parts`` scoped to the context's project and region."""
    return (getattr(context, "project_id", None), getattr(context, "region_name", None), *parts)


# By the id of the configuration (a ConfigOpts is not hashable); an entry goes with its
# configuration, so that a new one never inherits a dead one's answers.
_CACHES: dict[int, dict[str, LookupCache]] = {}
_CACHES_LOCK = threading.Lock()


def _caches_of(conf: Any) -> dict[str, LookupCache]:
    with _CACHES_LOCK:
        caches = _CACHES.get(id(conf))
        if caches is None:
            caches = _CACHES[id(conf)] = {}
            weakref.finalize(conf, _CACHES.pop, id(conf), None)
    return caches


def cached(conf: Any, group_name: str, key: Hashable, compute: Callable[[], Any]) -> Any:
    """``compute()``'s answer for ``key``, kept in ``conf``'s cache of the option group
    ``group_name``; without such a group (no configuration) nothing is kept."""
    group = getattr(conf, group_name, None)
    if group is None:
        return compute()
    caches = _caches_of(conf)
    with _CACHES_LOCK:
        cache = caches.setdefault(group_name, LookupCache())
    return cache.get(group, key, compute)
