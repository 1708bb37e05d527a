"""The base of client plugins: one service's client for a context, and how to read its errors."""

import abc
from typing import Any


class ClientPlugin(abc.ABC):
    """Builds one service's client for the context of its :class:`Clients` and classifies the
    client's exceptions, so resources can say "gone already" without knowing the library."""

    def __init__(self, clients: Any):
        self.clients = clients
        self._client: Any = None

    @property
    def context(self) -> Any:
        return self.clients.context

    @property
    def conf(self) -> Any:
        return self.clients.conf

    def client(self) -> Any:
        """The client, made on first use."""
        if self._client is None:
            self._client = self._create()
        return self._client

    @abc.abstractmethod
    def _create(self) -> Any:
        """Make the client."""

    def unavailable_reason(self) -> str | None:
        """Why the service cannot be used for this context, or None when it can."""
        return None

    def is_not_found(self, error: Exception) -> bool:
        """Whether ``error`` says the thing asked for does not exist."""
        return False

    def is_conflict(self, error: Exception) -> bool:
        """Whether ``error`` says the request conflicts with the thing's state."""
        return False

    def is_over_limit(self, error: Exception) -> bool:
        """Whether ``error`` says a quota or rate limit was hit."""
        return False

    def ignore_not_found(self, error: Exception) -> None:
        """Re-raise ``error`` unless it says the thing does not exist."""
        if not self.is_not_found(error):
            raise error
