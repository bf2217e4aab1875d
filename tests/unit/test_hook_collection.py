"""A hook process pauses garbage collection while it loads and while a post-write checks its files (the objects it
makes live until the process ends: ~30 collections walked them all, ~3% of the hook's CPU); a stop, which may
check a whole workspace, collects as usual; and `main` gives collection back as it found it."""

from __future__ import annotations

import gc
import io
import json

import pytest

from lsp_server.surfaces import hooks
from lsp_server.surfaces.hooks import decide
from lsp_server.surfaces.hooks.event import Outcome


@pytest.fixture
def seen(monkeypatch) -> dict[str, bool]:
    """Whether collection was on when the decision core ran, per event."""
    found: dict[str, bool] = {}

    def post_write(event, config):
        found["post-write"] = gc.isenabled()
        return Outcome(), []

    def stop(event, rev, config):
        found["stop"] = gc.isenabled()
        return Outcome(), []

    monkeypatch.setattr(decide, "post_write", post_write)
    monkeypatch.setattr(decide, "stop", stop)
    return found


def _run(monkeypatch, tmp_path, event: str, payload: dict) -> int:
    payload = {"session_id": "s1", "cwd": str(tmp_path), "hook_event_name": "PostToolUse", **payload}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(payload)))
    return hooks.main([event, "--agent", "claude"])


def test_a_post_write_runs_without_collection_and_main_restores_it(monkeypatch, tmp_path, seen):
    assert gc.isenabled()
    code = _run(monkeypatch, tmp_path, "post-write",
                {"tool_name": "Write", "tool_input": {"file_path": str(tmp_path / "a.js"), "content": "x\n"}})
    assert code == 0
    assert seen == {"post-write": False}
    assert gc.isenabled()


def test_a_stop_collects_as_usual(monkeypatch, tmp_path, seen):
    code = _run(monkeypatch, tmp_path, "stop", {"hook_event_name": "Stop", "stop_hook_active": False})
    assert code == 0
    assert seen == {"stop": True}
    assert gc.isenabled()


def test_main_leaves_collection_off_when_the_process_switched_it_off(monkeypatch, tmp_path, seen):
    """`python -m lsp_server hook` pauses collection before importing the hooks package; main must not turn
    it on behind a caller that had it off (nor, for a post-write, at all)."""
    gc.disable()
    try:
        _run(monkeypatch, tmp_path, "post-write",
             {"tool_name": "Write", "tool_input": {"file_path": str(tmp_path / "a.js"), "content": "x\n"}})
        assert not gc.isenabled()
    finally:
        gc.enable()

