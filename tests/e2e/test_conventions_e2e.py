"""The real server: on save at most 2 convention rules per file (at encoded positions), `review_changes`
on a multi-file git diff at most 4, a broken rule file gets a diagnostic, an unreachable central rules
repo gives one warning message."""

from __future__ import annotations

import asyncio
import atexit
import shutil
import subprocess
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import SESSION_CONFIG_HOME, session_tempdir, trust_folder
from tests.e2e.conftest import ENCODING_OF, make_client_fixture, units


def _rule(rule_id: str, regex: str, priority: int) -> str:
    return (f'+++\nid = "{rule_id}"\ntitle = "{rule_id}"\nmessage = "fix {rule_id}"\nfiles = ["src/**/*.js"]\n'
            f"priority = {priority}\n[trigger]\nregex = '''{regex}'''\n+++\nWhy.\n")


def _make_root() -> Path:
    root = Path(session_tempdir("footprint-e2e-conventions-"))
    (root / "rules").mkdir()
    for p in range(1, 6):
        (root / f"rules/r{p}.md").write_text(_rule(f"e2e/r{p}", rf"\bbad{p}\b", p))
    (root / "rules/broken.md").write_text(_rule("e2e/broken", "(unclosed", 1))
    (root / "src").mkdir()
    (root / "src/a.js").write_text("ok();\n")
    (root / ".gitignore").write_text(".fp-cache/\n")
    (root / "footprint.toml").write_text(
        f'cache_dir = ".fp-cache"\n[rules]\npaths = ["rules"]\n'
        f'remote = [{{ url = "{(root / "no-such-central.git").as_posix()}" }}]\n')
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "base"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root, check=True,
                       capture_output=True)
    trust_folder(root, SESSION_CONFIG_HOME)  # cache_dir and [rules] remote are trusted-only keys
    return root


ROOT = _make_root()
atexit.register(shutil.rmtree, ROOT, True)
client = make_client_fixture(root_uri=ROOT.as_uri(), params=["visual-studio-code", "neovim"])


async def diagnostics_for(client: LanguageClient, uri: str, timeout: float = 15) -> list[lsp.Diagnostic]:
    await asyncio.wait_for(client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), timeout)
    for _ in range(int(timeout * 10)):
        if uri in client.diagnostics:
            return list(client.diagnostics[uri])
        await asyncio.sleep(0.1)
    raise AssertionError(f"no diagnostics for {uri}")


async def test_save_gives_at_most_two_rule_diagnostics(client: LanguageClient):
    uri = (ROOT / "src/a.js").as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text="ok();\n")))
    await diagnostics_for(client, uri)
    text = 'const s = "😀"; bad3(); bad1();\nbad2();\nbad3();\n'
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))
    client.diagnostics.pop(uri, None)
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri)))
    for _ in range(150):
        rules = [d for d in client.diagnostics.get(uri, ()) if str(d.code).startswith("e2e/")]
        if rules:
            break
        await asyncio.sleep(0.1)
    by_code: dict[str, list[lsp.Diagnostic]] = {}
    for d in rules:
        by_code.setdefault(str(d.code), []).append(d)
    assert sorted(by_code) == ["e2e/r2", "e2e/r3"]  # the two highest priorities of the three that fire
    enc = ENCODING_OF[client.profile]
    first = sorted(by_code["e2e/r3"], key=lambda d: d.range.start.line)
    assert [(d.range.start.line, d.range.start.character) for d in first] == [
        (0, units('const s = "😀"; ', enc)), (2, 0)]
    assert first[0].message == "fix e2e/r3" and first[0].source == "footprint-conventions"
    hover = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri), first[1].range.start))
    assert hover is not None and "**e2e/r3** (`e2e/r3`)" in hover.contents.value and "Why." in hover.contents.value


async def test_a_file_written_on_disk_counts_as_saved(client: LanguageClient):
    """Agents write files without didSave: the watched-file event gets the on-save rules."""
    path = ROOT / "src/written.js"
    path.write_text("bad5();\nbad4();\nbad1();\n")
    try:
        client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
            lsp.FileEvent(uri=path.as_uri(), type=lsp.FileChangeType.Created)]))
        diags = await diagnostics_for(client, path.as_uri())
    finally:
        path.unlink()
    assert sorted({str(d.code) for d in diags if str(d.code).startswith("e2e/")}) == ["e2e/r4", "e2e/r5"]


async def test_review_changes_on_a_multi_file_diff_gives_at_most_four(client: LanguageClient):
    (ROOT / "src/b.js").write_text("ok();\nbad1(); bad2();\n")
    (ROOT / "src/c.js").write_text("bad3();\nbad4();\nbad5();\n")
    try:
        result = await client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="review_changes", arguments=[{}]))
    finally:
        (ROOT / "src/b.js").unlink()
        (ROOT / "src/c.js").unlink()
    assert [r["rule"] for r in result["reminders"]] == ["e2e/r5", "e2e/r4", "e2e/r3", "e2e/r2"]
    assert result["more"] == ["e2e/r1"] and result["rev"] == "HEAD"
    assert sorted(result["files"]) == ["src/b.js", "src/c.js"]
    assert result["reminders"][0]["locations"][0]["line"] == 2
    bad = await asyncio.gather(client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="review_changes", arguments=[{"rev": "no-such-rev"}])),
        return_exceptions=True)
    assert "unknown revision" in str(bad[0])


async def test_broken_rule_file_gets_a_diagnostic_and_remote_failure_a_warning(client: LanguageClient):
    uri = (ROOT / "rules/broken.md").as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="markdown", version=1, text=(ROOT / "rules/broken.md").read_text())))
    # The server checks a just-opened file before the rules index is built, then again once it is.
    diags = await diagnostics_for(client, uri)
    while not diags:
        diags = await diagnostics_for(client, uri)
    [diag] = diags
    assert diag.code == "rule-file" and "invalid regex" in diag.message and diag.range.start.line == 7
    for _ in range(150):
        warnings = [m for m in client.messages if "cannot fetch" in m.message]
        if warnings:
            break
        await asyncio.sleep(0.1)
    assert len(warnings) == 1 and warnings[0].type == lsp.MessageType.Warning
    stats = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(command="rule_stats", arguments=[{}]))
    assert {s["rule"] for s in stats} >= {"e2e/r1", "e2e/r5"}
