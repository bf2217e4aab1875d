"""What an agent's hook payload means, whatever the agent: a `HookEvent` (the files written and how, the
project folders, the session, the loop flags), read once from stdin, and which agent sent it.

Each agent module (claude, codex, gemini, cursor) turns its documented payload into a HookEvent and the
decision core's `Outcome` back into that agent's channel (exit code, stderr, the JSON fields it reads). This
module owns the shared shapes and the detection; it imports nothing of the areas (the hook path stays light).
"""

from __future__ import annotations

import json
import select
import sys
from dataclasses import dataclass, field

STDIN_WAIT_SECONDS = 5.0  # agents write the event at once; a silent open pipe is not an event
MAX_EVENT_BYTES = 64 * 1024 * 1024  # a Write's content rides in the payload; more than this is not an event
AGENTS = ("claude", "codex", "gemini", "cursor")


@dataclass
class EditedFile:
    """One file an agent wrote. `new_strings` locate the lines it changed (the replacement texts of an
    edit, or a patch's new-side hunks as (block, added-line offsets)); None = unknown, so the diff
    against HEAD decides (or, for a new file, all of it)."""

    path: str
    new_strings: list[str] | None = None
    replace_all: bool = False
    hunks: list[tuple[list[str], list[int]]] | None = None  # apply_patch: (new-side lines, indexes added)
    whole: bool = False  # the agent wrote the whole file (a new file, a Write): the diff decides, else all
    deleted: bool = False
    named: bool = False  # named on the command line (by a person, not an agent's event): the whole file


@dataclass
class HookEvent:
    agent: str
    kind: str  # "post-write" | "stop"
    roots: list[str] = field(default_factory=list)  # the project folder(s): cwd, or Cursor's workspace_roots
    session: str | None = None
    files: list[EditedFile] = field(default_factory=list)
    stop_hook_active: bool = False
    loop_count: int | None = None
    interrupted: bool = False  # the turn was aborted or failed (Cursor's stop `status`): no review to ask for
    event_name: str = ""  # the agent's own name for the event (PostToolUse, AfterTool, afterFileEdit, ...)
    problem: str = ""  # why the payload could not be read ("" when it could)


@dataclass
class Outcome:
    """The decision core's answer. `message` is for the model and asks it to act (the blocking channel);
    `notes` are one-line reasons for the user (a file not checked, a repeated finding), never blocking;
    `failure` is our own failure (a broken config, a usage or internal error), never blocking either."""

    message: str = ""
    notes: list[str] = field(default_factory=list)
    failure: str = ""


@dataclass
class Reply:
    code: int
    stdout: str = ""
    stderr: str = ""


class NoEvent(Exception):
    """stdin held no JSON object: there is no event to act on."""


def read_payload(stdin=None) -> dict | None:
    """The JSON object on stdin; None when stdin is a terminal (run by hand); NoEvent when it is empty,
    silent, not JSON or not an object."""
    stdin = stdin if stdin is not None else sys.stdin
    if stdin is None:
        return None
    try:
        if stdin.isatty():
            return None
    except (OSError, ValueError):
        return None
    try:  # a pipe nobody writes to (a hook run by hand from a script) must not hang the hook
        if not select.select([stdin], [], [], STDIN_WAIT_SECONDS)[0]:
            raise NoEvent("nothing on stdin")
    except (OSError, ValueError, TypeError):
        pass  # no select() on this stream (Windows pipes): just read
    raw = stdin.buffer.read(MAX_EVENT_BYTES + 1) if hasattr(stdin, "buffer") else stdin.read().encode()
    if not raw.strip():
        raise NoEvent("stdin is empty")
    if len(raw) > MAX_EVENT_BYTES:
        raise NoEvent(f"the event on stdin is larger than {MAX_EVENT_BYTES // (1024 * 1024)} MB")
    try:
        data = json.loads(raw.decode("utf-8", errors="replace"))
    except ValueError:
        raise NoEvent("stdin is not JSON") from None
    if not isinstance(data, dict):
        raise NoEvent(f"stdin is JSON but not an object ({type(data).__name__})")
    return data


def detect(payload: dict) -> str:
    """Which agent sent `payload`, from the fields only it documents (see each agent module)."""
    name = payload.get("hook_event_name")
    if name in ("afterFileEdit", "stop") or "workspace_roots" in payload or "cursor_version" in payload:
        return "cursor"
    if name in ("AfterTool", "AfterAgent", "BeforeTool", "BeforeAgent"):
        return "gemini"
    if "turn_id" in payload or payload.get("tool_name") == "apply_patch":
        return "codex"  # Codex's schemas require turn_id on every event; Claude Code sends none
    return "claude"


def source_name(name: str) -> bool:
    """Whether a written file is ours to check by its name (JavaScript or TypeScript source, not typings; a name
    with a NUL byte too, so the decision core says why it cannot be checked). The hook matches every write
    tool: other files pass."""
    from lsp_server.languages import is_source_path  # tree-sitter: only once a file came

    return "\x00" in name or is_source_path(name)


def text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def as_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
