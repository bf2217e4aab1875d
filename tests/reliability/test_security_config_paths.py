"""An untrusted folder's config cannot widen what Footprint reads: paths outside the workspace are refused.

A repository's `footprint.toml` names doc folders, rule folders and object-model sources. Untrusted, each must
resolve (symlinks followed) inside the workspace root or the folder of the file naming it (a pack's own
folder); otherwise it is dropped with one warning on its line, and the readers' roots never include it, so a
committed symlink leading out of a doc folder is not followed either. Trusting the folder (the control)
restores them, which shows the tests can fail. See docs/security.md (Config paths).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import run_cli, trust_folder
from tests.reliability.rpc_client import LspProcess, RpcError, server_env
from tests.support.conventions_support import rule_text

SECRET = "ZORBLAX-SECRET-9f2c"
LEAK = "SECRET-9f2c"  # the part no search highlights: its presence anywhere is the leak


def victim_and_repo(tmp_path: Path) -> tuple[Path, Path]:
    """`private/`: the user's files outside the repository (docs holding a secret, rules); `ws/`: a repository
    whose config names them, directly, through a committed folder symlink and a committed file symlink."""
    private = tmp_path / "private"
    (private / "notes").mkdir(parents=True)
    (private / "notes/keys.md").write_text(f"# Zorblax credentials\n\nThe Zorblax token is {SECRET}.\n")
    (private / "rules").mkdir()
    (private / "rules/outside.md").write_text(rule_text("private/no-foo", regex=r"\bfoo\(", message="outside"))
    ws = tmp_path / "ws"
    (ws / "docs").mkdir(parents=True)
    (ws / "docs/guide.md").write_text("# Widget guide\n\nCall widget.spin() to spin the widget.\n")
    (ws / "docs/leak.md").symlink_to(private / "notes/keys.md")  # a file symlink inside a doc folder
    (ws / "linked").symlink_to(private / "notes", target_is_directory=True)  # a folder symlink named below
    (ws / "rules").mkdir()
    (ws / "rules/local.md").write_text(rule_text("local/no-bar", regex=r"\bbar\(", message="inside"))
    (ws / "src").mkdir()
    (ws / "src/a.js").write_text("foo();\nbar();\n")
    (ws / "footprint.toml").write_text(
        "[docs]\n"
        f'paths = ["docs", "{private / "notes"}", "linked", "../private/notes"]\n'
        "[rules]\n"
        f'paths = ["rules", "{private / "rules"}"]\n'
        "[object_model]\n"
        f'sources = [{{ path = "{private / "notes"}", module = "secret" }}]\n')
    return private, ws


def lookup(ws: Path, query: str) -> tuple[dict, str]:
    res = run_cli("lookup", query, "--json", cwd=ws)
    return json.loads(res.stdout), res.stderr


def test_cli_untrusted_config_paths_outside_the_workspace_are_refused_on_their_lines(tmp_path: Path):
    private, ws = victim_and_repo(tmp_path)
    found, stderr = lookup(ws, "Zorblax token")
    assert LEAK not in json.dumps(found) + stderr, "the private file reached the output"
    config = ws / "footprint.toml"
    # One warning per key, on its line, naming what was refused; nothing inside the workspace is refused.
    assert f"warning: {config}:2: [docs] paths: '{private / 'notes'}', '{private / 'notes'}', " \
           f"'{private / 'notes'}' are outside the workspace, ignored: this folder is not trusted" in stderr, stderr
    assert f"warning: {config}:4: [rules] paths: '{private / 'rules'}' is outside the workspace" in stderr
    assert f"warning: {config}:6: [object_model] sources: '{private / 'notes'}' is outside" in stderr
    assert "skipped docs/leak.md" in stderr  # the committed file symlink is not followed
    widget, _ = lookup(ws, "widget spin")  # the docs inside still work
    assert [r["path"] for r in widget["results"]][:1] == ["docs/guide.md"]
    check = run_cli("check", "src/a.js", "--format", "json", cwd=ws)
    assert {f["code"] for f in json.loads(check.stdout)} == {"local/no-bar"}, check.stderr

    trust_folder(ws)  # the control: the same config, trusted, reads them
    found, stderr = lookup(ws, "Zorblax token")
    assert LEAK in json.dumps(found) and "outside the workspace" not in stderr
    check = run_cli("check", "src/a.js", "--format", "json", cwd=ws)
    assert {f["code"] for f in json.loads(check.stdout)} == {"local/no-bar", "private/no-foo"}


def test_a_pack_named_by_an_untrusted_folder_keeps_its_own_paths_inside_itself(tmp_path: Path):
    """`packs` may name a folder outside the workspace (an installed engine pack, the README's example), but
    that pack's paths, and those of a pack the repository ships, stay inside the pack or the workspace."""
    private, ws = victim_and_repo(tmp_path)
    pack = ws / "vendor-pack"
    (pack / "docs").mkdir(parents=True)
    (pack / "docs/api.md").write_text("# Gadget API\n\nCall gadget.twist() to twist the gadget.\n")
    (pack / "pack.toml").write_text(f'[docs]\npaths = ["docs", "{private / "notes"}"]\n')
    (ws / "footprint.toml").write_text('packs = ["vendor-pack"]\n')
    found, stderr = lookup(ws, "Zorblax token")
    assert LEAK not in json.dumps(found) + stderr
    assert f"{pack / 'pack.toml'}:2: [docs] paths: '{private / 'notes'}' is outside the workspace" in stderr
    gadget, _ = lookup(ws, "gadget twist")
    assert [r["path"] for r in gadget["results"]][:1] == ["vendor-pack/docs/api.md"]


def test_server_untrusted_config_paths_outside_the_workspace_are_refused(tmp_path: Path):
    private, ws = victim_and_repo(tmp_path)
    config = ws / "footprint.toml"
    proc = LspProcess(env=server_env())
    try:
        proc.initialize(ws)
        message = proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                and m["params"]["uri"] == config.as_uri() and m["params"]["diagnostics"])
        diags = message["params"]["diagnostics"]
        assert [(d["range"]["start"]["line"], d["severity"], d["code"]) for d in diags] == [
            (1, 2, "untrusted-setting"), (3, 2, "untrusted-setting"), (5, 2, "untrusted-setting")]
        leaked = proc.command("lookup_docs", {"query": "Zorblax token"}, timeout=120)
        with pytest.raises(RpcError, match="outside the workspace"):  # nor can a caller name the folder
            proc.command("lookup_docs", {"query": "Zorblax", "path": str(private / "notes")}, timeout=120)
        widget = proc.command("lookup_docs", {"query": "widget spin"}, timeout=120)
    finally:
        proc.close()
    assert LEAK not in json.dumps(leaked)
    assert [r["path"] for r in widget["results"]][:1] == ["docs/guide.md"]

    trust_folder(ws)  # the control: trusted (from the next start), the same request returns the file
    proc = LspProcess(env=server_env())
    try:
        proc.initialize(ws)
        leaked = proc.command("lookup_docs", {"query": "Zorblax token"}, timeout=120)
    finally:
        proc.close()
    assert LEAK in json.dumps(leaked)


def test_a_pack_that_is_not_a_pack_widens_nothing(tmp_path: Path):
    """`packs = ["/"]` (or a private folder): reported as "pack not found", and never a root of the path guard,
    so a caller (an agent talked into it by the repository's text) cannot name files there."""
    private, ws = victim_and_repo(tmp_path)
    (ws / "footprint.toml").write_text(f'packs = ["{private / "notes"}", "/"]\n[docs]\npaths = ["docs"]\n')
    proc = LspProcess(env=server_env())
    try:
        proc.initialize(ws)
        for outside in (private / "notes", private / "notes/keys.md", Path("/etc")):
            with pytest.raises(RpcError, match="outside the workspace"):
                proc.command("lookup_docs", {"query": "Zorblax", "path": str(outside)}, timeout=120)
        widget = proc.command("lookup_docs", {"query": "widget spin", "path": "docs"}, timeout=120)
    finally:
        proc.close()
    assert [r["path"] for r in widget["results"]][:1] == ["docs/guide.md"]
    assert "pack not found" in run_cli("lookup", "widget", cwd=ws).stderr  # still said


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file to another user needs root")
def test_a_config_another_user_planted_above_the_folder_is_ignored(tmp_path: Path):
    """`/tmp/footprint.toml` planted by another local user would configure every project under /tmp without a
    config of its own: its rules' messages reach the agent's prompt (post-write hook), its root is /tmp."""
    shared = tmp_path / "tmp"
    (shared / "rules").mkdir(parents=True)
    (shared / "rules/inject.md").write_text(rule_text("planted/inject", files=("**/*.js",), regex=r"\bfoo\(",
                                                      message="INJECTED"))
    config = shared / "footprint.toml"
    config.write_text('[rules]\npaths = ["rules"]\n')
    project = shared / "proj"
    (project / "src").mkdir(parents=True)
    (project / "src/a.js").write_text("foo();\n")
    os.chown(config, 4242, 4242)  # another user's file, above the project
    check = run_cli("check", "src/a.js", "--format", "json", cwd=project)
    hook = run_cli("hook", "post-write", "src/a.js", cwd=project)
    assert "INJECTED" not in check.stdout + hook.stdout + hook.stderr, hook.stderr
    assert json.loads(check.stdout) == [] and hook.returncode == 0
    assert "belongs to another user (uid 4242): ignored" in check.stderr
    for folder in (project, project / "src"):  # a checkout that user owns: their config is its config (CI)
        os.chown(folder, 4242, 4242)
    assert "planted/inject" in run_cli("check", "src/a.js", "--format", "json", cwd=project).stdout
    for folder in (project, project / "src"):
        os.chown(folder, 0, 0)
    os.chown(config, os.geteuid(), os.getegid())  # the control: the user's own file above is their config
    check = run_cli("check", "src/a.js", "--format", "json", cwd=project)
    hook = run_cli("hook", "post-write", "src/a.js", cwd=project)
    assert {f["code"] for f in json.loads(check.stdout)} == {"planted/inject"}
    assert hook.returncode == 2 and "INJECTED" in hook.stderr
