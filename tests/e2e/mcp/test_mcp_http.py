"""`footprint-ls mcp --http`: streamable HTTP on loopback with the SDK's client, the token it demands with
--token-file, and the refusal of a non-loopback host without one."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.conftest import run_cli
from tests.e2e.mcp.conftest import ENV, SERVER, call


def start_http(root: Path, *args: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([*SERVER, "--http", "--port", "0", *args], cwd=root, env=ENV, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:  # the line the server prints once it listens
        m = re.search(r"serving MCP on (http://\S+/mcp)", line)
        if m:
            return proc, m.group(1)
    raise AssertionError(f"the server ended without listening (exit {proc.wait()})")


async def test_streamable_http_with_a_token(layout_app: Path, tmp_path: Path):
    token_file = tmp_path / "token"
    proc, url = start_http(layout_app, "--token-file", str(token_file))
    try:
        assert url.startswith("http://127.0.0.1:")
        token = token_file.read_text().strip()
        assert token_file.stat().st_mode & 0o077 == 0
        async with httpx2.AsyncClient() as plain:  # no token: refused before MCP sees the request
            refused = await plain.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
            assert refused.status_code == 401
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http:
            async with streamable_http_client(url, http_client=http) as (read, write):
                async with ClientSession(read, write) as s:
                    init = await s.initialize()
                    assert "layout/no-render-in-loop" in init.instructions
                    assert len((await s.list_tools()).tools) == 10
                    docs = await call(s, "lookup_docs", {"query": "Table.addRow", "turn_id": "h"})
                    assert docs["results"] and docs["loop"]["status"] == "live"
                    again = await call(s, "lookup_docs", {"query": "Table.addRow", "turn_id": "h"})
                    assert again["loop"]["status"] == "cached"  # one HTTP session: one set of loop controls
                    symbols = await call(s, "check_symbols", {"names": ["Table.addRows"]})
                    assert symbols["results"][0]["status"] == "unknown"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        proc.stderr.close()


def test_non_loopback_host_needs_a_token(layout_app: Path):
    out = run_cli("mcp", "--http", "--host", "0.0.0.0", "--port", "0", cwd=layout_app)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines()[-1].startswith("footprint-ls: --host 0.0.0.0 is reachable")
    assert "--token-file" in out.stderr and "Traceback" not in out.stderr
