"""The failures issue #16 found (D1-D7), replayed with the agents' payloads on a git copy of examples/layout-app,
and the loop guards: what blocked before must now answer right, and the same findings never block twice."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.e2e.hooks.conftest import apply_write, hook, json_out, make_app, no_traceback, payload
from tests.support.conventions_support import commit_all, git

IMPL_IMPORT = 'import { InvoiceRepositoryImpl } from "../repositories/InvoiceRepositoryImpl.js";\n'


def _import_impl(app: Path) -> None:
    service = app / "src/services/InvoiceService.js"
    text = service.read_text()
    service.write_text(text.replace('import { Document } from "@acme/layout";\n',
                                    'import { Document } from "@acme/layout";\n' + IMPL_IMPORT, 1))


def test_d1_stop_shows_the_layer_violation_check_reports(app):
    _import_impl(app)
    res = hook("stop", payload("claude", "stop", app), app)
    assert res.returncode == 2, res.stderr
    assert "cross-file problem(s)" in res.stderr
    assert "src/services/InvoiceService.js:2:39: error layer-violation services-use-interfaces" in res.stderr
    # ReportService.js:3 has the same violation since the base commit: not part of this change
    assert "ReportService.js" not in res.stderr


def test_d2_broken_config_missing_pack_and_bad_rev_never_block(app):
    apply_write(payload("claude", "post-tool-use-multiedit", app), app)
    edit = payload("claude", "post-tool-use-multiedit", app)
    (app / "footprint.toml").write_text("packs = [\n")  # invalid TOML
    for event, stdin in (("post-write", edit), ("stop", payload("claude", "stop", app))):
        res = hook(event, stdin, app)
        no_traceback(res)
        assert res.returncode == 1, res.stderr  # Claude Code: a non-blocking error shown to the user
        assert res.stderr.startswith("footprint-ls:") and "not reviewed" in res.stderr.splitlines()[0]
    out = json_out(hook("post-write", payload("codex", "post-tool-use-apply-patch", app), app))
    assert "decision" not in out and "footprint.toml" in out["systemMessage"]
    (app / "footprint.toml").write_text('packs = ["../no-such-pack"]\n')
    res = hook("post-write", edit, app)
    no_traceback(res)
    assert res.returncode == 1 and "pack not found" in res.stderr and len(res.stderr.splitlines()) == 1, res.stderr
    git(app, "checkout", "--", "footprint.toml")
    res = hook("stop", payload("claude", "stop", app), app, "--rev", "nosuchrev")
    assert res.returncode == 1 and "unknown revision 'nosuchrev'" in res.stderr, res.stderr
    res = hook("post-write", "", app, "--no-such-option")  # a usage error
    assert res.returncode == 1 and "not blocking" in res.stderr and "usage" not in res.stdout


def test_d3_stop_at_a_monorepo_root_finds_each_packages_workspace(tmp_path: Path):
    mono = tmp_path / "mono"
    (mono / "packages").mkdir(parents=True)
    make_app(mono / "packages")
    shutil.rmtree(mono / "packages/layout-app/.git")
    (mono / "package.json").write_text('{"private": true, "workspaces": ["packages/*"]}\n')
    git(mono, "init", "-q")
    commit_all(mono, "base")
    app = mono / "packages/layout-app"
    _import_impl(app)
    cover = app / "src/layout/cover.js"
    cover.write_text(cover.read_text().replace("theme.muted;", 'Color.fromHex("#6b7280");'))
    res = hook("stop", payload("claude", "stop", mono), mono)
    assert res.returncode == 2, res.stderr
    assert "packages/layout-app/src/layout/cover.js:22:" in res.stderr and "layout/no-hex-colors" in res.stderr
    assert "packages/layout-app/src/services/InvoiceService.js:2:39: error layer-violation" in res.stderr


def test_d4_no_event_on_stdin_reviews_nothing(app):
    apply_write(payload("claude", "post-tool-use-multiedit", app), app)  # a change the review would flag
    for stdin in ("", "not json", "[1, 2]"):
        for event in ("stop", "post-write"):
            res = hook(event, stdin, app)
            no_traceback(res)
            assert res.returncode == 0 and res.stdout == "", (stdin, res.stderr)
            assert len(res.stderr.splitlines()) == 1 and "nothing checked" in res.stderr, (stdin, res.stderr)


def test_d4_loop_flags_end_the_stop_hook(app):
    apply_write(payload("claude", "post-tool-use-multiedit", app), app)
    res = hook("stop", payload("claude", "stop", app, stop_hook_active=True), app)
    assert (res.returncode, res.stdout, res.stderr) == (0, "", "")
    assert json_out(hook("stop", payload("cursor", "stop", app, loop_count=3), app)) == {}
    assert "followup_message" in json_out(hook("stop", payload("cursor", "stop", app, loop_count=0), app))


def test_d5_an_edit_is_judged_on_its_own_lines(app):
    """Line 17 of cover.js has a hex colour since the base commit; an Edit of line 20 must not be told to fix it,
    and an Edit that writes a hex colour on line 22 must."""
    res = hook("post-write", _applied(payload("claude", "post-tool-use-edit", app), app), app)
    assert (res.returncode, res.stderr) == (0, "")
    edit = payload("claude", "post-tool-use-edit", app)
    edit["tool_input"] = {**edit["tool_input"], "old_string": "  tagline.style.color = theme.muted;",
                          "new_string": '  tagline.style.color = Color.fromHex("#6b7280");'}
    res = hook("post-write", _applied(edit, app), app)
    assert res.returncode == 2 and "src/layout/cover.js:22:" in res.stderr and ":17:" not in res.stderr


def _applied(event: dict, app: Path) -> dict:
    apply_write(event, app)
    return event


def test_d7_nul_byte_and_symlink_loop_get_a_reason_not_a_traceback(app):
    loop = app / "src/loop.js"
    loop.symlink_to(app / "src/loop2.js")
    (app / "src/loop2.js").symlink_to(loop)
    for name in ("src/a\x00b.js", str(loop)):
        event = payload("claude", "post-tool-use-write", app)
        event["tool_input"] = {"file_path": name, "content": "x"}
        res = hook("post-write", event, app)
        no_traceback(res)
        assert res.returncode == 0 and len(res.stderr.splitlines()) == 1, res.stderr
        assert "not reviewed" in res.stderr and ("NUL" in res.stderr or "symlink loop" in res.stderr), res.stderr


# --- the rest of the bad-input list -------------------------------------------------------------------
def _write_event(app: Path, name: str) -> dict:
    event = payload("claude", "post-tool-use-write", app)
    event["tool_input"] = {"file_path": name, "content": "(written)"}
    return event


def test_bad_files_are_not_checked_and_say_why_in_one_line(app, tmp_path: Path):
    outside = tmp_path / "elsewhere.js"
    outside.write_text('const c = "#0b5fff";\n')
    binary = app / "src/blob.js"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    huge = app / "src/huge.js"
    huge.write_text('const c = "#0b5fff";\n' * (5 * 1024 * 1024 // 22 + 1))
    gone = app / "src/gone.js"  # written, then deleted before the hook ran
    cases = {str(outside): "outside the workspace", str(binary): "binary", str(huge): "over the",
             str(gone): "no longer exists"}
    for name, reason in cases.items():
        res = hook("post-write", _write_event(app, name), app)
        no_traceback(res)
        assert res.returncode == 0 and res.stdout == "", (name, res.stderr)
        assert len(res.stderr.splitlines()) == 1 and "not reviewed" in res.stderr and reason in res.stderr, (name, res.stderr)


def test_outside_a_git_repository(tmp_path: Path):
    """post-write judges what it can (a whole new file); stop says in one line that it reviewed nothing."""
    app = make_app(tmp_path)
    shutil.rmtree(app / ".git")
    event = _applied(payload("claude", "post-tool-use-write", app), app)
    res = hook("post-write", event, app)
    assert res.returncode == 2 and "src/layout/badge.js:4:" in res.stderr
    res = hook("stop", payload("claude", "stop", app), app)
    no_traceback(res)
    assert res.returncode == 0 and "not inside a git repository" in res.stderr and len(res.stderr.splitlines()) == 1
    stale = payload("claude", "post-tool-use-edit", app)  # the file changed again since: the edit is not there
    stale["tool_input"] = {**stale["tool_input"], "new_string": '  tagline.style.color = Color.fromHex("#000000");'}
    res = hook("post-write", stale, app)
    assert res.returncode == 0 and "the edit was not found in the file" in res.stderr and ":17:" not in res.stderr


# --- the per-session guard ---------------------------------------------------------------------------
def test_the_same_findings_never_block_twice_in_a_session(app):
    _import_impl(app)
    event = payload("claude", "stop", app)
    first = hook("stop", event, app)
    assert first.returncode == 2
    second = hook("stop", event, app)  # stop_hook_active stayed false (reported for Claude Code): no loop
    assert second.returncode == 0 and "already shown in this session" in second.stderr, second.stderr
    other = hook("stop", {**event, "session_id": "another-session"}, app)
    assert other.returncode == 2  # another session has not seen them
    cover = app / "src/layout/cover.js"  # a new finding in the same session blocks again
    cover.write_text(cover.read_text().replace("theme.muted;", 'Color.fromHex("#6b7280");'))
    third = hook("stop", event, app)
    assert third.returncode == 2 and "no-hex-colors" in third.stderr


def test_post_write_guard_and_cursor_guard(app):
    edit = _applied(payload("claude", "post-tool-use-multiedit", app), app)
    assert hook("post-write", edit, app).returncode == 2
    res = hook("post-write", edit, app)
    assert res.returncode == 0 and "already shown" in res.stderr
    out = json_out(hook("stop", payload("cursor", "stop", app), app))
    assert "followup_message" in out
    out = json_out(hook("stop", payload("cursor", "stop", app), app))  # loop_count stayed 0: still no loop
    assert out == {}


def test_the_guard_state_is_bounded(app, tmp_path: Path):
    from lsp_server.surfaces.hooks import guard

    folder = tmp_path / "xdg-cache/footprint/hook-sessions"
    folder.mkdir(parents=True)
    for i in range(guard.MAX_SESSIONS + 30):
        (folder / f"{i:040d}.json").write_text("[]")
    _import_impl(app)
    assert hook("stop", payload("claude", "stop", app), app).returncode == 2
    files = list(folder.glob("*.json"))
    assert len(files) == guard.MAX_SESSIONS
    assert any(json.loads(f.read_text()) for f in files)  # the new session's keys were kept


def test_stop_reports_new_cycles_unresolved_imports_and_invented_names(app):
    service = app / "src/services/InvoiceService.js"
    text = service.read_text().replace("    const page = doc.addPage();", "    const page = doc.addPagee();")
    service.write_text('import { nope } from "../util/nope.js";\n' + text)
    tables = app / "src/layout/tables.js"
    tables.write_text('import { InvoiceService } from "../services/InvoiceService.js";\n' + tables.read_text())
    res = hook("stop", payload("claude", "stop", app), app)
    assert res.returncode == 2, res.stderr
    assert "src/services/InvoiceService.js:1:22: error unresolved-import Cannot resolve '../util/nope.js'" in res.stderr
    assert "unknown-symbol `Document` has no member `addPagee`; did you mean `addPage`?" in res.stderr
    assert "src/layout/tables.js:1:32: warning import-cycle Import cycle: src/layout/tables.js -> " \
           "src/services/InvoiceService.js -> src/layout/tables.js" in res.stderr
    assert "util/strings.js" not in res.stderr  # unresolved since the base commit, on an unchanged line


def test_a_whole_file_write_is_judged_on_its_diff_against_head(app):
    """A Write (or write_file) of an existing file: the lines that differ from HEAD, not the whole file."""
    cover = app / "src/layout/cover.js"
    for agent, name in (("claude", "post-tool-use-write"), ("gemini", "after-tool-write-file")):
        event = payload(agent, name, app)
        event["tool_input"] = {"file_path": str(cover), "content": cover.read_text().replace(
            "tagline.style.color = theme.muted;", 'tagline.style.color = Color.fromHex("#6b7280");')}
        apply_write(event, app)
        res = hook("post-write", event, app)
        text = res.stderr if agent == "claude" else json_out(res)["hookSpecificOutput"]["additionalContext"]
        assert "src/layout/cover.js:22:" in text and "cover.js:17:" not in text, text
        git(app, "checkout", "--", ".")


def test_post_write_says_how_many_more_rules_apply_beyond_the_cap(app):
    """Three rules fire on the lines an Edit wrote; `[rules] max_per_file` (2) shows the two highest-priority
    ones and says the third applies too."""
    edit = payload("claude", "post-tool-use-edit", app)
    edit["tool_input"] = {**edit["tool_input"], "new_string": (
        '  tagline.fontSize = 16;\n  const draft = new Document();\n  draft.render();\n'
        '  draft.style.color = Color.fromHex("#123456");')}
    res = hook("post-write", _applied(edit, app), app)
    assert res.returncode == 2, res.stderr
    assert "layout/await-render" in res.stderr and "layout/use-document-create" in res.stderr
    assert not any(line.startswith("- ") and "no-hex-colors" in line for line in res.stderr.splitlines())
    assert "(+1 more rule(s) apply to the lines you changed, beyond the cap of 2 per file: layout/no-hex-colors" \
           in res.stderr
