"""`[typescript] unknown_symbols` through the real MCP server (`footprint-ls mcp` over stdio, the SDK's client):
no TypeScript service runs beside an agent's MCP server, so by default the `check` tool reports, on a .ts file,
an invented member on a receiver typed by typings TypeScript finds; an explicit "beyond-tsc" in footprint.toml
leaves it to TypeScript (the workspace: tests/support/typescript_default_support.py)."""

from __future__ import annotations

import pytest

from tests.e2e.mcp.conftest import call, mcp_session
from tests.support.typescript_default_support import ANY, ANY_LINE, FILE, make_ts_workspace, reported


@pytest.mark.parametrize("mode", [None, "beyond-tsc"], ids=["default", "beyond-tsc"])
async def test_check_tool_reports_typed_receivers_unless_the_config_says_beyond_tsc(tmp_path, mode):
    root = make_ts_workspace(tmp_path / "ws", mode)
    async with mcp_session(root) as s:
        out = await call(s, "check", {})  # the uncommitted change, as an agent runs it before finishing
    assert out["files"] == [FILE]
    found = {f["data"]["member"]: f["line"] + 1 for f in out["findings"] if f["code"] == "unknown-symbol"}
    assert found.get(ANY) == ANY_LINE  # the check ran
    assert set(found) == reported(mode, default="all"), out["findings"]
