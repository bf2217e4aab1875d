"""`footprint-ls init AGENT`: each agent's project configuration written, merged without clobbering, idempotent,
previewed with --dry-run; and the hook commands it writes really answer (run through a shell, as agents do)."""

from __future__ import annotations

import json
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.e2e.hooks.conftest import apply_write, json_out, payload

FILES = {"claude": [".claude/settings.json", ".mcp.json"], "codex": [".codex/hooks.json", ".codex/config.toml"],
         "gemini": [".gemini/settings.json"], "cursor": [".cursor/hooks.json", ".cursor/mcp.json"]}


def _snapshot(project: Path) -> dict[str, str]:
    return {p.relative_to(project).as_posix(): p.read_text() for p in sorted(project.rglob("*")) if p.is_file()}


def init(project: Path, *args: str) -> subprocess.CompletedProcess:
    res = run_cli("init", *args, "--project", str(project))
    assert "Traceback" not in res.stderr, res.stderr
    return res


@pytest.mark.parametrize("agent", sorted(FILES))
def test_init_writes_each_agents_format_and_a_second_run_changes_nothing(tmp_path: Path, agent: str):
    res = init(tmp_path, agent)
    assert res.returncode == 0, res.stderr
    assert sorted(_snapshot(tmp_path)) == sorted(FILES[agent])
    first = _snapshot(tmp_path)
    again = init(tmp_path, agent)
    assert again.returncode == 0 and _snapshot(tmp_path) == first
    assert all(line.endswith("up to date") for line in again.stdout.splitlines()), again.stdout


def test_the_formats_are_what_each_agent_reads(tmp_path: Path):
    assert init(tmp_path, "all").returncode == 0
    claude = json.loads((tmp_path / ".claude/settings.json").read_text())["hooks"]
    assert claude["PostToolUse"][0]["matcher"] == "Write|Edit|MultiEdit"
    assert claude["PostToolUse"][0]["hooks"][0]["timeout"] == 30  # seconds
    assert "hook stop --agent claude" in claude["Stop"][0]["hooks"][0]["command"]
    assert json.loads((tmp_path / ".mcp.json").read_text())["mcpServers"]["footprint"]["args"][-1] == "mcp"
    codex = json.loads((tmp_path / ".codex/hooks.json").read_text())["hooks"]
    assert "apply_patch" in codex["PostToolUse"][0]["matcher"].split("|")
    toml = tomllib.loads((tmp_path / ".codex/config.toml").read_text())
    assert toml["mcp_servers"]["footprint"]["args"][-1] == "mcp"
    gemini = json.loads((tmp_path / ".gemini/settings.json").read_text())
    after_tool = gemini["hooks"]["AfterTool"][0]
    assert set(after_tool["matcher"].split("|")) == {"write_file", "replace"}
    assert after_tool["hooks"][0]["timeout"] == 30_000  # Gemini CLI reads milliseconds
    assert gemini["hooks"]["AfterAgent"][0]["hooks"][0]["timeout"] == 120_000
    assert gemini["mcpServers"]["footprint"]["args"][-1] == "mcp"
    cursor = json.loads((tmp_path / ".cursor/hooks.json").read_text())
    assert cursor["version"] == 1 and set(cursor["hooks"]) == {"afterFileEdit", "stop"}
    assert "footprint" in json.loads((tmp_path / ".cursor/mcp.json").read_text())["mcpServers"]
    for entry in (claude["Stop"][0]["hooks"][0], cursor["hooks"]["stop"][0]):  # an absolute command path
        program = next(w for w in entry["command"].split() if "=" not in w)
        assert Path(program).is_absolute() and Path(program).exists(), entry


def test_init_merges_and_never_clobbers_what_it_did_not_write(tmp_path: Path):
    (tmp_path / ".claude").mkdir()
    theirs = {"model": "opus", "hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [
        {"type": "command", "command": "prettier --write", "timeout": 5}]}]}}
    (tmp_path / ".claude/settings.json").write_text(json.dumps(theirs))
    (tmp_path / ".mcp.json").write_text(json.dumps({"mcpServers": {"footprint": {"command": "someone-elses-server"},
                                                                    "db": {"command": "db-mcp"}}}))
    (tmp_path / ".codex").mkdir()
    (tmp_path / ".codex/config.toml").write_text('# my codex config\nmodel = "gpt-5"\n\n[mcp_servers.db]\ncommand = "db-mcp"\n')
    res = init(tmp_path, "all")
    assert res.returncode == 0, res.stderr
    settings = json.loads((tmp_path / ".claude/settings.json").read_text())
    assert settings["model"] == "opus"
    post = settings["hooks"]["PostToolUse"]
    assert post[0] == theirs["hooks"]["PostToolUse"][0] and len(post) == 2 and "footprint" not in json.dumps(post[0])
    servers = json.loads((tmp_path / ".mcp.json").read_text())["mcpServers"]
    assert servers == {"footprint": {"command": "someone-elses-server"}, "db": {"command": "db-mcp"}}
    assert "mcpServers.footprint exists and does not run footprint-ls" in res.stderr
    toml_text = (tmp_path / ".codex/config.toml").read_text()
    assert toml_text.startswith('# my codex config\nmodel = "gpt-5"\n\n[mcp_servers.db]\ncommand = "db-mcp"\n')
    assert set(tomllib.loads(toml_text)["mcp_servers"]) == {"db", "footprint"}
    # Ours moved (a new install path): updated in place, not added twice.
    settings["hooks"]["Stop"][0]["hooks"][0]["command"] = "/old/venv/bin/footprint-ls hook stop --agent claude"
    (tmp_path / ".claude/settings.json").write_text(json.dumps(settings))
    assert init(tmp_path, "claude").returncode == 0
    stop = json.loads((tmp_path / ".claude/settings.json").read_text())["hooks"]["Stop"]
    assert len(stop) == 1 and "/old/venv" not in stop[0]["hooks"][0]["command"]


def test_dry_run_prints_the_diff_and_writes_nothing(tmp_path: Path):
    res = init(tmp_path, "gemini", "--dry-run")
    assert res.returncode == 0 and _snapshot(tmp_path) == {}
    assert res.stdout.startswith("--- a/.gemini/settings.json\n+++ b/.gemini/settings.json\n")
    assert '+    "AfterTool": [' in res.stdout


def test_a_file_it_cannot_parse_is_left_alone(tmp_path: Path):
    (tmp_path / ".cursor").mkdir()
    (tmp_path / ".cursor/hooks.json").write_text("{ not json")
    res = init(tmp_path, "cursor")
    assert res.returncode == 2 and "not valid JSON" in res.stderr and len(res.stderr.splitlines()) == 1
    assert (tmp_path / ".cursor/hooks.json").read_text() == "{ not json" and not (tmp_path / ".cursor/mcp.json").exists()


@pytest.mark.parametrize("agent,fixture,event", [("claude", "post-tool-use-multiedit", "PostToolUse"),
                                                 ("codex", "post-tool-use-apply-patch", "PostToolUse"),
                                                 ("gemini", "after-tool-replace", "AfterTool"),
                                                 ("cursor", "stop", "stop")])
def test_the_written_hook_commands_run_and_answer(app: Path, agent: str, fixture: str, event: str):
    """The command init wrote, run by a shell from another folder with the agent's payload: a real answer."""
    assert init(app, agent).returncode == 0
    config = json.loads((app / FILES[agent][0]).read_text())["hooks"][event][0]
    command = config["command"] if agent == "cursor" else config["hooks"][0]["command"]
    if agent == "cursor":
        apply_write(payload("cursor", "after-file-edit", app), app)
    event_payload = payload(agent, fixture, app)
    if agent != "cursor":
        apply_write(event_payload, app)
    res = subprocess.run(["sh", "-c", command], input=json.dumps(event_payload), capture_output=True, text=True,
                         cwd="/", timeout=120)
    if agent == "claude":
        assert res.returncode == 2 and "layout/no-hex-colors" in res.stderr, res.stderr
    else:
        out = json_out(res)
        assert "layout/no-hex-colors" in json.dumps(out), out
