"""Requests first (lsp_server/foreground.py): background work steps aside while a client request is in flight,
once per request and at most MAX_PAUSE, and never in a thread that is not doing background work.

Asserted on events (a counter the background thread advances, a flag set when it parks), never on elapsed time.
"""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from lsp_server import foreground, languages


class Worker:
    """A background thread that counts its steps, stepping aside between them as an analysis does."""

    def __init__(self) -> None:
        self.steps = 0
        self.stop = threading.Event()
        self.started = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        with foreground.background():
            while not self.stop.is_set():
                self.steps += 1
                self.started.set()
                foreground.step_aside()

    def __enter__(self) -> "Worker":
        self.thread.start()
        assert self.started.wait(30)
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(30)


def parked(polls: int = 30_000) -> bool:
    """Whether a background thread comes to wait in step_aside (polled; False if it never does)."""
    tick = threading.Event()
    for _ in range(polls):
        if foreground.paused:
            return True
        tick.wait(0.001)
    return False


@pytest.fixture(autouse=True)
def no_lingering_response():
    """Each test starts with no response lingering from the previous one (foreground.LINGER)."""
    foreground.quiet_at = 0.0
    yield
    foreground.quiet_at = 0.0


@pytest.fixture
def long_pause(monkeypatch):
    monkeypatch.setattr(foreground, "MAX_PAUSE", 60.0)
    monkeypatch.setattr(foreground, "STALE", 120.0)
    yield
    foreground._inflight.clear()
    foreground.busy = False


def test_background_work_waits_while_a_request_is_in_flight(long_pause):
    with Worker() as worker:
        foreground.begin("hover-1")
        assert parked()
        before = worker.steps
        # The request's own work runs while the worker makes no step (it waits in step_aside).
        assert sum(range(200_000)) > 0
        assert worker.steps <= before + 1  # at most the step it was in when the request arrived
        foreground.end("hover-1")
        moved = worker.steps
        while worker.steps == moved:  # it resumes once the response is written
            pass


def test_a_thread_that_is_not_background_never_waits(long_pause):
    foreground.begin("hover-2")
    try:
        foreground.step_aside()  # the request's own thread (or the event loop): returns at once
        tree = languages.parse("javascript", b"(" * (languages.YIELDING_PARSE_BYTES + 1))
        assert tree.root_node.has_error
    finally:
        foreground.end("hover-2")


def test_a_background_thread_steps_aside_once_per_request(monkeypatch):
    """A request that waits for something the paused thread holds costs that thread one pause of at most
    MAX_PAUSE: here the request never ends, and the worker gets on with its work after one pause."""
    monkeypatch.setattr(foreground, "MAX_PAUSE", 0.001)
    try:
        with Worker() as worker:
            before = foreground.pauses
            foreground.begin("stuck")
            seen = worker.steps
            while worker.steps < seen + 1000:
                pass
            assert foreground.pauses == before + 1
    finally:
        foreground.end("stuck")
    assert not foreground.busy and not foreground.paused


def test_a_background_parse_of_a_big_source_steps_aside_and_gives_the_same_tree(long_pause, monkeypatch):
    """languages.parse reads a big source in slices and reports progress: the background parse waits for a
    request in flight, and its tree is the one a single-call parse gives."""
    source = b"let a = f(1, [2, {b: 3}]);\n" * 5000
    assert len(source) >= languages.YIELDING_PARSE_BYTES
    result: dict = {}

    def parse_in_background() -> None:
        with foreground.background():
            result["tree"] = languages.parse("javascript", source)

    foreground.begin("hover-3")
    thread = threading.Thread(target=parse_in_background, daemon=True)
    thread.start()
    assert parked()
    assert "tree" not in result  # parked inside the parse's progress callback
    foreground.end("hover-3")
    thread.join(60)
    assert str(result["tree"].root_node) == str(languages.parser("javascript").parse(source).root_node)


def resumes(worker: Worker) -> bool:
    """Whether the worker makes steps again (polled; False if it never does)."""
    moved = worker.steps
    tick = threading.Event()
    for _ in range(30_000):
        if worker.steps > moved + 1:
            return True
        tick.wait(0.001)
    return False


def stays_parked(worker: Worker, steps: int, chances: int = 50) -> bool:
    """Whether the worker, given `chances` to run (each a wait that releases the GIL), makes no step."""
    tick = threading.Event()
    for _ in range(chances):
        tick.wait(0.001)
        if worker.steps != steps or not foreground.paused:
            return False
    return True


def test_background_work_keeps_waiting_after_a_response_for_the_next_request_of_a_burst(long_pause, monkeypatch):
    """After a response the worker still waits (LINGER): the next request of the burst arrives and is answered
    in the same pause, never behind a running worker."""
    monkeypatch.setattr(foreground, "LINGER", 60.0)
    with Worker() as worker:
        before = foreground.pauses
        foreground.begin("hover-4")
        assert parked()
        steps = worker.steps
        foreground.end("hover-4")
        assert stays_parked(worker, steps)  # the response lingers
        foreground.begin("highlight-4")  # the next request of the burst
        foreground.end("highlight-4")
        assert stays_parked(worker, steps) and foreground.pauses == before + 1
        with foreground._cond:  # the lingering ends
            foreground.quiet_at = 0.0
            foreground._cond.notify_all()
        assert resumes(worker)


def test_a_client_that_never_pauses_still_leaves_background_work_its_share(monkeypatch):
    """After a pause that reached MAX_PAUSE, responses do not linger for MIN_RUN: a client sending requests
    without a break slows background work down, never stops it (it still steps aside while each is in
    flight, as it always did)."""
    monkeypatch.setattr(foreground, "MAX_PAUSE", 0.001)
    monkeypatch.setattr(foreground, "MIN_RUN", 60.0)
    monkeypatch.setattr(foreground, "LINGER", 60.0)
    try:
        with Worker() as worker:
            foreground.begin("busy-1")
            seen = worker.steps
            while worker.steps < seen + 1000:  # the pause reached MAX_PAUSE: the worker goes on
                pass
            monkeypatch.setattr(foreground, "MAX_PAUSE", 60.0)
            foreground.end("busy-1")  # a response: it would linger a minute
            foreground.begin("busy-2")
            assert parked()  # a request in flight: the worker steps aside for it
            foreground.end("busy-2")
            assert resumes(worker)  # and resumes with its response, within MIN_RUN: no lingering
    finally:
        foreground.end("busy-1")
        foreground.end("busy-2")
    assert not foreground.busy


def test_bytes_from_the_client_hold_background_work_until_the_loop_has_dispatched_them(long_pause, monkeypatch):
    """The bytes of a message may be a request until the loop has parsed them: the worker waits from the
    moment they are read; once dispatched (a notification: nothing in flight) it resumes without lingering."""
    monkeypatch.setattr(foreground, "LINGER", 60.0)
    with Worker() as worker:
        foreground.bytes_arrived()
        assert parked()
        foreground.bytes_dispatched()
        assert resumes(worker)
    assert not foreground.busy and foreground.quiet_at == 0.0


class Cyclic:
    def __init__(self) -> None:
        self.me = self


def until(condition, polls: int = 30_000) -> bool:
    """Whether `condition()` comes true (polled; False if it never does)."""
    tick = threading.Event()
    for _ in range(polls):
        if condition():
            return True
        tick.wait(0.001)
    return False


@pytest.fixture
def quiet_at_once(monkeypatch):
    """The deferred collection runs as soon as no request is in flight; no automatic collection meanwhile
    (it could collect the test's garbage before settle freezes it); nothing left frozen or in flight after."""
    monkeypatch.setattr(foreground, "QUIET", 0.0)
    monkeypatch.setattr(foreground, "STALE", 120.0)
    enabled = gc.isenabled()
    gc.disable()
    yield
    foreground._inflight.clear()
    foreground.busy = False
    assert until(lambda: foreground._collector is None)
    gc.unfreeze()
    if enabled:
        gc.enable()


def test_settle_freezes_at_once_and_collects_only_once_no_request_is_in_flight(quiet_at_once):
    """After the warm-up (settle), with a request in flight (a hover sent right when the indexes were reported
    ready): what is alive is frozen at once, and the collection waits until the request is answered; then
    the cycle that was garbage is collected, not kept frozen, and what is alive is still frozen."""
    alive = Cyclic()
    garbage = Cyclic()
    gone = weakref.ref(garbage)
    del garbage
    done = foreground.collections
    foreground.begin("hover-at-ready")
    foreground.settle()
    assert not any(o is alive for o in gc.get_objects())  # frozen: out of every generation, at once
    assert until(lambda: foreground.collector_waiting)  # the collector waits for the request...
    assert gone() is not None and foreground.collections == done  # ...and has collected nothing
    foreground.end("hover-at-ready")
    assert until(lambda: foreground.collections > done)
    assert gone() is None  # collected once the response was written
    assert not any(o is alive for o in gc.get_objects())  # and frozen again
    gc.unfreeze()
    assert any(o is alive for o in gc.get_objects())


def test_settle_again_while_the_collector_waits_collects_what_became_garbage_since(quiet_at_once):
    """Indexes rebuilt (a settings change) while a collection is still pending: one collector, and what the
    first freeze kept that became garbage since is collected too."""
    old = Cyclic()
    gone = weakref.ref(old)
    done = foreground.collections
    foreground.begin("request")
    foreground.settle()
    assert until(lambda: foreground.collector_waiting)
    collector = foreground._collector
    del old  # frozen by the first settle, garbage now
    foreground.settle()
    assert foreground._collector is collector
    foreground.end("request")
    assert until(lambda: foreground._collector is None)
    assert foreground.collections > done and gone() is None


def test_the_collection_waits_quiet_seconds_from_the_settle_even_after_a_long_silence(quiet_at_once, monkeypatch):
    """The client sent nothing while the indexes were built, and sends its next request right when told they
    are ready: the collection still waits QUIET after the settle, so it does not run into that request."""
    garbage = Cyclic()
    gone = weakref.ref(garbage)
    del garbage
    done = foreground.collections
    foreground._heard_at = 0.0  # the client's last message: long ago
    monkeypatch.setattr(foreground, "QUIET", 3600.0)
    foreground.settle()
    assert until(lambda: foreground.collector_waiting)
    assert gone() is not None and foreground.collections == done
    monkeypatch.setattr(foreground, "QUIET", 0.0)
    foreground.begin("request-at-ready")  # answered: the collector wakes, and finds the client quiet now
    foreground.end("request-at-ready")
    assert until(lambda: foreground.collections > done)
    assert gone() is None
