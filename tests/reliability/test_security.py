"""Security: loopback-only TCP, no document contents in logs, the shared path guard, data never executed."""

from __future__ import annotations

import ast
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lsp_server.surfaces.cli import build_parser
from lsp_server.commands import CommandError
from lsp_server.gitexec import safe_git, safe_git_env
from lsp_server.security import resolve_user_path
from lsp_server.workspace import Workspace
from tests.conftest import REPO, trust_folder
from tests.reliability.rpc_client import LspProcess, RpcError, server_command, server_env

SECRET = "sk-FOOTPRINT-SECRET-7f3a9c"


# --- TCP ------------------------------------------------------------------------------------------------
def test_tcp_host_defaults_to_loopback():
    args = build_parser().parse_args(["serve", "--tcp"])
    assert args.host == "127.0.0.1"


def _listening_addresses(port: int) -> list[str]:
    """Local addresses of sockets listening on `port` (from /proc/net/tcp{,6})."""
    found = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state = fields[1], fields[3]
            addr, _, port_hex = local.partition(":")
            if state == "0A" and int(port_hex, 16) == port:  # 0A = LISTEN
                found.append(addr)
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux /proc/net/tcp to see bound addresses")
def test_tcp_server_listens_on_loopback_only(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "lsp_server", "serve", "--tcp", "--port", str(port)],
                            env=server_env(), cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            addresses = _listening_addresses(port)
            if addresses:
                break
            time.sleep(0.1)
        else:
            pytest.fail("the TCP server never listened")
        assert addresses == ["0100007F"], addresses  # 127.0.0.1 only, no 0.0.0.0 / :: socket
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        proc.kill()
        proc.wait()


# --- logs -------------------------------------------------------------------------------------------------
def _session_with_secret(tmp_path: Path, log: Path, *extra: str) -> None:
    proc = LspProcess(command=server_command("--log-file", str(log), *extra), env=server_env())
    try:
        proc.initialize(tmp_path, options={"footprint": {"exclude": [f"{SECRET}-in-settings"]}})
        uri = (tmp_path / "a.js").as_uri()
        proc.open(uri, f'const key = "{SECRET}";\nlet x = ;\n', 1)
        proc.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}},
             "text": f"// {SECRET}-typed\n"}]})
        assert SECRET in proc.command("document_state", {"uri": uri})["text"]
        proc.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 8}})
        with pytest.raises(RpcError):  # an error path, with the secret in the params
            proc.request("textDocument/hover", {"textDocument": {"uri": uri, "x": SECRET},
                                                "position": {"line": -1, "character": 0}})
        with pytest.raises(RpcError):
            proc.command("document_state", {"uri": 5, "note": SECRET})
        proc.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"].get("version") == 2)
        proc.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    finally:
        proc.close()


def test_logs_never_contain_document_contents(tmp_path):
    log = tmp_path / "server.log"
    _session_with_secret(tmp_path, log)
    text = log.read_text(encoding="utf-8")
    assert text.strip(), "the server wrote no log at all"
    assert SECRET not in text


def test_trace_level_does_log_messages(tmp_path):
    """The same session at DEBUG logs the protocol traffic: proves the test above could fail."""
    log = tmp_path / "server.log"
    _session_with_secret(tmp_path, log, "--log-level", "DEBUG")
    assert SECRET in log.read_text(encoding="utf-8")


# --- the path guard ---------------------------------------------------------------------------------------
@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.js").write_text("let a = 1;\n")
    pack = tmp_path / "pack"
    (pack / "docs").mkdir(parents=True)
    (pack / "pack.toml").write_text("")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text(SECRET)
    (root / "footprint.toml").write_text('packs = ["../pack"]\n')
    return Workspace(root)


def test_paths_inside_the_workspace_and_packs_resolve(workspace, tmp_path):
    root = workspace.root
    assert resolve_user_path(workspace, "src/app.js") == root / "src" / "app.js"
    assert resolve_user_path(workspace, str(root / "src")) == root / "src"
    assert resolve_user_path(workspace, (root / "src" / "app.js").as_uri()) == root / "src" / "app.js"
    assert resolve_user_path(workspace, "src/../src/app.js") == root / "src" / "app.js"
    assert resolve_user_path(workspace, str(tmp_path / "pack" / "docs")) == (tmp_path / "pack" / "docs").resolve()
    extra = tmp_path / "rule-cache"
    assert resolve_user_path(workspace, str(extra / "r.toml"), extra_roots=[extra]) == extra.resolve() / "r.toml"


@pytest.mark.parametrize("raw", [
    "../outside/secret.txt", "/etc/passwd", "src/../../outside/secret.txt", "file:///etc/passwd",
    "file://evil.example/etc/passwd", "http://example.com/a.js", "src/\x00.js", "file:///a%00b", "", "   ", 42, None,
    ["src/app.js"], "~/../../etc/passwd",
])
def test_paths_outside_or_malformed_are_refused(workspace, raw):
    with pytest.raises(CommandError):
        resolve_user_path(workspace, raw)


def test_symlinks_pointing_out_are_refused(workspace, tmp_path):
    link = workspace.root / "src" / "escape"
    link.symlink_to(tmp_path / "outside")
    with pytest.raises(CommandError, match="outside"):
        resolve_user_path(workspace, "src/escape/secret.txt")
    loop = workspace.root / "loop"
    loop.symlink_to(workspace.root / "loop2")
    (workspace.root / "loop2").symlink_to(loop)
    with pytest.raises(CommandError):
        resolve_user_path(workspace, "loop/x.js")


def test_must_exist(workspace):
    with pytest.raises(CommandError, match="no such"):
        resolve_user_path(workspace, "src/missing.js", must_exist=True)


def test_configured_path_keys_are_allowed_roots(tmp_path):
    """Any config key declared as a path (doc folders, rule files...) is an allowed root, automatically."""
    from dataclasses import dataclass, field

    from lsp_server.config import _SECTIONS, config_section

    @config_section("security_test")
    @dataclass(frozen=True)
    class Probe:
        folders: list[str] = field(default_factory=list, metadata={"path": True})

    try:
        docs = tmp_path / "shared-docs"
        docs.mkdir()
        root = tmp_path / "ws"
        root.mkdir()
        (root / "footprint.toml").write_text(f'[security_test]\nfolders = ["{docs.as_posix()}"]\n')
        ws = Workspace(root)  # untrusted: a path outside the workspace is refused, so it is no root either
        assert [e.code for e in ws.settings.errors] == ["untrusted-setting"]
        with pytest.raises(CommandError):
            resolve_user_path(ws, str(docs / "guide.md"))
        trust_folder(root)
        ws = Workspace(root)
        assert not ws.settings.errors
        assert resolve_user_path(ws, str(docs / "guide.md")) == docs / "guide.md"
        with pytest.raises(CommandError):
            resolve_user_path(ws, str(tmp_path / "other.md"))
    finally:
        _SECTIONS.pop("security_test", None)


# --- data is never executed -------------------------------------------------------------------------------
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__", "system", "popen", "execv", "execve", "execvp",
                   "spawnl", "spawnv", "startfile"}
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "dill", "cloudpickle", "runpy", "code", "codeop"}


def _modules():
    for path in sorted((REPO / "lsp_server").rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_no_code_execution_primitives_in_the_server():
    """Rules, docs, configs and rule repositories are data: no eval/exec, no unpickling, no shell. Scans
    every module of lsp_server/, so features added later are held to it too."""
    problems = []
    for path, tree in _modules():
        rel = path.relative_to(REPO)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else ""
                if name in FORBIDDEN_CALLS and owner not in ("re", "regex", "self", "cls"):
                    problems.append(f"{rel}:{node.lineno}: {owner + '.' if owner else ''}{name}()")
                if name == "load" and owner == "yaml" and not any(k.arg == "Loader" for k in node.keywords):
                    problems.append(f"{rel}:{node.lineno}: yaml.load without a safe Loader")
                for kw in node.keywords:
                    if kw.arg == "shell" and not (isinstance(kw.value, ast.Constant) and kw.value.value is False):
                        problems.append(f"{rel}:{node.lineno}: subprocess with shell=")
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for n in names:
                    if n.split(".")[0] in FORBIDDEN_MODULES:
                        problems.append(f"{rel}:{node.lineno}: imports {n}")
    assert not problems, "\n".join(problems)


def test_git_is_only_run_through_safe_git():
    """A module that runs git must build its argv with gitexec.safe_git (hooks off, no prompts)."""
    problems = []
    for path, tree in _modules():
        if path.name == "gitexec.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
                first = node.elts[0]
                if isinstance(first, ast.Constant) and first.value in ("git", "git.exe"):
                    problems.append(f"{path.relative_to(REPO)}:{node.lineno}: builds a git argv by hand; use safe_git()")
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(not any((Path(p) / "git").exists() for p in os.environ.get("PATH", "").split(os.pathsep)),
                    reason="git is not installed")
def test_safe_git_runs_no_hooks_and_never_prompts(tmp_path):
    origin = tmp_path / "origin"
    origin.mkdir()
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(tmp_path)}
    run = lambda *a, **kw: subprocess.run(a, check=True, capture_output=True, text=True, **kw)  # noqa: E731
    run("git", "init", "-q", "-b", "main", str(origin), env=env)
    (origin / "rule.toml").write_text("id = 'x'\n")
    run("git", "-C", str(origin), "-c", "user.name=t", "-c", "user.email=t@t", "add", ".", env=env)
    run("git", "-C", str(origin), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "rules", env=env)
    # A user-wide hooks folder whose post-checkout hook leaves a marker when it runs.
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    marker = tmp_path / "hook-ran"
    hook = hooks / "post-checkout"
    hook.write_text(f"#!/bin/sh\ntouch '{marker}'\n")
    hook.chmod(0o755)
    (tmp_path / ".gitconfig").write_text(f"[core]\n\thooksPath = {hooks}\n")
    run("git", "clone", "-q", str(origin), str(tmp_path / "plain"), env=env)
    assert marker.exists(), "control: a plain clone runs the user's hook"
    marker.unlink()
    run(*safe_git("clone", "-q", str(origin), str(tmp_path / "safe")), env=safe_git_env(env))
    assert (tmp_path / "safe" / "rule.toml").exists()
    assert not marker.exists(), "safe_git ran a hook"
    # No prompt: a remote that wants credentials fails at once instead of waiting for a password.
    started = time.monotonic()
    result = subprocess.run(safe_git("ls-remote", "http://127.0.0.1:9/private.git"), env=safe_git_env(env),
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode != 0 and time.monotonic() - started < 60
