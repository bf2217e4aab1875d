"""Claude Code: PostToolUse (Write, Edit, MultiEdit) and Stop, as documented in the hooks reference
(code.claude.com/docs/en/hooks; fixtures in tests/fixtures/agents/claude cite the version).

Payload: `cwd`, `session_id`, `hook_event_name`, `tool_name`, `tool_input` (Write: `file_path`, `content`;
Edit: `file_path`, `old_string`, `new_string`, `replace_all`; MultiEdit: `file_path`, `edits[]`), and at
Stop `stop_hook_active`. Channel: exit 2 with the text on stderr is fed to the model (after PostToolUse the
write already happened; at Stop the model keeps working); exit 0 with stderr is a note for the transcript;
any other exit code is a non-blocking error shown to the user, which is where our own failures go.
"""

from __future__ import annotations

from lsp_server.surfaces.hooks.event import EditedFile, HookEvent, Outcome, Reply, text

EXIT_ACT, EXIT_NOTE, EXIT_FAILED = 2, 0, 1


def parse(payload: dict, kind: str) -> HookEvent:
    event = HookEvent("claude", kind, roots=[r for r in [text(payload.get("cwd"))] if r],
                      session=text(payload.get("session_id")), event_name=text(payload.get("hook_event_name")) or "",
                      stop_hook_active=payload.get("stop_hook_active") is True)
    if kind == "post-write":
        tool_input = payload.get("tool_input") if isinstance(payload.get("tool_input"), dict) else {}
        # `path` and a top-level `file_path`: what other Claude-compatible agents send (documented before)
        name = text(tool_input.get("file_path")) or text(tool_input.get("path")) or text(payload.get("file_path"))
        if name:
            event.files.append(edited_file(name, payload.get("tool_name"), tool_input))
    return event


def edited_file(name: str, tool: object, tool_input: dict) -> EditedFile:
    """An Edit/MultiEdit names its replacement texts; a Write (or an unknown tool) the whole file."""
    if isinstance(tool_input.get("edits"), list):  # MultiEdit
        news = [e.get("new_string") for e in tool_input["edits"] if isinstance(e, dict)]
        if news and all(isinstance(n, str) for n in news):
            return EditedFile(name, new_strings=news)
        return EditedFile(name)
    if isinstance(tool_input.get("new_string"), str):  # Edit
        return EditedFile(name, new_strings=[tool_input["new_string"]], replace_all=tool_input.get("replace_all") is True)
    return EditedFile(name, whole=tool == "Write" or "content" in tool_input)


def answer(event: HookEvent, outcome: Outcome, exit_zero: bool = False) -> Reply:
    notes = "".join(f"{n}\n" for n in outcome.notes)
    if outcome.failure:
        return Reply(EXIT_FAILED, "", f"{outcome.failure}\n{notes}")
    if outcome.message:
        if exit_zero:  # plain reporting (CI logs, agents that show stdout): the same text, exit 0
            return Reply(EXIT_NOTE, outcome.message, notes)
        return Reply(EXIT_ACT, "", outcome.message + notes)
    return Reply(EXIT_NOTE, "", notes)
