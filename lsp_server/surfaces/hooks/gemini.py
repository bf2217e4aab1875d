"""Gemini CLI: AfterTool (`write_file`, `replace`) and AfterAgent, as in google-gemini/gemini-cli
`docs/hooks/reference.md` (fixtures in tests/fixtures/agents/gemini cite the version).

Payload: `session_id`, `cwd`, `hook_event_name`, `timestamp`, `tool_name`, `tool_input` (`write_file`:
`file_path`, `content`; `replace`: `file_path`, `old_string`, `new_string`); AfterAgent adds
`stop_hook_active`. Channel: stdout must be JSON only (exit 0). AfterTool: `hookSpecificOutput.
additionalContext` is appended to the tool result the model reads (exit 2 would *replace* the result, which
we never want). AfterAgent: `{"decision": "deny", "reason"}` makes the reason the next prompt (a retry turn).
`systemMessage` is shown to the user: notes and our own failures.
"""

from __future__ import annotations

import json

from lsp_server.surfaces.hooks import claude
from lsp_server.surfaces.hooks.event import HookEvent, Outcome, Reply, text

WRITE_TOOLS = ("write_file", "replace")


def parse(payload: dict, kind: str) -> HookEvent:
    event = HookEvent("gemini", kind, roots=[r for r in [text(payload.get("cwd"))] if r],
                      session=text(payload.get("session_id")), event_name=text(payload.get("hook_event_name")) or "",
                      stop_hook_active=payload.get("stop_hook_active") is True)
    tool_input = payload.get("tool_input") if isinstance(payload.get("tool_input"), dict) else {}
    name = text(tool_input.get("file_path"))
    if kind == "post-write" and name:
        tool = "Write" if payload.get("tool_name") == "write_file" else payload.get("tool_name")
        event.files.append(claude.edited_file(name, tool, tool_input))
    return event


def answer(event: HookEvent, outcome: Outcome, exit_zero: bool = False) -> Reply:
    out: dict = {}
    if outcome.message and event.kind == "post-write":
        out["hookSpecificOutput"] = {"hookEventName": event.event_name or "AfterTool",
                                     "additionalContext": outcome.message}
    elif outcome.message:
        out.update(decision="deny", reason=outcome.message)
    shown = [x for x in [outcome.failure, *outcome.notes] if x]
    if shown:
        out["systemMessage"] = "\n".join(shown)
    return Reply(0, json.dumps(out, ensure_ascii=False) + "\n", "")
