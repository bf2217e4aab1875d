"""MCP end-to-end fixtures: `footprint-ls mcp` as a real subprocess, driven by the official SDK's client.

`mcp_session(root)` starts the server over stdio in `root` and yields an initialized `ClientSession` (each
test opens its own inside the test task: the SDK's streams are anyio task groups, which must be entered and
left in one task). `layout_app` copies examples/layout-app and its engine pack into a fresh git repository.
`call(session, tool, args)` checks a result against the tool's outputSchema and returns its content.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from contextlib import asynccontextmanager
from pathlib import Path

import mcp_types
import pytest
from jsonschema import Draft202012Validator
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tests.conftest import EXAMPLES, REPO, SESSION_CONFIG_HOME, session_tempdir

SERVER = [sys.executable, "-m", "lsp_server", "mcp"]
_CACHE = session_tempdir("footprint-mcp-cache-")
ENV = {**os.environ, "PYTHONPATH": str(REPO), "XDG_CACHE_HOME": _CACHE, "XDG_CONFIG_HOME": SESSION_CONFIG_HOME}


def http_client(headers: dict | None = None):
    """An HTTP client with the MCP SDK's own timeouts (30 s, reads 300 s), as an agent's client has: httpx's
    5 s default would end a tool call's response stream on a busy machine ("SSE stream ended")."""
    return create_mcp_http_client(headers=headers)


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
                           *args], cwd=root, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def layout_app(tmp_path: Path) -> Path:
    """A git repository holding a copy of examples/layout-app (the workspace) beside its engine pack."""
    shutil.copytree(EXAMPLES / "layout-app", tmp_path / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", tmp_path / "layout-engine")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "init")
    return tmp_path / "layout-app"


@asynccontextmanager
async def mcp_session(root: Path, *extra: str, env: dict | None = None, roots: list[Path] | None = None):
    """A session with `footprint-ls mcp EXTRA...` started in `root`; with `roots`, the client declares them."""
    params = StdioServerParameters(command=SERVER[0], args=[*SERVER[1:], *extra], cwd=str(root), env=env or ENV)
    callback = None
    if roots is not None:
        async def callback(context):
            return mcp_types.ListRootsResult(roots=[mcp_types.Root(uri=r.as_uri(), name=r.name) for r in roots])
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write, list_roots_callback=callback) as session:
                session.init_result = await session.initialize()
                yield session


async def call(session: ClientSession, name: str, arguments: dict | None = None, **kw) -> dict:
    """Call a tool that must succeed; its structured content, validated against the outputSchema that
    tools/list gave (fetched once per session)."""
    schemas = getattr(session, "output_schemas", None)
    if schemas is None:
        schemas = session.output_schemas = {t.name: t.output_schema for t in (await session.list_tools()).tools}
    result = await session.call_tool(name, arguments or {}, **kw)
    assert not result.is_error, result.content[0].text
    assert result.content and result.content[0].type == "text" and result.content[0].text.strip()
    data = result.structured_content
    assert isinstance(data, dict)
    problems = sorted(Draft202012Validator(schemas[name]).iter_errors(data), key=str)
    assert not problems, f"{name}: {problems[0].message} at {list(problems[0].absolute_path)}"
    data["_text"] = result.content[0].text
    return data


def error_text(result) -> str:
    """The reason of a tool error: one line, no traceback."""
    assert result.is_error, result.structured_content
    text = result.content[0].text
    assert "\n" not in text and "Traceback" not in text and text.strip()
    return text
