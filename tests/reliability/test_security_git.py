"""Security of every git command Footprint runs, against a repository an attacker prepared.

Each test plays an attack whose payload would leave a marker file, runs it through the real CLI or the
real functions, asserts the marker does not exist, and replays the same payload with plain `git` (the
control) to show it does fire, so a test that stopped defending would fail. The user's own git config
allows every transport (`protocol.allow = always`, GIT_ALLOW_PROTOCOL with ext): Footprint's limits must
hold even against a permissive user config (defence in depth).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from lsp_server.conventions import remote
from lsp_server.conventions.remote import FetchError, RemoteSource
from lsp_server.conventions.review import changed_lines
from lsp_server.conventions.service import RuleService
from lsp_server.gitexec import GitError, run_git, safe_git, safe_git_env
from lsp_server.security import redact_url
from lsp_server.workspace import Workspace
from tests.conftest import run_cli, trust_folder
from tests.reliability.rpc_client import LspProcess, server_env
from tests.support.conventions_support import central_rules_repo, commit_all, git, rule_text

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

SECRET = "s3cretTOKEN-4c1d"


@pytest.fixture(autouse=True)
def permissive_user(tmp_path: Path, monkeypatch) -> Path:
    """A HOME whose git config allows every transport, an XDG config folder, no system config."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".gitconfig").write_text("[protocol]\n\tallow = always\n[protocol \"ext\"]\n\tallow = always\n"
                                     "[user]\n\tname = t\n\temail = t@t\n[init]\n\tdefaultBranch = main\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_ALLOW_PROTOCOL", "ext:file:https:ssh:http:git")
    remote.forget_jobs()
    yield home
    remote.forget_jobs()


@pytest.fixture
def central(tmp_path: Path) -> Path:
    """A bare rule repository whose rule flags `foo(` in src/."""
    return central_rules_repo(tmp_path, "central")[1]


def plain_git(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The control: git as Footprint ran it before, with no protection."""
    argv = ["git", *args]  # noqa: the control must not go through safe_git
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def empty_bare(path: Path) -> Path:
    plain_git("init", "-q", "--bare", str(path))
    return path


# --- C1: option injection through [rules] remote --------------------------------------------------------
def test_ref_starting_with_dashes_is_refused_and_never_read_as_an_option(tmp_path: Path, central: Path):
    marker = tmp_path / "pwned-ref"
    payload = f"--upload-pack=touch {marker};true"
    plain_git("--git-dir", str(empty_bare(tmp_path / "control.git")), "fetch", "--quiet", "--no-tags", "--depth", "1",
              str(central), payload)
    assert marker.exists(), "control: git reads the ref as --upload-pack and runs the program"
    marker.unlink()

    with pytest.raises(FetchError, match="starts with '-'"):
        remote.fetch(RemoteSource(str(central), payload), tmp_path / "cache")
    # The second layer alone: git itself, past a caller that forgot the check, reads it as a ref.
    with pytest.raises(GitError):
        run_git(["fetch", "--quiet", "--depth", "1"], values=[str(central), payload],
                   git_dir=empty_bare(tmp_path / "safe.git"))
    assert not marker.exists()


def test_url_starting_with_dashes_is_refused_even_as_an_scp_style_address(tmp_path: Path):
    marker = tmp_path / "pwned-url"
    payload = f"--upload-pack=touch {marker};true@x:"  # passes a user@host: check
    plain_git("--git-dir", str(empty_bare(tmp_path / "control.git")), "fetch", "--quiet", "--no-tags", "--depth", "1",
              payload, "HEAD")
    assert marker.exists(), "control: git reads the URL as --upload-pack and runs the program"
    marker.unlink()

    with pytest.raises(FetchError, match="starts with '-'"):
        remote.fetch(RemoteSource(payload), tmp_path / "cache")
    with pytest.raises(GitError):
        run_git(["fetch", "--quiet"], values=[payload, "HEAD"], git_dir=empty_bare(tmp_path / "safe.git"))
    assert not marker.exists()


def test_ext_transport_is_refused_even_when_the_user_config_allows_it(tmp_path: Path):
    marker = tmp_path / "pwned-ext"
    url = f"ext::sh -c touch% {marker}"
    plain_git("--git-dir", str(empty_bare(tmp_path / "control.git")), "fetch", "--quiet", url, "HEAD")
    assert marker.exists(), "control: the user's config allows ext::, which runs the command"
    marker.unlink()

    with pytest.raises(FetchError, match="only https://, ssh://"):
        remote.fetch(RemoteSource(url), tmp_path / "cache")
    with pytest.raises(GitError, match="transport 'ext' not allowed"):
        run_git(["fetch", "--quiet"], values=[url, "HEAD"], git_dir=empty_bare(tmp_path / "safe.git"))
    assert not marker.exists()


def test_file_transport_only_when_configured(tmp_path: Path, central: Path):
    url = f"file://{central}"
    with pytest.raises(FetchError, match="file protocol is not allowed"):
        remote.fetch(RemoteSource(url, protocols=("https", "ssh")), tmp_path / "cache")
    for local in (url, str(central)):  # git itself refuses a file:// URL and a local path alike
        with pytest.raises(GitError, match="transport 'file' not allowed"):
            run_git(["fetch", "--quiet"], values=[local, "HEAD"], git_dir=empty_bare(tmp_path / "safe.git"),
                       protocols=("https", "ssh"))
    # Control: with file allowed (the default), the same source is fetched.
    meta = remote.fetch(RemoteSource(url, subdir="conventions"), tmp_path / "cache")
    assert len(meta["commit"]) == 40


@pytest.mark.parametrize("ref", ["main:refs/heads/evil", "a b", "x..y", "main^{tree}", "@{-1}"])
def test_refs_must_pass_git_check_ref_format(tmp_path: Path, central: Path, ref: str):
    with pytest.raises(FetchError, match="check-ref-format"):
        remote.fetch(RemoteSource(str(central), ref), tmp_path / "cache")
    assert remote.fetch(RemoteSource(str(central), "main"), tmp_path / "cache")["commit"]  # control


CLI_ATTACKS = {
    # name: (remote table in TOML, plain git argv of the control, marker name); markers are made in the
    # workspace folder, git's working directory, since an scp-style address cannot hold a '/'.
    "ref": ('{ url = ".", ref = "--upload-pack=touch pwned-ref;true" }',
            [".", "--upload-pack=touch pwned-ref;true"], "pwned-ref"),
    "scp-url": ('{ url = "--upload-pack=touch pwned-url;true@x:" }',
                ["--upload-pack=touch pwned-url;true@x:", "HEAD"], "pwned-url"),
    "ext-url": ('{ url = "ext::sh -c touch% pwned-ext@x:" }', ["ext::sh -c touch% pwned-ext@x:", "HEAD"],
                "pwned-ext@x:"),
}


def attack_workspace(tmp_path: Path, central: Path, attack: str) -> Path:
    """A workspace whose footprint.toml, and the user-level config, carry the attack next to a good remote."""
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "src/a.js").write_text("foo();\n")
    remotes = f'remote = [{CLI_ATTACKS[attack][0]}, {{ url = "{central}", subdir = "conventions" }}]\n'
    (ws / "footprint.toml").write_text(f'cache_dir = ".fp-cache"\n[rules]\n{remotes}')
    user = Path(os.environ["XDG_CONFIG_HOME"]) / "footprint" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text(f"[rules]\n{remotes}")  # the user-level layer, honoured for any folder once it is read
    trust_folder(ws)  # the workspace's own remotes too (trusted-only); git itself must still refuse the attack
    git(ws, "init", "-q")
    commit_all(ws, "project")
    return ws


@pytest.mark.parametrize("attack", sorted(CLI_ATTACKS))
def test_cli_check_and_post_write_hook_run_no_program_from_a_remote_entry(tmp_path: Path, central: Path, attack: str):
    ws = attack_workspace(tmp_path, central, attack)
    _, control_args, marker_name = CLI_ATTACKS[attack]
    marker = ws / marker_name
    res = run_cli("check", "src/a.js", "--format", "json", cwd=ws)
    hook = run_cli("hook", "post-write", "src/a.js", cwd=ws)
    assert not marker.exists(), f"footprint-ls ran the {attack} payload"
    assert "refused" in res.stderr, res.stderr  # reported, not silently dropped
    # The config was honoured: the good remote next to the attack was fetched and its rule fired.
    assert "central/no-foo" in {f["code"] for f in json.loads(res.stdout)}, res.stderr
    assert hook.returncode == 2 and "central/no-foo" in hook.stderr

    control_repo = empty_bare(tmp_path / "control.git")
    plain_git("--git-dir", str(control_repo), "fetch", "--quiet", "--no-tags", "--depth", "1", *control_args, cwd=ws)
    assert marker.exists(), "control: the same entry, given to git as before, runs the program"


def test_server_start_runs_no_program_from_a_remote_entry_and_shows_no_credentials(tmp_path: Path, central: Path):
    ws = attack_workspace(tmp_path, central, "ref")
    attack, good = CLI_ATTACKS["ref"][0], f'{{ url = "{central}", subdir = "conventions" }}'
    failing = f'{{ url = "https://bob:{SECRET}@127.0.0.1:9/rules.git" }}'  # its failure is shown to the user
    (ws / "footprint.toml").write_text(f'cache_dir = ".fp-cache"\n[rules]\nremote = [{attack}, {good}, {failing}]\n')
    stderr = tmp_path / "server.log"
    server = LspProcess(env=server_env(), cwd=ws, stderr=stderr)
    try:
        server.initialize(ws)
        listed = server.command("rules_list")  # builds the rules: config checked, fetches started
        shown = server.wait_for(lambda m: m.get("method") == "window/showMessage"
                                and "cannot fetch" in m["params"]["message"], timeout=120)
    finally:
        server.close()
    assert not (ws / "pwned-ref").exists()
    assert any("starts with '-'" in p["message"] for p in listed["problems"]), listed["problems"]
    assert "https://***@127.0.0.1:9/rules.git" in shown["params"]["message"]
    assert SECRET not in json.dumps(server.notifications) + json.dumps(listed) + stderr.read_text(errors="replace")
    plain_git("--git-dir", str(empty_bare(tmp_path / "control.git")), "fetch", "--quiet", *CLI_ATTACKS["ref"][1], cwd=ws)
    assert (ws / "pwned-ref").exists(), "control: the entry, given to git as before, runs the program"


def test_cli_refuses_a_file_url_when_file_is_not_an_allowed_protocol(tmp_path: Path, central: Path):
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "src/a.js").write_text("foo();\n")
    trust_folder(ws)  # [rules] remote is trusted-only; this is about git's protocols
    (ws / "footprint.toml").write_text(f'cache_dir = ".fp-cache"\n[rules]\nremote_protocols = ["https", "ssh"]\n'
                                       f'remote = [{{ url = "file://{central}", subdir = "conventions" }}]\n')
    res = run_cli("check", "src/a.js", "--format", "json", cwd=ws)
    assert "the file protocol is not allowed" in res.stderr
    assert "central/no-foo" not in res.stdout and not (ws / ".fp-cache/conventions/remote").exists()
    # Control: the default protocols include file.
    (ws / "footprint.toml").write_text(f'cache_dir = ".fp-cache"\n[rules]\n'
                                       f'remote = [{{ url = "file://{central}", subdir = "conventions" }}]\n')
    res = run_cli("check", "src/a.js", "--format", "json", cwd=ws)
    assert "central/no-foo" in {f["code"] for f in json.loads(res.stdout)}, res.stderr


def test_a_poisoned_cache_repository_runs_no_hook(tmp_path: Path, central: Path):
    """The cache may sit in the workspace (`cache_dir = ".fp-cache"`), so repo.git may come from the attacker:
    a planted reference-transaction hook would run when a fetch updates refs (the fetch-by-commit fallback)."""
    cache = tmp_path / "cache"
    source = RemoteSource(str(central), subdir="conventions")
    remote.fetch(source, cache)
    repo = source.folder(cache) / "repo.git"
    marker = tmp_path / "pwned-cache"
    hook = repo / "hooks" / "reference-transaction"
    hook.write_text(f"#!/bin/sh\ntouch '{marker}'\n")
    hook.chmod(0o755)
    all_branches = "+refs/heads/*:refs/remotes/origin/*"
    remote.fetch(source, cache)
    run_git(["fetch", "--quiet", "--no-tags"], values=[str(central), all_branches], git_dir=repo)
    assert not marker.exists()
    plain_git("--git-dir", str(repo), "fetch", "--quiet", "--no-tags", str(central), "+refs/heads/*:refs/control/*")
    assert marker.exists(), "control: git fetch runs the planted hook"


def test_filter_drivers_do_not_run_when_a_rule_repository_is_exported(tmp_path: Path, permissive_user: Path):
    """A rule repository's .gitattributes assigns a filter whose smudge program the user's config defines."""
    marker = tmp_path / "pwned-smudge"
    with (permissive_user / ".gitconfig").open("a") as f:
        f.write(f'[filter "x"]\n\tsmudge = touch {marker}; cat\n')
    work = tmp_path / "rules-work"
    work.mkdir()
    (work / ".gitattributes").write_text("* filter=x\n")
    (work / "r.md").write_text(rule_text("central/r", regex="x"))
    git(work, "init", "-q")
    commit_all(work, "rules")
    cache = tmp_path / "cache"
    source = RemoteSource(str(work))
    remote.fetch(source, cache)
    assert (source.copy(cache) / "r.md").read_text().startswith("+++")
    assert not marker.exists()
    plain_git("--git-dir", str(source.folder(cache) / "repo.git"), "archive", "--format=tar", "FETCH_HEAD")
    assert marker.exists(), "control: git archive runs the smudge filter"


# --- M7: the repository's own config during the diff review ---------------------------------------------
# Every program a repository's config can name, each leaving a marker named after its key when it runs.
# The diff review runs some of them with plain git (the controls below); the others are never reached by a
# review, and must not be reached through any path a later change adds, so they are set too.
PROGRAMS = ("filter-clean", "filter-clean-eq", "filter-smudge", "textconv", "diff-command", "diff-external",
            "fsmonitor", "post-index-change", "pager", "editor", "sequence-editor", "ssh-command", "git-proxy",
            "credential-helper", "askpass", "gpg-program", "alternate-refs")
CONTROLLED = ("filter-clean", "filter-clean-eq", "filter-smudge", "textconv", "diff-command", "diff-external",
              "fsmonitor", "post-index-change", "editor", "ssh-command", "git-proxy", "gpg-program")
# Where the hostile keys sit: .git/config itself, or another file it pulls in.
PLACEMENTS = ("direct", "include", "includeIf-gitdir", "includeIf-onbranch")


def hostile_repo(tmp_path: Path, placement: str = "direct") -> tuple[Path, Path]:
    """A workspace delivered as an archive: its .git/config (or a file it includes) and .gitattributes name
    programs that leave markers; src/a.js and src/b.js have a changed line 2, notes.txt a changed line, and
    src/c.js is touched but unchanged."""
    root, markers = tmp_path / "ws", tmp_path / "markers"
    (root / "rules").mkdir(parents=True)
    (root / "src").mkdir()
    markers.mkdir()
    (root / "footprint.toml").write_text('cache_dir = ".fp-cache"\n[rules]\npaths = ["rules"]\n')
    (root / "rules/legacy.md").write_text(rule_text("t/legacy", regex=r"legacy\(", scope="diff", message="no legacy"))
    (root / ".gitignore").write_text(".fp-cache/\n")
    for name in ("a", "b", "c"):
        (root / f"src/{name}.js").write_text("ok();\n")
    (root / "notes.txt").write_text("notes\n")
    git(root, "init", "-q")
    (root / ".gitattributes").write_text("*.js filter=x diff=x\nsrc/b.js filter=a=b diff=x\n")
    commit_all(root, "project")
    hooks = markers / "hooks"
    hooks.mkdir()

    def program(name: str, status: int = 0) -> Path:
        path = markers / f"{name}.sh"
        path.write_text(f"#!/bin/sh\ntouch '{markers / name}'\n" + ("cat\n" if status == 0 else f"exit {status}\n"))
        path.chmod(0o755)
        return path

    program("post-index-change").rename(hooks / "post-index-change")
    hostile = textwrap.dedent(f"""\
        [filter "x"]
        \tclean = {program("filter-clean")}
        \tsmudge = {program("filter-smudge")}
        [filter "a=b"]
        \tclean = {program("filter-clean-eq")}
        [diff "x"]
        \ttextconv = {program("textconv")}
        \tcommand = {program("diff-command")}
        [diff]
        \texternal = {program("diff-external")}
        [core]
        \tfsmonitor = {program("fsmonitor")}
        \thooksPath = {hooks}
        \tpager = {program("pager")}
        \teditor = {program("editor", 1)}
        \tsshCommand = {program("ssh-command", 1)}
        \tgitProxy = {program("git-proxy", 1)}
        \taskPass = {program("askpass", 1)}
        \talternateRefsCommand = {program("alternate-refs", 1)}
        [sequence]
        \teditor = {program("sequence-editor", 1)}
        [credential]
        \thelper = {program("credential-helper", 1)}
        [gpg]
        \tprogram = {program("gpg-program", 1)}
        """)
    included = markers / "hostile.gitconfig"
    included.write_text(hostile)
    with (root / ".git/config").open("a") as f:
        f.write({"direct": hostile,
                 "include": f"[include]\n\tpath = {included}\n",
                 "includeIf-gitdir": f'[includeIf "gitdir:{root}/.git"]\n\tpath = {included}\n',
                 "includeIf-onbranch": f'[includeIf "onbranch:main"]\n\tpath = {included}\n'}[placement])
    (root / "src/a.js").write_text("ok();\nlegacy();\n")
    (root / "src/b.js").write_text("ok();\nlegacy(2);\n")
    (root / "notes.txt").write_text("notes\nmore\n")
    stat = (root / "src/c.js").stat()
    os.utime(root / "src/c.js", (stat.st_atime - 100, stat.st_mtime - 100))  # stat-dirty: git refreshes it
    return root, markers


def fired(markers: Path) -> set[str]:
    return {p.name for p in markers.iterdir() if p.name in PROGRAMS}


def control(root: Path, markers: Path) -> None:
    """Plain git runs every program the repo names that these commands reach (a diff runs diff.external for
    notes.txt, diff.x.command for the .js files, textconv when no external diff is used)."""
    plain_git("diff", "HEAD", cwd=root)
    plain_git("diff", "--no-ext-diff", "HEAD", cwd=root)
    plain_git("checkout", "--", "src/c.js", cwd=root)  # the smudge filter
    plain_git("commit", "--allow-empty", cwd=root)  # the editor (it fails: no message)
    plain_git("commit", "--allow-empty", "-S", "-m", "signed", cwd=root)  # gpg.program
    plain_git("ls-remote", "ssh://127.0.0.1:9/x", cwd=root)  # core.sshCommand
    plain_git("-c", "protocol.allow=always", "ls-remote", "git://127.0.0.1:9/x", cwd=root)  # core.gitProxy
    assert fired(markers) == set(CONTROLLED), "control: plain git runs them"


@pytest.mark.parametrize("placement", PLACEMENTS)
def test_review_functions_run_no_program_of_the_repository_and_find_the_changed_lines(tmp_path: Path,
                                                                                       placement: str):
    root, markers = hostile_repo(tmp_path, placement)
    base, changed = changed_lines(root, None)
    assert base == "HEAD"
    assert {p.relative_to(root).as_posix(): v for p, v in changed.items()} == {"src/a.js": {1}, "src/b.js": {1},
                                                                              "notes.txt": {1}}
    assert fired(markers) == set()
    control(root, markers)


@pytest.mark.parametrize("placement", PLACEMENTS)
def test_check_diff_and_stop_hook_run_no_program_of_the_repository(tmp_path: Path, placement: str):
    root, markers = hostile_repo(tmp_path, placement)
    res = run_cli("check", "--diff", "--format", "json", cwd=root)
    found = {(f["path"], f["line"], f["code"]) for f in json.loads(res.stdout)}  # JSON lines are 0-based
    event = json.dumps({"session_id": "s", "cwd": str(root), "hook_event_name": "Stop", "stop_hook_active": False})
    stop = run_cli("hook", "stop", input=event, cwd=root)
    assert fired(markers) == set(), "footprint-ls ran a program named by the repository"
    assert found == {("src/a.js", 1, "t/legacy"), ("src/b.js", 1, "t/legacy")}, res.stdout + res.stderr
    assert stop.returncode == 2 and "t/legacy" in stop.stderr and "src/a.js:2" in stop.stderr, stop.stderr
    control(root, markers)


def test_post_write_hook_asks_git_for_the_changed_lines_and_runs_no_program_of_the_repository(tmp_path: Path):
    """A Write event gives no changed lines, so the hook asks git (changed.py -> review.changed_lines): a rule
    matching both lines of src/a.js must be reported on line 2 only, the line changed since HEAD."""
    root, markers = hostile_repo(tmp_path, "includeIf-gitdir")
    (root / "rules/calls.md").write_text(rule_text("t/calls", regex=r"\b(ok|legacy)\(", message="a call"))
    event = {"session_id": "s", "cwd": str(root), "hook_event_name": "PostToolUse", "tool_name": "Write",
             "tool_input": {"file_path": str(root / "src/a.js"), "content": "ok();\nlegacy();\n"},
             "tool_response": {"success": True}}
    res = run_cli("hook", "post-write", input=json.dumps(event), cwd=root)
    assert fired(markers) == set(), "the hook ran a program named by the repository"
    assert res.returncode == 2 and "t/calls" in res.stderr, res.stdout + res.stderr
    assert "src/a.js:2" in res.stderr and "src/a.js:1" not in res.stderr, res.stderr
    control(root, markers)


def test_server_review_changes_runs_no_program_of_the_repository(tmp_path: Path):
    root, markers = hostile_repo(tmp_path, "include")
    server = LspProcess(env=server_env(), cwd=root, stderr=tmp_path / "server.log")
    try:
        server.initialize(root)
        result = server.command("review_changes", {})
    finally:
        server.close()
    assert fired(markers) == set(), "the server ran a program named by the repository"
    located = {(loc["path"], loc["line"]) for r in result["reminders"] for loc in r["locations"]}
    assert result["rev"] == "HEAD" and located == {("src/a.js", 1), ("src/b.js", 1)}, result
    control(root, markers)


def test_a_partial_clone_never_lazy_fetches_through_the_repository_upload_pack(tmp_path: Path):
    """A partial clone fetches missing blobs from its promisor remote on demand; over file:// git starts
    `remote.<name>.uploadpack`, a program the repository's config names. The review allows no transport in
    the workspace: the missing blob is a one-line error, and a diff that needs no missing blob still works."""
    origin = tmp_path / "origin"
    (origin / "src").mkdir(parents=True)
    (origin / "src/a.js").write_text("old();\n")
    git(origin, "init", "-q")
    commit_all(origin, "one")
    (origin / "src/a.js").write_text("ok();\n")
    commit_all(origin, "two")
    git(origin, "config", "uploadpack.allowFilter", "true")
    root = tmp_path / "ws"
    plain_git("clone", "-q", "--filter=blob:none", f"file://{origin}", str(root))
    assert (root / "src/a.js").read_text() == "ok();\n"
    marker = tmp_path / "pwned-upload-pack"
    evil = tmp_path / "upload-pack.sh"
    evil.write_text(f"#!/bin/sh\ntouch '{marker}'\nexec git-upload-pack \"$@\"\n")
    evil.chmod(0o755)
    git(root, "config", "remote.origin.uploadpack", str(evil))
    (root / "footprint.toml").write_text('[rules]\npaths = ["rules"]\n')
    (root / "rules").mkdir()
    (root / "rules/legacy.md").write_text(rule_text("t/legacy", regex=r"legacy\(", scope="diff", message="no legacy"))
    (root / "src/a.js").write_text("ok();\nlegacy();\n")

    res = run_cli("check", "--diff", "--format", "json", cwd=root)  # HEAD's blob is here: works, no fetch
    assert {(f["path"], f["line"]) for f in json.loads(res.stdout)} == {("src/a.js", 1)}, res.stderr
    old = run_cli("check", "--diff", "HEAD~1", "--format", "json", cwd=root)  # HEAD~1's blob is not
    assert not marker.exists(), "footprint-ls started the repository's upload-pack"
    assert old.returncode == 2 and "never fetches" in old.stderr and "Traceback" not in old.stderr, old.stderr
    plain_git("diff", "HEAD~1", cwd=root)
    assert marker.exists(), "control: plain git diff lazy-fetches through the repository's upload-pack"


def test_a_repo_less_git_command_never_reads_the_config_of_the_caller_folder(tmp_path: Path, monkeypatch):
    """`check-ref-format` and `init` (run before a remote is fetched) need no repository: run from the
    workspace, git would still find the workspace's repository and could read its config."""
    root, markers = hostile_repo(tmp_path, "include")
    monkeypatch.chdir(root)
    assert run_git(["rev-parse", "--show-toplevel"], protocols=()).strip() == str(root)  # cwd: the repo
    for verb in (["check-ref-format", "refs/footprint/main"], ["init", "--quiet", "--bare", str(tmp_path / "b.git")]):
        run_git(verb)
    with pytest.raises(GitError):  # ls-remote runs from "/", ssh is core.sshCommand's business: not ours
        run_git(["ls-remote"], values=["ssh://127.0.0.1:9/x"], timeout=60)
    with pytest.raises(GitError, match="transport 'git' not allowed"):
        run_git(["ls-remote"], values=["git://127.0.0.1:9/x"], timeout=60)
    assert fired(markers) == set()


def test_command_line_config_beats_included_config_and_git_proxy_is_off(tmp_path: Path):
    """The mechanism the defences rely on, shown on git itself: `-c` wins over a key an included file sets
    (include.path and includeIf), and core.gitProxy, which `-c` cannot override (first match wins), is off
    through GIT_PROXY_COMMAND=""."""
    root, markers = hostile_repo(tmp_path, "includeIf-gitdir")
    shown = run_git(["config", "--get", "core.pager"], cwd=root, protocols=())
    assert shown.strip() == "cat"  # safe_git's -c core.pager=cat, over the included program
    assert plain_git("config", "--get", "core.pager", cwd=root).stdout.strip().endswith("pager.sh")  # control
    env = safe_git_env(protocols=())
    env["GIT_ALLOW_PROTOCOL"] = "git"  # only to reach the proxy step: Footprint never allows git://
    proc = subprocess.run(["git", "ls-remote", "git://127.0.0.1:9/x"], cwd=root, env=env,  # noqa: the mechanism
                          capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode != 0 and not (markers / "git-proxy").exists()
    plain_git("-c", "protocol.allow=always", "ls-remote", "git://127.0.0.1:9/x", cwd=root)
    assert (markers / "git-proxy").exists(), "control: without GIT_PROXY_COMMAND=\"\" the proxy runs"


def test_run_git_refuses_a_diff_that_could_run_a_diff_driver():
    with pytest.raises(ValueError, match="--no-ext-diff --no-textconv"):
        run_git(["diff", "HEAD"])


# --- credentials in remote URLs -------------------------------------------------------------------------
def test_redact_url_removes_user_and_password_from_any_text():
    text = f"cannot fetch https://bob:{SECRET}@example.com/r.git@main: 'https://{SECRET}@example.com/r.git/'"
    assert redact_url(text) == ("cannot fetch https://***@example.com/r.git@main: "
                                "'https://***@example.com/r.git/'")
    untouched = "git@github.com:org/rules.git and /srv/rules@v1"  # no scheme: no password possible
    assert redact_url(untouched) == untouched


def test_credentials_in_a_remote_url_reach_no_log_message_or_output(tmp_path: Path, caplog):
    url = f"https://bob:{SECRET}@127.0.0.1:9/rules.git"  # port 9: refused at once
    ws = tmp_path / "ws"
    (ws / "src").mkdir(parents=True)
    (ws / "src/a.js").write_text("foo();\n")
    (ws / "footprint.toml").write_text(f'cache_dir = ".fp-cache"\n[rules]\nremote = [{{ url = "{url}" }}]\n')
    trust_folder(ws)  # [rules] remote is trusted-only; this is about what git's failure may show
    log_file = tmp_path / "footprint.log"
    check = run_cli("check", "src/a.js", "--format", "json", "--log-file", str(log_file), "--log-level", "DEBUG",
                    cwd=ws)
    update = run_cli("rules", "update", cwd=ws)
    listed = run_cli("rules", "list", "--format", "json", cwd=ws)
    # The server's way: a log line and a message shown to the user (window/showMessage).
    remote.forget_jobs()
    workspace = Workspace(ws)
    shown: list[str] = []
    workspace.notify_user = shown.append
    with caplog.at_level(logging.DEBUG):
        workspace.service(RuleService).wait_for_remotes(60)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    cached = "\n".join(p.read_text(errors="replace") for p in (ws / ".fp-cache").rglob("*") if p.is_file())
    cached += "\n".join(str(p) for p in (ws / ".fp-cache").rglob("*"))
    everything = [check.stdout, check.stderr, log_file.read_text(), update.stdout, update.stderr, listed.stdout,
                  listed.stderr, logged, *shown, cached]
    assert all(SECRET not in text for text in everything)
    assert "cannot fetch https://***@127.0.0.1:9/rules.git" in update.stderr  # the failure is still reported
    assert shown and "https://***@127.0.0.1:9" in shown[0]


# --- the rule: one argv builder -------------------------------------------------------------------------
def test_safe_git_puts_values_after_end_of_options_and_overrides_program_settings():
    argv = safe_git("fetch", "--quiet", values=["--upload-pack=x", "HEAD"], protocols=("https",))
    assert argv[argv.index("fetch"):] == ["fetch", "--quiet", "--end-of-options", "--upload-pack=x", "HEAD"]
    config = {argv[i + 1] for i, a in enumerate(argv) if a == "-c"}
    assert {"core.hooksPath=/dev/null", "core.fsmonitor=false", "protocol.allow=never", "protocol.https.allow=always",
            "diff.external=", "credential.helper="} <= config
    assert "protocol.file.allow=always" not in config
    with pytest.raises(ValueError):
        safe_git("fetch", protocols=("ext",))


def test_safe_git_env_drops_inherited_config_and_programs_and_never_prompts():
    inherited = {"PATH": "/usr/bin", "GIT_DIR": "/elsewhere/.git", "GIT_CONFIG_PARAMETERS": "'core.fsmonitor'='x'",
                 "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.hooksPath", "GIT_CONFIG_VALUE_0": "/x",
                 "GIT_EXTERNAL_DIFF": "/x", "GIT_PAGER": "/x", "GIT_ASKPASS": "/x", "GIT_SSH_COMMAND": "ssh -i key"}
    env = safe_git_env(inherited, protocols=("https",), overrides=[("filter.a=b.clean", "")])
    assert env["PATH"] == "/usr/bin" and env["GIT_SSH_COMMAND"] == "ssh -i key"  # the user's own settings stay
    assert not {"GIT_DIR", "GIT_CONFIG_PARAMETERS", "GIT_EXTERNAL_DIFF"} & set(env)
    overridden = (env["GIT_CONFIG_COUNT"], env["GIT_CONFIG_KEY_0"], env["GIT_CONFIG_VALUE_0"])
    assert overridden == ("1", "filter.a=b.clean", "")
    assert env["GIT_ASKPASS"] == "" and env["GIT_TERMINAL_PROMPT"] == "0" and env["GIT_PAGER"] == "cat"
    assert env["GIT_ALLOW_PROTOCOL"] == "https"
