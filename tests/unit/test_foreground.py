"""Requests first (lsp_server/foreground.py): background work steps aside while a client request is in flight,
once per request and at most MAX_PAUSE, and never in a thread that is not doing background work.

Asserted on events (a counter the background thread advances, a flag set when it parks), never on elapsed time.
"""

from __future__ import annotations

import threading

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
