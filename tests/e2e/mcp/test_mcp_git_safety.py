"""MCP `review_changes` runs git in a repository whose own config names programs: none of them runs, and the
review is right (the controls, plain git running each program, are in tests/reliability/test_security_git.py)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.mcp.conftest import call, mcp_session
from tests.reliability.test_security_git import fired, hostile_repo


async def test_review_changes_runs_no_program_the_repository_config_names(tmp_path: Path):
    root, markers = hostile_repo(tmp_path, "include")
    async with mcp_session(root) as s:
        out = await call(s, "review_changes", {})
    assert fired(markers) == set(), "the MCP server ran a program named by the repository"
    located = {(loc["path"], loc["line"]) for r in out["reminders"] for loc in r["locations"]}
    assert out["rev"] == "HEAD" and located == {("src/a.js", 1), ("src/b.js", 1)}, out
