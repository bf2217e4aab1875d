"""Paths from clients, configs and repositories stay inside their roots; hostile files are skipped, never hang.

Each test reproduces an attack against the real server (over stdio, `rpc_client.LspProcess`) and the real
CLI (`run_cli`). A "secret" file lives outside the workspace (in tmp): its content must never appear in any
response or output. FIFOs and /dev/zero symlinks must not hang: every CLI run and request has a timeout, and
a hang fails the test. See docs/security.md (Paths) for the attacks and the defences.

- M1: command arguments and hook paths outside the workspace are refused (InvalidParams over LSP with a
  one-line message; the hook reviews nothing), whether the outside path exists or not; inside paths work,
  and so do the paths a user types on their own command line.
- M2: committed symlinks leading outside (a doc, a source file) are not indexed, served, searched or parsed;
  a note says they were skipped.
- M4: a symlink to /dev/zero (doc and source) and a FIFO are skipped with a note, no hang.
- M5: a doc file over `max_file_bytes` named directly in `[docs] paths` is skipped with a note.
- `footprint --apply` through a symlink: refused when it leads outside, else the real file is rewritten
  (permissions and owner kept, the link left a link).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, run_cli
from tests.reliability.rpc_client import INVALID_PARAMS, LspProcess, RpcError, server_env

pytestmark = pytest.mark.skipif(os.name != "posix" or not Path("/dev/zero").exists(),
                                reason="needs POSIX symlinks, FIFOs and /dev/zero")

SECRET = "sk-FOOTPRINT-PATHS-5e1d77"  # never sent in a request: only found by reading the outside files
CODE_WORD = "leakedtoken"  # a word that appears only in the outside source file
DOC_WORD = "passwdword"  # a word that appears only in the outside doc file
TIMEOUT = 120  # seconds: a hang (reading /dev/zero, opening a FIFO) fails the test

APP = (
    'import { helper } from "./util.js";\n'
    "export function preview(page) {\n"
    '  const title = "needle";\n'
    "  var box = helper();\n"
    "  box.width = 200;\n"
    "  page.add(box);\n"
    "  return title;\n"
    "}\n"
)


def _mkfifo(path: Path) -> None:
    os.mkfifo(path)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> dict[str, Path]:
    """tmp/outside (the secret files) and tmp/ws (a workspace whose repository links to them)."""
    base = tmp_path_factory.mktemp("paths")
    outside = base / "outside"
    outside.mkdir()
    (outside / "secret.js").write_text(f'export const {CODE_WORD} = "{SECRET}";\n', encoding="utf-8")
    (outside / "passwd.txt").write_text(f"# Credentials\n\nThe {DOC_WORD} is {SECRET}.\n", encoding="utf-8")
    (outside / "config.js").write_text(f'module.exports = {{ key: "{SECRET}" }};\n', encoding="utf-8")
    ws = base / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "docs").mkdir()
    (ws / "footprint.toml").write_text('[docs]\npaths = ["docs"]\n', encoding="utf-8")
    (ws / "src" / "app.js").write_text(APP, encoding="utf-8")
    (ws / "src" / "util.js").write_text("export function helper() { return {}; }\n", encoding="utf-8")
    (ws / "docs" / "guide.md").write_text("# Guide\n\nThe insideword explains addBlock.\n", encoding="utf-8")
    # M2: committed symlinks leading outside.
    (ws / "src" / "leak.js").symlink_to(outside / "secret.js")
    (ws / "docs" / "zz.txt").symlink_to(outside / "passwd.txt")
    # M4: devices and FIFOs.
    (ws / "src" / "z.js").symlink_to("/dev/zero")
    (ws / "docs" / "zero.md").symlink_to("/dev/zero")
    _mkfifo(ws / "src" / "fifo.js")
    _mkfifo(ws / "docs" / "pipe.md")
    return {"base": base, "outside": outside, "ws": ws}


@pytest.fixture(scope="module")
def server(hostile):
    proc = LspProcess(env=server_env(), cwd=REPO)
    try:
        proc.initialize(hostile["ws"])
        yield proc
    finally:
        proc.close()


def _no_secret(*texts: object) -> None:
    for text in texts:
        dumped = text if isinstance(text, str) else json.dumps(text)
        assert SECRET not in dumped, f"the outside file's content leaked: {dumped[:500]}"


def _refused(server: LspProcess, name: str, args: dict) -> str:
    with pytest.raises(RpcError) as info:
        server.command(name, args, timeout=TIMEOUT)
    err = info.value
    assert err.code == INVALID_PARAMS, (name, args, err)
    assert "\n" not in err.message, err.message  # one line
    _no_secret(err.message, err.data)
    return err.message


# --- M1: every command argument goes through the path guard ----------------------------------------------
def _outside_forms(hostile) -> list[str]:
    outside, ws = hostile["outside"], hostile["ws"]
    return [
        (outside / "config.js").as_uri(),  # file: URI elsewhere
        str(outside / "config.js"),  # absolute path elsewhere
        "../outside/config.js",  # `..` out of the root
        "src/../../outside/secret.js",
        "/",  # the whole disk
        (ws / "src" / "leak.js").as_uri(),  # a symlink inside leading out
        (outside / "missing.js").as_uri(),  # does not exist: same answer (no existence oracle)
    ]


@pytest.mark.parametrize("name, make_args", [
    ("check_file", lambda p: {"uri": p}),
    ("footprint", lambda p: {"uri": p, "position": {"line": 0, "character": 14}}),
    ("dependency_graph", lambda p: {"path": p}),
    ("dependency_graph", lambda p: {"uri": p}),
    ("find_in_files", lambda p: {"query": CODE_WORD, "path": p}),
    ("lookup_docs", lambda p: {"query": DOC_WORD, "path": p}),
    ("conventions_context", lambda p: {"path": p}),
    ("conventions_context", lambda p: {"uri": p}),
])
def test_m1_commands_refuse_paths_outside_the_workspace(server, hostile, name, make_args):
    messages = []
    for raw in _outside_forms(hostile):
        message = _refused(server, name, make_args(raw))
        assert "outside the workspace" in message, message
        messages.append(message.replace(repr(raw), "PATH"))
    # An existing and a missing outside file get the same answer: the server is no existence oracle.
    assert messages[0] == messages[-1], messages
    assert server.alive()


def test_m1_inside_paths_still_work(server, hostile):
    ws = hostile["ws"]
    app = (ws / "src" / "app.js").as_uri()
    assert isinstance(server.command("check_file", {"uri": app}, timeout=TIMEOUT), list)
    assert isinstance(server.command("check_file", {"uri": "src/app.js"}, timeout=TIMEOUT), list)
    fp = server.command("footprint", {"uri": app, "position": {"line": 4, "character": 3}}, timeout=TIMEOUT)
    assert fp["name"] == "box"
    graph = server.command("dependency_graph", {"path": "src"}, timeout=TIMEOUT)
    assert "app.js" in graph["modules"] and "util.js" in graph["modules"]
    assert "leak.js" not in graph["modules"] and "z.js" not in graph["modules"]
    found = server.command("find_in_files", {"query": "needle", "path": "src"}, timeout=TIMEOUT)
    assert [f["path"] for f in found["files"]] == ["src/app.js"]
    docs = server.command("lookup_docs", {"query": "insideword", "path": "docs"}, timeout=TIMEOUT)
    assert [r["path"] for r in docs["results"]] == ["docs/guide.md"]
    assert isinstance(server.command("conventions_context", {"path": "src/app.js"}, timeout=TIMEOUT), dict)


def test_m1_an_open_document_outside_is_served_from_the_editor_copy(server, hostile):
    """The editor opened it: its own copy is fine (never the disk file, which holds the secret)."""
    uri = (hostile["outside"] / "config.js").as_uri()
    server.open(uri, "let opened = 1;\n")
    try:
        assert server.command("check_file", {"uri": uri}, timeout=TIMEOUT) == []
        state = server.command("document_state", {"uri": uri}, timeout=TIMEOUT)
        assert state["text"] == "let opened = 1;\n"
    finally:
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    # Closed again: back to the disk, and the disk file is outside.
    assert "outside the workspace" in _refused(server, "check_file", {"uri": uri})


def test_m1_hook_post_write_reviews_nothing_outside_the_project(hostile):
    ws, outside = hostile["ws"], hostile["outside"]
    for name in (str(outside / "config.js"), "../outside/config.js", str(ws / "src" / "leak.js")):
        event = {"cwd": str(ws), "session_id": "s1", "tool_input": {"file_path": name}}
        result = run_cli("hook", "post-write", input=json.dumps(event), cwd=ws, timeout=TIMEOUT)
        assert result.returncode == 0, result.stderr  # never blocks the agent
        assert "not reviewed" in result.stderr and "outside the workspace" in result.stderr, result.stderr
        _no_secret(result.stdout, result.stderr)


def test_m1_cli_paths_the_user_types_still_work(hostile, tmp_path):
    """`footprint-ls check /some/dir` is the user speaking: their own explicit paths are allowed, even
    outside the config's folder; symlinks inside them that lead elsewhere are still skipped."""
    ws = hostile["ws"]
    elsewhere = tmp_path / "elsewhere.js"
    elsewhere.write_text("let x = ;\n", encoding="utf-8")
    result = run_cli("check", str(elsewhere), "--config", str(ws / "footprint.toml"), timeout=TIMEOUT)
    assert result.returncode == 1 and "syntax-error" in result.stdout, result.stderr
    result = run_cli("check", str(ws / "src" / "app.js"), timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    result = run_cli("graph", "--json", str(ws / "src"), timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert set(json.loads(result.stdout)["modules"]) == {"app.js", "util.js"}
    result = run_cli("find", "needle", str(ws / "src"), cwd=ws, timeout=TIMEOUT)
    assert result.returncode == 0 and "src/app.js:3:" in result.stdout, result.stderr


# --- M2 + M4: symlinks leading out, devices and FIFOs ---------------------------------------------------------
SKIPS = {
    "src/leak.js": "a symlink leading outside",
    "src/z.js": "a symlink leading outside",  # -> /dev/zero
    "src/fifo.js": "not a regular file",
}
DOC_SKIPS = {
    "docs/zz.txt": "a symlink leading outside",
    "docs/zero.md": "a symlink leading outside",  # -> /dev/zero
    "docs/pipe.md": "not a regular file",
}


def test_m2_m4_cli_check_skips_links_out_devices_and_fifos_with_a_note(hostile):
    ws = hostile["ws"]
    result = run_cli("check", "--format", "json", str(ws), cwd=ws, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    for rel, reason in SKIPS.items():
        assert f"skipped {rel}: {reason}" in result.stderr, result.stderr
    checked = {f["path"] for f in json.loads(result.stdout)}
    assert not checked & set(SKIPS)
    _no_secret(result.stdout, result.stderr)


def test_m2_m4_cli_find_and_lookup_never_read_outside(hostile):
    ws = hostile["ws"]
    result = run_cli("find", CODE_WORD, str(ws), cwd=ws, timeout=TIMEOUT)
    assert result.returncode == 1 and CODE_WORD not in result.stdout, result.stdout  # no file matched
    _no_secret(result.stdout, result.stderr)
    result = run_cli("lookup", "--json", DOC_WORD, cwd=ws, timeout=TIMEOUT)
    assert result.returncode == 1, result.stderr
    out = json.loads(result.stdout)
    assert out["results"] == []
    skipped = {item["path"]: item["reason"] for item in out["skipped"]}
    for rel, reason in DOC_SKIPS.items():
        assert reason in skipped[rel]
        assert f"skipped {rel}: {reason}" in result.stderr
    _no_secret(result.stdout, result.stderr)


def test_m2_m4_server_never_serves_outside_files_and_notes_the_skips(server, hostile):
    ws = hostile["ws"]
    found = server.command("find_in_files", {"query": CODE_WORD}, timeout=TIMEOUT)
    assert found["files"] == [], found
    docs = server.command("lookup_docs", {"query": DOC_WORD, "turn_id": "m2"}, timeout=TIMEOUT)
    assert docs["results"] == []
    skipped = {item["path"]: item["reason"] for item in docs["skipped"]}
    for rel, reason in DOC_SKIPS.items():
        assert reason in skipped[rel], skipped
    graph = server.command("dependency_graph", {}, timeout=TIMEOUT)
    assert set(graph["modules"]) == {"src/app.js", "src/util.js"}
    # The device and FIFO named directly: a clear one-line refusal, no hang.
    for rel in ("src/z.js", "src/fifo.js"):
        message = _refused(server, "check_file", {"uri": (ws / rel).as_uri()})
        assert "outside the workspace" in message or "not a regular file" in message, message
    _no_secret(found, docs, graph)
    assert server.alive()


def test_m4_read_bounded_refuses_devices_fifos_and_files_that_lie_about_their_size(tmp_path):
    """The reading primitive itself, in a subprocess (a hang is a timeout, not a stuck test run)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from lsp_server.storage import read_bounded, SkippedFile\n"
        "out = {}\n"
        "for name in sys.argv[1:]:\n"
        "    try:\n"
        "        out[name] = len(read_bounded(Path(name), 4096))\n"
        "    except SkippedFile as exc:\n"
        "        out[name] = type(exc).__name__ + ': ' + str(exc)\n"
        "print(json.dumps(out))\n"
    )
    # /proc/self/status is a regular file whose fstat size is 0 but which holds more than 64 bytes.
    proc_file = "/proc/self/status"
    result = subprocess.run([sys.executable, "-c", script.replace("4096", "64"), "/dev/zero", str(fifo),
                             proc_file], cwd=REPO, env=server_env(), capture_output=True, text=True,
                            timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["/dev/zero"].startswith("NotRegularFile") and out[str(fifo)].startswith("NotRegularFile")
    if Path(proc_file).exists():
        assert out[proc_file].startswith("FileTooLarge"), out  # capped at 64+1 bytes although fstat said 0


# --- M5: max_file_bytes holds for a doc named directly ---------------------------------------------------
@pytest.fixture(scope="module")
def big_doc_ws(tmp_path_factory) -> Path:
    ws = tmp_path_factory.mktemp("bigdoc")
    (ws / "docs").mkdir()
    (ws / "footprint.toml").write_text(
        'max_file_bytes = 4096\n[docs]\npaths = ["docs/big.md", "docs/small.md"]\n', encoding="utf-8")
    (ws / "docs" / "big.md").write_text("# Big\n\nbigonlyword " + "filler text " * 1000 + "\n", encoding="utf-8")
    (ws / "docs" / "small.md").write_text("# Small\n\nsmallonlyword lives here.\n", encoding="utf-8")
    return ws


def test_m5_doc_named_directly_over_max_file_bytes_is_skipped_cli(big_doc_ws):
    size = (big_doc_ws / "docs" / "big.md").stat().st_size
    result = run_cli("lookup", "--json", "bigonlyword", cwd=big_doc_ws, timeout=TIMEOUT)
    assert result.returncode == 1 and json.loads(result.stdout)["results"] == [], result.stdout
    assert f"skipped docs/big.md: {size} bytes is over the 4096-byte limit (max_file_bytes)" in result.stderr
    result = run_cli("lookup", "--json", "smallonlyword", cwd=big_doc_ws, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert [r["path"] for r in json.loads(result.stdout)["results"]] == ["docs/small.md"]


def test_m5_doc_named_directly_over_max_file_bytes_is_skipped_server(big_doc_ws):
    proc = LspProcess(env=server_env(), cwd=REPO)
    try:
        proc.initialize(big_doc_ws)
        out = proc.command("lookup_docs", {"query": "bigonlyword"}, timeout=TIMEOUT)
        assert out["results"] == []
        assert [(s["path"], "max_file_bytes" in s["reason"]) for s in out["skipped"]] == [("docs/big.md", True)]
        out = proc.command("lookup_docs", {"query": "smallonlyword"}, timeout=TIMEOUT)
        assert [r["path"] for r in out["results"]] == ["docs/small.md"]
    finally:
        proc.close()


# --- footprint --apply through a symlink ----------------------------------------------------------------
def test_apply_through_a_symlink_leading_outside_is_refused(hostile, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.js"
    victim.write_text(APP, encoding="utf-8")
    before = victim.stat()
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "footprint.toml").write_text("", encoding="utf-8")
    (ws / "src" / "util.js").write_text("export function helper() { return {}; }\n", encoding="utf-8")
    (ws / "src" / "out.js").symlink_to(victim)
    result = run_cli("footprint", "--apply", "src/out.js:4:7", cwd=ws, timeout=TIMEOUT)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "outside the workspace" in result.stderr and "\n" not in result.stderr.strip()
    after = victim.stat()
    assert victim.read_text(encoding="utf-8") == APP
    assert (after.st_ino, after.st_mtime_ns, after.st_uid) == (before.st_ino, before.st_mtime_ns, before.st_uid)
    assert (ws / "src" / "out.js").is_symlink()
    # Reading it (no --apply) is refused too: the link comes from the repository, not from the user.
    result = run_cli("footprint", "src/out.js:4:7", cwd=ws, timeout=TIMEOUT)
    assert result.returncode == 2 and "outside the workspace" in result.stderr
    assert "box" not in result.stdout


def test_apply_through_a_symlink_inside_rewrites_the_real_file(tmp_path):
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "footprint.toml").write_text("", encoding="utf-8")
    (ws / "src" / "util.js").write_text("export function helper() { return {}; }\n", encoding="utf-8")
    real = ws / "src" / "real.js"
    real.write_text(APP, encoding="utf-8")
    real.chmod(0o640)
    (ws / "src" / "alias.js").symlink_to("real.js")
    before = real.stat()
    result = run_cli("footprint", "--apply", "src/alias.js:4:7", cwd=ws, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "applied: Delete footprint of `box`" in result.stdout
    assert (ws / "src" / "alias.js").is_symlink() and os.readlink(ws / "src" / "alias.js") == "real.js"
    assert real.read_text(encoding="utf-8") == APP.replace(
        "  var box = helper();\n  box.width = 200;\n  page.add(box);\n", "")
    after = real.stat()
    # As documented by storage.replace_file_if_unchanged: replaced by rename (a new inode, never torn),
    # permission bits, owner and group kept.
    assert stat.S_IMODE(after.st_mode) == 0o640
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)
    assert not list((ws / "src").glob(".real.js.*.tmp"))


def test_m4_config_files_are_read_bounded(tmp_path):
    # Config files are read like every other file: a regular file, at most 1 MB. A FIFO named as the config
    # blocked the read for ever; a device named as a pack is not a pack.
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "src" / "a.js").write_text("export const a = 1;\n", encoding="utf-8")
    (ws / "footprint.toml").write_text("# " + "x" * (2 * 1024 * 1024) + "\n", encoding="utf-8")
    res = run_cli("check", "src/a.js", cwd=ws, timeout=60)
    assert res.returncode == 2 and "over the 1048576-byte limit" in res.stderr, res.stderr
    fifo = ws / "fifo.toml"
    os.mkfifo(fifo)
    res = run_cli("check", "--config", str(fifo), "src/a.js", cwd=ws, timeout=60)
    assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
    (ws / "pack").mkdir()
    (ws / "pack" / "pack.toml").symlink_to("/dev/zero")
    (ws / "footprint.toml").write_text('packs = ["pack"]\n', encoding="utf-8")
    res = run_cli("check", "src/a.js", cwd=ws, timeout=60)
    assert res.returncode == 2 and "pack not found" in res.stderr and "Traceback" not in res.stderr, res.stderr
