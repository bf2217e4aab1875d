"""Workspace.files() (the one walker) and the bounded cache of parsed disk files."""

from __future__ import annotations

import os

from lsp_server import workspace as workspace_mod
from lsp_server.document import ParsedDocument
from lsp_server.workspace import Workspace
from tests.conftest import trust_folder


def write(root, rel, text="export const a = 1;\n"):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def rels(ws, paths):
    return sorted(ws.relpath(p) for p in paths)


def test_walker_honours_gitignore_exclude_skipped_dirs_and_limits(tmp_path):
    root = tmp_path / "ws"
    for rel in ["src/a.js", "src/b.mjs", "src/gen/g.js", "src/sub/keep.js", "src/sub/drop.js", "lib/x.cjs",
                "node_modules/m/index.js", "dist/out.js", "vendor/v.js", "src/notes.md", "cache/c.js"]:
        write(root, rel)
    write(root, "src/big.js", "x;\n" * 200)
    (root / ".gitignore").write_text("dist/\nvendor\n", encoding="utf-8")
    (root / "src/sub/.gitignore").write_text("drop.js\n", encoding="utf-8")
    (root / "footprint.toml").write_text('exclude = ["src/gen/**"]\nmax_file_bytes = 300\ncache_dir = "cache"\n')
    trust_folder(root)  # cache_dir is a trusted-only key
    ws = Workspace(root)
    assert not ws.settings.errors
    assert rels(ws, ws.files()) == ["lib/x.cjs", "src/a.js", "src/b.mjs", "src/sub/keep.js"]
    # A subfolder walk applies the .gitignore files above it too.
    assert rels(ws, ws.files(root / "src" / "sub")) == ["src/sub/keep.js"]
    assert rels(ws, ws.files(root / "src" / "a.js")) == ["src/a.js"]
    assert "src/notes.md" in rels(ws, ws.files(languages=None))


def test_sibling_gitignore_does_not_leak(tmp_path):
    root = tmp_path / "ws"
    write(root, "a/.gitignore", "x.js\n")
    write(root, "a/x.js")
    write(root, "b/x.js")
    ws = Workspace(root)
    assert rels(ws, ws.files()) == ["b/x.js"]


def test_disk_cache_is_bounded_and_tracks_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(workspace_mod, "DISK_CACHE_ENTRIES", 3)
    root = tmp_path / "ws"
    paths = [write(root, f"m{i}.js", f"export const v{i} = {i};\n") for i in range(6)]
    ws = Workspace(root)
    docs = [ws.document(p) for p in paths]
    assert all(isinstance(d, ParsedDocument) for d in docs)
    assert len(ws._disk) == 3 and ws._disk_bytes == sum(len(d.source) for d in docs[3:])
    # Recently used entries stay; evicted ones are re-read on demand with the same content.
    assert ws.document(paths[5]) is docs[5]
    again = ws.document(paths[0])
    assert again is not docs[0] and again.text == docs[0].text
    # A changed file is re-read (mtime/size stamp), and files_changed drops the entry.
    paths[0].write_text("export const changed = 1;\n", encoding="utf-8")
    os.utime(paths[0], ns=(1, 1))
    assert ws.document(paths[0]).text == "export const changed = 1;\n"
    ws.files_changed([paths[0]])
    assert paths[0].resolve() not in ws._disk
    assert ws._disk_bytes == sum(len(d.source) for _, d in ws._disk.values())


def test_byte_budget_bounds_the_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(workspace_mod, "DISK_CACHE_BYTES", 1000)
    root = tmp_path / "ws"
    paths = [write(root, f"m{i}.js", "let x = 1;\n" * 40) for i in range(5)]  # 440 bytes each
    ws = Workspace(root)
    for p in paths:
        ws.document(p)
    assert len(ws._disk) == 2 and ws._disk_bytes <= 1000


def test_indexed_files_is_one_walk_shared_until_a_change(tmp_path):
    root = tmp_path / "ws"
    for rel in ["src/a.js", "src/b.ts", "src/types.d.ts", "src/notes.md", "node_modules/m/index.js"]:
        write(root, rel)
    ws = Workspace(root)
    listed = ws.indexed_files()
    # The files of the source languages with typings included, as files() lists them, each with its (mtime_ns, size).
    assert [p for p, _ in listed] == [str(p) for p in ws.files(languages=set(workspace_mod.SOURCE_LANGUAGES))]
    assert rels(ws, [p for p, _ in listed]) == ["src/a.js", "src/b.ts", "src/types.d.ts"]
    assert all(stamp == (os.stat(p).st_mtime_ns, os.stat(p).st_size) for p, stamp in listed)
    assert ws.indexed_files() is listed  # the second service to build reuses the walk
    new = write(root, "src/c.js")
    assert ws.indexed_files() is listed  # nothing said so yet
    ws.files_changed([new])
    again = ws.indexed_files()
    assert again is not listed and rels(ws, [p for p, _ in again]) == ["src/a.js", "src/b.ts", "src/c.js",
                                                                        "src/types.d.ts"]
    ws.reload_settings()
    assert ws.indexed_files() is not again
