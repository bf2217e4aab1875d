"""The one file walker: .gitignore at any depth, config excludes, skipped folders, binary and size limits."""

from __future__ import annotations

import os

from lsp_server.config import load_settings
from lsp_server.workspace import Workspace


def make(tmp_path, files: dict[str, bytes | str]):
    for rel, content in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(content if isinstance(content, bytes) else content.encode())


def rels(ws: Workspace, **kw) -> list[str]:
    return [ws.relpath(p) for p in ws.files(**kw)]


def test_walker_honours_gitignore_excludes_and_skips(tmp_path):
    make(tmp_path, {
        "src/a.js": "a", "src/b.mjs": "b", "src/c.cjs": "c", "src/d.jsx": "d", "src/readme.md": "x",
        "src/gen/out.js": "g", "src/sub/.gitignore": "local-*.js\n", "src/sub/local-x.js": "l",
        "src/sub/kept.js": "k", ".gitignore": "ignored/\n", "ignored/x.js": "i",
        "node_modules/pkg/index.js": "n", "dist/app.js": "d", ".git/hooks/x.js": "h",
        "footprint.toml": 'exclude = ["src/gen/**"]\n',
        "src/bin.js": b"\x00\x01binary", "src/huge.js": "x" * 5000,
    })
    (tmp_path / "footprint.toml").write_text('exclude = ["src/gen/**"]\nmax_file_bytes = 1000\n')
    ws = Workspace(tmp_path, load_settings(tmp_path))
    found = rels(ws)
    assert found == ["src/a.js", "src/b.mjs", "src/bin.js", "src/c.cjs", "src/d.jsx", "src/sub/kept.js"]
    # Binary files are listed by name but never parsed; too-large files are not listed at all.
    assert ws.document(tmp_path / "src/bin.js") is None
    assert ws.document(tmp_path / "src/huge.js") is None
    assert ws.document(tmp_path / "src/a.js").text == "a"


def test_walker_does_not_follow_symlink_loops(tmp_path):
    make(tmp_path, {"src/a.js": "a"})
    os.symlink(tmp_path / "src", tmp_path / "src" / "loop")
    ws = Workspace(tmp_path, load_settings(tmp_path))
    assert rels(ws) == ["src/a.js"]


def test_document_cache_invalidates_on_change(tmp_path):
    make(tmp_path, {"a.js": "let a = 1;"})
    ws = Workspace(tmp_path, load_settings(tmp_path))
    first = ws.document(tmp_path / "a.js")
    assert ws.document(tmp_path / "a.js") is first
    (tmp_path / "a.js").write_text("let a = 22;")
    ws.files_changed([tmp_path / "a.js"])
    assert ws.document(tmp_path / "a.js").text == "let a = 22;"


def test_invalid_utf8_is_replaced_not_fatal(tmp_path):
    make(tmp_path, {"a.js": b"let s = '\xff\xfe';\n"})
    ws = Workspace(tmp_path, load_settings(tmp_path))
    doc = ws.document(tmp_path / "a.js")
    assert doc is not None and "\ufffd" in doc.text


def test_write_later_keeps_writes_while_a_warm_up_runs_and_logs_a_failed_one(tmp_path, caplog):
    ws = Workspace(tmp_path, load_settings(tmp_path))
    written: list[str] = []
    assert not ws.building()
    with ws.warming_up():
        assert ws.building()  # also between two index builds: no service lock is held here
        ws.write_later("a", lambda: written.append("a"))
        ws.write_later("b", lambda: 1 / 0)
        assert written == []
    assert not ws.building() and written == []  # until flushed (the scheduler: after ready, or at shutdown)
    ws.flush_writes()
    assert written == ["a"] and "writing the cache b failed" in caplog.text
    ws.flush_writes()
    assert written == ["a"]  # each once
