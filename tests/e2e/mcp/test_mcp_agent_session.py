"""A scripted agent session over MCP replaying the loop failures of issue 16, against the real server: the
loop controls (guards.run) hold across the calls of one MCP session, and every block, cache hit and budget
charge is said in the result's `note`."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.mcp.conftest import call, mcp_session


def limit_rag_budget(root: Path, live_calls: int) -> None:
    config = root / "footprint.toml"
    config.write_text(config.read_text(encoding="utf-8") + f"\n[limits]\nlive_calls_per_turn = {live_calls}\n",
                      encoding="utf-8")


async def test_agent_session_loop_controls(layout_app: Path):
    limit_rag_budget(layout_app, 2)
    async with mcp_session(layout_app) as s:
        # 12 identical lookups in one turn: 4 answered (1 search, then the cache), 8 blocked with the gist.
        answers = [await call(s, "lookup_docs", {"query": "Table.addRow", "turn_id": "t1"}) for _ in range(12)]
        statuses = [a["loop"]["status"] for a in answers]
        assert statuses == ["live"] + ["cached"] * 3 + ["blocked"] * 8
        searches = answers[0]["loop"]["searches"]
        assert all(a["loop"]["searches"] == searches for a in answers)  # one search for all twelve
        assert "Answered from cache (identical call #2" in answers[1]["note"]
        blocked = answers[4]
        assert blocked["results"] == [] and "Blocked: identical lookup_docs call #5" in blocked["note"]
        first_hit = answers[0]["results"][0]
        assert "Earlier answer:" in blocked["note"] and first_hit["heading"] in blocked["note"]
        assert "Blocked" in blocked["_text"]

        # 5 lookups, 3 of them re-checking names passed in known_symbols: those are answered free.
        known = ["Table.addRow", "Row.addCell", "Cell"]
        queries = ["Table.addRow", "addCell", "Document.render", "Cell", "Block.addTable"]
        before = answers[-1]["loop"]["searches"]
        five = [await call(s, "lookup_docs", {"query": q, "turn_id": "t2", "known_symbols": known}) for q in queries]
        assert [a["loop"]["status"] for a in five] == ["known", "known", "live", "known", "live"]
        assert all("already provided to you" in a["note"] for a in five if a["loop"]["status"] == "known")
        assert five[-1]["loop"]["searches"] == before + 2  # only the two unknown names searched

        # `create table` then `create box`: different questions, both searched; a rewording is not.
        table = await call(s, "lookup_docs", {"query": "create table", "turn_id": "t3"})
        box = await call(s, "lookup_docs", {"query": "create box", "turn_id": "t3"})
        again = await call(s, "lookup_docs", {"query": "how to create a table", "turn_id": "t3"})
        assert (table["loop"]["status"], box["loop"]["status"]) == ("live", "live")
        assert again["loop"]["status"] == "near_duplicate" and "'create table'" in again["note"]
        assert again["results"] == table["results"] and box["results"] != table["results"]

        # Two concurrent identical calls: one search.
        before = again["loop"]["searches"]
        pair = await asyncio.gather(*[call(s, "lookup_docs", {"query": "repeat header rows", "turn_id": "t4"})
                                      for _ in range(2)])
        assert sorted(p["loop"]["status"] for p in pair) in (["coalesced", "live"], ["cached", "live"])
        assert max(p["loop"]["searches"] for p in pair) == before + 1
        assert pair[0]["results"] == pair[1]["results"]

        # rag_lookup stops at its budget (2 per turn here); lookup_docs stays free in the same turn.
        rag = [await call(s, "rag_lookup", {"question": q, "turn_id": "t5"})
               for q in ("how do I add a table?", "how do I load an image?", "how do I set page margins?")]
        assert [r["loop"]["status"] for r in rag] == ["live", "live", "blocked"]
        assert "Budget: 1/2" in rag[0]["note"] and "Budget: 2/2" in rag[1]["note"]
        assert "budget is spent (2/2" in rag[2]["note"] and rag[2]["citations"] == []
        free = await call(s, "lookup_docs", {"query": "Image.load", "turn_id": "t5"})
        assert free["loop"]["status"] == "live" and "budget" not in free["loop"] and free["results"]

        # Without turn_id the calls form one rolling turn (until [limits] turn_idle_seconds of silence).
        rolling = [await call(s, "lookup_docs", {"query": "Page.addBlock"}) for _ in range(2)]
        assert rolling[0]["loop"]["turn"] == rolling[1]["loop"]["turn"] == "auto-1"
        assert rolling[1]["loop"]["status"] == "cached"


async def test_each_session_has_its_own_turns(layout_app: Path):
    async with mcp_session(layout_app) as first:
        for _ in range(5):
            last = await call(first, "lookup_docs", {"query": "Table", "turn_id": "same"})
        assert last["loop"]["status"] == "blocked"
    async with mcp_session(layout_app) as second:  # a new agent session: a fresh budget and cache
        fresh = await call(second, "lookup_docs", {"query": "Table", "turn_id": "same"})
        assert fresh["loop"]["status"] == "live"


async def test_a_burst_of_concurrent_calls_is_all_answered(layout_app: Path):
    names = ["Table.addRow", "Row.addCell", "Cell", "Document.render", "Block.addTable", "Page.addBlock"]
    async with mcp_session(layout_app) as s:
        calls = [call(s, "lookup_docs", {"query": n, "turn_id": "burst"}) for n in names]
        calls += [call(s, "check_symbols", {"names": [n, n + "s"]}) for n in names]
        calls += [call(s, "find_in_files", {"query": "addParagraph", "context": 0}) for _ in range(3)]
        calls += [s.call_tool("footprint", {"path": "nope.js", "line": 1, "column": 1}) for _ in range(3)]
        results = await asyncio.gather(*calls)
    assert all(r["results"] for r in results[:6]) and all(r["results"][1]["status"] == "unknown"
                                                        for r in results[6:12])
    assert all(r["files"] for r in results[12:15]) and all(r.is_error for r in results[15:])
