"""Requests first: background analysis steps aside while the server answers a client's request.

The server runs one Python interpreter: a check or an index build in a worker thread competes for the GIL with
the event loop and with the thread answering a hover. CPython hands the GIL to a waiting thread only every
switch interval (5 ms) while the holder runs Python code, and never during a C call, so each hop of a request
(stdin reader -> event loop -> worker -> event loop) could wait behind a long analysis: a hover on one file took
41-90 ms while a pathological file was checked, against a 10 ms budget. On a loaded machine it is worse: a
worker preempted by the OS while it holds the GIL holds up every hop until it runs again.

How it works:
- the stdin reader calls `bytes_arrived()` as soon as a read returns and the event loop `bytes_dispatched()`
  before it reads again (the surface's transport): until the loop has parsed them, the bytes may be a
  request;
- the LSP surface calls `begin(id)` when a client request arrives and `end(id)` when its response is written;
- a thread doing background work (a document's checks, an index build) runs inside `background()`, and its
  analysis calls `step_aside()` at the points where it may pause: the tree-sitter parse's progress callback
  (every ~100 parser steps, languages.parse), before and after every query and in the Python walkers
  (queries.check_time);
- `step_aside()` in a background thread waits while a request (or unparsed bytes) is in flight, and for
  LINGER after each response: an editor sends requests in bursts (a hover, then highlights, code actions),
  and the next one arrives while the worker still waits, so none of its hops waits for the GIL behind it.
  Measured with hovers sent one after the other while the 100,000-paren file is checked (load 6): without
  the lingering, the time from a hover's bytes to its dispatch had a p95 of 5.7-8.4 ms, with it 0.8-2.1 ms.
  Waiting releases the GIL, so the requests run as if nothing else were running.

Before a request is marked, its bytes wake the stdin reader: it needs the GIL from a busy worker, which
CPython takes back only every switch interval. `serve()` sets it to SWITCH_INTERVAL (1 ms, `prefer_requests`):
measured in process while the 100,000-paren file is checked (load 7.7), a thread woken from a blocking call
waited a median 5.3 ms (p95 47 ms) for the GIL at the default 5 ms, 1.2 ms (p95 8.7 ms) at 1 ms.

Bounded both ways: one pause lasts at most MAX_PAUSE, a new one starts only for a request that arrived since
the previous one began, and for MIN_RUN after a pause that reached MAX_PAUSE responses do not linger (the
thread still steps aside while a request is in flight, and runs in the gaps between them). So a request
that waits for something the paused thread holds (a lock, a document's parse) costs it MAX_PAUSE, never a
deadlock, and a client sending requests without a break slows background work down, never stops it (with
hovers sent back to back, the 100,000-paren file's check took ~200 ms instead of ~50, the minified file's
3.4-4.8 s instead of ~1.5). A request still in flight after STALE seconds (a long command, a response never
written) no longer holds anyone back. The pause is sleep, not CPU, so it is not charged to a document's time
limit (queries.time_limit counts the thread's CPU time).

Garbage collection: once the workspace's indexes are built, `settle()` freezes what is alive (gc.freeze), so
a full collection no longer scans the indexes, which live as long as the server (a full collection with a
1,000-file workspace indexed took 93-153 ms, every thread stopped; frozen, under 0.1 ms). The freeze is
immediate and collects nothing: a collection first (what settle did until now) held the GIL for 40-140 ms
(1,000 files, warm start; the whole heap is scanned, ~100,000 objects, while the garbage was ~560 objects
left by pygls' converters at start-up) right when the client is told the indexes are ready, so a hover
sent then took 90-280 ms instead of 1. What the freeze kept that was garbage (and what an earlier freeze
kept and has since become garbage: indexes rebuilt after a settings change) is collected by one thread once
the client has sent nothing for QUIET seconds since the settle and no request is in flight: unfrozen,
collected, frozen again.
"""

from __future__ import annotations

import gc
import logging
import sys
import threading
import time
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

SWITCH_INTERVAL = 0.001  # seconds: sys.setswitchinterval in the server (the default is 0.005)
MAX_PAUSE = 0.05  # seconds a background thread waits for the requests in flight, at most, per pause
LINGER = 0.01  # seconds background work still waits after a response: the next request of a burst comes
MIN_RUN = 0.01  # seconds after a pause that reached MAX_PAUSE during which responses do not linger
STALE = 1.0  # seconds after which a request in flight stops holding background work back
QUIET = 1.0  # seconds the client has sent nothing (and waits for no response) before the deferred collection

log = logging.getLogger(__name__)

_cond = threading.Condition(threading.Lock())
_inflight: dict[Hashable, float] = {}  # request id -> monotonic time it arrived
_generation = 0  # bumped by every begin(): what a background thread has already stepped aside for
_local = threading.local()  # .seen: the generation this thread last stepped aside for (None: not background)
busy = False  # read without the lock by step_aside's fast path: any request in flight
quiet_at = 0.0  # read without the lock too: monotonic time from which no response lingers (the last + LINGER)
paused = 0  # background threads waiting in step_aside now
pauses = 0  # times a background thread stepped aside, since the start (for the log and the tests)
_heard_at = 0.0  # monotonic time of the last begin() or end(): the client was last heard from, or answered


def begin(request_id: Hashable) -> None:
    """A client request arrived (its response is not written yet)."""
    global _generation, busy, _heard_at
    with _cond:
        _inflight[request_id] = _heard_at = time.monotonic()
        _generation += 1
        busy = True


def end(request_id: Hashable) -> None:
    """The response to `request_id` was written (or it will never be): background work may resume."""
    global busy, quiet_at, _heard_at
    with _cond:
        if _inflight.pop(request_id, None) is None:
            return
        _heard_at = time.monotonic()
        if request_id != INCOMING:  # a response: the client may follow it with the next request of a burst
            quiet_at = max(quiet_at, time.monotonic() + LINGER)
        if not _inflight:
            busy = False
            _cond.notify_all()


# Stands for the bytes of a message read from the client and not yet dispatched: until the event loop has
# parsed them nobody knows whether they hold a request, so background work steps aside for them as for one.
INCOMING = "$/incoming"


def bytes_arrived() -> None:
    """In the thread that reads the client's stream, as soon as a read returns: background work steps aside
    until `bytes_dispatched()`, so the event loop that parses them does not wait for the GIL behind it."""
    begin(INCOMING)


def bytes_dispatched() -> None:
    """On the event loop, before it reads again: every message read so far was handed to its handler (a
    request among them is in flight under its own id)."""
    end(INCOMING)


def _waiting_for(now: float, linger: bool = True) -> float | None:
    """How long background work should still wait from `now`: None when no request younger than STALE is in
    flight (drops stale ones) and no response lingers (or `linger` is off); else the seconds until the
    lingering ends (0: wait for a request in flight to end). Called with the lock held."""
    global busy
    if _inflight:
        cutoff = now - STALE
        for request_id in [r for r, at in _inflight.items() if at < cutoff]:
            del _inflight[request_id]
        busy = bool(_inflight)
        if busy:
            return 0.0
    return quiet_at - now if linger and now < quiet_at else None


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
    """In background work: let the client's requests run first. Waits while a request is in flight, and for
    LINGER after each response (the next request of a burst arrives meanwhile), in one pause of at most
    MAX_PAUSE; a new pause starts only for a request that arrived since the last one began. Within MIN_RUN
    after a pause that reached MAX_PAUSE, responses do not linger (background work keeps a share of the time
    however many requests come). Elsewhere, or with no such request, returns at once (a few reads)."""
    if not busy and time.monotonic() >= quiet_at:
        return
    seen = getattr(_local, "seen", None)
    if seen is None or seen == _generation:
        return
    now = time.monotonic()
    # Within MIN_RUN after a pause that reached MAX_PAUSE: no lingering, only the requests in flight.
    linger = now >= getattr(_local, "run_until", 0.0)
    global paused, pauses
    with _cond:
        _local.seen = _generation
        if _waiting_for(now, linger) is None:
            return
        deadline = now + MAX_PAUSE
        paused += 1
        pauses += 1
        try:
            while (wait := _waiting_for(now, linger)) is not None:
                left = deadline - now
                if left <= 0:
                    _local.run_until = now + MIN_RUN
                    return
                _cond.wait(min(left, wait) if wait else left)
                now = time.monotonic()
                _local.seen = _generation  # the requests that came during this pause are covered by it
        finally:
            paused -= 1


def prefer_requests() -> None:
    """In the server process: a thread woken by a request's bytes gets the GIL from a busy worker within
    ~1 ms instead of 5 (the interpreter's switch interval; see the module docstring)."""
    sys.setswitchinterval(SWITCH_INTERVAL)


# --- garbage collection ------------------------------------------------------------------------------------
_collector: threading.Thread | None = None  # the thread waiting to collect (None: no collection pending)
_settle_again = False  # a settle came after the collector began waiting: it collects (again) for it
_settled_at = 0.0  # monotonic time of the last settle
collector_waiting = False  # the collector waits for the client to be quiet (for the tests)
collections = 0  # deferred collections done, since the start (for the log and the tests)


def settle() -> None:
    """The workspace's indexes are built: freeze every object alive (gc.freeze, a list splice: nothing waits)
    so that later full collections scan only what was allocated since, not the indexes that live as long as
    the server. The collection of what the freeze kept that is garbage runs later, once the client is quiet
    (`_collect_when_quiet`): a request sent right when the indexes are reported ready is not held up by it."""
    global _collector, _settle_again, _settled_at
    gc.freeze()
    with _cond:
        _settle_again = True
        _settled_at = time.monotonic()
        if _collector is None:
            _collector = threading.Thread(target=_collect_when_quiet, name="footprint-gc", daemon=True)
            _collector.start()


def _wait_until_quiet() -> None:
    """Block until no request is in flight (or lingering) and the client has sent nothing for QUIET seconds
    since the last settle."""
    global collector_waiting
    with _cond:
        collector_waiting = True
        try:
            while True:
                now = time.monotonic()
                wait = _waiting_for(now)  # 0: a request in flight; > 0: a response lingering
                if wait is not None:
                    _cond.wait(wait or STALE)  # woken when the last one ends (STALE: one never answered)
                    continue
                # From the settle too: the client, silent while the indexes were built, sends its next
                # request right when told they are ready (the collection ran into it when counted from the
                # client's last message only: a hover at ready took 391 ms on 20,000 files).
                left = max(_heard_at, _settled_at) + QUIET - now
                if left <= 0:
                    return
                _cond.wait(left)
        finally:
            collector_waiting = False


def _collect_when_quiet() -> None:
    """In its own thread, after a settle: once the client is quiet, unfreeze, collect the garbage the freezes
    kept, freeze again. The collection holds the GIL throughout (40-140 ms with 1,000 files indexed), so it
    runs in a gap the client leaves, not when a request is likely; again if a settle came meanwhile."""
    global _collector, _settle_again, collections
    while True:
        _wait_until_quiet()
        with _cond:
            _settle_again = False
        started = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        log.info("garbage collected while the client was quiet: %d objects in %.0f ms, %d frozen", found,
                 (time.perf_counter() - started) * 1000, gc.get_freeze_count())
        with _cond:
            collections += 1
            if not _settle_again:
                _collector = None
                return
