"""Cursor: afterFileEdit and stop in `.cursor/hooks.json` (`version: 1`), as in Cursor's hooks docs
(cursor.com/docs/agent/hooks; fixtures in tests/fixtures/agents/cursor cite the version).

Payload: `conversation_id`, `generation_id`, `hook_event_name`, `workspace_roots` (no `cwd`);
afterFileEdit: `file_path`, `edits[]` (`old_string`, `new_string`); stop: `status`, `loop_count`.
Channel: JSON on stdout, exit 0. afterFileEdit's output does not reach the model (the findings are recorded
and the stop review repeats what is still there); stop's `{"followup_message"}` is sent as the next user
message, the only way to ask for another turn (only after a `completed` turn: not when the user aborted
it or it failed). There is no `stop_hook_active`: `loop_count` (how many follow-ups this loop already had)
bounds it. Notes and our own failures go to stderr (the Hooks log).
"""

from __future__ import annotations

import json

from lsp_server.surfaces.hooks.event import EditedFile, HookEvent, Outcome, Reply, as_int, text


def parse(payload: dict, kind: str) -> HookEvent:
    roots = payload.get("workspace_roots")
    roots = [r for r in roots if isinstance(r, str) and r] if isinstance(roots, list) else []
    event = HookEvent("cursor", kind, roots=roots or [r for r in [text(payload.get("cwd"))] if r],
                      session=text(payload.get("conversation_id")), event_name=text(payload.get("hook_event_name")) or "",
                      loop_count=as_int(payload.get("loop_count")),
                      interrupted=payload.get("status") in ("aborted", "error"))
    name = text(payload.get("file_path"))
    if kind == "post-write" and name:
        edits = payload.get("edits")
        news = [e.get("new_string") for e in edits if isinstance(e, dict)] if isinstance(edits, list) else []
        event.files.append(EditedFile(name, new_strings=news) if news and all(isinstance(n, str) for n in news)
                           else EditedFile(name))
    return event


def answer(event: HookEvent, outcome: Outcome, exit_zero: bool = False) -> Reply:
    out: dict = {}
    if outcome.message and event.kind == "stop":
        out["followup_message"] = outcome.message
    shown = [x for x in [outcome.failure, *outcome.notes] if x]
    if outcome.message and event.kind == "post-write":
        shown.append(outcome.message.rstrip("\n"))  # for the Hooks log: afterFileEdit's output is not read
    return Reply(0, json.dumps(out, ensure_ascii=False) + "\n", "".join(f"{x}\n" for x in shown))
