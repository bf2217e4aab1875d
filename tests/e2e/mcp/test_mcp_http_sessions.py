"""What an MCP HTTP server keeps per session stays bounded as sessions come and go: the loop-control state
(guards.py) and the session's roots are dropped when the client ends the session (DELETE), the least recently
used beyond guards.MAX_CLIENTS, and those idle for guards.CLIENT_IDLE_SECONDS.

The server runs in this process (the real SDK app behind uvicorn, on a real loopback socket, driven by the SDK's
HTTP client) so the test can read the state's size through the accessors, not guess it from timing. The cap is
lowered here to keep the run short; tests/unit/test_guards.py drives the real MAX_CLIENTS."""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import mcp_types
import uvicorn
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from lsp_server import guards
from lsp_server.surfaces.mcp.server import McpApp, http_app
from tests.e2e.mcp.conftest import call, http_client

CAP = 5


@contextmanager
def serving(app: McpApp):
    """`http_app(app)` on a loopback port, served by uvicorn in a thread; yields the endpoint's URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)  # connections wait in the backlog until uvicorn accepts: no start-up race
    server = uvicorn.Server(uvicorn.Config(http_app(app, "127.0.0.1", None), log_level="warning", lifespan="on",
                                           timeout_graceful_shutdown=10))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
    finally:
        server.should_exit = True
        thread.join(60)
        sock.close()
    assert not thread.is_alive()


async def one_session(url: str, root: Path, ws, app: McpApp, *, close: bool) -> str:
    """Open a session that declares `root`, make one guarded call; its client id. With `close`, the client ends
    the session with a DELETE when it leaves; without, it just goes away (as a crashed agent does)."""
    async def roots(context):
        return mcp_types.ListRootsResult(roots=[mcp_types.Root(uri=root.as_uri(), name=root.name)])

    async with http_client() as http:
        async with streamable_http_client(url, http_client=http, terminate_on_close=close) as (read, write):
            async with ClientSession(read, write, list_roots_callback=roots) as s:
                await s.initialize()
                before = set(guards.clients(ws))
                out = await call(s, "lookup_docs", {"query": "Table.addRow", "turn_id": "t"})
                assert out["results"]
                new = set(guards.clients(ws)) - before
                assert len(new) == 1 and next(iter(new)).startswith("mcp-"), new
                client = new.pop()
                assert client in app.sessions  # its roots are remembered too
    return client


async def test_session_state_is_freed_on_delete_and_bounded(layout_app: Path, monkeypatch):
    monkeypatch.setattr(guards, "MAX_CLIENTS", CAP)
    monkeypatch.chdir(layout_app)
    app = McpApp(None)
    ws = app.workspace(layout_app)
    with serving(app) as url:
        # Sessions that end with a DELETE leave nothing behind.
        for _ in range(3):
            client = await one_session(url, layout_app, ws, app, close=True)
            assert client not in guards.clients(ws) and client not in app.sessions
        assert guards.clients(ws) == [] and len(app.sessions) == 0

        # Sessions that vanish without a DELETE: never more than the cap, the most recent ones kept.
        seen, sizes = [], []
        for _ in range(3 * CAP):
            seen.append(await one_session(url, layout_app, ws, app, close=False))
            sizes.append((len(guards.clients(ws)), len(app.sessions)))
        assert max(sizes) == (CAP, CAP)
        assert guards.clients(ws) == seen[-CAP:] and list(app.sessions) == seen[-CAP:]

        # Idle past CLIENT_IDLE_SECONDS: gone (the SDK ends such an HTTP session at the same age).
        guards.expire_idle(now=time.monotonic() + guards.CLIENT_IDLE_SECONDS + 1)
        assert guards.clients(ws) == []

        # The server keeps serving, and a new session starts afresh.
        client = await one_session(url, layout_app, ws, app, close=True)
        assert guards.clients(ws) == []
