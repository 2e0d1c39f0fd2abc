"""Clients that send a request's first line and headers too slowly are cut off.

uvicorn closes a connection that sits idle between two requests (its keep-alive
timeout) and the page times a request's body (:data:`queens_web.app.BODY_SECONDS`), but
nothing times the head of a request: a client that opens connections and sends their
headers a byte every few seconds ("slowloris") holds each connection for as long as it
likes. :func:`protocol` is uvicorn's own HTTP protocol with a deadline on the head: a
connection whose request line and headers have not all come :data:`HEAD_SECONDS` after
it opened, or after the first byte of its next request, is closed, without an answer or
a line on standard error. A connection that has its headers in goes on as uvicorn runs
it; one idle between requests is uvicorn's keep-alive's to close.
"""

from __future__ import annotations

import asyncio
from typing import Any

#: Seconds a request's line and headers may take to arrive: a browser sends them in one
#: packet, a slow network in well under a second.
HEAD_SECONDS = 10.0


def protocol() -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (the one its ``auto`` choice takes) with the deadline."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    base: Any = AutoHTTPProtocol

    class HeadTimed(base):
        """The deadline rides on uvicorn's own state: ``cycle`` is the request whose
        head came last (a new one once a head is in), ``response_complete`` says it is
        answered."""

        _head_timer: asyncio.TimerHandle | None = None
        _timed_cycle: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._time_head()

        def data_received(self, data: bytes) -> None:
            self._head_in_yet()
            if self._head_timer is None and self._between_requests():
                self._time_head()
            super().data_received(data)
            self._head_in_yet()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None
            super().connection_lost(exc)

        def _between_requests(self) -> bool:
            cycle = self.cycle
            return cycle is None or cycle.response_complete

        def _time_head(self) -> None:
            self._timed_cycle = self.cycle
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_late)

        def _head_in_yet(self) -> None:
            """Stop the clock once the head it times is in (uvicorn made its cycle)."""
            if self._head_timer is not None and self.cycle is not self._timed_cycle:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_late(self) -> None:
            self._head_timer = None
            if self.cycle is self._timed_cycle and not self.transport.is_closing():
                self.transport.close()

    return HeadTimed
