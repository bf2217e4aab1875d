"""`footprint-ls init claude|codex|gemini|cursor|all [--dry-run]`: each agent's project configuration, written
or merged: the two hooks (post-write, stop) and the MCP server entry, with an absolute command path.

Idempotent (a second run changes nothing) and never clobbering: an entry is ours when its command runs
`footprint-ls` / `lsp_server` with `hook post-write|stop` (hooks) or is the `footprint` MCP server running
`mcp`; ours are updated in place, everything else is left as it was. A file that cannot be parsed is not
touched (an error). `--dry-run` prints the unified diff of each file instead of writing it.

Formats (cited in docs/agents.md): Claude Code `.claude/settings.json` hooks + `.mcp.json`; Codex
`.codex/hooks.json` + `.codex/config.toml` `[mcp_servers.footprint]`; Gemini CLI `.gemini/settings.json`
(hooks with timeouts in milliseconds, `mcpServers`); Cursor `.cursor/hooks.json` (`version: 1`) +
`.cursor/mcp.json`.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

AGENTS = ("claude", "codex", "gemini", "cursor")
SERVER_NAME = "footprint"
POST_WRITE_TIMEOUT_S = 30
STOP_TIMEOUT_S = 120
# What each agent calls the two events, and which of its write tools the post-write hook must match.
EVENTS = {
    "claude": ("PostToolUse", "Stop", "Write|Edit|MultiEdit"),
    "codex": ("PostToolUse", "Stop", "apply_patch|Edit|Write"),
    "gemini": ("AfterTool", "AfterAgent", "write_file|replace"),
    "cursor": ("afterFileEdit", "stop", None),
}
_OURS = re.compile(r"(footprint-ls|lsp_server)\S*\s+hook\s+(post-write|stop)\b")


class SetupError(Exception):
    pass


@dataclass
class Launcher:
    """How the agent starts footprint-ls: an absolute program (and args before the verb), and the
    environment it needs (PYTHONPATH when running from a source checkout that is not installed)."""

    argv: list[str]
    env: dict[str, str]

    def shell(self, *verb: str) -> str:
        prefix = " ".join(f"{k}={shlex.quote(v)}" for k, v in self.env.items())
        return " ".join(filter(None, [prefix, shlex.join([*self.argv, *verb])]))

    def server(self, *verb: str) -> dict:
        entry: dict = {"command": self.argv[0], "args": [*self.argv[1:], *verb]}
        if self.env:
            entry["env"] = dict(self.env)
        return entry


def launcher() -> Launcher:
    """The installed `footprint-ls` next to this Python (or on PATH), else this Python with `-m lsp_server`."""
    package = Path(__file__).resolve().parents[3]  # the folder holding lsp_server/
    installed = "site-packages" in package.parts or "dist-packages" in package.parts
    script = Path(sys.executable).parent / ("footprint-ls.exe" if os.name == "nt" else "footprint-ls")
    if installed and script.is_file():
        return Launcher([str(script)], {})
    found = shutil.which("footprint-ls")
    if installed and found:
        return Launcher([str(Path(found).resolve())], {})
    return Launcher([sys.executable, "-m", "lsp_server"], {} if installed else {"PYTHONPATH": str(package)})


# --- per agent: the files and what goes in them -----------------------------------------------------
def hook_entries(agent: str, run: Launcher) -> dict[str, list[dict]]:
    """{event name: [matcher group]} of our two hooks in the agent's own format."""
    post, stop, matcher = EVENTS[agent]
    post_cmd = run.shell("hook", "post-write", "--agent", agent)
    stop_cmd = run.shell("hook", "stop", "--agent", agent)
    if agent == "cursor":
        return {post: [{"command": post_cmd}], stop: [{"command": stop_cmd}]}
    if agent == "gemini":  # timeouts in milliseconds; names show in `/hooks`
        return {post: [{"matcher": matcher, "hooks": [{"name": "footprint-post-write", "type": "command",
                                                       "command": post_cmd, "timeout": POST_WRITE_TIMEOUT_S * 1000}]}],
                stop: [{"hooks": [{"name": "footprint-stop", "type": "command", "command": stop_cmd,
                                   "timeout": STOP_TIMEOUT_S * 1000}]}]}
    return {post: [{"matcher": matcher, "hooks": [{"type": "command", "command": post_cmd,
                                                   "timeout": POST_WRITE_TIMEOUT_S}]}],
            stop: [{"hooks": [{"type": "command", "command": stop_cmd, "timeout": STOP_TIMEOUT_S}]}]}


def planned(agent: str, project: Path, run: Launcher) -> list[tuple[Path, str, str, list[str]]]:
    """[(file, its text now, its text after, notes)] for one agent."""
    files: list[tuple[Path, str, str, list[str]]] = []
    hooks = hook_entries(agent, run)
    server = run.server("mcp")
    if agent == "claude":
        files.append(_json_file(project / ".claude/settings.json", lambda d, n: _merge_hooks(d, hooks, n)))
        files.append(_json_file(project / ".mcp.json", lambda d, n: _merge_server(d, {"type": "stdio", **server}, n)))
    elif agent == "codex":
        files.append(_json_file(project / ".codex/hooks.json", lambda d, n: _merge_hooks(d, hooks, n)))
        files.append(_toml_server(project / ".codex/config.toml", server))
    elif agent == "gemini":
        files.append(_json_file(project / ".gemini/settings.json",
                                lambda d, n: _merge_server(_merge_hooks(d, hooks, n), server, n)))
    else:
        def cursor_hooks(d: dict, notes: list[str]) -> dict:
            d.setdefault("version", 1)
            return _merge_hooks(d, hooks, notes)
        files.append(_json_file(project / ".cursor/hooks.json", cursor_hooks))
        files.append(_json_file(project / ".cursor/mcp.json", lambda d, n: _merge_server(d, server, n)))
    return files


# --- merging ------------------------------------------------------------------------------------------
def _is_ours(entry: object) -> bool:
    commands = []
    if isinstance(entry, dict):
        commands.append(entry.get("command"))
        for h in entry.get("hooks") or []:
            if isinstance(h, dict):
                commands.append(h.get("command"))
    return any(isinstance(c, str) and _OURS.search(c) for c in commands)


def _merge_hooks(data: dict, hooks: dict[str, list[dict]], notes: list[str]) -> dict:
    section = data.setdefault("hooks", {})
    if not isinstance(section, dict):
        raise SetupError("'hooks' is not an object")
    for event, groups in hooks.items():
        current = section.setdefault(event, [])
        if not isinstance(current, list):
            raise SetupError(f"'hooks.{event}' is not a list")
        ours = [i for i, entry in enumerate(current) if _is_ours(entry)]
        if ours:  # update ours in place (a moved install, a new option), drop duplicates of ours
            current[ours[0]] = groups[0]
            for i in reversed(ours[1:]):
                del current[i]
        else:
            current.extend(groups)
    return data


def _merge_server(data: dict, server: dict, notes: list[str]) -> dict:
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise SetupError("'mcpServers' is not an object")
    existing = servers.get(SERVER_NAME)
    if existing is not None and not _is_our_server(existing):
        notes.append(f"mcpServers.{SERVER_NAME} exists and does not run footprint-ls: left as it is")
        return data
    servers[SERVER_NAME] = server
    return data


def _is_our_server(entry: object) -> bool:
    if not isinstance(entry, dict):
        return False
    words = [entry.get("command"), *(entry.get("args") or [])]
    text = " ".join(w for w in words if isinstance(w, str))
    return bool(re.search(r"(footprint-ls|lsp_server)\S*(\s+\S+)*\s+mcp\b", text))


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8") if path.is_file() else ""
    except OSError as exc:
        raise SetupError(f"{path}: cannot read: {exc}") from None


def _json_file(path: Path, merge) -> tuple[Path, str, str, list[str]]:
    before = _read(path)
    try:
        data = json.loads(before) if before.strip() else {}
    except ValueError as exc:
        raise SetupError(f"{path}: not valid JSON ({exc}); nothing written") from None
    if not isinstance(data, dict):
        raise SetupError(f"{path}: not a JSON object; nothing written")
    notes: list[str] = []
    try:
        after = json.dumps(merge(data, notes), indent=2, ensure_ascii=False) + "\n"
    except SetupError as exc:
        raise SetupError(f"{path}: {exc}; nothing written") from None
    if before.strip() and json.loads(before) == json.loads(after):
        after = before  # nothing to change: keep the file as it is, its formatting included
    return path, before, after, notes


def _toml_server(path: Path, server: dict) -> tuple[Path, str, str, list[str]]:
    """Codex's config.toml: the `[mcp_servers.footprint]` table, appended or (when ours) replaced as text,
    so the rest of the file (comments, order) stays byte for byte."""
    import tomllib

    before = _read(path)
    try:
        data = tomllib.loads(before)
    except tomllib.TOMLDecodeError as exc:
        raise SetupError(f"{path}: not valid TOML ({exc}); nothing written") from None
    existing = (data.get("mcp_servers") or {}).get(SERVER_NAME)
    table = [f"[mcp_servers.{SERVER_NAME}]", f"command = {json.dumps(server['command'])}",
             f"args = {json.dumps(server['args'])}"]
    if server.get("env"):
        table.append("env = { " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in server["env"].items()) + " }")
    block = "\n".join(table) + "\n"
    if existing is None:
        sep = "" if not before or before.endswith("\n\n") else ("\n" if before.endswith("\n") else "\n\n")
        return path, before, before + sep + block, []
    if not _is_our_server(existing):
        return path, before, before, [f"mcp_servers.{SERVER_NAME} exists and does not run footprint-ls: left as it is"]
    header = re.compile(rf"^\[mcp_servers\.{SERVER_NAME}\]\s*$", re.M)
    m = header.search(before)
    if m is None:  # written inline or dotted elsewhere: not ours to rewrite as text
        return path, before, before, [f"mcp_servers.{SERVER_NAME} is not a [table] of its own: left as it is"]
    nxt = re.compile(r"^\s*\[", re.M).search(before, m.end())
    end = nxt.start() if nxt else len(before)
    tail = before[end:]
    return path, before, before[:m.start()] + block + ("\n" if tail else "") + tail, []


# --- the verb ----------------------------------------------------------------------------------------
def init(agents: list[str], project: Path, dry_run: bool, out=sys.stdout, err=sys.stderr) -> int:
    run = launcher()
    changes = []
    for agent in agents:
        changes.extend(planned(agent, project, run))  # everything is planned before anything is written
    for path, before, after, notes in changes:
        shown = os.path.relpath(path, project)
        for note in notes:
            print(f"footprint-ls: init: {shown}: {note}", file=err)
        if before == after:
            print(f"{shown}: up to date", file=out)
            continue
        if dry_run:
            out.writelines(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                                f"a/{shown}", f"b/{shown}"))
            continue
        from lsp_server.storage import atomic_write_text

        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, after)
        print(f"{shown}: {'updated' if before else 'created'}", file=out)
    return 0
