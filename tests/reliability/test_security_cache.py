"""Security: caches never load what Footprint did not write (issue 14: C2, and unusable cache folders).

The docs index is a whoosh index, whose files are unpickled when it is opened: an index planted in the
predictable per-user cache folder, or shipped by a repository through `cache_dir`, would run code when the
server opens the folder or a hook runs `check`. Each attack is reproduced against the real CLI and the real
server with a payload whose `__reduce__` creates a marker file, built exactly as an attacker would: with
Footprint itself (their own key), then a payload put in the TOC and the manifest's digests redone and signed.
Controls show that plain `whoosh.index.open_dir`, or Footprint holding the attacker's key, does run the
payload, so each test can fail.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lsp_server import integrity
from lsp_server.graph.service import CACHE_FILE, SIGNED_AS as GRAPH_SIGNED_AS
from lsp_server.graph.store import decode_lines, encode_lines
from lsp_server.knowledge.docs_index import INDEX_DIR, MANIFEST, SIGNED_AS, DocsIndex
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES, REPO, run_cli
from tests.reliability.rpc_client import LspProcess, server_command, server_env

DOC = "# Table\n\n## Table.addRow(options)\n\nAppend a row to the table.\n"
HEADING = "Table › Table.addRow(options)"

# Run by the attacker (their own XDG_CONFIG_HOME, so their own key): build the docs index of ROOT with
# Footprint, copy it to TARGET, swap its TOC for one whose pickled schema holds the payload, then redo the
# manifest's digests and sign it, so TARGET holds exactly what Footprint writes, payload included.
PLANT = r'''
import shutil, sys
from pathlib import Path
from whoosh.filedb.filestore import FileStorage
from whoosh.index import TOC
from lsp_server import integrity
from lsp_server.knowledge.docs_index import INDEX_DIR, MANIFEST, SIGNED_AS, DocsIndex
from lsp_server.workspace import Workspace

class Payload:
    def __init__(self, marker):
        self.marker = marker
    def clean(self):  # whoosh cleans every field before it pickles the schema
        pass
    def __reduce__(self):
        return (open, (self.marker, "w"))  # unpickling creates the marker file

root, target, marker = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
ws = Workspace(root)
DocsIndex.build(ws, lambda m, p=None: None).close()
built = ws.cache_dir / INDEX_DIR
if built != target:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(built, target)
storage = FileStorage(str(target))
toc = TOC.read(storage, "MAIN")
toc.schema._fields["zz_payload"] = Payload(marker)
storage.delete_file(f"_MAIN_{toc.generation}.toc")
toc.write(storage, "MAIN")
manifest, problem = integrity.read_signed_json(target / MANIFEST, SIGNED_AS)
assert problem is None, problem
manifest["index"] = integrity.folder_digests(target, skip=frozenset({MANIFEST}))
integrity.write_signed_json(target / MANIFEST, manifest, SIGNED_AS)
'''


@pytest.fixture
def victim(tmp_path, monkeypatch):
    """This test's user: their own cache and config (so their own key). run_cli and server_env inherit it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "victim-cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "victim-config"))
    return tmp_path


def make_repo(tmp_path: Path, config: str = "") -> Path:
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "table.md").write_text(DOC, encoding="utf-8")
    (repo / "footprint.toml").write_text(f'{config}[docs]\npaths = ["docs"]\n', encoding="utf-8")
    return repo


def plant(tmp_path: Path, repo: Path, target: Path, marker: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_CONFIG_HOME": str(tmp_path / "attacker-config"),
           "XDG_CACHE_HOME": str(tmp_path / "attacker-cache")}
    done = subprocess.run([sys.executable, "-c", PLANT, str(repo), str(target), str(marker)], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (target / MANIFEST).is_file() and not marker.exists()


def whoosh_open_dir_runs_payload(folder: Path, marker: Path) -> bool:
    """Control: plain whoosh on (a copy of) the planted folder, as Footprint did before the fix."""
    subprocess.run([sys.executable, "-c", "import sys, whoosh.index; whoosh.index.open_dir(sys.argv[1])", str(folder)],
                   capture_output=True, timeout=60)
    return marker.exists()


def lookup_headings(result: subprocess.CompletedProcess) -> list[str]:
    assert result.returncode == 0, result.stderr
    return [r["heading"] for r in json.loads(result.stdout)["results"]]


def log_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


# --- (a) a planted index in the default per-user cache folder --------------------------------------------
def test_planted_index_in_the_default_cache_is_never_unpickled_by_the_cli(victim, monkeypatch):
    repo, marker = make_repo(victim), victim / "PWNED"
    folder = Workspace(repo).cache_dir / INDEX_DIR
    assert str(folder).startswith(str(victim / "victim-cache"))  # the predictable default location
    plant(victim, repo, folder, marker)
    control = victim / "control"
    shutil.copytree(folder, control)

    result = run_cli("lookup", "--json", "addRow", cwd=repo)
    assert not marker.exists()
    assert lookup_headings(result)[0] == HEADING  # the rebuilt index answers
    assert "is not signed with this user's key: discarded and rebuilt" in result.stderr
    assert "Traceback" not in result.stderr
    again = run_cli("lookup", "--json", "addRow", cwd=repo)  # our own index now opens, silently
    assert lookup_headings(again)[0] == HEADING and again.stderr == ""

    # Controls: the planted folder does run its payload with plain whoosh, and with Footprint holding the
    # attacker's key (every check but the key passes: the planted manifest is exactly like ours).
    assert whoosh_open_dir_runs_payload(control, marker)
    marker.unlink()
    shutil.rmtree(folder)
    shutil.copytree(control, folder)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(victim / "attacker-config"))
    run_cli("lookup", "--json", "addRow", cwd=repo)
    assert marker.exists()


def test_planted_index_in_the_default_cache_is_never_unpickled_by_the_server(victim):
    repo, marker = make_repo(victim), victim / "PWNED"
    folder = Workspace(repo).cache_dir / INDEX_DIR
    plant(victim, repo, folder, marker)
    shutil.copytree(folder, victim / "control")
    log = victim / "server.log"
    proc = LspProcess(command=server_command("--log-file", str(log)), env=server_env())
    try:
        proc.initialize(repo)  # the server starts building its indexes here
        out = proc.command("lookup_docs", {"query": "addRow"})
        assert out["results"][0]["heading"] == HEADING
        assert not marker.exists()
    finally:
        assert proc.close() == 0
    text = log.read_text(encoding="utf-8")
    assert "is not signed with this user's key: discarded and rebuilt" in text and "Traceback" not in text
    assert not marker.exists()
    assert whoosh_open_dir_runs_payload(victim / "control", marker)


# --- (b) a cache_dir the repository ships -------------------------------------------------------------------
def test_index_shipped_in_the_repository_through_cache_dir_is_never_unpickled(victim):
    repo, marker = make_repo(victim, config='cache_dir = ".fpcache"\n'), victim / "PWNED"
    shipped = repo / ".fpcache" / INDEX_DIR
    plant(victim, repo, shipped, marker)
    control = victim / "control"
    shutil.copytree(shipped, control)

    result = run_cli("lookup", "--json", "addRow", cwd=repo)
    assert not marker.exists()
    assert lookup_headings(result)[0] == HEADING
    assert "Traceback" not in result.stderr

    log = victim / "server.log"
    proc = LspProcess(command=server_command("--log-file", str(log)), env=server_env())
    try:
        proc.initialize(repo)
        assert proc.command("lookup_docs", {"query": "addRow"})["results"][0]["heading"] == HEADING
    finally:
        assert proc.close() == 0
    assert not marker.exists() and "Traceback" not in log.read_text(encoding="utf-8")
    assert whoosh_open_dir_runs_payload(control, marker)


# --- the check itself -----------------------------------------------------------------------------------
def _build_own_index(repo: Path) -> Path:
    DocsIndex.build(Workspace(repo), lambda m, p=None: None).close()
    return Workspace(repo).cache_dir / INDEX_DIR


def _flip_segment_byte(folder: Path, tmp_path: Path, marker: Path) -> None:
    seg = next(folder.glob("*.seg"))
    data = bytearray(seg.read_bytes())
    data[len(data) // 2] ^= 0xFF
    seg.write_bytes(bytes(data))


def _newer_toc_with_payload(folder: Path, tmp_path: Path, marker: Path) -> None:
    # Beside a genuine signed index, a TOC of a later generation (whoosh opens the newest) holding the payload.
    other = tmp_path / "other"
    plant(tmp_path, make_repo(other), other / "planted", marker)
    (folder / "_MAIN_2.toc").write_bytes((other / "planted" / "_MAIN_1.toc").read_bytes())


def _manifest_edited(folder: Path, tmp_path: Path, marker: Path) -> None:
    text = (folder / MANIFEST).read_text(encoding="utf-8")
    (folder / MANIFEST).write_text(text.replace('"chunks":', '"chunks": ', 1), encoding="utf-8")


def _missing_file(folder: Path, tmp_path: Path, marker: Path) -> None:
    (folder / "MAIN_WRITELOCK").unlink()


@pytest.mark.parametrize("tamper, problem", [
    (_flip_segment_byte, "has a changed file MAIN_"),
    (_newer_toc_with_payload, "holds files it did not write (_MAIN_2.toc)"),
    (_manifest_edited, "is not signed with this user's key"),
    (_missing_file, "misses files (MAIN_WRITELOCK)"),
])
def test_index_check_rejects_a_tampered_folder_and_rebuilds(victim, caplog, tamper, problem):
    repo, marker = make_repo(victim), victim / "PWNED"
    folder = _build_own_index(repo)
    tamper(folder, victim, marker)
    with caplog.at_level(logging.WARNING, logger="lsp_server.knowledge.docs_index"):
        index = DocsIndex.build(Workspace(repo), lambda m, p=None: None)
    try:
        assert [h.heading for h in index.search("addRow").hits] == [HEADING]
    finally:
        index.close()
    assert not marker.exists()
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and problem in warnings[0] and "discarded and rebuilt" in warnings[0], warnings
    manifest, bad = integrity.read_signed_json(folder / MANIFEST, SIGNED_AS)  # the rebuilt index is ours again
    assert bad is None and integrity.check_folder(folder, manifest["index"], frozenset({MANIFEST})) is None


def test_an_index_we_wrote_and_updated_opens_without_a_rebuild(victim, caplog):
    repo = make_repo(victim)
    index = DocsIndex.build(Workspace(repo), lambda m, p=None: None)
    (repo / "docs" / "fonts.md").write_text("# Fonts\n\nLoad one with `Font.load(family)`.\n", encoding="utf-8")
    index.update(Workspace(repo), {repo / "docs" / "fonts.md"})
    index.close()
    folder = Workspace(repo).cache_dir / INDEX_DIR
    stamp = (folder / MANIFEST).stat().st_mtime_ns
    with caplog.at_level(logging.INFO, logger="lsp_server.knowledge.docs_index"):
        again = DocsIndex.build(Workspace(repo), lambda m, p=None: None)
    try:
        assert [h.heading for h in again.search("Font.load").hits] == ["Fonts"]
    finally:
        again.close()
    assert (folder / MANIFEST).stat().st_mtime_ns == stamp and not caplog.records  # verified, not rebuilt


# --- folders and the key ------------------------------------------------------------------------------------
def test_cache_folder_and_key_are_private(victim):
    repo = make_repo(victim)
    run_cli("lookup", "--json", "addRow", cwd=repo)
    cache = Workspace(repo).cache_dir
    assert cache.stat().st_mode & 0o777 == 0o700 and cache.parent.stat().st_mode & 0o777 == 0o700
    key = victim / "victim-config" / "footprint" / integrity.KEY_FILE
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == integrity.KEY_BYTES
    before = key.read_bytes()
    run_cli("lookup", "--json", "addRow", cwd=repo)
    assert key.read_bytes() == before  # created once


def test_a_cache_folder_others_may_write_to_loses_their_write_bits(victim):
    shared = victim / "shared-cache"
    shared.mkdir()
    shared.chmod(0o777)
    assert integrity.cache_folder(shared) == shared
    assert shared.stat().st_mode & 0o777 == 0o755


def test_a_key_file_others_can_read_is_replaced(victim):
    key = victim / "victim-config" / "footprint" / integrity.KEY_FILE
    key.parent.mkdir(parents=True)
    key.write_bytes(b"k" * integrity.KEY_BYTES)
    key.chmod(0o644)
    repo = make_repo(victim)
    result = run_cli("lookup", "--json", "addRow", cwd=repo)
    assert lookup_headings(result)[0] == HEADING
    assert "is readable or writable by other users" in result.stderr
    assert key.read_bytes() != b"k" * integrity.KEY_BYTES and key.stat().st_mode & 0o777 == 0o600


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_cache_folder_owned_by_another_user_is_refused(victim):
    repo, marker = make_repo(victim), victim / "PWNED"
    cache = Workspace(repo).cache_dir
    plant(victim, repo, cache / INDEX_DIR, marker)
    for path in [cache, *cache.rglob("*")]:
        os.chown(path, 4242, 4242, follow_symlinks=False)
    result = run_cli("lookup", "--json", "addRow", cwd=repo)
    assert not marker.exists()
    assert lookup_headings(result)[0] == HEADING  # built in memory
    lines = log_lines(result.stderr)
    assert len(lines) == 1 and "belongs to another user (uid 4242)" in lines[0], lines


# --- JSON caches: signed too -----------------------------------------------------------------------------------
def test_planted_import_graph_cache_is_ignored(victim):
    repo = make_repo(victim)
    (repo / "a.js").write_text('import "./b.js";\nexport const a = 1;\n', encoding="utf-8")
    (repo / "b.js").write_text('import "./a.js";\nexport const b = 2;\n', encoding="utf-8")
    assert "import-cycle" in run_cli("check", ".", cwd=repo).stdout
    cache = Workspace(repo).cache_dir / CACHE_FILE
    body, problem = integrity.read_signed(cache, GRAPH_SIGNED_AS)
    assert problem is None
    header, lines = decode_lines(body)
    header.pop("resolutions")
    for row in header["modules"]:  # same stamps, but no imports: would hide the cycle
        row[3] = ""
    planted = encode_lines(header, [b"{}"] * len(lines))
    cache.write_bytes(planted)  # unsigned, as anyone but us can write it
    assert "import-cycle" in run_cli("check", ".", cwd=repo).stdout
    # Control: the same content signed with the user's key is believed (so the test can fail).
    integrity.write_signed(cache, planted, GRAPH_SIGNED_AS)
    assert "import-cycle" not in run_cli("check", ".", cwd=repo).stdout


# --- unusable cache folders: one line, same answers ----------------------------------------------------------
def _unusable(victim: Path, monkeypatch) -> None:
    # Root ignores permission bits, so make the write really fail: the cache path runs through a regular file.
    blocker = victim / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))


SLOW_CHECK_LINE = re.compile(r"check [\w-]+ took \d+ ms on ")  # lsp_server/checks: slow_check_ms


def test_unusable_cache_folder_gives_one_line_and_the_same_results_in_the_cli(victim, monkeypatch):
    app = EXAMPLES / "layout-app"
    hook_file = app / "src" / "legacy" / "compat.cjs"
    runs = {
        "lookup": ("lookup", "--json", "add", "row"),
        "check": ("check", "."),
        "hook": ("hook", "post-write", str(hook_file), "--exit-zero"),
    }
    with_cache = {name: run_cli(*args, cwd=app) for name, args in runs.items()}
    _unusable(victim, monkeypatch)
    for name, args in runs.items():
        result = run_cli(*args, cwd=app)
        assert (result.returncode, result.stdout) == (with_cache[name].returncode, with_cache[name].stdout), name
        assert result.stdout.strip(), name  # the feature worked: results, findings
        # A slow-check line ("check X took N ms") depends on the machine's load, not on the cache: left out.
        added = [line for line in log_lines(result.stderr) if line not in log_lines(with_cache[name].stderr)
                 and not SLOW_CHECK_LINE.search(line)]
        assert "Traceback" not in result.stderr
        if name == "hook":  # a hook's stderr goes to the agent: our own cache trouble is not its business
            assert added == [], added
            continue
        assert len(added) == 1, (name, added)  # beside what it prints anyway (check's summary line)
        assert "cannot be used (Not a directory): working without a cache" in added[0]
    assert not (victim / "not-a-folder").is_dir()


def _with_file_size_limit(limit: int):
    def apply() -> None:  # in the child: a write past `limit` bytes fails with EFBIG, as on a full disk
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_write_failing_mid_build_gives_one_line_and_an_index_in_memory(victim, monkeypatch):
    app = EXAMPLES / "layout-app"
    expected = run_cli("lookup", "--json", "add", "row", cwd=app)
    shutil.rmtree(victim / "victim-cache")
    tmpdir = victim / "tmp"  # the shared temp folder: an index in memory must not spill there either
    tmpdir.mkdir()
    result = subprocess.run([sys.executable, "-m", "lsp_server", "lookup", "--json", "add", "row"], cwd=app,
                            capture_output=True, text=True, timeout=120, preexec_fn=_with_file_size_limit(16384),
                            env={**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(tmpdir)})
    assert (result.returncode, result.stdout) == (0, expected.stdout)
    lines = log_lines(result.stderr)
    assert len(lines) == 1 and "cannot write the docs index" in lines[0] and "keeping it in memory" in lines[0], lines
    assert list(tmpdir.iterdir()) == []


def test_unusable_cache_folder_gives_one_line_in_the_server(victim, monkeypatch):
    repo = make_repo(victim)
    _unusable(victim, monkeypatch)
    log = victim / "server.log"
    proc = LspProcess(command=server_command("--log-file", str(log)), env=server_env())
    try:
        proc.initialize(repo)
        assert proc.command("lookup_docs", {"query": "addRow"})["results"][0]["heading"] == HEADING
        assert proc.command("lookup_docs", {"query": "row"})["results"][0]["heading"] == HEADING
    finally:
        assert proc.close() == 0
    text = log.read_text(encoding="utf-8")
    assert "Traceback" not in text
    assert text.count("working without a cache") == 1, text
