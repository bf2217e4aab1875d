"""The CPU-time limit of a rule query run in a forked child (evaluate.py, `_run_forked`): the kernel ends the child
at what is left of its limit in CPU time (ITIMER_PROF), the parent kills it only at a wall-clock safety net far
above, and what the child used is charged to the trigger and the run. The unit tests of the same limits are in
tests/unit/test_conventions_cpu_limits.py (unit tests fork no process). No test sleeps or asserts a duration.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from lsp_server.conventions import evaluate as evaluate_module
from lsp_server.conventions.evaluate import Clock, evaluate
from lsp_server.conventions.rules import needs_isolation
from lsp_server.conventions.service import RuleService
from lsp_server.document import ParsedDocument
from tests.support.conventions_support import LIMITS_SOURCE, LoadedMachine, make_workspace, rule_text, rules_of

CAN_FORK = evaluate_module._CAN_FORK
FORKED_QUERY = "((call_expression function: (_) @_f) @match)"  # a wildcard: it runs in a child


@pytest.mark.skipif(not CAN_FORK, reason="isolated queries run in a forked child on Linux only")
def test_a_forked_query_is_not_stopped_by_wall_clock_time(monkeypatch):
    """The child's limit is its CPU time; the parent's wall-clock net (20 x the limit, at least 2 s) is far
    above what a few looks at a loaded machine's clock find."""
    assert needs_isolation(FORKED_QUERY)
    ruleset = rules_of(rule_text("t/forked", query=FORKED_QUERY))
    doc = ParsedDocument.create("file:///ws/src/a.js", LIMITS_SOURCE)
    monkeypatch.setattr(evaluate_module, "time", LoadedMachine(step=0.25))  # > the 200 ms limit per look
    result = evaluate(ruleset, doc, "src/a.js", ("file",), 10, 100, clock=Clock(1000, 100, 200))
    assert not result.stopped and not result.skipped
    [hit] = result.hits
    assert len(hit.ranges) == 300


def _in_child(parent: int) -> bool:
    return os.getpid() != parent


@pytest.mark.skipif(not CAN_FORK, reason="isolated queries run in a forked child on Linux only")
def test_a_forked_query_that_burns_cpu_is_ended_at_its_cpu_limit_and_charged(monkeypatch):
    parent = os.getpid()
    real = evaluate_module._run_slices

    def burning(*args):
        while _in_child(parent):  # one slice that never returns: only a signal ends it
            pass
        return real(*args)

    monkeypatch.setattr(evaluate_module, "_run_slices", burning)
    monkeypatch.setattr(evaluate_module, "WALL_NET_MIN_S", 600.0, raising=False)  # the CPU limit must end it
    ruleset = rules_of(rule_text("t/forked", query=FORKED_QUERY))
    doc = ParsedDocument.create("file:///ws/src/a.js", LIMITS_SOURCE)
    clock = Clock(10_000, 100, 50)
    result = evaluate(ruleset, doc, "src/a.js", ("file",), 10, 100, clock=clock)
    assert [(r.id, why) for r, why in result.stopped] == [("t/forked", "query ran out of time (50 ms of CPU)")]
    assert clock.charged >= 0.05  # SIGPROF comes after 50 ms of the child's CPU time, no sooner


@pytest.mark.skipif(not CAN_FORK, reason="isolated queries run in a forked child on Linux only")
def test_a_forked_query_that_gets_no_cpu_is_given_up_at_the_wall_clock_net_without_a_strike(tmp_path, monkeypatch):
    """A child that makes no progress (here it stops itself, as a starved or stuck one would sit) uses no CPU
    time: the wall-clock net ends it, and that is not held against the rule."""
    parent = os.getpid()
    real = evaluate_module._run_slices

    def stuck(*args):
        if _in_child(parent):
            os.kill(os.getpid(), signal.SIGSTOP)
        return real(*args)

    monkeypatch.setattr(evaluate_module, "_run_slices", stuck)
    monkeypatch.setattr(evaluate_module, "WALL_NET_MIN_S", 0.5, raising=False)
    monkeypatch.setattr(evaluate_module, "WALL_NET_FACTOR", 1, raising=False)
    ws = make_workspace(tmp_path, {"forked.md": rule_text("t/forked", query=FORKED_QUERY, priority=2),
                                   "var.md": rule_text("t/var", regex=r"\bvar\b")},
                        {"src/a.js": LIMITS_SOURCE})
    doc = ws.document(tmp_path / "src/a.js")
    svc = ws.service(RuleService)
    result = svc.evaluate_file(doc, "src/a.js")
    assert not result.stopped and result.skipped == ["t/forked", "t/var"]  # the run gave up; the next one tries again
    assert "too busy" in result.skipped_why and "not counted against the rule" in result.skipped_why
    assert not svc.strikes and not svc.timed_out
