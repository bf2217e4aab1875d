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
    elsewhere = layout_app.parent / "elsewhere"
    elsewhere.mkdir()
    async with mcp_session(elsewhere, roots=[layout_app]) as s:  # the same folder chosen by the client's roots
        out = await call(s, "rag_lookup", {"question": "how do I add a table to a box?"})
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


def project_with_a_guidance_rule(folder: Path) -> Path:
    """A project whose one always-on convention is `other/tabs` (a rule without a trigger)."""
    (folder / "rules").mkdir(parents=True)
    (folder / "footprint.toml").write_text('[rules]\npaths = ["rules"]\n', encoding="utf-8")
    (folder / "rules" / "tabs.md").write_text(
        '+++\nid = "other/tabs"\ntitle = "Indent with tabs"\nmessage = "Indent with tabs"\nseverity = "hint"\n'
        'files = ["**/*.js"]\n+++\nThis project indents with tabs.\n', encoding="utf-8")
    return folder


async def test_conventions_follow_the_sessions_workspace(layout_app: Path, tmp_path: Path):
    """Started in one project, the client's roots choose another: the instructions (sent at initialize, before
    the roots are known) carry the start-up project's conventions and say how to get the others; the first
    result of the session says its workspace is not that one, and conventions_context answers for it."""
    other = project_with_a_guidance_rule(tmp_path / "other")
    async with mcp_session(other) as s:  # no roots: the start-up folder is the workspace, nothing to say
        assert "other/tabs" in s.init_result.instructions
        assert "layout/no-render-in-loop" not in s.init_result.instructions
        assert "(the folder the server started in)" in s.init_result.instructions
        here = await call(s, "conventions_context", {})
        assert here["workspace"] == str(other.resolve()) and [r["id"] for r in here["rules"]] == ["other/tabs"]
        assert "note" not in here
    async with mcp_session(other, roots=[layout_app]) as s:
        assert "conventions_context" in s.init_result.instructions and "other/tabs" in s.init_result.instructions
        first = await call(s, "check_symbols", {"names": ["Table.addRow"]})
        assert f"This session's workspace is {layout_app.resolve()}" in first["note"]
        assert first["_text"].startswith("This session's workspace is")
        context = await call(s, "conventions_context", {})
        assert context["workspace"] == str(layout_app.resolve())
        ids = {r["id"] for r in context["rules"]}
        assert "layout/no-render-in-loop" in ids and "other/tabs" not in ids
        assert "layout/no-render-in-loop" in context["text"] or "render" in context["text"].lower()
        assert "note" not in context  # said once per session
    async with mcp_session(other, "--root", str(layout_app), roots=[other]) as s:  # --root: known at start-up
        assert "layout/no-render-in-loop" in s.init_result.instructions
        assert "other/tabs" not in s.init_result.instructions
        assert "(the folder the server started in)" not in s.init_result.instructions
        assert "note" not in await call(s, "conventions_context", {})
