"""Agent hook tests: a git copy of examples/layout-app, the agents' payload fixtures (tests/fixtures/agents),
the write each payload describes applied to the copy, and the real `footprint-ls hook` process run on it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, REPO
from tests.support.conventions_support import commit_all, git

FIXTURES = REPO / "tests" / "fixtures" / "agents"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch):
    """The session guard's state lives in the user cache: one per test, so tests never see each other's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))


def make_app(parent: Path) -> Path:
    """examples/layout-app (and the engine pack it names, ../layout-engine) as a committed git repository."""
    shutil.copytree(EXAMPLES / "layout-app", parent / "layout-app")
    shutil.copytree(EXAMPLES / "layout-engine", parent / "layout-engine")
    app = parent / "layout-app"
    (app / ".gitignore").write_text("dist/\n")
    git(app, "init", "-q")
    commit_all(app, "base")
    return app


@pytest.fixture
def app(tmp_path: Path) -> Path:
    return make_app(tmp_path)


def fixture(agent: str, name: str) -> dict:
    data = json.loads((FIXTURES / agent / f"{name}.json").read_text(encoding="utf-8"))
    assert data["source"]["doc"] and data["source"]["version"], f"{agent}/{name}: cite the version and the doc"
    return data


def payload(agent: str, name: str, root: Path, **changes) -> dict:
    """The fixture's payload with `{root}` replaced by the project folder (and top-level fields changed)."""
    text = json.dumps(fixture(agent, name)["payload"]).replace("{root}", str(root).replace("\\", "\\\\"))
    return {**json.loads(text), **changes}


def apply_write(event: dict, root: Path) -> None:
    """Do on disk what the event says the agent did (a hook runs after the write)."""
    tool_input = event.get("tool_input") if isinstance(event.get("tool_input"), dict) else {}
    if event.get("tool_name") == "apply_patch":
        apply_patch(tool_input["command"], root)
        return
    path = Path(tool_input.get("file_path") or event.get("file_path"))
    if "content" in tool_input:
        path.write_text(tool_input["content"], encoding="utf-8")
        return
    edits = tool_input.get("edits") or event.get("edits") or [tool_input]
    text = path.read_text(encoding="utf-8")
    for edit in edits:
        assert edit["old_string"] in text, edit
        text = text.replace(edit["old_string"], edit["new_string"], 1)
    path.write_text(text, encoding="utf-8")


def apply_patch(patch: str, root: Path) -> None:
    """A small applier of Codex's apply_patch envelope (Add, Update with context hunks, Delete)."""
    path, old, new, mode = None, [], [], None

    def flush():
        nonlocal old, new
        if mode == "update" and (old or new):
            text = path.read_text(encoding="utf-8")
            before, after = "\n".join(old) + "\n", "\n".join(new) + "\n"
            assert before in text, before
            path.write_text(text.replace(before, after, 1), encoding="utf-8")
        elif mode == "add":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("\n".join(new) + "\n", encoding="utf-8")
        old, new = [], []

    for line in patch.splitlines():
        if line.startswith("*** "):
            flush()
            head = line[4:]
            for verb, m in (("Add File: ", "add"), ("Update File: ", "update"), ("Delete File: ", "delete")):
                if head.startswith(verb):
                    path, mode = root / head[len(verb):], m
                    if m == "delete" and path.exists():
                        path.unlink()
            continue
        if line.startswith("@@"):
            flush()
        elif line.startswith("+"):
            new.append(line[1:])
        elif line.startswith("-"):
            old.append(line[1:])
        elif line.startswith(" "):
            old.append(line[1:])
            new.append(line[1:])
    flush()


def hook(event: str, stdin: str | dict | None, cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """`footprint-ls hook EVENT ARGS` as the agent runs it, the payload on stdin."""
    data = json.dumps(stdin) if isinstance(stdin, dict) else stdin
    return subprocess.run([sys.executable, "-m", "lsp_server", "hook", event, *args], cwd=cwd, input=data,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})})


def no_traceback(res: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in res.stderr and "Traceback" not in res.stdout, res.stderr


def json_out(res: subprocess.CompletedProcess) -> dict:
    """The JSON answer of an agent that reads stdout (Codex, Gemini CLI, Cursor): one object, nothing else."""
    no_traceback(res)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)
