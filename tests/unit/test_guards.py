"""Loop controls: cache and identical-call blocks, per-turn budget, concurrency cap, coalescing,
near-duplicates, known_symbols, rolling turns."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from lsp_server import guards
from lsp_server.commands import CommandContext
from lsp_server.guards import is_near_duplicate, near_key
from lsp_server.workspace import Workspace


def make_ctx(tmp_path: Path, limits: str = "", client: str = "agent") -> CommandContext:
    (tmp_path / "footprint.toml").write_text(f"[limits]\n{limits}\n", encoding="utf-8")
    ws = Workspace(tmp_path)
    assert not ws.settings.errors, ws.settings.errors
    return CommandContext(ws, client_id=client)


class Tool:
    """A real function standing for a tool; counts its live runs."""

    def __init__(self, delay: float = 0.0):
        self.calls = 0
        self.delay = delay
        self.lock = threading.Lock()

    def __call__(self, query: str):
        def run():
            with self.lock:
                self.calls += 1
            if self.delay:
                time.sleep(self.delay)
            return {"answer": f"docs about {query}"}

        return run


def call(ctx, tool, query, turn="t1", name="lookup_docs", **extra):
    return guards.run(ctx, tool=name, args={"query": query, "turn_id": turn, **extra}, fn=tool(query),
                      subject="query")


def test_identical_calls_are_cached_then_blocked_after_four(tmp_path):
    ctx, tool = make_ctx(tmp_path), Tool()
    results = [call(ctx, tool, "Table addRow") for _ in range(6)]
    assert [r.status for r in results] == ["live", "cached", "cached", "cached", "blocked", "blocked"]
    assert tool.calls == 1
    assert results[1].value == results[0].value and "cache" in results[1].note
    blocked = results[4]
    assert blocked.value is None
    assert "identical lookup_docs call #5" in blocked.note and "docs about Table addRow" in blocked.note
    # A new turn starts a new count; the answer is still cached.
    assert call(ctx, tool, "Table addRow", turn="t2").status == "cached" and tool.calls == 1


def test_identical_block_limit_is_configurable(tmp_path):
    ctx, tool = make_ctx(tmp_path, "identical_calls_per_turn = 2"), Tool()
    assert [call(ctx, tool, "x y").status for _ in range(3)] == ["live", "cached", "blocked"]


def test_version_is_part_of_the_identity(tmp_path):
    ctx, tool = make_ctx(tmp_path), Tool()
    for version in (1, 1, 2):
        guards.run(ctx, "lookup_docs", {"query": "q", "turn_id": "t"}, tool("q"), subject="query", version=version)
    assert tool.calls == 2


def test_budget_counts_only_budget_tools(tmp_path):
    ctx, tool = make_ctx(tmp_path, 'live_calls_per_turn = 3\nbudget_tools = ["rag_lookup"]'), Tool()
    statuses = [call(ctx, tool, f"question {i}", name="rag_lookup").status for i in range(4)]
    assert statuses == ["live", "live", "live", "blocked"]
    last = call(ctx, tool, "question 9", name="rag_lookup")
    assert "budget" in last.note and "3/3" in last.note
    # Cached answers are free, and per-symbol lookup_docs checks are never rationed.
    assert call(ctx, tool, "question 0", name="rag_lookup").status == "cached"
    assert all(call(ctx, tool, f"Symbol{i}").status == "live" for i in range(20))
    # A new turn has a new budget.
    assert call(ctx, tool, "question 5", turn="t2", name="rag_lookup").status == "live"


def test_cost_and_default_budget_tools(tmp_path):
    ctx, tool = make_ctx(tmp_path, "live_calls_per_turn = 12"), Tool()
    run = lambda q: guards.run(ctx, "rag_lookup", {"query": q, "turn_id": "t"}, tool(q), cost=5, subject="query")
    assert [run(f"unrelated words {w}").status for w in ("alpha", "beta", "gamma")] == ["live", "live", "blocked"]
    assert guards.LimitsConfig().budget_tools == ["rag_lookup"]


def test_failed_call_is_not_charged_and_not_cached(tmp_path):
    ctx = make_ctx(tmp_path, 'live_calls_per_turn = 1\nbudget_tools = ["rag_lookup"]')

    def boom():
        raise RuntimeError("generator down")

    with pytest.raises(RuntimeError):
        guards.run(ctx, "rag_lookup", {"query": "q", "turn_id": "t"}, boom, subject="query")
    tool = Tool()
    assert guards.run(ctx, "rag_lookup", {"query": "q", "turn_id": "t"}, tool("q"), subject="query").status == "live"


def test_concurrent_identical_calls_are_coalesced(tmp_path):
    # The leader's search must outlast the start of the other three threads, even on a loaded 2-core machine.
    ctx, tool = make_ctx(tmp_path), Tool(delay=2.0)
    results = []
    threads = [threading.Thread(target=lambda: results.append(call(ctx, tool, "Page margins"))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert tool.calls == 1
    assert sorted(r.status for r in results) == ["coalesced", "coalesced", "coalesced", "live"]
    assert all(r.value == {"answer": "docs about Page margins"} for r in results)
    assert all(r.debug["live_runs"] == 1 for r in results)


def test_leader_failure_reaches_followers(tmp_path):
    ctx = make_ctx(tmp_path)
    started = threading.Event()

    def slow_fail():
        started.set()
        time.sleep(0.2)
        raise ValueError("index broken")

    errors = []

    def worker(fn):
        try:
            guards.run(ctx, "lookup_docs", {"query": "q", "turn_id": "t"}, fn, subject="query")
        except ValueError as exc:
            errors.append(str(exc))

    leader = threading.Thread(target=worker, args=(slow_fail,))
    leader.start()
    started.wait()
    follower = threading.Thread(target=worker, args=(Tool()("q"),))
    follower.start()
    leader.join()
    follower.join()
    assert errors == ["index broken", "index broken"]


def test_at_most_two_run_at_once_and_the_others_wait(tmp_path):
    ctx = make_ctx(tmp_path)
    running, peak, lock = [0], [0], threading.Lock()

    def work():
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        time.sleep(0.15)
        with lock:
            running[0] -= 1
        return "ok"

    results = []
    threads = [threading.Thread(target=lambda i=i: results.append(
        guards.run(ctx, "lookup_docs", {"query": f"distinct topic {i}", "turn_id": "t"}, work, subject="query")))
        for i in range(6)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert peak[0] == 2 and len(results) == 6 and all(r.status == "live" for r in results)
    assert time.monotonic() - t0 >= 0.4  # three waves of two
    assert any("in line" in (r.note or "") for r in results)


def test_max_concurrent_is_configurable(tmp_path):
    ctx = make_ctx(tmp_path, "max_concurrent = 1")
    assert guards.state_for(ctx).slot_count == 1


@pytest.mark.parametrize("a,b", [
    ("how do I add a row to a table", "adding rows to tables"),
    ("set the font size", "how to set font sizes"),
    ("repeat header rows on every page", "repeating the header row on each page"),
    ("Table addRow", "addRow table"),
    ("render the document to PDF", "rendering document to pdf"),
    ("add a row to a tabel", "add row table"),  # a typo still pairs up
])
def test_near_duplicates_match_real_rephrasings(a, b):
    assert is_near_duplicate(a, b)


@pytest.mark.parametrize("a,b", [
    ("create table", "create box"),
    ("how to create a table in the page", "how to create a box in the page"),
    ("add row", "add cell"),
    ("Page.header", "Page.footer"),
    ("load font", "load image"),
])
def test_near_duplicates_keep_different_subjects_apart(a, b):
    assert not is_near_duplicate(a, b)


def test_near_key_normalises():
    assert near_key("How do I add Rows to the Tables?") == near_key("adding row table") == "ad row table"


def test_near_duplicate_query_gets_the_earlier_answer_across_turns(tmp_path):
    ctx, tool = make_ctx(tmp_path), Tool()
    first = call(ctx, tool, "how do I add a row to a table", turn="t1")
    again = call(ctx, tool, "adding rows to tables", turn="t2")
    assert again.status == "near_duplicate" and again.value == first.value and tool.calls == 1
    assert "how do I add a row to a table" in again.note
    assert call(ctx, tool, "create box", turn="t2").status == "live"
    assert call(ctx, tool, "create table", turn="t2").status == "live"
    # Different other arguments: not the same question.
    assert call(ctx, tool, "add rows to a table", turn="t3", limit=20).status == "live"


def test_known_symbols_are_answered_as_already_provided_for_free(tmp_path):
    ctx, tool = make_ctx(tmp_path, 'budget_tools = ["lookup_docs"]\nlive_calls_per_turn = 1'), Tool()
    known = ["Table.addRow", "Document.create"]
    for q in ("Table.addRow", "addRow", "Document.create()", "create"):
        r = call(ctx, tool, q, known_symbols=known)
        assert r.status == "known" and r.value is None and "already provided" in r.note, q
    assert tool.calls == 0
    assert call(ctx, tool, "Row.addCell", known_symbols=known).status == "live"  # budget untouched so far
    assert call(ctx, tool, "how to add rows", known_symbols=known).status == "blocked"


def test_rolling_turn_without_turn_id_ends_after_idle_time(tmp_path):
    ctx, tool = make_ctx(tmp_path, "turn_idle_seconds = 0.2\nidentical_calls_per_turn = 1"), Tool()
    run = lambda: guards.run(ctx, "lookup_docs", {"query": "q"}, tool("q"), subject="query")
    first, second = run(), run()
    assert (first.status, second.status) == ("live", "blocked") and first.turn == second.turn
    time.sleep(0.3)
    third = run()
    assert third.status == "cached" and third.turn != first.turn


def test_state_is_per_client(tmp_path):
    ctx_a = make_ctx(tmp_path, client="a")
    ctx_b = CommandContext(ctx_a.workspace, client_id="b")
    tool = Tool()
    call(ctx_a, tool, "x y")
    assert call(ctx_b, tool, "x y").status == "live" and tool.calls == 2


# --- client lifetime: bounded state for clients that come and go (MCP HTTP sessions) -----------------------
def test_client_state_is_bounded_by_an_lru_cap(tmp_path):
    ctx, tool = make_ctx(tmp_path), Tool()
    ws = ctx.workspace
    sizes = []
    for i in range(3 * guards.MAX_CLIENTS):
        session = CommandContext(ws, client_id=f"mcp-session-{i}")
        assert call(session, tool, "Table addRow").status in ("live", "cached")
        sizes.append(len(guards.clients(ws)))
    assert max(sizes) == guards.MAX_CLIENTS  # reached, never passed
    kept = guards.clients(ws)
    assert kept == [f"mcp-session-{i}" for i in range(2 * guards.MAX_CLIENTS, 3 * guards.MAX_CLIENTS)]
    # A client used again moves to the recent end; the oldest other is the next to go.
    call(CommandContext(ws, client_id=kept[0]), tool, "Table addRow")
    call(CommandContext(ws, client_id="mcp-late"), tool, "Table addRow")
    assert guards.clients(ws)[-2:] == [kept[0], "mcp-late"] and kept[1] not in guards.clients(ws)


def test_a_forgotten_client_is_gone_and_starts_afresh(tmp_path):
    ctx, tool = make_ctx(tmp_path, client="mcp-a"), Tool()
    other = CommandContext(ctx.workspace, client_id="mcp-b")
    assert call(ctx, tool, "Table addRow").status == "live"
    assert call(ctx, tool, "Table addRow").status == "cached"
    call(other, tool, "Table addRow")
    guards.forget_client("mcp-a")
    assert guards.clients(ctx.workspace) == ["mcp-b"]
    assert call(ctx, tool, "Table addRow").status == "live"  # no cache, no count left from before
    assert tool.calls == 3


def test_idle_clients_expire_but_a_busy_one_is_kept(tmp_path):
    ctx, tool = make_ctx(tmp_path, client="idle"), Tool()
    ws = ctx.workspace
    call(ctx, tool, "Table addRow")
    release, started = threading.Event(), threading.Event()

    def slow():
        started.set()
        release.wait(30)
        return {"answer": "slow"}

    busy = CommandContext(ws, client_id="busy")
    worker = threading.Thread(target=guards.run, args=(busy,),
                              kwargs={"tool": "lookup_docs", "args": {"query": "x"}, "fn": slow})
    worker.start()
    try:
        assert started.wait(30)
        later = time.monotonic() + guards.CLIENT_IDLE_SECONDS + 1
        guards.expire_idle(now=later)
        assert guards.clients(ws) == ["busy"]  # the idle one is gone, the running one stays
    finally:
        release.set()
        worker.join(30)
    guards.expire_idle(now=time.monotonic() + guards.CLIENT_IDLE_SECONDS + 1)
    assert guards.clients(ws) == []
    guards.expire_idle()  # nothing idle that long right now: nothing else happens
