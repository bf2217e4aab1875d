"""The real server over stdio mines the naming conventions in its warm-up: by the time its indexing
`$/progress` ends ("ready") they are mined and their cache written, and no check or hover after it mines
them again (knowledge/naming.py `mined_before_ready`; the in-process side is
tests/unit/test_naming_warm_up.py)."""

from __future__ import annotations

from tests.e2e.cli.test_index_artifact_cli import make_checkout
from tests.reliability.rpc_client import LspProcess, server_env

MINED = "conventions mined from"  # naming's log line, once per mining


def _is_ready(message: dict) -> bool:
    return message.get("method") == "$/progress" and str(message["params"].get("token", "")).startswith(
        "footprint-index") and message["params"]["value"].get("kind") == "end"


def test_the_conventions_are_mined_and_cached_before_ready_and_never_after(tmp_path):
    repo = make_checkout(tmp_path)  # the layout engine's pack beside it: its examples teach `box` -> Block
    path = repo / "src" / "box.js"
    path.write_text("export function f(box) {\n  box.addRw(1);\n}\n", encoding="utf-8")
    log, cache = tmp_path / "server.log", tmp_path / "home" / "cache"
    at_ready: dict[str, object] = {}

    def seen(message: dict) -> None:
        # In the client's reader thread, as the end of the progress arrives: what the server had done by then.
        if _is_ready(message) and not at_ready:
            at_ready["mined"] = log.read_text(errors="replace").count(MINED)
            at_ready["cached"] = sorted(p.name for p in cache.rglob("naming_*.json"))

    server = LspProcess(env=server_env(XDG_CACHE_HOME=str(cache), XDG_CONFIG_HOME=str(tmp_path / "home" / "config")),
                        cwd=repo, stderr=log)
    server.on_notification = seen
    try:
        server.initialize(repo)
        server.wait_for(_is_ready, timeout=120)
        assert at_ready == {"mined": 1, "cached": ["naming_conventions.json", "naming_observations.json"]}, at_ready
        # A file whose receiver only a convention types, opened after ready: its check and a hover use them.
        uri = path.resolve().as_uri()
        server.open(uri, path.read_text(encoding="utf-8"))
        server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
                        and any(d.get("code") == "unknown-symbol" and "`box` looks like a `Block`" in d["message"]
                                for d in m["params"]["diagnostics"]), timeout=120)
        server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 7}})
    finally:
        assert server.close(timeout=30) == 0
    assert log.read_text(errors="replace").count(MINED) == 1  # nothing mined after ready
