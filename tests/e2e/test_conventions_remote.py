"""Remote rules from a real bare git repository created here, refs and subfolders, offline fallback."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.conventions import remote
from lsp_server.conventions.service import RuleService
from lsp_server.workspace import Workspace
from tests.support.conventions_support import commit_all, git, make_workspace, rule_text


@pytest.fixture(autouse=True)
def _fresh_jobs():
    remote.forget_jobs()
    yield
    remote.forget_jobs()


@pytest.fixture
def central(tmp_path: Path) -> Path:
    """A bare 'central conventions' repo whose rules live in conventions/, with a tag v1."""
    work = tmp_path / "central-work"
    (work / "conventions").mkdir(parents=True)
    (work / "conventions/no-foo.md").write_text(rule_text("central/no-foo", regex=r"\bfoo\b", message="v1"))
    (work / "conventions/shadowed.md").write_text(rule_text("central/shadowed", regex=r"\bbar\b", message="central"))
    (work / "README.md").write_text("not a rule\n")
    git(work, "init", "-q")
    commit_all(work, "v1")
    git(work, "tag", "v1")
    (work / "conventions/no-foo.md").write_text(rule_text("central/no-foo", regex=r"\bfoo\b", message="v2"))
    commit_all(work, "v2")
    bare = tmp_path / "central.git"
    git(tmp_path, "clone", "-q", "--bare", str(work), str(bare))
    return bare


def workspace(root: Path, url: Path, ref: str = "", local: dict | None = None) -> Workspace:
    ref_part = f', ref = "{ref}"' if ref else ""
    return make_workspace(root, local or {}, {"src/a.js": "foo();\nbar();\n"},
                          config=f'remote = [{{ url = "{url.as_posix()}", subdir = "conventions"{ref_part} }}]\n')


def built(ws: Workspace) -> RuleService:
    svc = ws.service(RuleService)
    svc.wait_for_remotes(60)
    return ws.service(RuleService)


def test_remote_rules_are_fetched_in_the_background_and_used(tmp_path: Path, central: Path):
    ws = workspace(tmp_path / "ws", central)
    svc = built(ws)
    assert svc.ruleset.by_id["central/no-foo"].message == "v2"
    assert "README" not in " ".join(svc.ruleset.by_id)
    meta = remote.copy_meta(svc.remotes[0], ws.cache_dir)
    assert meta["url"] == central.as_posix() and len(meta["commit"]) == 40
    findings = run_checks(ws.document(tmp_path / "ws/src/a.js"), CheckContext(ws), (Phase.SAVE,))
    assert {f.code for f in findings} == {"central/no-foo", "central/shadowed"}


def test_ref_selects_a_tag_or_a_commit(tmp_path: Path, central: Path):
    svc = built(workspace(tmp_path / "tag", central, "v1"))
    assert svc.ruleset.by_id["central/no-foo"].message == "v1"
    sha = git(central, "rev-parse", "v1").strip()
    remote.forget_jobs()
    svc = built(workspace(tmp_path / "sha", central, sha))
    assert svc.ruleset.by_id["central/no-foo"].message == "v1"


def test_local_rule_shadows_the_central_one(tmp_path: Path, central: Path):
    ws = workspace(tmp_path / "ws", central,
                   local={"shadowed.md": rule_text("central/shadowed", regex=r"\bbar\b", message="local")})
    svc = built(ws)
    assert svc.ruleset.by_id["central/shadowed"].message == "local"
    assert svc.ruleset.by_id["central/no-foo"].message == "v2"


def test_offline_falls_back_to_the_last_good_copy_with_one_log_line_and_a_warning(tmp_path: Path, central: Path, caplog):
    ws = workspace(tmp_path / "ws", central)
    assert "central/no-foo" in built(ws).ruleset.by_id
    shutil.rmtree(central)  # the central repo is now unreachable
    remote.forget_jobs()
    ws2 = Workspace(tmp_path / "ws")  # a new session on the same workspace
    shown: list[str] = []
    ws2.notify_user = shown.append
    with caplog.at_level(logging.WARNING):
        svc = ws2.service(RuleService)
        assert "central/no-foo" in svc.ruleset.by_id  # from the last good copy, before the fetch ends
        svc.wait_for_remotes(60)
        svc.refresh_remotes()  # a finished failure within the refresh interval is not retried nor repeated
    assert "central/no-foo" in ws2.service(RuleService).ruleset.by_id
    lines = [r.getMessage() for r in caplog.records if "cannot fetch" in r.getMessage()]
    assert len(lines) == 1 and "using the last good copy" in lines[0]
    assert shown == lines


def test_unreachable_remote_without_copy_keeps_local_rules_working(tmp_path: Path, caplog):
    ws = workspace(tmp_path / "ws", tmp_path / "missing.git", local={"l.md": rule_text("local/bar", regex="bar")})
    with caplog.at_level(logging.WARNING):
        svc = built(ws)
    assert list(svc.ruleset.by_id) == ["local/bar"]
    assert any("no copy yet" in r.getMessage() for r in caplog.records)


def test_cli_waits_for_the_first_copy_and_rules_update_reports(tmp_path: Path, central: Path):
    from tests.conftest import run_cli

    workspace(tmp_path / "ws", central)
    res = run_cli("check", "src/a.js", "--format", "json", cwd=tmp_path / "ws")
    assert {f["code"] for f in __import__("json").loads(res.stdout)} == {"central/no-foo", "central/shadowed"}
    res = run_cli("rules", "update", cwd=tmp_path / "ws")
    assert res.returncode == 0 and res.stdout.startswith(f"fetched {central.as_posix()} at ")
    again = run_cli("rules", "update", cwd=tmp_path / "ws")  # the same commit again: nothing new, no error
    assert again.returncode == 0 and again.stdout.startswith("fetched ") and "Error" not in again.stderr, again.stderr
    shutil.rmtree(central)
    res = run_cli("rules", "update", cwd=tmp_path / "ws")
    assert res.returncode == 1 and "cannot fetch" in res.stderr and "using the last good copy" in res.stderr
    res = run_cli("check", "src/a.js", "--format", "json", cwd=tmp_path / "ws")  # offline: the last good copy
    assert "central/no-foo" in res.stdout
    assert "cannot fetch" not in res.stderr  # attempted moments ago (by another process): not retried yet
