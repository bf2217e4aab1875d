"""What a warm `footprint-ls check` of many files resolves once instead of once per use (perf26): the resolved
path of a snapshot read from disk (Workspace.real_path_of), the folders of the imports `_import_closure` follows
(`unknown_symbol._resolved`) and a package's `exports` read once for all its subpaths (`runtime_subpath`). Each
gives the answer the per-use resolution gave."""

from __future__ import annotations

import json
import os

import pytest

from lsp_server.knowledge.object_model import runtime_subpath
from lsp_server.knowledge.unknown_symbol import _resolved
from lsp_server.workspace import Workspace


def test_a_snapshot_read_from_disk_keeps_the_path_it_was_read_at(tmp_path):
    root = tmp_path / "ws"
    (root / "real").mkdir(parents=True)
    (root / "real" / "a.js").write_text("export const a = 1;\n", encoding="utf-8")
    ws = Workspace(root)
    doc = ws.document(root / "real" / "a.js")
    read_at = (root / "real" / "a.js").resolve()
    assert ws.real_path_of(doc) == read_at
    # the folder becomes a link to another folder after the read: the snapshot is still the file it was read
    # from (as an open document's path is the one resolved when it opened), not resolved again per check
    (root / "real").rename(root / "moved")
    (root / "real").symlink_to(root / "moved", target_is_directory=True)
    assert ws.real_path_of(doc) == read_at
    # a new read of the path is a new snapshot, at its new resolved path
    again = ws.document(root / "real" / "a.js")
    assert again is not doc and ws.real_path_of(again) == (root / "moved" / "a.js").resolve()
    # a document the workspace did not read (an editor's buffer) is resolved as before
    from lsp_server.document import ParsedDocument, path_to_uri
    buffer = ParsedDocument.create(path_to_uri(root / "real" / "a.js"), "x;\n", version=3)
    assert ws.real_path_of(buffer) == (root / "moved" / "a.js").resolve()


def test_resolved_is_path_resolve(tmp_path):
    base = tmp_path / "pkg"
    (base / "lib" / "core").mkdir(parents=True)
    (base / "lib" / "core" / "index.js").write_text("", encoding="utf-8")
    (base / "lib" / "util.js").write_text("", encoding="utf-8")
    (base / "other").mkdir()
    (base / "lib" / "linked").symlink_to(base / "other", target_is_directory=True)
    (base / "lib" / "file-link.js").symlink_to(base / "lib" / "util.js")
    (base / "lib" / "rel-link").symlink_to("core")
    (base / "lib" / "dangling.js").symlink_to(base / "nowhere.js")
    folders: dict[str, str] = {}
    cases = ["lib/util", "lib/util.js", "lib/core", "lib/core/../util.js", "lib/linked/x", "lib/linked/../util.js",
             "lib/file-link.js", "lib/rel-link", "lib/rel-link/index.js", "lib/dangling.js", "lib/missing/x.js",
             "lib/..", "lib/.", "lib/core/..", "lib/./core/index.js"]
    for rel in cases * 2:  # the second round from `folders` as the first left it
        given = base / "lib" / "core" / ".." / rel if rel.startswith("lib/core/..") else base / rel
        assert _resolved(given, folders) == given.resolve(), rel
    assert folders  # the folders were kept


def test_resolved_raises_on_a_link_loop_as_resolve_does(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(RuntimeError):
        (tmp_path / "a" / "x.js").resolve()
    with pytest.raises(RuntimeError):
        _resolved(tmp_path / "a" / "x.js", {})
    with pytest.raises(RuntimeError):
        _resolved(tmp_path / "a", {})


def test_runtime_subpath_with_the_exports_given_is_the_same(tmp_path):
    pkg = tmp_path / "node_modules" / "p"
    (pkg / "lib" / "nested").mkdir(parents=True)
    for rel in ["lib/a.js", "lib/nested/b.js", "lib/c.cjs", "index.js"]:
        (pkg / rel).write_text("", encoding="utf-8")
    exports = {".": "./index.js", "./a": "./lib/a.js", "./c": {"require": "./lib/c.cjs"}, "./n/*": "./lib/nested/*.js",
               "./gone": "./lib/gone.js", "./out": "../outside.js"}
    (tmp_path / "node_modules" / "outside.js").write_text("", encoding="utf-8")
    (pkg / "package.json").write_text(json.dumps({"name": "p", "exports": exports}), encoding="utf-8")
    for sub in ["a", "c", "n/b", "gone", "out", "missing"]:
        expected = runtime_subpath(pkg, sub)
        assert runtime_subpath(pkg, sub, exports=exports, resolved_root=pkg.resolve()) == expected, sub
    assert runtime_subpath(pkg, "a") == (pkg / "lib" / "a.js").resolve()
    assert runtime_subpath(pkg, "out") is None and runtime_subpath(pkg, "gone") is None
    assert os.path.isfile(runtime_subpath(pkg, "n/b"))
