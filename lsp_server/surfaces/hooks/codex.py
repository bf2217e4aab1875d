"""Codex: PostToolUse for `apply_patch` and Stop, as in openai/codex `codex-rs/hooks/schema/generated/`
(post-tool-use and stop `.command.input/.output.schema.json`; fixtures in tests/fixtures/agents/codex).

Payload: `cwd`, `session_id`, `turn_id`, `hook_event_name`, `tool_name`, `tool_input`; for `apply_patch`
the raw patch is `tool_input.command` (`*** Add File: `, `*** Update File: ` with `*** Move to: ` and `@@`
hunks, `*** Delete File: `). Stop carries `stop_hook_active`. Channel: JSON on stdout with exit 0 —
`{"decision": "block", "reason"}` feeds the reason to the model (PostToolUse) or continues the turn (Stop);
`systemMessage` is shown to the user, which is where notes and our own failures go.
"""

from __future__ import annotations

import json

from lsp_server.surfaces.hooks import claude
from lsp_server.surfaces.hooks.event import EditedFile, HookEvent, Outcome, Reply, text

PATCH_TOOLS = ("apply_patch", "ApplyPatch")


def parse(payload: dict, kind: str) -> HookEvent:
    event = HookEvent("codex", kind, roots=[r for r in [text(payload.get("cwd"))] if r],
                      session=text(payload.get("session_id")), event_name=text(payload.get("hook_event_name")) or "",
                      stop_hook_active=payload.get("stop_hook_active") is True)
    if kind == "post-write":
        tool_input = payload.get("tool_input")
        if payload.get("tool_name") in PATCH_TOOLS:
            patch = tool_input.get("command") if isinstance(tool_input, dict) else tool_input
            if isinstance(patch, str):
                event.files.extend(patch_files(patch))
        elif isinstance(tool_input, dict):  # Claude-compatible write tools (plugins, older builds)
            name = text(tool_input.get("file_path"))
            if name:
                event.files.append(claude.edited_file(name, payload.get("tool_name"), tool_input))
    return event


def patch_files(patch: str) -> list[EditedFile]:
    """The files an apply_patch envelope writes, each with its new-side hunks (context and added lines,
    and which of them were added) so the decision core can find the lines the patch changed."""
    files: list[EditedFile] = []
    current: EditedFile | None = None
    block: list[str] = []
    added: list[int] = []

    def close_hunk() -> None:
        nonlocal block, added
        if current is not None and current.hunks is not None and block and added:
            current.hunks.append((block, added))
        block, added = [], []

    for line in patch.splitlines():
        if line.startswith("*** "):
            header = line[4:]
            if header.startswith(("Add File: ", "Update File: ", "Delete File: ")):
                close_hunk()
                verb, _, name = header.partition(": ")
                name = name.strip()
                if verb == "Add File":
                    current = EditedFile(name, whole=True)
                elif verb == "Update File":
                    current = EditedFile(name, hunks=[])
                else:
                    current = EditedFile(name, deleted=True)
                files.append(current)
            elif header.startswith("Move to: ") and current is not None:
                current.path = header[len("Move to: "):].strip()
            elif header.strip() in ("End of File", "End Patch", "Begin Patch"):
                close_hunk()
            continue
        if current is None or current.hunks is None:
            continue
        if line.startswith("@@"):
            close_hunk()
        elif line.startswith("+"):
            added.append(len(block))
            block.append(line[1:])
        elif line.startswith(" "):
            block.append(line[1:])
        elif line == "":
            block.append("")
        # "-" lines are gone from the new file: nothing to find there
    close_hunk()
    return files


def answer(event: HookEvent, outcome: Outcome, exit_zero: bool = False) -> Reply:
    out: dict = {}
    if outcome.message:
        out.update(decision="block", reason=outcome.message)
    shown = [x for x in [outcome.failure, *outcome.notes] if x]
    if shown:
        out["systemMessage"] = "\n".join(shown)
    return Reply(0, json.dumps(out, ensure_ascii=False) + "\n", "")
