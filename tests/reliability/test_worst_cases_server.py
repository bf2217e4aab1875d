"""The worst cases of issue 19 in the real server over stdio: a file whose analysis would run away (a 1 MB
minified line of application code followed by 100,000 unclosed `(`) is opened next to an ordinary one.

What must hold, asserted on events (never on elapsed time): the hovers on the ordinary file sent one after
the other right after the bad file was opened are all answered before the bad file's diagnostics arrive; those diagnostics carry the
syntax error and the one-line `analysis-limit` note (its checks stopped at `[limits] document_ms`, they did
not stall the server); the ordinary file keeps getting diagnostics after an edit; shutdown + exit end the
process with code 0. How long each of these takes is a row of `python -m benchmarks.bounds`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.bounds import PARENS, minified
from benchmarks.workloads import ENGINE_PACK
from tests.reliability.rpc_client import LspProcess, server_env

OK_JS = 'import { Document } from "@acme/layout";\nexport const doc = new Document();\ndoc.addPage();\n'


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "src").mkdir(parents=True)
    (root / "footprint.toml").write_text(f'packs = ["{os.path.relpath(ENGINE_PACK, root)}"]\n', encoding="utf-8")
    (root / "src" / "ok.js").write_text(OK_JS, encoding="utf-8")
    (root / "src" / "parens.js").write_text("(" * PARENS, encoding="utf-8")  # indexed by the warm-up too
    return root


def diagnostics_of(server: LspProcess, uri: str, start: int = 0, version: int | None = None) -> dict:
    return server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"]["uri"] == uri
                           and (version is None or m["params"].get("version") == version), timeout=120, start=start)


def test_a_runaway_file_is_bounded_noted_and_does_not_hold_up_other_requests(workspace: Path, tmp_path: Path):
    server = LspProcess(env=server_env(XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config")),
                        cwd=workspace, stderr=tmp_path / "server.log")
    try:
        server.initialize(workspace)
        ok_uri = (workspace / "src" / "ok.js").resolve().as_uri()
        server.open(ok_uri, OK_JS)
        diagnostics_of(server, ok_uri, version=1)
        # The background warm-up over the workspace (the 100,000-paren file included) ends.
        server.wait_for(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end",
                        timeout=300)

        bad_uri = (workspace / "src" / "bad.js").resolve().as_uri()
        mark = len(server.notifications)
        server.open(bad_uri, minified() + "(" * PARENS)
        # Five hovers one after the other, each sent when the previous one is answered: all of them are
        # answered before the bad file's diagnostics (its parse is not on the event loop, and its checks step
        # aside for each request in flight: foreground.py).
        for _ in range(5):
            hover = server.request("textDocument/hover", {"textDocument": {"uri": ok_uri},
                                                          "position": {"line": 2, "character": 5}}, timeout=120)
            assert hover is None or "contents" in hover
        answered = len(server.notifications)
        bad = diagnostics_of(server, bad_uri, start=mark, version=1)
        assert server.notifications.index(bad) >= answered, "a hover waited for the bad file's checks"

        codes = [d.get("code") for d in bad["params"]["diagnostics"]]
        assert "syntax-error" in codes and "analysis-skipped" in codes  # the 100,000 `(`: not queried, said so
        [note] = [d for d in bad["params"]["diagnostics"] if d.get("code") == "analysis-limit"]
        assert note["severity"] == 3 and "\n" not in note["message"] and "document_ms" in note["message"]

        # Everything else still works: an edit of the ordinary file gets its diagnostics.
        mark = len(server.notifications)
        server.notify("textDocument/didChange", {"textDocument": {"uri": ok_uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 3, "character": 0}, "end": {"line": 3, "character": 0}}, "text": "let = ;\n"}]})
        edited = diagnostics_of(server, ok_uri, start=mark, version=2)
        assert any(d.get("code") == "syntax-error" for d in edited["params"]["diagnostics"])
        assert server.alive()
    finally:
        assert server.close(timeout=30) == 0


@pytest.mark.parametrize("shutdown_first", [True, False])
def test_exit_ends_the_process_with_the_lsp_exit_code_while_work_is_running(workspace: Path, tmp_path: Path,
                                                                             shutdown_first: bool):
    """`exit` ends the process at once (os._exit after the caches are written), even with a check of a big
    file and the warm-up still running in worker threads: 0 after `shutdown`, 1 without, as LSP says."""
    server = LspProcess(env=server_env(XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config")),
                        cwd=workspace, stderr=tmp_path / "server.log")
    try:
        server.initialize(workspace)
        server.open((workspace / "src" / "big.js").as_uri(), minified())
        if shutdown_first:
            assert server.request("shutdown", None, timeout=60) is None
        server.notify("exit")
        assert server.proc.wait(timeout=60) == (0 if shutdown_first else 1)
    finally:
        server.close()
