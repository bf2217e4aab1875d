"""The CLI as agents and CI run it: hooks (post-write, stop), `check --diff`, `rules check|list|context`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, run_cli
from tests.support.conventions_support import commit_all, git, rule_text, sample_rules_workspace


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return sample_rules_workspace(tmp_path)


def test_post_write_with_a_file_argument(ws: Path):
    res = run_cli("hook", "post-write", "src/bad.js", cwd=ws)
    assert res.returncode == 2 and res.stdout == ""
    lines = res.stderr.splitlines()
    assert lines[0] == "Footprint: 2 project convention(s) apply to src/bad.js; fix them now:"
    assert "src/bad.js:1:10: warning t/hex: use the theme" in lines[1]
    assert any("src/bad.js:1:1: error t/var" in line for line in lines)
    assert not any(line.startswith("- ") and "t/eval" in line for line in lines)  # at most 2 rules per file
    assert "(+1 more rule(s) apply to the lines you changed, beyond the cap of 2 per file: t/eval" in res.stderr
    assert "why: Why it matters." in res.stderr


def test_post_write_reads_the_agent_event_from_stdin(ws: Path):
    event = {"session_id": "abc", "cwd": str(ws), "hook_event_name": "PostToolUse",
             "tool_name": "Write", "tool_input": {"file_path": str(ws / "src/bad.js"), "content": "..."}}
    res = run_cli("hook", "post-write", input=json.dumps(event), cwd=EXAMPLES)
    assert res.returncode == 2 and "t/hex" in res.stderr
    relative = {**event, "tool_input": {"file_path": "src/clean.js"}}
    res = run_cli("hook", "post-write", input=json.dumps(relative), cwd=EXAMPLES)
    assert (res.returncode, res.stdout, res.stderr) == (0, "", "")
    for junk in ("{}", json.dumps({"tool_input": {"file_path": "README.md"}, "cwd": str(ws)})):
        res = run_cli("hook", "post-write", input=junk, cwd=ws)
        assert (res.returncode, res.stderr) == (0, ""), junk
    res = run_cli("hook", "post-write", input="not json", cwd=ws)  # no event: one line saying so, no block
    assert res.returncode == 0 and res.stderr.count("\n") == 1 and "stdin is not JSON" in res.stderr


def test_exit_zero_reports_on_stdout(ws: Path):
    res = run_cli("hook", "post-write", "src/bad.js", "--exit-zero", cwd=ws)
    assert res.returncode == 0 and "t/hex" in res.stdout and res.stderr == ""


def test_stop_hook_reviews_the_diff(ws: Path):
    git(ws, "init", "-q")
    commit_all(ws)
    event = json.dumps({"cwd": str(ws), "session_id": "s", "hook_event_name": "Stop", "stop_hook_active": False})
    assert run_cli("hook", "stop", input=event, cwd=ws).returncode == 0  # nothing changed
    (ws / "src/clean.js").write_text('let a = 1;\nconst c = "#abcdef";\n')
    (ws / "src/more.js").write_text("var x = eval(y);\n")
    res = run_cli("hook", "stop", input=event, cwd=EXAMPLES)
    assert res.returncode == 2
    assert res.stderr.startswith("Footprint review: before you finish, check your change (vs HEAD) against 3")
    assert "src/clean.js:2:" in res.stderr and "src/more.js:1:1" in res.stderr
    again = json.dumps({"cwd": str(ws), "stop_hook_active": True})
    assert run_cli("hook", "stop", input=again, cwd=ws).returncode == 0  # never loops the agent


def test_check_diff_on_the_example_app(tmp_path: Path):
    """On the example, the diff-scoped rule fires only for changed lines: here, a new file."""
    shutil.copytree(EXAMPLES / "layout-app", tmp_path / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", tmp_path / "layout-engine")
    app = tmp_path / "layout-app"
    (app / ".gitignore").write_text("dist/\n")
    git(app, "init", "-q")
    git(app, "add", "-A", ":!src/services/ExportService.cjs")
    git(app, "commit", "-qm", "base")
    res = run_cli("check", "--diff", "--format", "json", cwd=app)
    assert res.returncode == 0, res.stderr  # reminders, not failures
    found = json.loads(res.stdout)
    assert [(f["path"], f["line"] + 1, f["code"]) for f in found] == [
        ("src/services/ExportService.cjs", 5, "layout/no-legacy-compat")]
    assert found[0]["message"].startswith("Review: ")
    # Without --diff, the same rule never fires (scope = "diff"), the file-scoped ones do.
    res = run_cli("check", ".", "--format", "json", cwd=app)
    codes = {f["code"] for f in json.loads(res.stdout)}
    assert "layout/no-legacy-compat" not in codes and "layout/await-render" in codes


def test_check_diff_outside_git_is_a_usage_error(ws: Path):
    res = run_cli("check", "--diff", cwd=ws)
    assert res.returncode == 2 and "not inside a git repository" in res.stderr
    assert run_cli("check", cwd=ws).returncode == 2


def test_rules_check_list_and_context(ws: Path):
    res = run_cli("rules", "check", cwd=ws)
    assert res.returncode == 0 and res.stderr == ""
    (ws / "rules/broken.md").write_text(rule_text("t/broken", regex="(x"))
    res = run_cli("rules", "check", cwd=ws)
    assert res.returncode == 1 and "rules/broken.md:" in res.stderr and "invalid regex" in res.stderr
    listed = json.loads(run_cli("rules", "list", "--format", "json", cwd=ws).stdout)
    assert sorted(r["id"] for r in listed["rules"]) == ["t/eval", "t/guide", "t/hex", "t/var"]
    ctx = run_cli("rules", "context", cwd=ws).stdout
    assert ctx.startswith("# Project conventions") and "Batch your queries." in ctx and "t/hex" not in ctx


def test_post_write_ignores_dependencies_and_excluded_files(ws: Path):
    (ws / "src/node_modules/lib").mkdir(parents=True)  # matched by the rules globs
    (ws / "src/node_modules/lib/x.js").write_text('var c = "#0b5fff";\n')
    assert run_cli("hook", "post-write", "src/node_modules/lib/x.js", cwd=ws).returncode == 0
    (ws / "footprint.toml").write_text('cache_dir = ".fp-cache"\nexclude = ["src/bad.js"]\n[rules]\npaths = ["rules"]\n')
    assert run_cli("hook", "post-write", "src/bad.js", cwd=ws).returncode == 0


def test_hook_does_not_hang_on_a_silent_pipe(ws: Path):
    import subprocess
    import sys
    import time

    from tests.conftest import REPO

    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "lsp_server", "hook", "stop"], cwd=ws, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**__import__("os").environ, "PYTHONPATH": str(REPO)})
    try:
        assert proc.wait(timeout=60) == 0  # no event, not a git repository: nothing to say
    finally:
        proc.stdin.close()
        proc.kill()
    assert time.monotonic() - started < 60
