"""MCP: an untrusted folder's config cannot make `lookup_docs` hand an agent files outside the workspace
(the defence and the CLI/LSP tests with their trusted controls: tests/reliability/test_security_config_paths.py)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.mcp.conftest import call, error_text, mcp_session
from tests.reliability.test_security_config_paths import LEAK, victim_and_repo


async def test_lookup_docs_never_returns_a_file_an_untrusted_config_points_outside(tmp_path: Path):
    private, ws = victim_and_repo(tmp_path)
    async with mcp_session(ws) as s:
        leaked = await call(s, "lookup_docs", {"query": "Zorblax token"})
        widget = await call(s, "lookup_docs", {"query": "widget spin"})
        named = await s.call_tool("lookup_docs", {"query": "Zorblax", "path": str(private / "notes")})
    assert LEAK not in json.dumps(leaked)
    assert [r["path"] for r in widget["results"]][:1] == ["docs/guide.md"]  # the docs inside still work
    assert "outside the workspace" in error_text(named)
    assert LEAK not in json.dumps(named.model_dump())
