"""The agent hooks: `footprint-ls hook post-write [FILE]` (the on-save rules for the file an agent just
wrote) and `footprint-ls hook stop` (the diff review before the agent finishes). See docs/agents.md.

The event comes as JSON on stdin (Claude Code's hook payload: `cwd`, `session_id`, `tool_input.file_path`,
`stop_hook_active`); the answer goes to stderr with exit 2, which the agent reads and acts on, or to stdout
with exit 0 (`--exit-zero`). The hook's own failures never block the agent: a file outside the project or a
folder that is not a git repository gets a one-line note and exit 0.
"""

from __future__ import annotations

import argparse
import json
import logging
import select
import sys
from pathlib import Path

from lsp_server.commands import cli_command
from lsp_server.conventions.review import is_source, review
from lsp_server.conventions.service import RuleService
from lsp_server.errors import InvalidArgument
from lsp_server.languages import is_source_path
from lsp_server.security import resolve_user_path
from lsp_server.surfaces.common import EXIT_HOOK, EXIT_OK, workspace_for
from lsp_server.surfaces.present import display_path, file_text, review_text

STDIN_WAIT_SECONDS = 5.0  # agents write the event at once; a silent open pipe is not an event
log = logging.getLogger(__name__)


def read_hook_event(stdin=None) -> dict:
    """The JSON event a coding agent passes to a hook on stdin ({} when there is none or it is not JSON)."""
    stdin = stdin or sys.stdin
    if stdin is None or stdin.isatty():
        return {}
    try:  # a pipe nobody writes to (a hook run by hand from a script) must not hang the hook
        if not select.select([stdin], [], [], STDIN_WAIT_SECONDS)[0]:
            return {}
    except (OSError, ValueError, TypeError):
        pass  # no select() on this stream (Windows pipes): just read
    try:
        data = json.loads(stdin.read() or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


@cli_command("hook", "agent hooks: post-write [FILE] (on-save rules for one file), stop (diff review)")
def _hook(parser: argparse.ArgumentParser):
    parser.add_argument("event", choices=("post-write", "stop"))
    parser.add_argument("file", nargs="?", type=Path, help="post-write: the file written (default: from stdin JSON)")
    parser.add_argument("--rev", help="stop: the revision to diff against (default HEAD)")
    parser.add_argument("--exit-zero", action="store_true", help="print findings on stdout and exit 0")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")

    def run(args: argparse.Namespace) -> int:
        event = {} if args.file is not None and args.event == "post-write" else read_hook_event()
        cwd = Path(event["cwd"]) if isinstance(event.get("cwd"), str) else Path.cwd()
        session = event.get("session_id") if isinstance(event.get("session_id"), str) else None
        if args.event == "post-write":
            text = post_write(args.file, event, cwd, session, args.config)
        else:
            if event.get("stop_hook_active") is True and not args.exit_zero:
                return EXIT_OK  # the agent is already continuing because of this hook: do not loop
            text = stop(args.rev, cwd, session, args.config)
        if not text:
            return EXIT_OK
        if args.exit_zero:
            print(text, end="")
            return EXIT_OK
        print(text, end="", file=sys.stderr)
        return EXIT_HOOK

    return run


def post_write(target: Path | None, event: dict, cwd: Path, session: str | None, config: Path | None) -> str:
    """The on-save rules that apply to the file written (named, or from the event), as the agent's message."""
    if target is None:
        tool_input = event.get("tool_input") if isinstance(event.get("tool_input"), dict) else {}
        name = tool_input.get("file_path") or tool_input.get("path") or event.get("file_path")
        if not isinstance(name, str) or not name:
            return ""
        target = Path(name)
    # The file name comes from the agent: the path guard keeps it inside the project the agent works in
    # (the workspace of its cwd); a file elsewhere gets no review and a note, never a blocking exit code.
    # warn=False: hook output is the agent's prompt, never advice to trust a folder.
    try:
        path = resolve_user_path(workspace_for(cwd, config, warn=False), str(cwd / target))
    except InvalidArgument as exc:
        print(f"footprint-ls: post-write: not reviewed: {exc}", file=sys.stderr)  # one line, exit 0
        return ""
    if not path.is_file() or not is_source_path(path):
        return ""
    ws = workspace_for(path, config, warn=False)  # hook output goes to the agent
    if not is_source(ws, path):
        return ""
    doc = ws.document(path)
    if doc is None:
        return ""
    svc = ws.service(RuleService)
    rel = ws.relpath(path)
    evaluation = svc.evaluate_file(doc, rel)
    svc.record(rel, doc, evaluation, **({"session": session} if session else {}))
    return file_text(evaluation, doc, display_path(path, cwd))


def stop(rev: str | None, cwd: Path, session: str | None, config: Path | None) -> str:
    """The diff review of the agent's change, as its message ("" outside a git repository)."""
    ws = workspace_for(cwd, config, warn=False)  # hook output goes to the agent
    try:
        result = review(ws, rev, session=session)
    except InvalidArgument as exc:
        if rev:
            raise
        log.info("stop hook: no review: %s", exc)  # not a git repo: nothing to say
        return ""
    return review_text(result, lambda p: display_path(p, cwd))
