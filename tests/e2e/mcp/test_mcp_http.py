"""`footprint-ls mcp --http`: streamable HTTP on loopback with the SDK's client, the token it demands with
--token-file, and the refusal of a non-loopback host without one."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.conftest import run_cli
from tests.e2e.mcp.conftest import ENV, SERVER, call, http_client


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
        async with http_client() as plain:  # no token: refused before MCP sees the request
            refused = await plain.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
            assert refused.status_code == 401
        async with http_client({"Authorization": f"Bearer {token}"}) as http:
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


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def one_line_refusal(response, status: int, words: str) -> None:
    assert response.status_code == status, (response.status_code, response.text)
    text = response.text.strip()
    assert "\n" not in text and words in text and "Traceback" not in text, text


async def still_serving(url: str, headers: dict | None = None) -> None:
    async with http_client(headers or {}) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                assert (await call(s, "check_symbols", {"names": ["Table.addRow"]}))["results"][0]["status"] == "known"


async def test_dns_rebinding_and_oversized_bodies_are_refused(layout_app: Path, tmp_path: Path):
    """A web page the user visits can make the browser send requests to a loopback port (DNS rebinding: the
    page's own name resolves to 127.0.0.1) but cannot hide its Host and Origin; an oversized body is refused
    before it is parsed. Each refusal is one line, and the server serves the next client. The requests carry
    the right token, so these checks (not the token's) are what refuse them."""
    token_file = tmp_path / "token"
    proc, url = start_http(layout_app, "--token-file", str(token_file))
    port = url.split(":")[2].split("/")[0]
    auth = {"Authorization": f"Bearer {token_file.read_text().strip()}"}
    try:
        async with http_client(auth) as http:
            rebinding = await http.post(url, json=INIT, headers={**MCP_HEADERS, "Host": f"evil.example:{port}"})
            one_line_refusal(rebinding, 421, "Invalid Host header")
            foreign_page = await http.post(url, json=INIT, headers={**MCP_HEADERS, "Origin": "http://evil.example"})
            one_line_refusal(foreign_page, 403, "Invalid Origin header")
            # The same request from the loopback origin itself passes: the checks are what refused the others.
            own = await http.post(url, json=INIT, headers={**MCP_HEADERS, "Origin": f"http://127.0.0.1:{port}"})
            assert own.status_code == 200 and own.headers.get("mcp-session-id")

            big = b'{"jsonrpc": "2.0", "id": 2, "method": "ping", "params": {"pad": "' + b"x" * (2 << 20) + b'"}}'
            one_line_refusal(await http.post(url, content=big, headers=MCP_HEADERS), 413, "Request body too large")

            async def chunks():  # no Content-Length: the limit holds while the body streams in
                for _ in range(40):
                    yield b"x" * 65536

            one_line_refusal(await http.post(url, content=chunks(), headers=MCP_HEADERS), 413,
                             "Request body too large")
        await still_serving(url, auth)
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        proc.stderr.close()


async def test_the_token_must_match_exactly(layout_app: Path, tmp_path: Path):
    """`Authorization: Bearer <token>` compared whole (hmac.compare_digest, constant time): a token of the right
    length with one character changed, a prefix of it, the token with something appended, or without `Bearer`
    are all refused with one line before the SDK sees the request; the right one works afterwards."""
    token_file = tmp_path / "token"
    proc, url = start_http(layout_app, "--token-file", str(token_file))
    try:
        token = token_file.read_text().strip()
        flipped = ("A" if token[-1] != "A" else "B")
        wrong = [f"Bearer {token[:-1]}{flipped}", f"Bearer {token[:-1]}", f"Bearer {token}x", token,
                 f"bearer  {token}", ""]
        async with http_client() as http:
            for header in wrong:
                refused = await http.post(url, json=INIT, headers={**MCP_HEADERS, "Authorization": header})
                one_line_refusal(refused, 401, "missing or wrong token")
        await still_serving(url, {"Authorization": f"Bearer {token}"})
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        proc.stderr.close()


async def test_http_without_a_token_file_still_demands_one(layout_app: Path):
    """No --token-file: a fresh token is printed on stderr (any local user can reach a loopback port, and the
    tools write files), and requests without it are refused."""
    proc = subprocess.Popen([*SERVER, "--http", "--port", "0"], cwd=layout_app, env=ENV, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for line in proc.stderr:
            m = re.search(r"serving MCP on (http://\S+/mcp).*token (\S+) as `Authorization", line)
            if m:
                url, token = m.groups()
                break
        else:
            raise AssertionError(f"the server ended without listening (exit {proc.wait()})")
        async with http_client() as plain:
            assert (await plain.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})).status_code == 401
        async with http_client({"Authorization": f"Bearer {token}"}) as http:
            async with streamable_http_client(url, http_client=http) as (read, write):
                async with ClientSession(read, write) as s:
                    await s.initialize()
                    assert len((await s.list_tools()).tools) == 10
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        proc.stderr.close()
