"""rag_lookup on the bundled engine docs, with real generators: a local command written for these tests
(`tests/fixtures/echo_generator.py`, which answers from the prompt it is given) and an OpenAI-compatible
endpoint served by `http.server` on 127.0.0.1. No mocks: the generator really runs, the index is real."""

from __future__ import annotations

import json
import os
import shlex
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from lsp_server import guards
from lsp_server.commands import CommandContext, CommandError
from lsp_server.knowledge import rag
from lsp_server.surfaces.commands import lookup_docs_command
from lsp_server.workspace import Workspace
from tests.conftest import REPO, run_cli, trust_folder
from tests.support.rag_support import PACK, QUESTION, alive, call, shared_cache, workspace  # noqa: F401 - fixture

ECHO = REPO / "tests" / "fixtures" / "echo_generator.py"


def echo(*flags: str, timeout: float | None = None) -> str:
    line = f'generator = "command"\ncommand = {shlex.join([sys.executable, str(ECHO), *flags])!r}\n'
    return line + (f"timeout_seconds = {timeout}\n" if timeout is not None else "")


# --- a local command -----------------------------------------------------------------------------------------
def test_command_generator_answers_from_the_prompt_and_cites(tmp_path, shared_cache):
    dump = tmp_path / "prompt.txt"
    ws = workspace(tmp_path / "ws", shared_cache, echo("--dump", str(dump)))
    out = call(ws, question=QUESTION)
    assert out["may_invent"] is True and out["generator"].startswith("command: ")
    assert "[c1]" in out["answer"] and "passages" not in out and "error" not in out
    cited = [c for c in out["citations"] if c["cited"]]
    assert [c["id"] for c in cited] == ["c1", "c2"]
    # The prompt holds the retrieved chunks under their ids, and the question; nothing else from the workspace.
    prompt = dump.read_text(encoding="utf-8")
    assert prompt.rstrip().endswith(f"Question: {QUESTION}")
    for c in out["citations"]:
        assert f"[{c['id']}] {c['heading']}" in prompt
    assert "footprint.toml" not in prompt and str(ws.root) not in prompt
    # The answer names `Table.addRow()`, which exists: no flag.
    names = {s["name"]: s for s in out["grounding"]["symbols"]}
    assert names["Table.addRow"]["status"] == "known"
    assert out["grounding"]["flags"] == []


def test_grounding_flags_an_invented_symbol(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache, echo("--invent"))
    out = call(ws, question=QUESTION)
    assert "`Table.addRows(list)`" in out["answer"]
    flags = out["grounding"]["flags"]
    assert len(flags) == 1, flags
    assert flags[0].startswith("`Table.addRows` is not in ")
    assert "did you mean `Table.addRow`" in flags[0]
    invented = next(s for s in out["grounding"]["symbols"] if s["name"] == "Table.addRows")
    assert invented["status"] == "unknown" and "Table.addRow" in invented["suggestions"]
    # Which grounding source was used is said.
    assert out["grounding"]["source"] == rag.GROUNDING_OBJECT_MODEL


def test_citing_a_chunk_that_was_not_retrieved_is_flagged(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache, echo("--cite-unknown"))
    out = call(ws, question=QUESTION)
    assert any("[c99]" in f and "not among the retrieved chunks" in f for f in out["grounding"]["flags"])


def test_generator_timeout_stops_it_and_returns_the_passages(tmp_path, shared_cache):
    pidfile = tmp_path / "pid"
    ws = workspace(tmp_path / "ws", shared_cache, echo("--sleep", "60", "--pidfile", str(pidfile), timeout=1))
    out = call(ws, question=QUESTION, turn_id="t-timeout")
    assert out["answer"] is None and out["may_invent"] is True
    assert "did not answer within 1 s" in out["error"] and "timeout_seconds" in out["error"]
    assert out["passages"] and out["citations"]
    assert out["debug"]["status"] == "failed"
    pid = int(pidfile.read_text())
    assert not alive(pid), "a timed-out generator command is killed"
    # A failure is not cached: the same call runs again.
    again = call(ws, question=QUESTION, turn_id="t-timeout")
    assert again["debug"]["status"] == "failed"


def test_generator_failure_is_reported(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache, echo("--fail"))
    out = call(ws, question=QUESTION)
    assert out["answer"] is None and "exited with status 3" in out["error"]
    assert "asked to fail" in out["error"] and out["passages"]


def test_cancellation_kills_the_generator(tmp_path, shared_cache):
    pidfile = tmp_path / "pid"
    ws = workspace(tmp_path / "ws", shared_cache, echo("--sleep", "60", "--pidfile", str(pidfile)))
    cancelled = threading.Event()
    outcome: dict = {}

    def worker():
        try:
            outcome["value"] = call(ws, cancelled, question=QUESTION)
        except CommandError as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=worker)
    thread.start()
    for _ in range(400):
        if pidfile.exists() and pidfile.read_text():
            break
        time.sleep(0.05)
    pid = int(pidfile.read_text())
    assert alive(pid)
    cancelled.set()
    thread.join(30)
    assert not thread.is_alive()
    assert "cancelled" in str(outcome.get("error")), outcome
    assert not alive(pid)


def test_budget_counts_live_calls_and_cached_repeats_are_free(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache, echo())
    guards.reset(CommandContext(ws))
    questions = [
        "how do I add many rows to a table?", "how do I change the font size", "make a two column layout",
        "repeat a header on every page", "put page numbers in the footer", "load a web font",
        "measure the width of a text", "stream the rendered bytes in an HTTP response", "why is my PDF empty",
        "count the pages of a document", "make a cell span two columns", "scale an image to fit",
        "define a named style and reuse it",
    ]
    outs = [call(ws, question=q, turn_id="budget") for q in questions]
    statuses = [o["debug"]["status"] for o in outs]
    assert statuses[:12] == ["live"] * 12, statuses
    assert outs[11]["debug"]["budget"] == {"spent": 12, "limit": 12}
    assert statuses[12] == "blocked" and "budget is spent" in outs[12]["note"]
    assert outs[12]["may_invent"] is True and outs[12]["answer"] is None
    repeat = call(ws, question=questions[0], turn_id="budget")
    assert repeat["debug"]["status"] == "cached" and repeat["answer"] == outs[0]["answer"]
    # lookup_docs fact checks are not rationed by the same budget ([limits] budget_tools).
    fact = lookup_docs_command(CommandContext(ws), {"query": "Table.addRow", "turn_id": "budget"})
    assert fact["results"] and "budget" not in fact.get("note", "")
    # A new turn has a fresh budget.
    assert call(ws, question=questions[12], turn_id="next")["debug"]["status"] == "live"


# --- an OpenAI-compatible endpoint ---------------------------------------------------------------------------
class _Endpoint(BaseHTTPRequestHandler):
    requests: list = []
    delay = 0.0
    status = 200
    answer = "Call `Table.addRow(options)` once per row [c1]; `Table.addRows()` adds many [c2]."

    def do_POST(self):  # noqa: N802 - http.server's naming
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        if type(self).delay:
            time.sleep(type(self).delay)
        payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": type(self).answer}}]})
        try:
            self.send_response(type(self).status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload.encode())
        except OSError:
            pass  # the client went away (cancelled or timed out)

    def log_message(self, *args):
        pass


@pytest.fixture
def endpoint():
    _Endpoint.requests, _Endpoint.delay, _Endpoint.status = [], 0.0, 200
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Endpoint)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()


def http_toml(url: str, timeout: float = 30) -> str:
    return (f'generator = "http"\nurl = "{url}"\nmodel = "tiny-test-model"\napi_key_env = "FOOTPRINT_TEST_RAG_KEY"\n'
            f"timeout_seconds = {timeout}\n")


def test_http_generator(tmp_path, shared_cache, endpoint, monkeypatch):
    monkeypatch.setenv("FOOTPRINT_TEST_RAG_KEY", "sk-test-secret")
    ws = workspace(tmp_path / "ws", shared_cache, http_toml(endpoint))
    out = call(ws, question=QUESTION)
    req = _Endpoint.requests[0]
    assert req["path"] == "/v1/chat/completions" and req["auth"] == "Bearer sk-test-secret"
    assert req["body"]["model"] == "tiny-test-model"
    user = req["body"]["messages"][-1]["content"]
    assert user.rstrip().endswith(f"Question: {QUESTION}") and "[c1] " in user
    assert out["answer"] == _Endpoint.answer and out["generator"].startswith("http: http://127.0.0.1:")
    assert [c["id"] for c in out["citations"] if c["cited"]] == ["c1", "c2"]
    assert any(f.startswith("`Table.addRows` is not in") for f in out["grounding"]["flags"])
    assert "sk-test-secret" not in json.dumps(out)


def test_http_generator_errors_are_reported(tmp_path, shared_cache, endpoint, monkeypatch):
    monkeypatch.setenv("FOOTPRINT_TEST_RAG_KEY", "sk-test-secret")
    _Endpoint.status = 500
    ws = workspace(tmp_path / "ws", shared_cache, http_toml(endpoint))
    out = call(ws, question=QUESTION)
    assert out["answer"] is None and "answered HTTP 500" in out["error"] and out["passages"]
    _Endpoint.status = 200
    _Endpoint.answer, previous = "not json at all", _Endpoint.answer
    try:
        ws2 = workspace(tmp_path / "ws2", shared_cache, http_toml(endpoint))
        # The endpoint wraps the text in a valid completion: a plain answer with no citations is flagged.
        out = call(ws2, question=QUESTION)
        assert out["answer"] == "not json at all"
        assert any("cites no retrieved chunk" in f for f in out["grounding"]["flags"])
    finally:
        _Endpoint.answer = previous
    unreachable = workspace(tmp_path / "ws3", shared_cache, http_toml("http://127.0.0.1:9/v1"))
    out = call(unreachable, question=QUESTION)
    assert "the generator endpoint failed" in out["error"] and "sk-test-secret" not in json.dumps(out)


def test_http_generator_timeout_and_cancel(tmp_path, shared_cache, endpoint, monkeypatch):
    monkeypatch.setenv("FOOTPRINT_TEST_RAG_KEY", "k")
    _Endpoint.delay = 20
    ws = workspace(tmp_path / "ws", shared_cache, http_toml(endpoint, timeout=1))
    out = call(ws, question=QUESTION)
    assert out["answer"] is None and "did not answer within 1 s" in out["error"]
    ws2 = workspace(tmp_path / "ws2", shared_cache, http_toml(endpoint, timeout=60))
    cancelled = threading.Event()
    threading.Timer(0.5, cancelled.set).start()
    with pytest.raises(CommandError, match="cancelled"):
        call(ws2, cancelled, question=QUESTION)


def test_http_key_comes_from_the_named_environment_variable(tmp_path, shared_cache, endpoint, monkeypatch):
    monkeypatch.delenv("FOOTPRINT_TEST_RAG_KEY", raising=False)
    ws = workspace(tmp_path / "ws", shared_cache, http_toml(endpoint))
    out = call(ws, question=QUESTION)
    assert "FOOTPRINT_TEST_RAG_KEY" in out["error"] and "not set" in out["error"] and out["passages"]
    assert _Endpoint.requests == []
    # A key written in the file has nowhere to go: it is an unknown key, reported with its line.
    root = tmp_path / "keyed"
    root.mkdir()
    (root / "footprint.toml").write_text('[rag]\ngenerator = "http"\napi_key = "sk-in-the-file"\n', encoding="utf-8")
    errors = [str(e) for e in Workspace(root).settings.errors]
    assert any("unknown key 'api_key' in [rag]" in e and ":3:" in e for e in errors), errors


def test_a_pack_cannot_choose_the_generator(tmp_path, shared_cache):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.toml").write_text(f"[rag]\n{echo()}", encoding="utf-8")
    root = tmp_path / "ws"
    root.mkdir()
    trust_folder(root)  # even a trusted workspace does not take generator settings from a pack
    (root / "footprint.toml").write_text(
        f'cache_dir = "{shared_cache.as_posix()}"\npacks = ["{PACK.as_posix()}", "{pack.as_posix()}"]\n',
        encoding="utf-8")
    out = call(Workspace(root), question=QUESTION)
    assert out["answer"] is None and out["passages"]
    assert "generator settings from an engine pack are not used" in out["error"]
    assert "pack.toml: command" in out["error"]
    # The workspace's own footprint.toml may set it.
    (root / "footprint.toml").write_text(
        f'cache_dir = "{shared_cache.as_posix()}"\npacks = ["{PACK.as_posix()}", "{pack.as_posix()}"]\n'
        f'[rag]\ngenerator = "command"\ncommand = {shlex.join([sys.executable, str(ECHO), "--invent"])!r}\n',
        encoding="utf-8")
    out = call(Workspace(root), question=QUESTION)
    assert out["answer"] and "error" not in out


@pytest.mark.slow  # builds the docs index in several CLI processes
def test_cli_rag(tmp_path, shared_cache):
    ws = workspace(tmp_path / "ws", shared_cache, echo("--invent"))
    proc = run_cli("rag", "--json", QUESTION, cwd=ws.root)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["may_invent"] is True and out["answer"] and out["citations"][0]["path"].startswith(
        os.path.relpath(PACK, ws.root).replace(os.sep, "/"))
    assert any("Table.addRows" in f for f in out["grounding"]["flags"])
    text = run_cli("rag", QUESTION, cwd=ws.root)
    assert text.returncode == 0 and "may invent" in text.stdout and "FLAG: `Table.addRows`" in text.stdout
