"""Typing through the real server (stdio), with seeded random edits of a real document of the example app: while
the user types, the whole-document `unknown-symbol` analysis is deferred and its previous findings move with
the edits (scheduler.py, `on_pause`); once typing pauses, what the server publishes must be exactly what a
from-scratch check of the final text finds.

Each seed types bursts of edits (typos in engine member names, characters inserted and deleted, lines
duplicated and removed), without waiting between the edits of a burst; after some bursts it waits for the
pause run. Every publish is checked for findings that point at text they were not computed for (a kept
finding's span must still hold its member's name); every pause run is compared with `run_checks` on a fresh
snapshot of the same text (same findings, spans, messages and severities)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.document import ParsedDocument
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES
from tests.reliability.rpc_client import LspProcess, server_env

pytestmark = pytest.mark.slow  # a server per seed, a few pauses each

DOCUMENT = "src/services/ReportService.js"
BURSTS = 12
MEMBER = re.compile(r"\.([A-Za-z_]\w{2,})")


def _edit(rng: random.Random, text: str) -> tuple[int, int, str]:
    """One random edit of `text` as (start, end, new text), in characters."""
    kind = rng.choice(("typo", "typo", "insert", "delete", "duplicate", "drop-line", "restore"))
    members = list(MEMBER.finditer(text))
    if kind in ("typo", "restore") and members:
        m = rng.choice(members)
        name, at = m.group(1), m.start(1)
        if kind == "restore" or len(name) < 3:  # a whole member name retyped as another one of the file's
            other = rng.choice(members).group(1)
            return at, at + len(name), other
        i = rng.randrange(len(name) - 1)
        how = rng.choice(("swap", "drop", "case", "add"))
        if how == "swap":
            new = name[:i] + name[i + 1] + name[i] + name[i + 2:]
        elif how == "drop":
            new = name[:i] + name[i + 1:]
        elif how == "case":
            new = name[:i] + name[i].swapcase() + name[i + 1:]
        else:
            new = name[:i] + rng.choice("sxe") + name[i:]
        return at, at + len(name), new
    if kind == "insert":
        at = rng.randrange(len(text) + 1)
        return at, at, rng.choice(("x", ".", "(", " ", "s", ";"))
    if kind == "delete" and text:
        at = rng.randrange(len(text))
        return at, at + 1, ""
    lines = text.splitlines(keepends=True)
    n = rng.randrange(len(lines))
    start = sum(len(x) for x in lines[:n])
    if kind == "duplicate":
        return start, start, lines[n]
    return start, start + len(lines[n]), ""


def _position(text: str, offset: int) -> dict:
    """An LSP position (UTF-16) of a character offset; the document's text is in the BMP, so characters are
    UTF-16 code units."""
    line = text.count("\n", 0, offset)
    return {"line": line, "character": offset - (text.rfind("\n", 0, offset) + 1)}


def _unknown(diagnostics: list[dict]) -> set[tuple]:
    return {(tuple(d["data"]["span"]), d["message"], d["severity"]) for d in diagnostics
            if d.get("code") == "unknown-symbol"}


def _fresh(root: Path, uri: str, text: str, version: int) -> set[tuple]:
    """`unknown-symbol` of a from-scratch check of `text` (a new snapshot, nothing cached for it)."""
    doc = ParsedDocument.create(uri, text, version)
    found = run_checks(doc, CheckContext(Workspace(root)), (Phase.TYPE,))
    return {((f.start, f.end), f.message, int(f.severity)) for f in found if f.code == "unknown-symbol"}


def _spans_hold_their_members(text: str, diagnostics: list[dict]) -> list[str]:
    """Findings whose span no longer holds the member they name (a finding moved wrongly, or kept over an
    edit that touched it)."""
    source = text.encode("utf-8")
    wrong = []
    for d in diagnostics:
        if d.get("code") != "unknown-symbol":
            continue
        start, end = d["data"]["span"]
        if source[start:end].decode("utf-8", "replace") != d["data"].get("member"):
            wrong.append(f"{d['message']} at {start}:{end} holds {source[start:end]!r}")
    return wrong


@pytest.mark.parametrize("seed", [1, 2])
def test_typing_then_pausing_publishes_what_a_fresh_check_finds(tmp_path, seed):
    shutil.copytree(EXAMPLES / "layout-app", tmp_path / "layout-app", ignore=shutil.ignore_patterns("node_modules"))
    shutil.copytree(EXAMPLES / "layout-engine", tmp_path / "layout-engine", ignore=shutil.ignore_patterns("node_modules"))
    root = (tmp_path / "layout-app").resolve()
    path = root / DOCUMENT
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    rng = random.Random(seed)
    server = LspProcess(env=server_env(XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config")),
                        cwd=root, stderr=tmp_path / "server.log")

    def publish(version: int, nth: int, since: int) -> dict:
        """The nth publishDiagnostics (1-based) of `version` after notification index `since`."""
        seen = []

        def match(m: dict) -> bool:
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri \
                    and m["params"].get("version") == version and not any(s is m for s in seen):
                seen.append(m)
            return len(seen) >= nth and m is seen[nth - 1]

        return server.wait_for(match, timeout=120, start=since)["params"]

    try:
        server.initialize(root)
        server.open(uri, text)
        server.wait_for(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end",
                        timeout=120)  # every index built: no re-check of its own will come
        first = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                and m["params"]["uri"] == uri and _unknown(m["params"]["diagnostics"]), timeout=120)
        assert _unknown(first["params"]["diagnostics"]) == _fresh(root, uri, text, 1)
        version, pauses, kept_over_typing = 1, 0, 0
        for burst in range(BURSTS):
            since = len(server.notifications)
            for _ in range(rng.randint(1, 6)):
                start, end, new = _edit(rng, text)
                version += 1
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": {"start": _position(text, start), "end": _position(text, end)},
                                        "text": new}]})
                text = text[:start] + new + text[end:]
            typed = publish(version, 1, since)
            assert not _spans_hold_their_members(text, typed["diagnostics"]), burst
            kept_over_typing += len(_unknown(typed["diagnostics"]))
            if burst % 3 == 2 or burst == BURSTS - 1:  # leave it alone: the pause run makes it current
                paused = publish(version, 2, since)
                pauses += 1
                assert _unknown(paused["diagnostics"]) == _fresh(root, uri, text, version), (seed, burst, text)
                assert not _spans_hold_their_members(text, paused["diagnostics"])
    finally:
        assert server.close(timeout=30) == 0
    assert pauses >= 4 and kept_over_typing  # typing kept earlier findings; each pause was compared
