"""docs/agents.md's copy-paste setup per agent is what `footprint-ls init` writes (with `footprint-ls` for
its absolute command) and names the events and tools the agents' payload fixtures carry; the Claude Code
plugin (editors/claude-code) bundles the same hooks and MCP server, and the language server."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from tests.conftest import REPO, run_cli
from tests.e2e.hooks.conftest import fixture

DOC = REPO / "docs" / "agents.md"
PLUGIN = REPO / "editors" / "claude-code"
BLOCK = re.compile(r"<!-- agent-setup: (\w+) (\S+) -->\n```(json|toml)\n(.*?)```", re.S)
# The payload fixtures of each agent's two events: (fixture, the tool its post-write matcher must match)
EVENTS = {"claude": [("post-tool-use-edit", "Edit"), ("post-tool-use-multiedit", "MultiEdit"),
                     ("post-tool-use-write", "Write"), ("stop", None)],
          "codex": [("post-tool-use-apply-patch", "apply_patch"), ("stop", None)],
          "gemini": [("after-tool-replace", "replace"), ("after-tool-write-file", "write_file"), ("after-agent", None)],
          "cursor": [("after-file-edit", None), ("stop", None)]}


def doc_blocks() -> dict[tuple[str, str], object]:
    found = {(agent, name): (json.loads(body) if lang == "json" else tomllib.loads(body))
             for agent, name, lang, body in BLOCK.findall(DOC.read_text(encoding="utf-8"))}
    assert {agent for agent, _ in found} == set(EVENTS)
    return found


def portable(value):
    """init's output with its absolute launcher written as `footprint-ls` (what the doc shows)."""
    if isinstance(value, dict):
        if "command" in value and "args" in value:  # a server entry: program + args, env for a source checkout
            args = list(value["args"])
            verb = args[args.index("lsp_server") + 1:] if "lsp_server" in args else args
            rest = {k: portable(v) for k, v in value.items() if k not in ("command", "args", "env")}
            return {**rest, "command": "footprint-ls", "args": verb}
        return {k: portable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [portable(v) for v in value]
    if isinstance(value, str) and " hook " in value:
        return "footprint-ls hook " + value.split(" hook ", 1)[1]
    return value


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("init-all")
    res = run_cli("init", "all", "--project", str(project))
    assert res.returncode == 0, res.stderr
    return project


def _load(path: Path):
    return json.loads(path.read_text()) if path.suffix == ".json" else tomllib.loads(path.read_text())


def test_each_doc_block_is_what_init_writes(written: Path):
    blocks = doc_blocks()
    for (agent, name), shown in blocks.items():
        assert portable(_load(written / name)) == shown, f"docs/agents.md {agent} {name} differs from init"
    every_file = {p.relative_to(written).as_posix() for p in written.rglob("*") if p.is_file()}
    assert every_file == {name for _, name in blocks}  # every file init writes is documented


def test_each_doc_block_matches_the_agents_payloads():
    blocks = doc_blocks()
    for agent, events in EVENTS.items():
        hooks = next(v for (a, _), v in blocks.items() if a == agent and "hooks" in v)["hooks"]
        for name, tool in events:
            sent = fixture(agent, name)["payload"]
            event = sent["hook_event_name"]
            assert event in hooks, f"{agent}: the doc has no hook for {event}"
            if tool is not None:
                assert sent["tool_name"] == tool
                assert re.fullmatch(hooks[event][0]["matcher"], tool) or tool in hooks[event][0]["matcher"].split("|")
    gemini = next(v for (a, _), v in blocks.items() if a == "gemini")["hooks"]
    assert all(h["timeout"] >= 1000 for g in gemini.values() for grp in g for h in grp["hooks"])  # milliseconds


def test_the_claude_code_plugin_bundles_the_lsp_the_mcp_server_and_the_hooks(written: Path):
    manifest = json.loads((PLUGIN / ".claude-plugin/plugin.json").read_text())
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", manifest["name"]) and manifest["version"]
    hooks = json.loads((PLUGIN / "hooks/hooks.json").read_text())
    assert hooks == portable(_load(written / ".claude/settings.json"))
    servers = json.loads((PLUGIN / ".mcp.json").read_text())["mcpServers"]
    ours = portable(_load(written / ".mcp.json"))["mcpServers"]["footprint"]
    assert servers["footprint"] == {k: v for k, v in ours.items() if k != "type"}
    lsp = json.loads((PLUGIN / ".lsp.json").read_text())["footprint"]
    assert lsp["command"] == "footprint-ls" and lsp["args"][0] == "serve"
    assert set(lsp["extensionToLanguage"]) == {".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx"}
    res = run_cli(*lsp["args"][:1], "--help")  # the verbs the plugin runs exist
    assert res.returncode == 0 and "--stdio" in res.stdout
