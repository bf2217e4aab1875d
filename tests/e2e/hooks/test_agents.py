"""Each agent's documented payload in, that agent's channel out (fixtures: tests/fixtures/agents/<agent>).

The agent is detected from the payload (no --agent), the write the payload describes is applied to a git
copy of examples/layout-app, and the answer is read where the agent reads it."""

from __future__ import annotations

import json
import re

from tests.e2e.hooks.conftest import apply_write, hook, json_out, no_traceback, payload
from tests.support.conventions_support import git

HEX = "layout/no-hex-colors"


def _edit(agent: str, name: str, app):
    event = payload(agent, name, app)
    apply_write(event, app)
    return event


# --- Claude Code: exit 2 + stderr acts; exit 0 says nothing -------------------------------------------
def test_claude_edit_is_judged_on_the_changed_lines_only(app):
    """cover.js:17 has an old hex colour; the Edit changes line 20: nothing to fix (D5)."""
    res = hook("post-write", _edit("claude", "post-tool-use-edit", app), app)
    no_traceback(res)
    assert (res.returncode, res.stdout, res.stderr) == (0, "", "")


def test_claude_multiedit_flags_the_new_hex_colour_not_the_old_one(app):
    res = hook("post-write", _edit("claude", "post-tool-use-multiedit", app), app)
    assert res.returncode == 2 and res.stdout == "", res.stderr
    assert f"src/layout/cover.js:22:" in res.stderr and HEX in res.stderr
    assert "cover.js:17:" not in res.stderr


def test_claude_write_of_a_new_file_checks_all_of_it(app):
    res = hook("post-write", _edit("claude", "post-tool-use-write", app), app)
    assert res.returncode == 2 and "src/layout/badge.js:4:" in res.stderr and HEX in res.stderr


def test_claude_stop_reviews_the_change_and_blocks_once(app):
    apply_write(payload("claude", "post-tool-use-multiedit", app), app)
    event = payload("claude", "stop", app)
    res = hook("stop", event, app)
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith("Footprint review:") and "src/layout/cover.js:22:" in res.stderr
    again = hook("stop", {**event, "stop_hook_active": True}, app)
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")


# --- Codex: JSON on stdout, {"decision": "block", "reason"} ----------------------------------------------
def test_codex_apply_patch_paths_come_from_the_patch(app):
    event = _edit("codex", "post-tool-use-apply-patch", app)
    out = json_out(hook("post-write", event, app))
    assert out["decision"] == "block"
    reason = out["reason"]
    assert "src/layout/cover.js:22:" in reason and "cover.js:17:" not in reason  # the hunk's added line only
    assert "cover.js:20:" not in reason  # an added line without a finding
    assert "src/layout/badge.js:4:" in reason  # an added file: all of it
    assert "src/layout/old.js: deleted by the edit" in out["systemMessage"]  # a one-line note, not a block


def test_codex_stop_blocks_with_a_reason_in_json(app):
    apply_write(payload("codex", "post-tool-use-apply-patch", app), app)
    out = json_out(hook("stop", payload("codex", "stop", app), app))
    assert out["decision"] == "block" and out["reason"].startswith("Footprint review:")
    assert json_out(hook("stop", payload("codex", "stop", app, stop_hook_active=True), app)) == {}


# --- Gemini CLI: JSON only on stdout; additionalContext after a tool, deny + reason after the agent ------
def test_gemini_replace_appends_context_to_the_tool_result(app):
    out = json_out(hook("post-write", _edit("gemini", "after-tool-replace", app), app))
    context = out["hookSpecificOutput"]
    assert context["hookEventName"] == "AfterTool"
    assert "src/layout/cover.js:22:" in context["additionalContext"] and "decision" not in out


def test_gemini_write_file_and_a_clean_edit(app):
    out = json_out(hook("post-write", _edit("gemini", "after-tool-write-file", app), app))
    assert "src/layout/badge.js:4:" in out["hookSpecificOutput"]["additionalContext"]
    git(app, "checkout", "--", ".")
    clean = payload("gemini", "after-tool-replace", app)
    clean["tool_input"] = {**clean["tool_input"], "old_string": "  tagline.fontSize = 14;",
                           "new_string": "  tagline.fontSize = 18;"}
    apply_write(clean, app)
    assert json_out(hook("post-write", clean, app)) == {}  # stdout is JSON even when there is nothing to say


def test_gemini_after_agent_asks_for_a_retry_turn(app):
    apply_write(payload("gemini", "after-tool-replace", app), app)
    out = json_out(hook("stop", payload("gemini", "after-agent", app), app))
    assert out["decision"] == "deny" and HEX in out["reason"]
    assert json_out(hook("stop", payload("gemini", "after-agent", app, stop_hook_active=True), app)) == {}


# --- Cursor: stop answers with followup_message; loop_count bounds it ------------------------------------
def test_cursor_after_file_edit_and_stop(app):
    edit = _edit("cursor", "after-file-edit", app)
    res = hook("post-write", edit, app)
    assert json_out(res) == {}  # afterFileEdit's output does not reach the model: the Hooks log gets the text
    assert HEX in res.stderr
    out = json_out(hook("stop", payload("cursor", "stop", app), app))
    assert HEX in out["followup_message"] and "src/layout/cover.js:22:" in out["followup_message"]


def test_cursor_loop_count_ends_the_follow_ups(app):
    apply_write(payload("cursor", "after-file-edit", app), app)
    assert json_out(hook("stop", payload("cursor", "stop", app, loop_count=1), app)) == {}  # D4
    assert json_out(hook("stop", payload("cursor", "stop", app, status="aborted"), app)) == {}  # the user stopped it


def test_the_agent_can_be_named_and_the_payload_then_read_its_way(app):
    """--agent overrides detection: a Claude-shaped payload answered on Gemini's channel."""
    event = _edit("claude", "post-tool-use-multiedit", app)
    out = json_out(hook("post-write", event, app, "--agent", "gemini"))
    assert HEX in out["hookSpecificOutput"]["additionalContext"]


def test_every_fixture_cites_its_agent_version_and_published_format():
    from tests.e2e.hooks.conftest import FIXTURES

    names = sorted(p.relative_to(FIXTURES).as_posix() for p in FIXTURES.glob("*/*.json"))
    assert len(names) >= 11
    for name in names:
        source = json.loads((FIXTURES / name).read_text())["source"]
        assert re.search(r"\d+\.\d+", source["version"]), name
        assert re.search(r"https://|\.json|\.md|\.ts", source["doc"]), name


def test_cursor_multi_root_workspace_finds_the_root_of_the_file(app, tmp_path):
    other = tmp_path / "other-root"
    other.mkdir()
    edit = payload("cursor", "after-file-edit", app, workspace_roots=[str(other), str(app)])
    apply_write(edit, app)
    res = hook("post-write", edit, other)
    assert json_out(res) == {} and HEX in res.stderr and "not reviewed" not in res.stderr, res.stderr
