"""What wait condition handles share: signals kept in the handle's metadata, and the waiting.

A handle keeps each signal in its metadata under the signal's unique id (a signal with a
known id replaces the earlier one), as ``{id: {status, reason, data}}`` with the key names
of its kind (``Status``... for AWS, ``status``... for OS::Heat). Signals may reach any
engine, so the metadata is merged in the database and read afresh by the waiting engine.

A handle makes its credentials when it is created and only hands them out afterwards:
a reference resolved on an outdated copy of a deleted handle (an update compares against
the previous stack) must not make new ones.
"""

import time
from collections.abc import Mapping
from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine.resources import signal_urls
from heat.engine.resources.signal_responder import EC2_SIGNED_URL, SignalResponder

STATUSES = (FAILURE, SUCCESS) = ("FAILURE", "SUCCESS")
METADATA_INVALID = _("Metadata format invalid")


class WaitConditionFailure(exception.Error):
    """A handle received a signal other than SUCCESS; the message joins their reasons."""


class WaitConditionTimeout(exception.Error):
    """Too few SUCCESS signals arrived in time; the message says how many of how many."""


def timeout_message(reasons: list[str], count: int) -> str:
    """``<received> of <count> received`` with the reasons received, as OpenStack Heat says."""
    values = {"len": len(reasons), "count": count, "reasons": ";".join(reasons)}
    if reasons:
        return _("%(len)d of %(count)d received - %(reasons)s") % values
    return _("%(len)d of %(count)d received") % values


def merge_signal(stored: Mapping[str, Any], entry: Mapping[str, Any], keys: tuple) -> dict:
    """The metadata ``stored`` with the signal ``entry`` added under its unique id.

    ``keys`` are the names of ``(data, reason, status, unique id)``; ``entry`` must hold
    exactly those, with a status of SUCCESS or FAILURE (else ``Invalid``).
    """
    _data, _reason, status, unique_id = keys
    if not isinstance(entry, Mapping) or set(entry) != set(keys) or entry[status] not in STATUSES:
        raise exception.Invalid(reason=METADATA_INVALID)
    kept = {name: value for name, value in entry.items() if name != unique_id}
    return {**stored, str(entry[unique_id]): kept}


class BaseWaitConditionHandle(SignalResponder):
    """A handle that servers signal, and that a wait condition waits on."""

    # The names of (data, reason, status, unique id) in signals and the metadata.
    METADATA_KEYS: ClassVar[tuple[str, str, str, str]]

    def handle_create(self) -> None:
        """Make the stack user; the resource id is the user's id."""
        super().handle_create()
        self.resource_id_set(self.user_id())

    def make_ec2_signed_url(self) -> None:
        """Make the keypair and the pre-signed wait condition URL, and keep the URL."""
        url = super().ec2_signed_url(signal_urls.WAITCONDITION)
        if url is not None:
            self.data_set(EC2_SIGNED_URL, url)

    def ec2_signed_url(
        self, signal_type: str = signal_urls.WAITCONDITION, never_expire: bool = False
    ) -> str | None:
        """The pre-signed wait condition URL made at create; None when there is none (a
        handle deleted meanwhile gets no new credentials)."""
        return self.data().get(EC2_SIGNED_URL)

    def normalise_signal(self, details: Any, stored: Mapping[str, Any]) -> Any:
        """The signal as it is to be kept; kinds that fill in missing fields override it."""
        return details

    def handle_signal(self, details: Any = None) -> str | None:
        """Keep the signal in the metadata; the event's reason ``status:.. reason:..``."""
        written = []

        def merge(stored: dict[str, Any]) -> dict[str, Any]:
            entry = self.normalise_signal(details, stored)
            merged = merge_signal(stored, entry, self.METADATA_KEYS)
            written.append(entry)
            return merged

        self.metadata_merge(merge)
        _data, reason, status, _unique_id = self.METADATA_KEYS
        return "status:%s reason:%s" % (written[-1][status], written[-1][reason])

    def _signals(self) -> list[Mapping[str, Any]]:
        return list(self.metadata_get(refresh=True).values())

    def get_status(self) -> list[str]:
        """The status of every signal received, read afresh."""
        status = self.METADATA_KEYS[2]
        return [signal[status] for signal in self._signals()]

    def get_status_reason(self, wanted: str) -> list[str]:
        """The reasons of the signals of status ``wanted``, read afresh."""
        _data, reason, status, _unique_id = self.METADATA_KEYS
        return [signal[reason] for signal in self._signals() if signal[status] == wanted]

    def signal_data(self) -> dict[str, Any]:
        """The data of every signal by unique id, read afresh."""
        data = self.METADATA_KEYS[0]
        return {key: signal[data] for key, signal in self.metadata_get(refresh=True).items()}


class Waiter:
    """Waits for ``count`` SUCCESS signals on a handle for ``timeout`` seconds; the handle
    is read at growing intervals (its signals are in the database, not in this engine)."""

    FIRST_INTERVAL = 0.1
    MAX_INTERVAL = 1.0

    def __init__(self, handle: BaseWaitConditionHandle, count: int, timeout: float):
        self.handle = handle
        self.count = count
        self.deadline = time.monotonic() + timeout
        self._next_read = 0.0
        self._interval = self.FIRST_INTERVAL

    def done(self) -> bool:
        """Whether enough signals arrived; WaitConditionTimeout or WaitConditionFailure
        when the wait is over without them."""
        now = time.monotonic()
        if now > self.deadline:
            reasons = self.handle.get_status_reason(SUCCESS)
            raise WaitConditionTimeout(timeout_message(reasons, self.count))
        if now < self._next_read:
            return False
        self._next_read = now + self._interval
        self._interval = min(self._interval * 2, self.MAX_INTERVAL)
        statuses = self.handle.get_status()
        if any(status != SUCCESS for status in statuses):
            raise WaitConditionFailure(";".join(self.handle.get_status_reason(FAILURE)))
        return len(statuses) >= self.count
