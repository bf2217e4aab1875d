"""A docs index build killed with SIGKILL (a real child process) mid-build or mid-update, then restarted: the index
still opens and answers (split from tests/unit/test_docs_index.py, whose docs workspace it reuses)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from lsp_server.knowledge.docs_index import INDEX_DIR, MANIFEST, DocsIndex
from lsp_server.workspace import Workspace
from tests.conftest import REPO
from tests.unit.test_docs_index import headings, make_ws


BUILD_SCRIPT = """
import sys
from pathlib import Path
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.workspace import Workspace

def progress(message, percent=None):
    print(message, flush=True)

DocsIndex.build(Workspace(Path(sys.argv[1])), progress)
print("DONE", flush=True)
"""


def _big_docs(n: int) -> dict[str, str]:
    words = "layout engine block table row cell paragraph style font image page header footer margin".split()
    docs = {}
    for i in range(n):
        sections = []
        for j in range(12):
            body = " ".join(words[(i * 7 + j * 3 + k) % len(words)] for k in range(60))
            sections.append(f"## Section{i}x{j}\n\n{body}\n\n```js\nconst v{i}_{j} = doc.addPage();\n```\n")
        docs[f"part{i // 100}/file{i}.md"] = f"# File {i}\n\n" + "\n".join(sections)
    return docs


def _start_build(root: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", BUILD_SCRIPT, str(root)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)


def _kill_after_progress(proc: subprocess.Popen, marker: str) -> None:
    deadline = time.monotonic() + 60
    for line in proc.stdout:
        if marker in line or time.monotonic() > deadline:
            break
        assert "DONE" not in line, "the build finished before it could be killed: make the corpus bigger"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def test_kill_9_mid_build_then_restart_gives_a_working_index(tmp_path):
    ws = make_ws(tmp_path, _big_docs(400))
    proc = _start_build(tmp_path)
    _kill_after_progress(proc, "docs: 200/")
    folder = ws.cache_dir / INDEX_DIR
    assert list(folder.parent.glob(f"{INDEX_DIR}.build-*")), "the killed build left its temporary folder"
    assert not (folder / MANIFEST).exists()  # no half-built index was swapped in
    index = DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None)
    assert not list(folder.parent.glob(f"{INDEX_DIR}.build-*"))  # leftovers of the dead build are removed
    assert headings(index.search("Section399x11"))[0] == "File 399 › Section399x11"
    assert index.file_count == 400


def test_kill_9_mid_incremental_update_then_restart_gives_a_working_index(tmp_path):
    ws = make_ws(tmp_path)
    DocsIndex.build(ws, lambda m, p=None: None).close()
    for name, text in _big_docs(300).items():
        path = tmp_path / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    proc = _start_build(tmp_path)  # opens the index and syncs 300 new files in place
    _kill_after_progress(proc, "docs: updating")
    time.sleep(0)  # killed while the in-place writer was busy (or just after)
    index = DocsIndex.build(Workspace(tmp_path), lambda m, p=None: None)
    assert index.file_count == 302
    assert headings(index.search("Section299x3"))[0] == "File 299 › Section299x3"
    assert headings(index.search("addRow"))[0] == "Table › Table.addRow(options)"
