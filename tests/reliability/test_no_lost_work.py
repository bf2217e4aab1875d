"""No lost work: atomic writes survive kill -9 at any moment; edits carry the document version and apply
to the text they were computed for; edits of user files refuse a file that changed since it was read."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lsp_server.storage import FileChanged, recover_directory, replace_file_if_unchanged
from tests.conftest import REPO
from tests.reliability.fixable_check import serve_command
from tests.reliability.rpc_client import LspProcess, server_env

pytestmark = pytest.mark.slow  # kills and restarts processes mid-write

KILLS = int(os.environ.get("FOOTPRINT_KILL_ROUNDS", "30"))

# The writer: generation i is a header "gen <i> <sha256 of body> <len>\n" + a large body derived from i,
# so any file can be checked for completeness on its own.
WRITER = r"""
import hashlib, sys
from pathlib import Path
from lsp_server.storage import atomic_write_bytes
target = Path(sys.argv[1])
size = int(sys.argv[2])
i = int(sys.argv[3])
print("ready", flush=True)
while True:
    body = (b"%08d" % i) * (size // 8)
    atomic_write_bytes(target, b"gen %d %s %d\n" % (i, hashlib.sha256(body).hexdigest().encode(), len(body)) + body)
    i += 1
"""

DIR_WRITER = r"""
import hashlib, sys
from pathlib import Path
from lsp_server.storage import swap_directory
final = Path(sys.argv[1])
i = int(sys.argv[2])
print("ready", flush=True)
while True:
    built = final.with_name(f"{final.name}.build-{i}")
    built.mkdir()
    for n in range(20):
        (built / f"part{n}.bin").write_bytes((b"%08d" % i) * 4096)
    (built / "MANIFEST").write_text(f"{i} 20\n")  # written last: a folder without it is incomplete
    swap_directory(built, final)
    i += 1
"""


def _complete_file(data: bytes) -> int:
    header, _, body = data.partition(b"\n")
    _, gen, digest, length = header.split(b" ")
    assert int(length) == len(body), "torn file: body length differs from its header"
    assert hashlib.sha256(body).hexdigest().encode() == digest, "torn file: body does not match its header"
    return int(gen)


def _kill_at_random(script: str, args: list[str], rng: random.Random) -> None:
    """Start the writer, wait until it is writing, then kill -9 it at a random moment."""
    proc = subprocess.Popen([sys.executable, "-c", script, *args], env=server_env(), cwd=REPO,
                            stdout=subprocess.PIPE)
    assert proc.stdout.readline() == b"ready\n"
    time.sleep(rng.uniform(0, 0.2))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()


def test_atomic_write_survives_kill_9_in_a_loop(tmp_path, capsys):
    target = tmp_path / "index.bin"
    body = b"%08d" % 0 * 8
    target.write_bytes(b"gen 0 %s %d\n" % (hashlib.sha256(body).hexdigest().encode(), len(body)) + body)
    rng = random.Random()
    generations, mid_write = set(), 0
    for round_ in range(KILLS):
        _kill_at_random(WRITER, [str(target), str(4 * 1024 * 1024), str((round_ + 1) * 1_000_000)], rng)
        assert target.exists(), "the target vanished"
        generations.add(_complete_file(target.read_bytes()))
        leftovers = list(tmp_path.glob(".index.bin.*.tmp"))  # a temp file left = killed mid-write
        mid_write += bool(leftovers)
        for leftover in leftovers:
            leftover.unlink()
    with capsys.disabled():
        print(f"\n[kill -9] {KILLS} kills of a 4 MB atomic-write loop ({mid_write} mid-write): the target was "
              f"always one complete generation ({len(generations)} distinct seen)")


def test_directory_swap_survives_kill_9_in_a_loop(tmp_path):
    final = tmp_path / "index"
    rng = random.Random()
    complete = 0
    for round_ in range(KILLS):
        _kill_at_random(DIR_WRITER, [str(final), str(round_ * 1_000_000)], rng)
        recover_directory(final)  # what a reader does first
        if not final.exists():
            assert not complete, "a complete index existed before this kill and is gone now"
            continue  # killed before the first swap ever finished
        manifest = (final / "MANIFEST").read_text()
        gen, count = map(int, manifest.split())
        parts = sorted(final.glob("part*.bin"))
        assert len(parts) == count
        assert all(p.read_bytes() == (b"%08d" % gen) * 4096 for p in parts), "mixed or torn index folder"
        complete += 1
        for leftover in tmp_path.glob("index.build-*"):  # half-built folders are garbage, never read
            subprocess.run(["rm", "-rf", str(leftover)], check=True)
    assert complete > 0


def test_replace_file_if_unchanged(tmp_path):
    path = tmp_path / "app.js"
    path.write_bytes(b"var a = 1;\n")
    path.chmod(0o640)
    replace_file_if_unchanged(path, b"var a = 1;\n", b"let a = 1;\n")
    assert path.read_bytes() == b"let a = 1;\n"
    assert (path.stat().st_mode & 0o777) == 0o640, "the file's permissions must survive the rewrite"
    with pytest.raises(FileChanged, match="changed"):
        replace_file_if_unchanged(path, b"var a = 1;\n", b"const a = 1;\n")
    assert path.read_bytes() == b"let a = 1;\n"
    path.unlink()
    with pytest.raises(FileChanged, match="deleted"):
        replace_file_if_unchanged(path, b"let a = 1;\n", b"x")
    assert not path.exists()
    assert not list(tmp_path.glob(".*.tmp")), "no temp files left behind"


def test_atomic_write_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    from lsp_server.storage import atomic_write_bytes

    path = tmp_path / "app.js"
    path.write_text("let a = 1;\n")
    path.chmod(0o644)
    atomic_write_bytes(path, b"let b = 2;\n")
    assert (path.stat().st_mode & 0o777) == 0o644 and path.read_bytes() == b"let b = 2;\n"
    fresh = tmp_path / "cache" / "index.json"
    atomic_write_bytes(fresh, b"{}")
    assert (fresh.stat().st_mode & 0o777) == 0o600


# --- versioned edits through the real server ---------------------------------------------------------------
def _apply(text: str, edits: list[dict]) -> str:
    """Apply LSP TextEdits (UTF-16 positions, no astral characters in these texts) to `text`."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    def index(p):
        return starts[p["line"]] + p["character"]
    for e in sorted(edits, key=lambda e: index(e["range"]["start"]), reverse=True):
        text = text[:index(e["range"]["start"])] + e["newText"] + text[index(e["range"]["end"]):]
    return text


@pytest.fixture
def fix_server(tmp_path):
    proc = LspProcess(command=serve_command(), env=server_env(), stderr=tmp_path / "server.log")
    proc.initialize(tmp_path)
    yield proc
    proc.close()


def _actions(proc, uri, text, version_hint=None):
    end = {"line": text.count("\n"), "character": 0}
    return proc.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {
        "start": {"line": 0, "character": 0}, "end": end}, "context": {"diagnostics": []}})


def test_code_actions_carry_the_document_version(fix_server, tmp_path):
    proc = fix_server
    uri = (tmp_path / "app.js").as_uri()
    text = "// c\nvar a = 1;\nvar b = 2;\n"
    proc.open(uri, text, 7)
    proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                  and m["params"]["uri"] == uri and m["params"].get("version") == 7 and m["params"]["diagnostics"])
    actions = _actions(proc, uri, text)
    kinds = sorted(a["kind"] for a in actions)
    assert kinds == ["quickfix", "quickfix", "source.fixAll.footprint"], kinds
    for action in actions:
        (change,) = action["edit"]["documentChanges"]
        assert change["textDocument"] == {"uri": uri, "version": 7}
    fix_all = next(a for a in actions if a["kind"] == "source.fixAll.footprint")
    assert _apply(text, fix_all["edit"]["documentChanges"][0]["edits"]) == "// c\nlet a = 1;\nlet b = 2;\n"

    # Type above both findings and ask at once, before the recheck: the edits must target version 8 and
    # still replace exactly `var` in the new text (the fixes moved with the typing).
    proc.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 8}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "/* x */ "}]})
    text = "/* x */ // c\nvar a = 1;\nvar b = 2;\n"
    for _ in range(2):  # once before the recheck (shifted findings), once after it
        actions = _actions(proc, uri, text)
        for action in actions:
            (change,) = action["edit"]["documentChanges"]
            assert change["textDocument"]["version"] == 8
            result = _apply(text, change["edits"])
            assert result.count("let ") == len(change["edits"]) and "/* x */" in result, result
        proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"].get("version") == 8)


def test_fix_edits_move_with_typing_and_are_dropped_when_touched():
    from lsp_server.document import ByteEdit
    from lsp_server.findings import Finding, shift_findings

    # A finding at bytes 20..23 whose fix also inserts an import at byte 0.
    fix = {"title": "t", "edits": [{"start": 0, "end": 0, "text": "import x;\n"}, {"start": 20, "end": 23, "text": "let"}]}
    f = Finding("c", "m", 20, 23, data={"fix": fix, "other": 1})
    (moved,) = shift_findings([f], [ByteEdit(10, 10, 14)])  # 4 bytes typed between the two fix edits
    assert (moved.start, moved.end) == (24, 27)
    assert moved.data["fix"]["edits"] == [{"start": 0, "end": 0, "text": "import x;\n"},
                                          {"start": 24, "end": 27, "text": "let"}]
    (kept,) = shift_findings([f], [ByteEdit(0, 2, 2)])  # typing over the import point: the fix is stale
    assert "fix" not in kept.data and kept.data["other"] == 1 and (kept.start, kept.end) == (20, 23)
