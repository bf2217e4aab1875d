"""Hostile inputs, through the CLI and through the live server: each gets a clear, bounded response
(skipped with a reason, a diagnostic, or an error message) and everything else keeps working.

Bounded means: the CLI run and every server request finish within the subprocess/request timeouts below
(generous, for slow CI machines); no timing is asserted beyond that.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import pytest

from lsp_server.workspace import Workspace
from tests.conftest import run_cli
from tests.reliability.rpc_client import INVALID_PARAMS, LspProcess, RpcError, server_env

DEPTH = 10_000
HUGE_DOC_BYTES = 50 * 1024 * 1024


def build_hostile_workspace(root: Path) -> dict[str, Path]:
    src, docs = root / "src", root / "docs"
    src.mkdir(parents=True)
    docs.mkdir()
    files = {
        "ok": src / "ok.js",
        "minified": src / "vendor.min.js",
        "parens": src / "nested_parens.js",
        "arrays": src / "nested_arrays.js",
        "blocks": src / "nested_blocks.js",
        "calls": src / "nested_calls.js",
        "templates": src / "nested_templates.js",
        "binary": src / "binary.js",
        "bad_utf8": src / "bad_utf8.js",
        "dts": root / "types" / "engine.d.ts",
        "package": root / "package.json",
        "huge_doc": docs / "huge.md",
        "doc": docs / "guide.md",
    }
    files["ok"].write_text("let a = ;\nconst b = 1;\n", encoding="utf-8")
    unit = 'function a(b){return b.map(function(c){return{x:c,y:"é😀"}})}var z=a([1,2,3]);'
    files["minified"].write_text(unit * (5 * 1024 * 1024 // len(unit.encode()) + 1), encoding="utf-8")
    files["parens"].write_text("x = " + "(" * DEPTH + "1" + ")" * DEPTH + ";\n")
    files["arrays"].write_text("x = " + "[" * DEPTH + "]" * DEPTH + ";\n")
    files["blocks"].write_text("if (a) {" * DEPTH + "}" * DEPTH + "\n")
    files["calls"].write_text("f(" * DEPTH + ")" * DEPTH + ";\n")
    files["templates"].write_text("x = " + "`${" * 2000 + "1" + "}`" * 2000 + ";\n")
    rng = random.Random(7)
    files["binary"].write_bytes(bytes(rng.randrange(256) for _ in range(64 * 1024)) + b"\x00")
    files["bad_utf8"].write_bytes(b"const s = '\xff\xfe\xc3\x28 \xed\xa0\x80';\nlet ok = 1;\n")
    files["dts"].parent.mkdir()
    files["dts"].write_text("declare module '@acme/layout' {\n  export class Page {\n    add(: Block;\n  }}}} <<<\n"
                            "export interface { [key: string]\n" * 200, encoding="utf-8")
    files["package"].write_text('{"name": "hostile", "dependencies": {"@acme/layout": ', encoding="utf-8")
    with open(files["huge_doc"], "wb") as fh:
        block = ("# Heading\n\nSome text about `Page.addBlock()` and tables. " * 20 + "\n").encode()
        while fh.tell() < HUGE_DOC_BYTES:
            fh.write(block)
    files["doc"].write_text("# Guide\n\nA normal page.\n")
    # Symlink loops: two links pointing at each other, a self link, a link back to the root.
    (docs / "loopA").symlink_to("loopB")
    (docs / "loopB").symlink_to("loopA")
    (docs / "self.md").symlink_to("self.md")
    (docs / "up").symlink_to("..")
    (src / "loop.js").symlink_to("loop.js")
    return files


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    return root, build_hostile_workspace(root)


# --- the shared file walker -------------------------------------------------------------------------------
def test_walker_terminates_on_symlink_loops_and_skips_huge_files(hostile):
    root, files = hostile
    ws = Workspace(root)
    walked = list(ws.files(languages=None))  # every file, as a docs index walks them
    names = {p.relative_to(root).as_posix() for p in walked}
    assert "docs/guide.md" in names and "src/ok.js" in names
    assert "docs/huge.md" not in names and "src/vendor.min.js" not in names
    assert not any(n.startswith("docs/up/") for n in names), "followed a symlink back to the root"
    assert "over the" in ws.skipped[files["huge_doc"]]
    for link in ("loopA", "self.md"):
        assert ws.document(root / "docs" / link) is None  # unreadable, not an exception
    assert ws.document(files["binary"]) is None and "binary" in ws.skipped[files["binary"]]
    doc = ws.document(files["bad_utf8"])
    assert doc is not None and "\ufffd" in doc.text and "let ok" in doc.text


# --- the CLI ---------------------------------------------------------------------------------------------------
def test_cli_check_over_the_hostile_workspace(hostile):
    root, files = hostile
    result = run_cli("check", "--format", "json", str(root), timeout=600)
    assert result.returncode == 1, result.stderr  # the syntax error in ok.js
    assert "Traceback" not in result.stderr, result.stderr
    findings = json.loads(result.stdout)
    by_file = {}
    for f in findings:
        by_file.setdefault(Path(f["path"]).name, []).append(f["code"])
    assert by_file.get("ok.js") == ["syntax-error"]
    assert "bad_utf8.js" not in by_file or by_file["bad_utf8.js"] == ["syntax-error"]
    # Left-out files are named on stderr with the reason; stdout stays valid JSON.
    assert "skipped src/vendor.min.js: " in result.stderr.replace(os.sep, "/") or "vendor.min.js" in result.stderr
    assert "max_file_bytes" in result.stderr and "binary file" in result.stderr


def test_cli_check_of_explicit_hostile_files(hostile):
    root, files = hostile
    result = run_cli("check", str(files["dts"]), str(files["calls"]), str(files["parens"]), timeout=600)
    assert "Traceback" not in result.stderr, result.stderr
    assert "engine.d.ts:" in result.stdout and "syntax-error" in result.stdout  # an explicit .d.ts is checked
    result = run_cli("check", str(root / "docs" / "loopA"))
    assert result.returncode == 2 and "no such file" in result.stderr and "Traceback" not in result.stderr
    result = run_cli("check", str(files["huge_doc"]), str(files["binary"]))
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "huge.md: " in result.stderr and "binary.js: binary file" in result.stderr


BAD_CONFIGS = {
    "bad_toml": ("exclude = [\n", 0, "invalid TOML"),
    "unknown_key": ("\n\ncolour = 'red'\n", 2, "unknown key 'colour'"),
    "unknown_section_key": ("[docs]\n[nonsense]\nx = 1\n", 1, "unknown key 'nonsense'"),
    "wrong_type": ("exclude = 'dist'\n", 0, "expected a list"),
    "wrong_item_type": ("exclude = ['a', 5]\n", 0, "item 2"),
    "bool_for_int": ("max_file_bytes = true\n", 0, "expected an integer"),
    "nonsense_value": ("\nmax_file_bytes = -5\n", 1, "at least 1"),
    "bad_pattern": ("exclude = ['!']\n", 0, "not a valid gitignore pattern"),
    "missing_pack": ("packs = ['../no-such-pack']\n", 0, "pack not found"),
    "section_not_table": ("docs = 3\n", 0, "must be a table"),
    "too_deep": ("x = " + "[" * 3000 + "]" * 3000 + "\n", 0, "nested too deeply"),
    "invalid_utf8": (b"exclude = ['\xff']\n", 0, "cannot read"),
    "broken_pack_toml": ("packs = ['pack']\n", 1, "pack.toml:2: invalid TOML"),
    "pack_with_top_keys": ("packs = ['pack2']\n", 0, "pack.toml:1: unknown key 'packs'"),
}


def _write_config(root: Path, case: str) -> Path:
    text, _, _ = BAD_CONFIGS[case]
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack").mkdir(exist_ok=True)
    (root / "pack" / "pack.toml").write_text("[docs]\n[[broken\n")
    (root / "pack2").mkdir(exist_ok=True)
    (root / "pack2" / "pack.toml").write_text("packs = ['..']\n")
    config = root / "footprint.toml"
    config.write_bytes(text if isinstance(text, bytes) else text.encode())
    (root / "app.js").write_text("let a = ;\n")
    return config


@pytest.mark.parametrize("case", sorted(BAD_CONFIGS))
def test_cli_reports_config_errors_with_file_and_line(tmp_path, case):
    _, line, message = BAD_CONFIGS[case]
    _write_config(tmp_path, case)
    result = run_cli("check", str(tmp_path))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert message in result.stderr, result.stderr
    if "pack.toml" not in message:
        assert f"footprint.toml:{line + 1}: " in result.stderr, result.stderr


# --- the server ------------------------------------------------------------------------------------------------
def _diagnostics(proc: LspProcess, uri: str, start: int, timeout: float = 300) -> list[dict]:
    message = proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri, timeout=timeout, start=start)
    return message["params"]["diagnostics"]


@pytest.mark.slow  # every hostile file through a live server
def test_server_survives_every_hostile_file(hostile, tmp_path):
    root, files = hostile
    log = tmp_path / "server.log"
    proc = LspProcess(env=server_env(), stderr=log)
    try:
        proc.initialize(root)
        for name, path in files.items():
            if name == "huge_doc":
                continue  # below, on its own
            text = path.read_bytes().decode("utf-8", errors="replace")  # what an editor would send
            uri = path.as_uri()
            mark = len(proc.notifications)
            language = "typescript" if path.name.endswith(".ts") else "json" if path.suffix == ".json" else "javascript"
            proc.open(uri, text, 1, language)
            if language != "json":
                diagnostics = _diagnostics(proc, uri, mark)
                for d in diagnostics:
                    assert d["range"]["start"]["line"] <= text.count("\n") + 1
                if name == "minified":
                    assert [d["code"] for d in diagnostics] == ["file-too-large"]
                    assert "max_file_bytes" in diagnostics[0]["message"]
            # Requests on it are answered; the server's copy is exact.
            proc.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 5}})
            proc.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {
                "start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 50}}, "context": {"diagnostics": []}})
            state = proc.command("document_state", {"uri": uri})
            assert state["sha256"] == hashlib.sha256(text.encode("utf-8")).hexdigest()
            # An edit deep inside the nesting is applied and re-checked in bounded time.
            mark = len(proc.notifications)
            proc.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
                {"range": {"start": {"line": 0, "character": 3000}, "end": {"line": 0, "character": 3001}}, "text": ";"}]})
            if language != "json":
                _diagnostics(proc, uri, mark)
            assert proc.alive()
        # Files on disk that cannot be read are an error answer, not a crash.
        with pytest.raises(RpcError) as err:
            proc.command("check_file", {"uri": files["binary"].with_name("missing.js").as_uri()})
        assert err.value.code == INVALID_PARAMS
        for link in (root / "docs" / "loopA", root / "src" / "loop.js"):
            with pytest.raises(RpcError) as err:
                proc.command("check_file", {"uri": link.as_uri()})
            assert err.value.code == INVALID_PARAMS
        # Watched-file events for hostile files (huge, looping, binary) are absorbed.
        changes = [{"uri": p.as_uri(), "type": 2} for p in
                   (files["huge_doc"], files["binary"], files["package"], root / "docs" / "loopA", root / "src" / "loop.js")]
        proc.notify("workspace/didChangeWatchedFiles", {"changes": changes})
        # And the normal file still gets its diagnostics.
        ok_uri = files["ok"].as_uri()
        mark = len(proc.notifications)
        proc.notify("textDocument/didChange", {"textDocument": {"uri": ok_uri, "version": 3}, "contentChanges": [
            {"text": "let a = ;\nlet c = ;\n"}]})
        assert [d["code"] for d in _diagnostics(proc, ok_uri, mark)] == ["syntax-error", "syntax-error"]
        assert not [m for m in proc.notifications if m.get("method") == "window/showMessage"
                    and m["params"]["type"] == 1]
    finally:
        proc.close()
    assert "Traceback" not in log.read_text(encoding="utf-8", errors="replace")


@pytest.mark.slow  # a 50 MB document over stdio
def test_server_keeps_a_50mb_document_in_sync(hostile, tmp_path):
    root, files = hostile
    proc = LspProcess(env=server_env(), stderr=tmp_path / "server.log")
    try:
        proc.initialize(root)
        text = files["huge_doc"].read_text(encoding="utf-8")
        uri = files["huge_doc"].as_uri()
        proc.open(uri, text, 1, "markdown")
        proc.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 4}}, "text": "Más"}]})
        lines = text.split("\n")
        lines[2] = "Más" + lines[2][4:]
        state = proc.command("document_state", {"uri": uri}, timeout=300)
        assert state["version"] == 2
        assert state["sha256"] == hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
        assert proc.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 3}}) is None
        proc.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        assert proc.command("document_state", {"uri": uri}) is None
    finally:
        proc.close()


@pytest.mark.parametrize("case", ["bad_toml", "unknown_key", "nonsense_value", "bad_pattern", "too_deep",
                                  "broken_pack_toml"])
def test_server_reports_config_errors_and_keeps_working(tmp_path, case):
    _, line, message = BAD_CONFIGS[case]
    config = _write_config(tmp_path, case)
    proc = LspProcess(env=server_env(), stderr=tmp_path / "server.log")
    try:
        proc.initialize(tmp_path)
        app = (tmp_path / "app.js").as_uri()
        proc.open(app, "let a = ;\n", 1)
        target = (tmp_path / "pack" / "pack.toml") if "pack.toml" in message else config
        published = proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                  and m["params"]["uri"] == target.as_uri())
        (diag,) = published["params"]["diagnostics"]
        assert diag["code"] == "config-error" and message.split(":")[-1].strip() in diag["message"]
        if "pack.toml" not in message:
            assert diag["range"]["start"]["line"] == line
        proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"]["uri"] == app and m["params"]["diagnostics"])
        assert proc.alive()
    finally:
        proc.close()
