"""Remote rule snapshots: pinned by content (`sha256`) or commit (`ref`), and sealed in the cache.

The central rules repository (or its mirror, or the network between) may change what it serves: a rule added
or silenced reaches every project that fetches it. A `[[rules.remote]]` entry may pin `sha256` (the digest of
the rules folder, computable with `sha256sum`), and a fetch whose content differs is refused with one line,
keeping the last good copy. Every copy is sealed with this user's key (digest + commit): a copy edited or
planted in the cache afterwards is discarded and fetched again. See docs/security.md (Remote rule snapshots).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from lsp_server.conventions import remote
from tests.conftest import run_cli, trust_folder
from tests.support.conventions_support import central_rules_repo, commit_all, git, rule_text

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture(autouse=True)
def fresh_jobs():
    remote.forget_jobs()
    yield
    remote.forget_jobs()


def central(tmp_path: Path) -> tuple[Path, Path]:
    """(its working copy, the bare repository fetched from): `conventions/no-foo.md` flags `foo(`."""
    return central_rules_repo(tmp_path, "v1")


def shell_digest(folder: Path) -> str:
    """The digest as the documentation tells a user to compute it, independently of Footprint's code."""
    out = subprocess.run("find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum", shell=True, cwd=folder,
                         capture_output=True, text=True, check=True)
    return out.stdout.split()[0]


def push_v2(work: Path, bare: Path) -> None:
    """The central repository changes: the rule is silenced and a new one flags `bar(`."""
    (work / "conventions/no-foo.md").write_text(rule_text("central/no-foo", regex=r"never-matches-\d{9}", message="v2"))
    (work / "conventions/evil.md").write_text(rule_text("central/evil", regex=r"\bbar\(", message="planted"))
    commit_all(work, "v2")
    git(work, "push", "-q", str(bare), "HEAD:main")


def workspace(tmp_path: Path, bare: Path, pin: str | None) -> Path:
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True, exist_ok=True)
    (ws / "src/a.js").write_text("foo();\nbar();\n")
    pinned = f', sha256 = "{pin}"' if pin is not None else ""
    (ws / "footprint.toml").write_text(f'cache_dir = ".fp-cache"\n[rules]\n'
                                       f'remote = [{{ url = "{bare}", subdir = "conventions"{pinned} }}]\n')
    trust_folder(ws)  # [rules] remote is trusted-only
    return ws


def fired(ws: Path) -> tuple[set[str], str]:
    res = run_cli("check", "src/a.js", "--format", "json", cwd=ws)
    return {f["code"] for f in json.loads(res.stdout)}, res.stderr


def test_a_pinned_snapshot_is_used_and_a_changed_one_is_refused(tmp_path: Path):
    work, bare = central(tmp_path)
    v1 = shell_digest(work / "conventions")
    ws = workspace(tmp_path, bare, v1)
    codes, stderr = fired(ws)
    assert codes == {"central/no-foo"}, stderr
    push_v2(work, bare)
    update = run_cli("rules", "update", cwd=ws)
    assert update.returncode != 0
    assert f"not the pinned {v1}: snapshot refused; using the last good copy" in update.stderr, update.stderr
    codes, _ = fired(ws)
    assert codes == {"central/no-foo"}, "the changed snapshot was used"

    v2 = shell_digest(work / "conventions")  # the control: the user pins the new content on purpose
    ws = workspace(tmp_path, bare, v2)
    update = run_cli("rules", "update", cwd=ws)
    assert update.returncode == 0 and f"(sha256 {v2})" in update.stdout, update.stderr
    codes, _ = fired(ws)
    assert codes == {"central/evil"}


def test_a_pin_that_never_matched_uses_no_remote_rules(tmp_path: Path):
    _, bare = central(tmp_path)
    ws = workspace(tmp_path, bare, "0" * 64)
    codes, stderr = fired(ws)
    assert codes == set()
    assert "snapshot refused; no copy yet, so its rules are not used" in stderr, stderr
    bad = workspace(tmp_path, bare, "not-a-digest")
    _, stderr = fired(bad)
    assert "sha256 must be 64 hex digits" in stderr


def test_a_cached_copy_changed_after_the_fetch_is_discarded_and_fetched_again(tmp_path: Path):
    _, bare = central(tmp_path)
    ws = workspace(tmp_path, bare, None)  # not pinned: the seal alone
    codes, _ = fired(ws)
    assert codes == {"central/no-foo"}
    copy = next((ws / ".fp-cache/conventions/remote").glob("*/current"))
    (copy / "no-foo.md").write_text(rule_text("central/no-foo", regex=r"never-matches-\d{9}", message="silenced"))
    (copy / "planted.md").write_text(rule_text("central/planted", regex=r"\bbar\(", message="planted"))
    codes, stderr = fired(ws)
    assert "changed after it was fetched: discarded, fetched again" in stderr, stderr
    assert codes == {"central/no-foo"}, "the edited copy was used"
    assert not (copy / "planted.md").exists()


def test_snapshot_digest_matches_sha256sum_and_covers_names_and_links(tmp_path: Path):
    folder = tmp_path / "snap"
    (folder / "a b").mkdir(parents=True)
    (folder / "a b/r.md").write_text("x")
    (folder / "z.md").write_text("y")
    expected = shell_digest(folder)
    assert remote.snapshot_digest(folder) == expected
    (folder / remote.META_FILE).write_text("{}")  # ours: left out
    assert remote.snapshot_digest(folder) == expected
    (folder / "z.md").rename(folder / "y.md")  # same bytes, another name: another digest
    assert remote.snapshot_digest(folder) != expected
