"""Index builds report MCP progress to a client that sent a progressToken; a cancelled tool call stops its
work (the rag generator process is gone) and the server answers the next call."""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
from pathlib import Path

from tests.conftest import REPO, SESSION_CONFIG_HOME, trust_folder
from tests.e2e.mcp.conftest import call, mcp_session
from tests.support.rag_support import alive


async def test_index_build_reports_progress(layout_app: Path):
    seen: list[tuple[float, float | None, str | None]] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append((value, total, message))

    async with mcp_session(layout_app) as s:
        out = await call(s, "lookup_docs", {"query": "Table.addRow"}, progress_callback=progress)
        assert out["results"]
        assert any(message and message.startswith("docs: ") for *_, message in seen), seen
        values = [v for v, *_ in seen]
        assert all(a < b for a, b in zip(values, values[1:]))  # MCP progress only grows
        count = len(seen)
        await call(s, "lookup_docs", {"query": "Row.addCell"}, progress_callback=progress)
        assert len(seen) == count  # a built index: no progress to report
        symbols: list = []

        async def symbols_progress(value: float, total: float | None, message: str | None) -> None:
            symbols.append(message)

        await call(s, "check_symbols", {"names": ["Table.addRow"]}, progress_callback=symbols_progress)
        assert any(m and m.startswith("object model") for m in symbols), symbols


async def test_cancelled_call_stops_its_work(layout_app: Path):
    pidfile = layout_app.parent / "generator.pid"
    generator = [sys.executable, str(REPO / "tests" / "fixtures" / "echo_generator.py"), "--sleep", "60",
                 "--sleep-if", "slowly", "--pidfile", str(pidfile)]
    config = layout_app / "footprint.toml"
    config.write_text(config.read_text(encoding="utf-8") + f'\n[rag]\ngenerator = "command"\n'
                      f'command = {shlex.join(generator)!r}\ntimeout_seconds = 120\n', encoding="utf-8")
    trust_folder(layout_app, SESSION_CONFIG_HOME)  # a generator command runs only in a trusted folder
    async with mcp_session(layout_app) as s:
        await call(s, "lookup_docs", {"query": "Table"})  # the index first: the cancelled call waits on the generator
        task = asyncio.create_task(s.call_tool("rag_lookup", {"question": "how do I add many rows slowly?"}))
        for _ in range(300):
            if pidfile.exists() and pidfile.read_text():
                break
            await asyncio.sleep(0.05)
        pid = int(pidfile.read_text())
        assert alive(pid), "the generator command should be running"
        task.cancel()  # the SDK's client sends notifications/cancelled
        with contextlib.suppress(asyncio.CancelledError):
            await task
        for _ in range(200):
            if not alive(pid):
                break
            await asyncio.sleep(0.05)
        assert not alive(pid), "the generator must be stopped when its call is cancelled"
        assert (await call(s, "check_symbols", {"names": ["Table.addRow"]}))["results"][0]["status"] == "known"
        answered = await call(s, "rag_lookup", {"question": "how do I add a row?"})
        assert answered["answer"] and answered["generator"]
