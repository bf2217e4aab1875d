"""Which workspace the MCP server serves, and what it may run there: `--root`, else the client's roots, else
its cwd; folder trust is decided by the same `load_settings` as the LSP's, so an untrusted folder's
generator command never runs."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from tests.conftest import REPO
from tests.e2e.mcp.conftest import call, mcp_session


async def test_the_clients_root_is_the_workspace(layout_app: Path, tmp_path: Path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    async with mcp_session(elsewhere, roots=[layout_app]) as s:
        fp = await call(s, "footprint", {"path": "src/layout/cover.js", "line": 14, "name": "heading"})
        assert fp["path"] == "src/layout/cover.js"
    async with mcp_session(elsewhere, "--root", str(layout_app), roots=[elsewhere]) as s:  # --root wins
        assert (await call(s, "check", {"paths": ["src/config.js"]}))["files"] == ["src/config.js"]


async def test_an_untrusted_folder_never_runs_its_generator(layout_app: Path):
    pidfile = layout_app.parent / "generator.pid"
    generator = [sys.executable, str(REPO / "tests" / "fixtures" / "echo_generator.py"), "--pidfile", str(pidfile)]
    config = layout_app / "footprint.toml"
    config.write_text(config.read_text(encoding="utf-8") + f'\n[rag]\ngenerator = "command"\n'
                      f'command = {shlex.join(generator)!r}\n', encoding="utf-8")
    async with mcp_session(layout_app) as s:  # not trusted: the command is ignored, the passages still come
        out = await call(s, "rag_lookup", {"question": "how do I add a row to a table?"})
        assert out["answer"] is None and out["passages"]
    assert not pidfile.exists()


async def test_a_broken_config_is_said_never_fatal(layout_app: Path):
    config = layout_app / "footprint.toml"
    config.write_text(config.read_text(encoding="utf-8") + "\n[limits]\nidentical_calls_per_turn = \"four\"\n",
                      encoding="utf-8")
    async with mcp_session(layout_app) as s:
        assert "configuration has problems" in s.init_result.instructions
        assert "identical_calls_per_turn" in s.init_result.instructions
        assert (await call(s, "check_symbols", {"names": ["Table.addRow"]}))["results"][0]["status"] == "known"
