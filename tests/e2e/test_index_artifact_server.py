"""An index artifact taken by the real language server over stdio: started on a copy of the checkout in
another folder, under another user's caches and key, with FOOTPRINT_INDEX set (docs/scaling.md). The CLI
side (`index build|use`, tampering) is tests/e2e/cli/test_index_artifact_cli.py, whose fixtures this uses."""

from __future__ import annotations

import shutil

from tests.e2e.cli.test_index_artifact_cli import MODULES, built  # noqa: F401 - `built` is a fixture
from tests.reliability.rpc_client import LspProcess, server_env


def test_a_language_server_on_the_copy_starts_from_the_artifact(built, tmp_path):  # noqa: F811
    """The real server over stdio, started on a copy with FOOTPRINT_INDEX: its warm-up takes the artifact
    (its log says how many modules came from it and how many were parsed) and its diagnostics see the graph."""
    repo_a, artifact, digest = built
    shutil.copytree(repo_a.parent, tmp_path / "b", ignore=shutil.ignore_patterns(".footprint-cache"))
    repo_b = tmp_path / "b" / "repo"
    (repo_b / "src" / "m9.js").write_text('import { nope } from "./m8.js";\nexport const v9 = nope;\n', encoding="utf-8")
    log = tmp_path / "server.log"
    server = LspProcess(env=server_env(XDG_CACHE_HOME=str(tmp_path / "home-b" / "cache"),
                                       XDG_CONFIG_HOME=str(tmp_path / "home-b" / "config"),
                                       FOOTPRINT_INDEX=str(artifact), FOOTPRINT_INDEX_SHA256=digest),
                        cwd=repo_b, stderr=log)
    try:
        server.initialize(repo_b)
        uri = (repo_b / "src" / "m9.js").resolve().as_uri()
        server.open(uri, (repo_b / "src" / "m9.js").read_text(encoding="utf-8"))
        # The edited module imports a name m8.js does not export: reported once the graph is ready.
        server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
                        and any(d.get("code") == "unknown-export" for d in m["params"]["diagnostics"]), timeout=120)
        server.wait_for(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end",
                        timeout=120)  # every index built
    finally:
        assert server.close(timeout=30) == 0
    line = next(x for x in log.read_text().splitlines() if "import graph of" in x)
    # m9.js is open in the editor (its buffer is used, not parsed from disk); every other module is reused.
    assert f"({MODULES - 1} from the index artifact), 0 parsed" in line, line
    # The object model's discovery took what each file imports and declares from the artifact too.
    scan = next(x for x in log.read_text().splitlines() if "object model imports of" in x)
    assert f"{MODULES - 1} files, {MODULES - 1} from the cache, 0 scanned" in scan, scan


def test_the_server_takes_the_naming_conventions_from_the_artifact(built, tmp_path):  # noqa: F811
    """The conventions mined in CI from the engine's examples type a receiver nothing declares (`box`, a
    Block): the server started with FOOTPRINT_INDEX reports the invented member through them without mining."""
    repo_a, artifact, digest = built
    shutil.copytree(repo_a.parent, tmp_path / "b", ignore=shutil.ignore_patterns(".footprint-cache"))
    repo_b = tmp_path / "b" / "repo"
    path = repo_b / "src" / "box.js"
    path.write_text("export function f(box) {\n  box.addRw(1);\n}\n", encoding="utf-8")
    log = tmp_path / "server.log"
    server = LspProcess(env=server_env(XDG_CACHE_HOME=str(tmp_path / "home-b" / "cache"),
                                       XDG_CONFIG_HOME=str(tmp_path / "home-b" / "config"),
                                       FOOTPRINT_INDEX=str(artifact), FOOTPRINT_INDEX_SHA256=digest),
                        cwd=repo_b, stderr=log)
    try:
        server.initialize(repo_b)
        uri = path.resolve().as_uri()
        server.open(uri, path.read_text(encoding="utf-8"))
        server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
                        and any(d.get("code") == "unknown-symbol" and "`box` looks like a `Block`" in d["message"]
                                for d in m["params"]["diagnostics"]), timeout=120)
    finally:
        assert server.close(timeout=30) == 0
    naming = [x for x in log.read_text().splitlines() if "naming: " in x]
    assert len(naming) == 1 and "taken from the index artifact" in naming[0], naming
