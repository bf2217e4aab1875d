"""A checkout matches its files against an index artifact by content, whichever way it takes it (FOOTPRINT_INDEX
at start, `index use`): the walker's listed files are hashed without resolving each path again
(`storage.listed_content_hash`), and a file whose content is not the one the artifact was built from never
takes the artifact's data, even when it has the size (and the modification time) of the original; a file
the artifact does not know (untracked, new) is parsed, as is one changed between the walk and its hashing;
what was taken is written as the checkout's own cache once the warm-up is done. Real files in tmp_path; the graph compared as JSON with a cold build's of the same checkout."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

from lsp_server import integrity, storage
from lsp_server.graph.service import ARTIFACT_PART as GRAPH_PART
from lsp_server.graph.service import CACHE_FILE, ImportGraphService
from lsp_server.knowledge import object_model
from lsp_server.workspace import Workspace
from tests.unit.test_graph_warm_resolutions import MODULES, graph_json, make_ws, one_shot

MAX_BYTES = 1024 * 1024


def build_artifact(tmp_path: Path) -> Path:
    """Checkout A's graph and object-model parts written as an artifact (as `footprint-ls index build`)."""
    root = tmp_path / "a" / "repo"
    ws = make_ws(root)
    graph = ImportGraphService.build(ws)
    model = ws.service(object_model.ObjectModelService)
    out = tmp_path / "artifact"
    integrity.write_artifact(out, {GRAPH_PART: graph.artifact_part(),
                                   object_model.ARTIFACT_PART: object_model.artifact_part(model, ws)}, {})
    return out


def copy_of_a(tmp_path: Path) -> Path:
    target = tmp_path / "b" / "repo"
    shutil.copytree(tmp_path / "a" / "repo", target)  # copy2: the copies keep A's modification times
    return target


def same_size_edit(path: Path, old: bytes, new: bytes) -> None:
    """Replace `old` by `new` (as long), keeping the size and the modification time: only the content says
    the file differs."""
    st = path.stat()
    path.write_bytes(path.read_bytes().replace(old, new))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns


def test_only_files_with_the_artifacts_content_take_its_data(tmp_path: Path, monkeypatch):
    artifact = build_artifact(tmp_path)
    root = copy_of_a(tmp_path)
    same_size_edit(root / "src" / "c.js", b"const c", b"const k")  # another export, same size and mtime
    (root / "src" / "new.js").write_text('import { c } from "./c.js";\nexport const n = c;\n', encoding="utf-8")
    (root / "src" / "y.ts").unlink()  # in the artifact, not in this checkout
    monkeypatch.setenv(integrity.ARTIFACT_ENV, str(artifact))

    graph = ImportGraphService.build(one_shot(root))
    # Every module but the edited one came from the artifact; the edited and the untracked one were parsed.
    assert graph.stats["artifact"] == MODULES - 2
    assert graph.stats["parsed"] == 2
    assert graph.modules[str(root / "src" / "c.js")].info.export_names == {"k"}  # not the artifact's `c`
    # Its graph is the cold build's of these files.
    (one_shot(root).cache_dir / CACHE_FILE).unlink()
    monkeypatch.delenv(integrity.ARTIFACT_ENV)
    cold = ImportGraphService.build(one_shot(root))
    assert cold.stats.get("artifact") is None and cold.stats["parsed"] == MODULES
    assert graph_json(graph, root) == graph_json(cold, root)

    # The object model's discovery takes what each file imports from the artifact on the same terms.
    manifest, parts = integrity.read_artifact(artifact)
    taken = object_model.imports_from_artifact(one_shot(root), parts[object_model.ARTIFACT_PART])
    js = {str(root / rel) for rel in ("src/main.js", "src/b.js", "src/util/index.js", "src/lib/a.js", "src/lib/b.js",
                                      "other/d.js")}
    assert js <= set(taken)
    assert str(root / "src" / "c.js") not in taken and str(root / "src" / "new.js") not in taken
    assert str(root / "src" / "y.ts") not in taken


def test_a_listed_file_is_hashed_only_as_the_walker_saw_it(tmp_path: Path):
    listed, changed = tmp_path / "m.js", tmp_path / "n.js"
    for path in (listed, changed):
        path.write_text("export const m = 1;\n", encoding="utf-8")
    st = listed.stat()
    assert storage.listed_content_hash(str(listed), (st.st_mtime_ns, st.st_size), MAX_BYTES, [tmp_path]) == \
        storage.content_hash(b"export const m = 1;\n")
    # Changed between the walk and the hashing (another stamp now): not the file that was listed, so no
    # digest (it is parsed); with the stamp it has now, the digest of what it holds now.
    st = changed.stat()
    walked = (st.st_mtime_ns, st.st_size)
    changed.write_text("export const m = 22;\n", encoding="utf-8")
    os.utime(changed, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert storage.listed_content_hash(str(changed), walked, MAX_BYTES, [tmp_path]) is None
    st = changed.stat()
    assert storage.listed_content_hash(str(changed), (st.st_mtime_ns, st.st_size), MAX_BYTES, [tmp_path]) == \
        storage.content_hash(b"export const m = 22;\n")
    # Over max_file_bytes, or gone: no digest.
    assert storage.listed_content_hash(str(changed), (st.st_mtime_ns, st.st_size), 4, [tmp_path]) is None
    assert storage.listed_content_hash(str(tmp_path / "gone.js"), (1, 1), MAX_BYTES, [tmp_path]) is None


def test_a_symlinked_file_is_read_only_inside_the_roots(tmp_path: Path):
    root, outside = tmp_path / "root", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (root / "real.js").write_text("export const r = 1;\n", encoding="utf-8")
    (outside / "secret.js").write_text("export const s = 1;\n", encoding="utf-8")
    (root / "inside.js").symlink_to(root / "real.js")
    (root / "leaving.js").symlink_to(outside / "secret.js")
    for name, expected in (("inside.js", storage.content_hash(b"export const r = 1;\n")), ("leaving.js", None)):
        st = (root / name).stat()
        assert storage.listed_content_hash(str(root / name), (st.st_mtime_ns, st.st_size), MAX_BYTES,
                                           [root]) == expected, name


def test_the_graph_cache_waits_for_the_other_indexes_being_built(tmp_path: Path):
    """After a start from an artifact the graph has a whole cache to write: a server writes it once the warm-up
    has built the other indexes, not in the middle (a shutdown meanwhile writes it at once)."""
    root = tmp_path / "repo"
    make_ws(root)
    ws = Workspace(root)  # a server's: the graph writes its cache later
    started, release = threading.Event(), threading.Event()

    class SlowIndex:
        name = "slow"

        @classmethod
        def build(cls, workspace, progress):
            started.set()
            release.wait(30)
            return cls()

    graph = ImportGraphService.build(ws)
    cache = ws.cache_dir / CACHE_FILE
    builder = threading.Thread(target=ws.service, args=(SlowIndex,))
    builder.start()
    try:
        assert started.wait(30) and ws.building()
        graph._persist_now()  # the timer fires while another index is being built
        assert not cache.exists() and graph._persist_timer is not None
    finally:
        release.set()
        builder.join(30)
    assert not ws.building()
    graph.flush()
    assert cache.exists()
