"""The diff review in a real temporary git repository: changed lines only, untracked files, the cap of 4."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsp_server.commands import CommandContext, CommandError
from lsp_server.surfaces.commands import review_changes
from lsp_server.conventions.review import changed_lines, review
from tests.support.conventions_support import commit_all, git, make_workspace, rule_text


@pytest.fixture
def repo(tmp_path: Path):
    rules = {f"r{p}.md": rule_text(f"t/r{p}", regex=f"bad{p}\\b", priority=p) for p in range(1, 7)}
    rules["diff.md"] = rule_text("t/diff-only", regex=r"legacy\(", scope="diff", priority=0)
    ws = make_workspace(tmp_path, rules, {
        ".gitignore": ".fp-cache/\n",
        "src/a.js": "bad1();\nbad2();\nlegacy();\nok();\n",
        "src/b.js": "ok();\n",
    })
    git(tmp_path, "init", "-q")
    commit_all(tmp_path)
    return tmp_path, ws


def test_only_changed_lines_count(repo):
    root, ws = repo
    # Pre-existing violations on unchanged lines (bad1, bad2, legacy) are not reported.
    (root / "src/a.js").write_text("bad1();\nbad2();\nlegacy();\nok();\nbad3(); legacy();\n", encoding="utf-8")
    result = review(ws)
    assert [r.rule.id for r in result.reminders] == ["t/r3", "t/diff-only"]
    [(doc, path, start, end)] = result.reminders[0].locations
    assert path == (root / "src/a.js").resolve() and doc.lines.line_of(start) == 4
    assert result.rev == "HEAD"


def test_changed_lines_parsing_and_untracked_files(repo):
    root, _ = repo
    (root / "src/a.js").write_text("bad1();\nchanged();\nlegacy();\nok();\nnew();\n", encoding="utf-8")
    (root / "src/new.js").write_text("x\n", encoding="utf-8")
    (root / "src/b.js").unlink()
    base, changed = changed_lines(root, None)
    changed = {p.relative_to(root).as_posix(): v for p, v in changed.items()}
    assert changed == {"src/a.js": {1, 4}, "src/new.js": None}


def test_at_most_four_rules_across_a_multi_file_diff_highest_priority_first(repo):
    root, ws = repo
    (root / "src/b.js").write_text("ok();\nbad1(); bad2();\nbad3();\n", encoding="utf-8")
    (root / "src/c.js").write_text("bad4();\nbad5();\nbad6();\n", encoding="utf-8")  # untracked
    result = review(ws)
    assert [r.rule.id for r in result.reminders] == ["t/r6", "t/r5", "t/r4", "t/r3"]
    assert result.more == ["t/r2", "t/r1"]
    assert {p.name for p in result.files} == {"b.js", "c.js"}


def test_review_against_an_older_revision_and_bad_revisions(repo):
    root, ws = repo
    (root / "src/b.js").write_text("ok();\nbad4();\n", encoding="utf-8")
    commit_all(root, "second")
    assert review(ws).clean  # nothing changed since HEAD
    result = review(ws, "HEAD~1")
    assert [r.rule.id for r in result.reminders] == ["t/r4"]
    with pytest.raises(CommandError, match="unknown revision"):
        review(ws, "no-such-branch")
    with pytest.raises(CommandError, match="invalid revision"):
        review(ws, "--output=/tmp/x")


def test_not_a_git_repository_is_a_clear_error(tmp_path: Path):
    ws = make_workspace(tmp_path / "plain", {"r.md": rule_text("t/r", regex="x")})
    with pytest.raises(CommandError, match="not inside a git repository"):
        review(ws)


def test_repository_without_commits_reviews_everything(tmp_path: Path):
    ws = make_workspace(tmp_path, {"r.md": rule_text("t/r", regex="bad")}, {"src/a.js": "bad();\n"})
    git(tmp_path, "init", "-q")
    assert [r.rule.id for r in review(ws).reminders] == ["t/r"]


def test_review_changes_command_json(repo):
    root, ws = repo
    (root / "src/b.js").write_text("ok();\nconst s = \"😀\"; bad6();\n", encoding="utf-8")
    out = review_changes(CommandContext(ws), {})
    [reminder] = out["reminders"]
    assert reminder["rule"] == "t/r6" and reminder["why"] == "Why it matters."
    [loc] = reminder["locations"]
    assert (loc["path"], loc["line"], loc["character"]) == ("src/b.js", 1, 16)  # UTF-16: 😀 is 2 units (15 code points)
    assert out["text"].startswith("Footprint review: before you finish")
    with pytest.raises(CommandError):
        review_changes(CommandContext(ws), {"rev": 3})


def test_workspace_in_a_subfolder_of_the_repository(tmp_path: Path):
    ws = make_workspace(tmp_path / "packages/app", {"r.md": rule_text("t/r", regex="bad")},
                        {"src/a.js": "ok();\n", ".gitignore": ".fp-cache/\n"})
    (tmp_path / "other").mkdir()
    (tmp_path / "other/x.js").write_text("bad();\n")
    git(tmp_path, "init", "-q")
    commit_all(tmp_path)
    (tmp_path / "other/x.js").write_text("bad(); bad();\n")  # outside the workspace: not reviewed
    (tmp_path / "other/new.js").write_text("bad();\n")
    assert review(ws).clean
    (tmp_path / "packages/app/src/a.js").write_text("ok();\nbad();\n")
    (tmp_path / "packages/app/src/b.js").write_text("bad();\n")
    result = review(ws)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in result.files) == [
        "packages/app/src/a.js", "packages/app/src/b.js"]
    assert [r.rule.id for r in result.reminders] == ["t/r"] and len(result.reminders[0].locations) == 2
