"""Requests first: background analysis steps aside while the server answers a client's request.

The server runs one Python interpreter: a check or an index build in a worker thread competes for the GIL with
the event loop and with the thread answering a hover. CPython hands the GIL to a waiting thread only every
switch interval (5 ms) while the holder runs Python code, and never during a C call, so each hop of a request
(stdin reader -> event loop -> worker -> event loop) could wait behind a long analysis: a hover on one file took
41-90 ms while a pathological file was checked, against a 10 ms budget.

How it works:
- the LSP surface calls `begin(id)` when a client request arrives and `end(id)` when its response is written;
- a thread doing background work (a document's checks, an index build) runs inside `background()`, and its
  analysis calls `step_aside()` at the points where it may pause: the tree-sitter parse's progress callback
  (every ~100 parser steps, languages.parse), before and after every query and in the Python walkers
  (queries.check_time);
- `step_aside()` in a background thread, while a request is in flight that this thread has not yet stepped
  aside for, waits until no request is in flight, at most MAX_PAUSE. Waiting releases the GIL, so the
  request's hops run as if nothing else were running.

Before a request is marked, its bytes wake the stdin reader, then the event loop: each needs the GIL from a
busy worker, which CPython takes back only every switch interval. `serve()` sets it to SWITCH_INTERVAL (1 ms,
`prefer_requests`): measured in process while the 100,000-paren file is checked (load 7.7), a thread woken
from a blocking call waited a median 5.3 ms (p95 47 ms) for the GIL at the default 5 ms, 1.2 ms (p95 8.7 ms)
at 1 ms.

Bounded both ways: a background thread pauses at most once per request and at most MAX_PAUSE each time, so a
request that waits for something the paused thread holds (a lock, a document's parse) costs it MAX_PAUSE, never
a deadlock; a request still in flight after STALE seconds (a long command, a response never written) no longer
holds anyone back. The pause is sleep, not CPU, so it is not charged to a document's time limit
(queries.time_limit counts the thread's CPU time).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

SWITCH_INTERVAL = 0.001  # seconds: sys.setswitchinterval in the server (the default is 0.005)
MAX_PAUSE = 0.05  # seconds a background thread waits for the requests in flight, at most, per request
STALE = 1.0  # seconds after which a request in flight stops holding background work back

_cond = threading.Condition(threading.Lock())
_inflight: dict[Hashable, float] = {}  # request id -> monotonic time it arrived
_generation = 0  # bumped by every begin(): what a background thread has already stepped aside for
_local = threading.local()  # .seen: the generation this thread last stepped aside for (None: not background)
busy = False  # read without the lock by step_aside's fast path: any request in flight
paused = 0  # background threads waiting in step_aside now
pauses = 0  # times a background thread stepped aside, since the start (for the log and the tests)


def begin(request_id: Hashable) -> None:
    """A client request arrived (its response is not written yet)."""
    global _generation, busy
    with _cond:
        _inflight[request_id] = time.monotonic()
        _generation += 1
        busy = True


def end(request_id: Hashable) -> None:
    """The response to `request_id` was written (or it will never be): background work may resume."""
    global busy
    with _cond:
        if _inflight.pop(request_id, None) is not None and not _inflight:
            busy = False
            _cond.notify_all()


def _waiting_for() -> bool:
    """Whether a request younger than STALE is in flight (drops stale ones). Called with the lock held."""
    global busy
    if not _inflight:
        return False
    cutoff = time.monotonic() - STALE
    for request_id in [r for r, at in _inflight.items() if at < cutoff]:
        del _inflight[request_id]
    busy = bool(_inflight)
    return busy


@contextmanager
def background() -> Iterator[None]:
    """Mark the calling thread's work within the block as background: it steps aside for requests."""
    outer = getattr(_local, "seen", None)
    _local.seen = -1 if outer is None else outer  # -1: steps aside for requests already in flight too
    try:
        yield
    finally:
        _local.seen = outer


def step_aside() -> None:
    """In background work: let the requests in flight that this thread has not stepped aside for yet run
    first (at most MAX_PAUSE). Elsewhere, or with no such request, returns at once (two attribute reads)."""
    if not busy:
        return
    seen = getattr(_local, "seen", None)
    if seen is None or seen == _generation:
        return
    global paused, pauses
    with _cond:
        _local.seen = _generation
        if not _waiting_for():
            return
        deadline = time.monotonic() + MAX_PAUSE
        paused += 1
        pauses += 1
        try:
            while _waiting_for():
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                _cond.wait(left)
        finally:
            paused -= 1


def prefer_requests() -> None:
    """In the server process: a thread woken by a request's bytes gets the GIL from a busy worker within
    ~1 ms instead of 5 (the interpreter's switch interval; see the module docstring)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
