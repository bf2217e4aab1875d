"""The rules' time limits count CPU time, not wall-clock time (evaluate.py, "time").

On a loaded machine the wall clock runs while the evaluating thread waits for a core: with wall-clock limits a
harmless rule "ran out of time", three such runs in a row disabled it until its file changed, and unit tests
failed under load. These tests simulate the load instead of needing it: the wall clock that evaluate.py reads
is replaced by one that finds seconds gone at every look, while CPU time stays the real, small one. None of
them sleeps or asserts a duration; what stops a catastrophic regex or a starved child is asserted by what the
code reports (stopped, disabled, skipped, charged).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
import regex

from lsp_server.conventions import evaluate as evaluate_module
from lsp_server.conventions.evaluate import Clock, Limit, RuleSet, Stopped, Timer, evaluate, rule_ranges
from lsp_server.conventions.examples import check_examples
from lsp_server.conventions.rules import needs_isolation, parse_rule
from lsp_server.conventions.service import RuleService
from lsp_server.document import ParsedDocument
from tests.support.conventions_support import LIMITS_SOURCE, LoadedMachine, make_workspace, rule_text, rules_of

class FakeTimer(Timer):
    """CPU and wall-clock time that advance only when the test says so."""

    def __init__(self):
        self.cpu_s = self.regex_s = self.wall_s = 0.0

    def cpu(self) -> float:
        return self.cpu_s

    def regex_clock(self) -> float:
        return self.regex_s

    def wall(self) -> float:
        return self.wall_s




def every_kind_of_rule() -> RuleSet:
    """A regex rule, an in-process query, a query with a regex predicate, a rule with both triggers, and two
    query-only rules without literals (one shared walk of the tree)."""
    return rules_of(
        rule_text("t/regex", regex=r"\bvar\b", priority=6),
        rule_text("t/query", query='((call_expression function: (identifier) @_f) @match (#eq? @_f "compute"))',
                  priority=5),
        rule_text("t/predicate", query='((identifier) @match (#match? @match "^a1[0-9]$"))', priority=4),
        rule_text("t/both", regex="TODO", query="((comment) @match)", priority=3),
        rule_text("t/walk1", query="(variable_declaration) @match", priority=2),
        rule_text("t/walk2", query="(comment) @match", priority=1),
    )


# --- the limits count CPU time --------------------------------------------------------------------------------
def test_wall_clock_time_passing_without_cpu_time_stops_no_rule(monkeypatch):
    """Wall-clock limits stopped every rule here (the wall clock jumps 5 s between two looks, beyond the 100 ms
    regex and 200 ms query limits and the 1 s budget); CPU limits stop none."""
    doc = ParsedDocument.create("file:///ws/src/a.js", LIMITS_SOURCE)
    ruleset = every_kind_of_rule()
    assert not any(needs_isolation(r.query_source) for r in ruleset.rules if r.query_source)  # all in-process
    loaded = LoadedMachine(step=5.0)
    monkeypatch.setattr(evaluate_module, "time", loaded)
    result = evaluate(ruleset, doc, "src/a.js", ("file",), 10, 100, clock=Clock(1000, 100, 200))
    assert loaded.readings == 0  # in-process triggers do not even look at the wall clock (the old code did at each check)
    assert not result.stopped and not result.skipped
    assert sorted(h.rule.id for h in result.hits) == sorted(r.id for r in ruleset.rules)
    hits = {h.rule.id: len(h.ranges) for h in result.hits}
    assert hits["t/regex"] == 300 and hits["t/both"] == 300 and hits["t/predicate"] == 10


def test_the_service_on_a_loaded_machine_neither_strikes_nor_skips(tmp_path: Path, monkeypatch):
    ws = make_workspace(tmp_path, {"var.md": rule_text("t/var", regex=r"\bvar\b", priority=2),
                                   "todo.md": rule_text("t/todo", regex="TODO", query="((comment) @match)")},
                        {"src/a.js": LIMITS_SOURCE})
    doc = ws.document(tmp_path / "src/a.js")
    svc = ws.service(RuleService)
    monkeypatch.setattr(evaluate_module, "time", LoadedMachine(step=5.0))
    for _ in range(3):  # three runs in a row: as many as disabled a rule before
        result = svc.evaluate_file(doc, "src/a.js", cap=10)
        assert [h.rule.id for h in result.hits] == ["t/var", "t/todo"]
        assert not result.stopped and not result.skipped
    assert not svc.timed_out and not svc.strikes


# --- a regex: the package's timeout, confirmed by this thread's CPU time ------------------------------------------
class FlakyPattern:
    """A compiled regex whose first finditer yields one match, then raises TimeoutError as the `regex` package
    does when its clock (the whole process's CPU time, or the wall clock on Windows) reaches the timeout before
    this thread did that much work."""

    def __init__(self, pattern, failures: int = 1):
        self.pattern, self.failures = pattern, failures
        self.calls: list[tuple[int, float]] = []

    def finditer(self, text, pos=0, *, timeout, concurrent):
        self.calls.append((pos, timeout))
        it = self.pattern.finditer(text, pos, concurrent=concurrent)
        if self.failures:
            self.failures -= 1
            yield next(it)
            raise TimeoutError("regex timed out")
        yield from it

    def __getattr__(self, name):
        return getattr(self.pattern, name)


def test_a_regex_timeout_this_threads_cpu_time_does_not_confirm_runs_again_from_the_last_match():
    [rule] = rules_of(rule_text("t/var", regex=r"\bvar\b")).rules
    flaky = rule.pattern = FlakyPattern(rule.pattern)
    doc = ParsedDocument.create("file:///ws/src/a.js", LIMITS_SOURCE)
    ranges = rule_ranges(rule, doc, Clock(1000, 100, 200))
    assert len(ranges) == 300 and len(set(ranges)) == 300  # every match once: none lost, none twice
    [(first_pos, first_timeout), (again_pos, again_timeout)] = flaky.calls
    assert first_pos == 0 and again_pos == 3  # again from the end of the match it had found
    assert again_timeout > first_timeout  # widened: the regex's clock ran faster than this thread's


class FlakySearch:
    """A compiled regex whose first `search` raises TimeoutError as the package does when its clock ran ahead."""

    def __init__(self, pattern):
        self.pattern, self.timeouts = pattern, []

    def search(self, text, timeout):
        self.timeouts.append(timeout)
        if len(self.timeouts) == 1:
            raise TimeoutError("regex timed out")
        return self.pattern.search(text, timeout=timeout)


def test_a_query_predicates_timeout_this_threads_cpu_time_does_not_confirm_is_searched_again(monkeypatch):
    """A query's `#match?` searches run without reading the clock each time; a timeout sends that search to the
    careful path, which finds the thread did little work and searches again: the rule is not stopped."""
    flaky: dict[str, FlakySearch] = {}
    real = evaluate_module.predicate_regex

    def predicate_regex(source: str):
        return flaky.setdefault(source, FlakySearch(real(source)))

    monkeypatch.setattr(evaluate_module, "predicate_regex", predicate_regex)
    ruleset = rules_of(rule_text("t/predicate", query='((identifier) @match (#match? @match "^a1[0-9]$"))'))
    doc = ParsedDocument.create("file:///ws/src/a.js", LIMITS_SOURCE)
    result = evaluate(ruleset, doc, "src/a.js", ("file",), 10, 100, clock=Clock(1000, 100, 200))
    assert not result.stopped and not result.skipped
    [hit] = result.hits
    assert len(hit.ranges) == 10
    [searches] = flaky.values()
    assert len(searches.timeouts) > 2  # the cut search, the same again, then the others


def test_a_regex_that_never_gets_its_cpu_time_is_given_up_without_a_strike():
    [rule] = rules_of(rule_text("t/var", regex=r"\bvar\b")).rules
    rule.pattern = FlakyPattern(rule.pattern, failures=100)
    doc = ParsedDocument.create("file:///ws/src/a.js", LIMITS_SOURCE)
    with pytest.raises(Stopped) as stopped:
        rule_ranges(rule, doc, Clock(1000, 100, 200))
    assert not stopped.value.own and "too busy" in stopped.value.reason
    assert len(rule.pattern.calls) == evaluate_module.REGEX_ATTEMPTS


def test_a_regex_timeout_is_the_rules_when_this_thread_did_the_work():
    """The decision itself, on a fake timer: the regex's clock reached the timeout; the thread's CPU time
    decides whether it was the rule's work."""
    timer = FakeTimer()
    limit = Clock(1000, 100, 200, timer).limit("regex")
    run = evaluate_module._RegexRun(limit)
    assert run.timeout() == pytest.approx(0.1)
    timer.cpu_s = timer.regex_s = timer.wall_s = 0.1  # this thread alone used the 100 ms
    with pytest.raises(Stopped) as stopped:
        run.timed_out()
    assert stopped.value.own and stopped.value.reason == "regex ran out of time (100 ms of CPU)"
    # The process's other threads used most of it: not the rule's; credited back, and a wider timeout.
    timer = FakeTimer()
    limit = Clock(1000, 100, 200, timer).limit("regex")
    run = evaluate_module._RegexRun(limit)
    run.timeout()
    timer.cpu_s, timer.regex_s, timer.wall_s = 0.03, 0.1, 0.05
    run.timed_out()
    assert limit.own_left() == pytest.approx(0.1)
    assert run.timeout() == pytest.approx(0.1 * 1.25 * 0.1 / 0.03)


def test_a_catastrophic_regex_is_stopped_and_disabled_while_the_process_is_busy(tmp_path: Path):
    """`(a+)+$` over 30,000 a's never ends unbounded. Run three times in a thread while another keeps the
    process busy in the `regex` package without the GIL (so the package's clock, the process's CPU time, runs
    about twice as fast as the evaluating thread's: its first attempt is cut short and not counted): stopped
    each time by its 50 ms of CPU time, then disabled with a one-line message; the other rule keeps firing."""
    ws = make_workspace(tmp_path, {"redos.md": rule_text("t/redos", regex="(a+)+$", priority=9),
                                   "ok.md": rule_text("t/ok", regex="fine")},
                        {"src/a.js": "fine;\n" + "a" * 30_000 + "b\n"}, config="regex_timeout_ms = 50\n")
    doc = ws.document(tmp_path / "src/a.js")
    svc = ws.service(RuleService)
    quit_load = threading.Event()

    def regex_load():
        busy = regex.compile("(b+)+$")
        while not quit_load.is_set():
            try:
                busy.search("b" * 5_000 + "c", timeout=0.05, concurrent=True)
            except TimeoutError:
                pass

    results = []
    done = threading.Event()

    def runs():
        try:
            for _ in range(3):
                results.append(svc.evaluate_file(doc, "src/a.js"))
        finally:
            done.set()

    loads = [threading.Thread(target=regex_load, daemon=True)]
    for t in loads:
        t.start()
    try:
        threading.Thread(target=runs, daemon=True).start()
        assert done.wait(300), "the catastrophic regex was not stopped"
    finally:
        quit_load.set()
        for t in loads:
            t.join()
    assert len(results) == 3
    for result in results:
        assert [h.rule.id for h in result.hits] == ["t/ok"]
        assert [(r.id, why) for r, why in result.stopped] == [("t/redos", "regex ran out of time (50 ms of CPU)")]
    assert "t/redos" in svc.timed_out
    [problem] = svc.problems_for(tmp_path / "rules/redos.md")
    assert problem.message == ("regex ran out of time (50 ms of CPU) on src/a.js, 3 run(s) in a row: the rule is "
                               "disabled until its file changes")
    assert [h.rule.id for h in svc.evaluate_file(doc, "src/a.js").hits] == ["t/ok"]  # not evaluated any more


# --- the limit's decisions -------------------------------------------------------------------------------------
def test_a_stop_is_the_rules_own_only_when_its_own_limit_binds():
    timer = FakeTimer()
    clock = Clock(150, 100, 200, timer)
    limit = clock.limit("regex")
    timer.cpu_s = 0.099
    limit.check()  # 1 ms left
    timer.cpu_s = 0.1
    with pytest.raises(Stopped) as own:
        limit.check()
    assert own.value.own
    # A second trigger with 50 ms of the run's budget left: the run's budget binds, no strike.
    limit = clock.limit("query")
    timer.cpu_s = 0.15
    with pytest.raises(Stopped) as run:
        limit.check()
    assert not run.value.own and run.value.reason == evaluate_module.RUN_BUDGET_USED
    assert clock.exhausted
    # Wall-clock time counts for nothing.
    timer = FakeTimer()
    clock = Clock(150, 100, 200, timer)
    limit = clock.limit("regex")
    timer.wall_s = 3600.0
    limit.check()
    assert not clock.exhausted


def test_a_childs_cpu_time_is_charged_to_its_trigger_and_to_the_run():
    timer = FakeTimer()
    clock = Clock(1000, 100, 200, timer)
    limit = clock.limit("query")
    limit.charge(0.15)
    assert limit.own_left() == pytest.approx(0.05) and clock.left() == pytest.approx(0.85)
    # A child gets what is left, counted from its own start (its thread's CPU time starts again from zero).
    make_child_limit = limit.detached()  # in the parent, before forking
    timer.cpu_s = 7.0  # in the child: another clock
    child = make_child_limit()
    assert child.remaining() == pytest.approx(0.05)
    timer.cpu_s = 7.05
    assert child.remaining() == pytest.approx(0.0)


# --- `rules check`: a rule's examples ------------------------------------------------------------------------
def test_a_catastrophic_rule_is_a_one_line_problem_of_its_examples_check(tmp_path: Path):
    path = tmp_path / "redos.md"
    text = rule_text("t/redos", regex="(a+)+$", body="Why.\n\nBefore:\n\n```js\nconst s = '" + "a" * 30_000
                     + "b';\n```\n")
    path.write_text(text, encoding="utf-8")
    rule, problems = parse_rule(text, path)
    assert rule is not None, problems
    [problem] = check_examples(rule, timeout_ms=50)
    assert problem.message == "rule t/redos: regex ran out of time (50 ms of CPU) on the Before example"


@pytest.mark.skipif(sys.platform == "win32", reason="the regex package's clock is the wall clock there")
def test_the_regex_packages_timeout_reads_the_process_cpu_clock():
    """What the design relies on: the package's timeout reads C's clock(), the process's CPU time on Linux and
    macOS, which runs at least as fast as the evaluating thread's CPU time; so a timeout at what is left of a
    rule's limit fires no later than the limit (_RegexRun then asks the thread's CPU time whose it was). Were
    it the wall clock, it could fire with less CPU time used, on a loaded machine."""
    p = regex.compile("(a+)+$")
    started = time.process_time()
    with pytest.raises(TimeoutError):
        p.search("a" * 30_000 + "b", timeout=0.02)
    assert time.process_time() - started >= 0.02
