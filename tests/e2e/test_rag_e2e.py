"""rag_lookup through the real server: a request cancelled while the generator command sleeps stops that
command (its process is gone) and the server answers the next request promptly."""

from __future__ import annotations

import asyncio
import os
import shlex
import sys
import time
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import EXAMPLES, REPO, SESSION_CONFIG_HOME, session_tempdir, trust_folder
from tests.e2e.conftest import make_client_fixture

ROOT = Path(session_tempdir("footprint-rag-e2e-"))
PIDFILE = ROOT / "generator.pid"
GENERATOR = [sys.executable, str(REPO / "tests" / "fixtures" / "echo_generator.py"), "--sleep", "60",
             "--sleep-if", "slowly", "--pidfile", str(PIDFILE), "--invent"]
(ROOT / "footprint.toml").write_text(
    f'cache_dir = "{(ROOT / "cache").as_posix()}"\npacks = ["{(EXAMPLES / "layout-engine").as_posix()}"]\n'
    f'[rag]\ngenerator = "command"\ncommand = {shlex.join(GENERATOR)!r}\ntimeout_seconds = 120\n',
    encoding="utf-8")
trust_folder(ROOT, SESSION_CONFIG_HOME)  # its own config names a cache_dir (and a generator): trusted-only

client = make_client_fixture(root_uri=ROOT.as_uri(), params=["visual-studio-code"])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not running: its parent has not reaped it yet
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


async def test_rag_lookup_answers_cited_and_grounded(client: LanguageClient):
    out = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="rag_lookup", arguments=[{"question": "how do I add many rows to a table?", "turn_id": "e2e"}]))
    assert out["may_invent"] is True and "[c1]" in out["answer"]
    first = out["citations"][0]
    assert first["cited"] and first["uri"].startswith("file://") and first["start_line"] <= first["end_line"]
    assert any(f.startswith("`Table.addRows` is not in") for f in out["grounding"]["flags"])
    assert out["debug"]["budget"] == {"spent": 1, "limit": 12}


async def test_cancel_stops_the_generator(client: LanguageClient):
    # The index first, so the cancelled request is busy in the generator, not in the build.
    await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="lookup_docs", arguments=[{"query": "Table.addRow"}]))
    PIDFILE.unlink(missing_ok=True)  # written by every generator run: wait for this one's
    params = lsp.ExecuteCommandParams(command="rag_lookup",
                                      arguments=[{"question": "how do I add many rows slowly?"}])
    pending = client.protocol.send_request(lsp.WORKSPACE_EXECUTE_COMMAND, params, msg_id="rag-slow")
    for _ in range(300):
        if PIDFILE.exists() and PIDFILE.read_text():
            break
        await asyncio.sleep(0.05)
    pid = int(PIDFILE.read_text())
    assert alive(pid), "the generator command should be running"
    client.protocol.notify(lsp.CANCEL_REQUEST, lsp.CancelParams(id="rag-slow"))
    try:
        await asyncio.wrap_future(pending)
    except Exception as exc:  # noqa: BLE001 - the cancelled request answers with an error
        print("cancelled request:", type(exc).__name__, exc)
    for _ in range(100):
        if not alive(pid):
            break
        await asyncio.sleep(0.05)
    assert not alive(pid), "the generator command must be stopped when its request is cancelled"
    started = time.monotonic()
    out = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="lookup_docs", arguments=[{"query": "Table.addRow"}]))
    print(f"next request answered in {(time.monotonic() - started) * 1000:.0f} ms")
    assert out["results"]
