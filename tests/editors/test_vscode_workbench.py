"""End-to-end: the packaged VS Code extension (.vsix) in a real VS Code workbench — code-server 4.100.x
(the last line that runs on Node 20) driven by Playwright in Debian's Chromium — on a copy of
examples/layout-app: attach, diagnostics after Ctrl+S, hover, the delete-footprint code action through the
Ctrl+. menu, palette commands (Look up docs, Restart server, Show logs) and the missing-server notification.
Then, in a second code-server with workspace trust on, a folder opened untrusted (Restricted Mode) whose
.vscode/settings.json points footprint.path at a marker-writing program: diagnostics still come, the program never
runs, the trust commands are hidden; granting trust restarts the server with the folder's own settings.

editors/vscode/test/e2e/install.sh installs code-server and playwright-core into a cache outside git; this
test skips (with the reason) only when the registry is unreachable or an install step fails. A step that needs
a server feature skips only when the server lacks the command behind it. Screenshots go to the test's tmp folder
(printed on failure) — or to $FOOTPRINT_E2E_ARTIFACTS when set. $FOOTPRINT_E2E_SERVER_PYTHONPATH runs the same steps
against another server source tree. Takes 2-7 minutes (plus ~3 minutes for the first install).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, REPO
from tests.editors.conftest import REVIEW_FILE, REVIEW_LINE, VSCODE, registry_unreachable_reason, vsix_is_fresh

pytestmark = pytest.mark.slow  # drives a real editor

E2E = VSCODE / "test" / "e2e"
CHROMIUM_CANDIDATES = ["/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser"]


# A near miss of an engine member on a parameter nothing types: the vocabulary warning (not in the example app).
VOCAB_PROBE = """import { Document } from "@acme/layout";

export function fill(pdf) {
  pdf.addPaeg();
  return Document;
}
"""


def server_commands(pythonpath: str) -> list[str]:
    code = "import json; from lsp_server.surfaces import commands; " \
           "from lsp_server.commands import COMMANDS; print(json.dumps(sorted(COMMANDS)))"
    # cwd=/ so that `-c` imports the server from PYTHONPATH, not from the current directory.
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd="/",
                         env={**os.environ, "PYTHONPATH": pythonpath}, check=True)
    return json.loads(out.stdout)


def server_pythonpath() -> str:
    return os.environ.get("FOOTPRINT_E2E_SERVER_PYTHONPATH", str(REPO))


def path_without_footprint_ls() -> str:
    """PATH minus any folder holding a footprint-ls: the workbench starts as a new user's machine does."""
    dirs = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and not (Path(d) / "footprint-ls").exists()]
    return os.pathsep.join(dirs)


def prepare_untrusted_workspace(tmp: Path) -> dict[str, str]:
    """A second copy of the example whose .vscode/settings.json sets footprint.path to a program outside it that
    writes a marker (then runs the real server, so that once the folder is trusted the session still works)."""
    root = tmp / "untrusted"
    shutil.copytree(EXAMPLES / "layout-app", root / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", root / "layout-engine")
    evil_dir = tmp / "evil"
    evil_dir.mkdir()
    marker = evil_dir / "MARKER"
    evil = evil_dir / "footprint-ls"
    evil.write_text(f"#!/bin/sh\necho \"$0 $*\" > '{marker}'\nPYTHONPATH='{server_pythonpath()}' exec '{sys.executable}' "
                    f"-m lsp_server \"$@\"\n")
    evil.chmod(0o755)
    settings = root / "layout-app" / ".vscode" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"footprint.path": [str(evil), "serve"]}, indent=2))
    return {"E2E_UNTRUSTED_WORKSPACE": str((root / "layout-app").resolve()), "E2E_EVIL": str(evil),
            "E2E_MARKER": str(marker)}


def prepare_multiroot_workspace(tmp: Path) -> dict[str, str]:
    """Two copies of the example in one multi-root window, both git repositories; only `two` has an uncommitted
    change. A review run for `two` must open `two`'s file, not the same relative path in `one` (issue 20.9)."""
    root = tmp / "multi"
    shutil.copytree(EXAMPLES / "layout-engine", root / "layout-engine")
    git = ["git", "-c", "user.name=footprint-e2e", "-c", "user.email=e2e@footprint.local", "-c", "commit.gpgsign=false"]
    for name in ("one", "two"):
        shutil.copytree(EXAMPLES / "layout-app", root / name)
        subprocess.run([*git, "init", "-q"], cwd=root / name, check=True)
        subprocess.run([*git, "add", "-A"], cwd=root / name, check=True)
        subprocess.run([*git, "commit", "-qm", "baseline"], cwd=root / name, check=True)
    with open(root / "two" / REVIEW_FILE, "a", encoding="utf-8") as f:
        f.write(REVIEW_LINE)
    workspace = root / "footprint.code-workspace"
    workspace.write_text(json.dumps({"folders": [{"path": "one"}, {"path": "two"}]}))
    return {"E2E_MULTIROOT_WORKSPACE": str(workspace.resolve()), "E2E_MULTIROOT_TWO": str((root / "two").resolve())}


@pytest.fixture(scope="module")
def workbench(tmp_path_factory):
    reason = registry_unreachable_reason()
    if reason:
        pytest.skip(f"VS Code workbench e2e: {reason}")
    chromium = next((c for c in CHROMIUM_CANDIDATES if Path(c).exists()), None)
    if chromium is None:
        pytest.skip("VS Code workbench e2e: Debian's Chromium is not installed (apt-get install -y chromium)")
    proc = subprocess.run(["bash", str(E2E / "install.sh")], capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        pytest.skip(f"VS Code workbench e2e: installing code-server/playwright-core failed (exit {proc.returncode}):"
                    f"\n{proc.stderr[-3000:]}")
    install = proc.stdout.strip().splitlines()[-1]

    if not vsix_is_fresh():  # test_vscode_ci.py normally built it moments ago
        build = subprocess.run(["bash", str(VSCODE / "scripts" / "ci.sh")], cwd=VSCODE, capture_output=True,
                               text=True, timeout=900)
        assert build.returncode == 0, f"building the .vsix failed:\n{(build.stdout + build.stderr)[-4000:]}"

    tmp = tmp_path_factory.mktemp("vscode-e2e")
    shutil.copytree(EXAMPLES / "layout-app", tmp / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", tmp / "layout-engine")
    ws = tmp / "layout-app"
    (ws / "src" / "vocab_probe.js").write_text(VOCAB_PROBE, encoding="utf-8")  # hover_vocabulary_finding's file
    if shutil.which("git"):  # a git repo with one uncommitted change, for Footprint: Review changes
        git = ["git", "-c", "user.name=footprint-e2e", "-c", "user.email=e2e@footprint.local", "-c", "commit.gpgsign=false"]
        subprocess.run([*git, "init", "-q"], cwd=ws, check=True)
        subprocess.run([*git, "add", "-A"], cwd=ws, check=True)
        subprocess.run([*git, "commit", "-qm", "baseline"], cwd=ws, check=True)
        with open(ws / REVIEW_FILE, "a", encoding="utf-8") as f:
            f.write(REVIEW_LINE)
    untrusted = prepare_untrusted_workspace(tmp)
    if shutil.which("git"):
        untrusted.update(prepare_multiroot_workspace(tmp))
    out = Path(os.environ.get("FOOTPRINT_E2E_ARTIFACTS") or tmp / "artifacts")
    out.mkdir(parents=True, exist_ok=True)
    pythonpath = server_pythonpath()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")},
        "PATH": path_without_footprint_ls(),
        "E2E_INSTALL": install,
        "E2E_VSIX": str(VSCODE / "footprint.vsix"),
        "E2E_WORKSPACE": str((tmp / "layout-app").resolve()),
        "E2E_OUT": str(out),
        "E2E_PYTHON": sys.executable,
        "E2E_PYTHONPATH": pythonpath,
        "E2E_SERVER_COMMANDS": json.dumps(server_commands(pythonpath)),
        "E2E_CHROMIUM": chromium,
        "XDG_CACHE_HOME": str(tmp / "cache"),
        **untrusted,
    }
    run = subprocess.run(["node", str(E2E / "workbench.mjs")], env=env, capture_output=True, text=True, timeout=900)
    results_file = out / "results.json"
    log = f"--- workbench.mjs ---\n{(run.stdout + run.stderr)[-4000:]}\nartifacts (screenshots, code-server.log): {out}"
    if not results_file.exists():
        pytest.fail(f"workbench.mjs wrote no results (exit {run.returncode})\n{log}")
    results = json.loads(results_file.read_text())
    if "_fatal" in results:
        log += f"\n--- fatal ---\n{results['_fatal']}"
    results["_log"] = log
    return results


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[`*_#>]", "", text)).strip().lower()


def step(results: dict, name: str) -> dict:
    r = results.get(name)
    if r is None:
        pytest.fail(f"workbench step {name!r} did not run (an earlier step failed)\n{results['_log']}")
    if r["status"] == "skip":
        pytest.skip(r["reason"])
    if r["status"] == "fail":
        pytest.fail(f"workbench step {name!r} failed: {r['reason']}\n{results['_log']}")
    return r.get("detail") or {}


def test_vsix_installs_into_code_server(workbench):
    assert step(workbench, "install_vsix")["installed"]


def test_extension_starts_the_server(workbench):
    assert "-m lsp_server serve" in step(workbench, "workbench_and_attach")["started"]


def test_bundled_server_is_installed_on_first_start_without_footprint_ls_on_path(workbench):
    """Issue 20.3: installing the .vsix is all a user does; the server comes from its bundled wheels."""
    d = step(workbench, "workbench_and_attach")
    assert not d["footprint_ls_on_path"], d
    assert "(from bundled)" in d["started"] and "globalStorage" in d["started"], d
    assert any("installing the bundled server" in line for line in d["setup"]), d["setup"]
    assert any("bundled server installed in" in line for line in d["setup"]), d["setup"]


def test_language_status_shows_state(workbench):
    assert "Footprint: ready" in step(workbench, "language_status")["text"]


def test_syntax_error_after_ctrl_s(workbench):
    rows = step(workbench, "diagnostics_after_save")["rows"]
    assert any("syntax-error" in r for r in rows), rows


def test_invented_api_diagnostic(workbench):
    rows = step(workbench, "invented_api_diagnostic")["rows"]
    expected = json.loads((EXAMPLES / "layout-app" / "expected-findings.json").read_text())
    lines = {f["line"] for f in expected if f["path"] == "src/app.js" and f["code"] == "unknown-symbol"}
    assert any("unknown-symbol" in r and any(f"[Ln {n}," in r for n in lines) for r in rows), (lines, rows)


def test_convention_diagnostic(workbench):
    rows = step(workbench, "convention_diagnostic")["rows"]
    assert any("layout/" in r for r in rows), rows


def test_hover_on_engine_symbol(workbench):
    text = step(workbench, "hover")["text"]
    assert "Document.create" in text, text
    # The doc text comes from the engine pack (not from TypeScript, which cannot see the private engine).
    corpus = _normal("\n".join(p.read_text(errors="replace") for p in (EXAMPLES / "layout-engine").rglob("*")
                               if p.is_file()))
    assert any(len(_normal(line)) >= 20 and _normal(line) in corpus for line in text.splitlines()), text


def test_unknown_member_hover_shows_the_member_it_means(workbench):
    """Issue 20.11: on `page.createBlock` the hover shows `Page.addBlock(...)` and a link to its declaration,
    shown relative to the workspace; the diagnostic's sentence appears once (VS Code's own part), not again."""
    d = step(workbench, "hover_unknown_member")
    assert re.search(r"Page\.addBlock\(", d["text"]), d["text"]
    assert d["text"].count("has no member") <= 1, d["text"]
    decl = [link for link in d["links"] if "engine.d.ts" in link["text"]]
    # The link opens the declaration (code-server shows a file:// link as vscode-remote://host/path).
    assert decl and decl[0]["text"].startswith("../layout-engine/"), d
    assert re.fullmatch(r"(file|vscode-remote)://[^ ]*/layout-engine/engine\.d\.ts#L\d+", decl[0]["href"]), d


def test_vocabulary_finding_text_shows_once_in_the_hover(workbench):
    """The hover of a vocabulary warning (`pdf.addPaeg()` on an untyped parameter): the diagnostic's sentence once
    (VS Code's own part of the hover), then the member it means; the server's part used to repeat the sentence."""
    text = step(workbench, "hover_vocabulary_finding")["text"]
    assert text.count("no type in reach has") == 1, text
    assert re.search(r"Document\.addPage\(", text), text


def test_delete_footprint_code_action(workbench):
    d = step(workbench, "delete_footprint_code_action")
    assert d["title"].startswith(f"Delete footprint of `{d['name']}`") and d["lines_removed"] > 0, d


def test_typescript_file_diagnostics_and_hover(workbench):
    """A .ts file of the example: the selector's typescript entry attaches, unknown-symbol shows, hover answers."""
    d = step(workbench, "typescript_file")
    assert any("unknown-symbol" in r and "addFooter" in r for r in d["rows"]), d["rows"]
    assert "Document.addPage" in d["text"], d["text"]


def test_palette_look_up_docs(workbench):
    d = step(workbench, "palette_lookup_docs")
    assert d["rows"] and d["opened"], d


def test_palette_check_symbols(workbench):
    d = step(workbench, "palette_check_symbols")
    assert "1 unknown" in d["title"], d
    assert any("page.createBlock" in r and "unknown" in r for r in d["rows"]), d["rows"]
    # Issue 20.6: the real member, as the diagnostic on that line says, never the invented name on some type.
    assert any("Page.addBlock" in r for r in d["rows"]) and not any(".createBlock," in r for r in d["rows"]), d["rows"]


def test_palette_review_changes(workbench):
    d = step(workbench, "palette_review_changes")
    assert any(REVIEW_FILE in r for r in d["rows"]), d


def test_palette_rule_stats(workbench):
    d = step(workbench, "palette_rule_stats")
    assert "| rule |" in d["text"].replace("\u00a0", " "), d["text"]
    assert not d["dirty"] and d["name"] == "rule-stats.md", d  # issue 20.14: read-only, not a dirty Untitled


def test_lookup_without_a_match_says_so_in_the_quick_pick(workbench):
    d = step(workbench, "palette_lookup_no_match")
    assert "no match" in d["title"] and d["rows"], d


def test_convention_finding_offers_disable_actions(workbench):
    d = step(workbench, "convention_disable_action")
    assert f"Disable {d['rule']} for this line" in d["titles"] and f"Disable {d['rule']} for this file" in d["titles"], d


def test_check_workspace_reports_every_file(workbench):
    """Issue 20.17: the CLI finds 14 problems in the example; the command shows them all (plus the review's
    uncommitted change), not only the open file's."""
    d = step(workbench, "check_workspace")
    expected = json.loads((EXAMPLES / "layout-app" / "expected-findings.json").read_text())
    m = re.search(r"(\d+) problems? in (\d+) files?", d["toast"])
    assert m and int(m[1]) >= len(expected) and int(m[2]) >= len({f["path"] for f in expected}), d


def test_palette_restart_server(workbench):
    assert step(workbench, "palette_restart")["starts"] >= 2


def test_restart_logs_no_error_and_server_lines_once_stamped(workbench):
    """Issue 20.13: a normal restart logs no "[error] Server process exited with code 0", and the server's own
    lines keep their level with one timestamp (not `[info] 2026-... INFO ...`)."""
    d = step(workbench, "palette_restart")
    clean_exits = [line for line in d["exited"] if "exited with code 0" in line]
    # Before the fix: `[info] [Error - 6:51:31 PM] Server process exited with code 0.` (or at [error] level).
    assert clean_exits and not any(re.search(r"\[error\b", line, re.I) for line in clean_exits), d["exited"]
    assert not any("exited with code 0" in line for line in d["errors"]), d["errors"]
    assert d["server_lines"], "no server line in the Footprint log to check"
    assert d["stamped_twice"] == [], d["stamped_twice"][:5]


def test_missing_server_notification(workbench):
    d = step(workbench, "missing_server_notification")
    assert "/nonexistent/footprint-ls" in d["text"] and "useBundled" in d["text"], d
    assert "`" not in d["text"], f"notifications render no Markdown: {d['text']}"
    assert "couldn't create connection" not in d["all_toasts"], f"a second, generic notification: {d['all_toasts']}"


def test_fixing_the_setting_while_the_notification_is_open_restarts_once(workbench):
    """Issue 20.2: the open notification no longer blocks the restart, and closing it starts no second server."""
    d = step(workbench, "fix_while_notification_open")
    assert d["still_open_when_fixed"], d
    assert len(d["pids"]) == 1, d


def test_crashed_server_is_announced_cleared_and_restarted(workbench):
    """Issue 20.4: after SIGKILL a notification says so, stale problems go, and the server comes back by itself."""
    d = step(workbench, "crash_restart")
    assert "restarting it in" in d["toast"], d
    assert "`" not in d["toast"], f"notifications render no Markdown (issue 20.13): {d['toast']}"
    assert d["cleared"], f"the Problems panel kept the dead server's rows: {d}"
    assert any("unknown-symbol" in r for r in d["rows"]) and d["killed"] not in d["new_pids"] and len(d["new_pids"]) == 1, d


def test_untrusted_workspace_still_gets_diagnostics(workbench):
    d = step(workbench, "untrusted_workspace_diagnostics")
    assert any("unknown-symbol" in r for r in d["rows"]), d["rows"]
    assert any("not trusted (Restricted Mode)" in line for line in d["restricted"]), d


def test_untrusted_workspace_never_runs_the_program_its_settings_name(workbench):
    d = step(workbench, "untrusted_workspace_diagnostics")
    assert not d["marker_exists"], f"the workspace's footprint.path ran in Restricted Mode: {d}"
    assert "-m lsp_server serve" in d["started"] and "evil" not in d["started"], d["started"]
    # VS Code itself hides the workspace values of `restrictedConfigurations` in Restricted Mode (inspect() does
    # not report them), so the extension's own user-level-only reading (unit-tested in trust.test.ts) has
    # nothing to log here; the server still runs without importing from the workspace.
    assert "PYTHONSAFEPATH=1" in d["started"], d["started"]


def test_restricted_mode_is_said_in_the_language_status(workbench):
    """Issue 20.15: Restricted Mode no longer disables the extension silently: its status item says so."""
    text = step(workbench, "untrusted_language_status")["text"]
    assert "Footprint: ready (Restricted Mode)" in text, text
    assert "ignored until you trust it" in text, text


def test_trust_commands_hidden_in_restricted_mode(workbench):
    rows = step(workbench, "untrusted_trust_commands_hidden")["rows"]
    assert any("Footprint: Restart server" in r for r in rows), rows  # the palette does list Footprint commands
    assert not any("Trust This Folder" in r for r in rows), rows


def test_granting_trust_restarts_with_the_workspace_settings(workbench):
    d = step(workbench, "untrusted_then_trust_granted")
    assert d["restart_logged"], d
    # Trusted now: the folder's footprint.path is honoured (it is what a trusted folder may choose).
    assert d["marker_exists"] and any("footprint-ls serve" in line and "evil" in line for line in d["started"]), d


def test_auto_fix_applies_the_preferred_rename(workbench):
    d = step(workbench, "auto_fix_applies_the_preferred_rename")
    assert "page.addBlock(" in d["line"] and d["changed_lines"] == 1, d


def test_no_python_gives_a_clear_message(workbench):
    """Issue 20.3: on a machine without Python 3.11+, one notification says what was looked for and what to do,
    and no server is started."""
    d = step(workbench, "no_python_message")
    assert "python3.11 (not found)" in d["toast"] and "Restart server" in d["toast"], d
    assert not d["started"] and "python3 (not found)" in d["looked"], d


def test_enable_setting_stops_and_starts_the_server(workbench):
    d = step(workbench, "enable_setting")
    assert d["pids_off"] == [] and len(d["pids_on"]) == 1, d


def test_multi_root_review_opens_the_file_of_the_folder_it_ran_for(workbench):
    """Issue 20.9: with two folders and no editor open, a palette command asks which folder, and a result opens
    in that folder (not the same relative path in the first one)."""
    d = step(workbench, "multiroot_review")
    assert any(c.startswith("one") for c in d["folder_choices"]) and any(c.startswith("two") for c in d["folder_choices"]), d
    assert d["opened"] == "format.js" and "two" in d["breadcrumbs"] and "one" not in d["breadcrumbs"].split(), d
