"""The agent hooks: `footprint-ls hook post-write|stop [--agent claude|codex|gemini|cursor]`. See docs/agents.md.

One payload adapter per agent (claude.py, codex.py, gemini.py, cursor.py: the agent's documented event in,
its channel out), one decision core (decide.py). The agent is detected from the payload when `--agent` is not
given (event.detect). The hook never blocks an agent because of its own failure: a broken config, a usage
error or an internal error is reported on the agent's non-blocking channel; a file it did not check gets a
one-line reason. `main` is the fast path the entry points call for `hook` before loading any other verb:
it imports only what the hook needs.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
from pathlib import Path
from types import SimpleNamespace

from lsp_server.surfaces.hooks import claude, codex, cursor, gemini
from lsp_server.surfaces.hooks.event import (AGENTS, EditedFile, HookEvent, NoEvent, Outcome, Reply, detect,
                                             read_payload, source_name)

ADAPTERS = {"claude": claude, "codex": codex, "gemini": gemini, "cursor": cursor}
EXIT_USAGE_NOT_BLOCKING = 1  # every agent reads a code other than 0 and 2 as a failed hook, not a verdict
log = logging.getLogger(__name__)


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
_VALUED = {"--agent": AGENTS, "--rev": None, "--config": None, "--log-file": None, "--log-level": LOG_LEVELS}


def add_arguments(parser) -> None:
    """The hook's arguments, on the CLI's parser (`footprint-ls --help`) and on the fallback parser below."""
    parser.add_argument("event", choices=("post-write", "stop"))
    parser.add_argument("file", nargs="?", type=Path, help="post-write: the file written (default: from the stdin event)")
    parser.add_argument("--agent", choices=AGENTS, help="whose payload and channel (default: detected from the payload)")
    parser.add_argument("--rev", help="stop: the revision to diff against (default HEAD)")
    parser.add_argument("--exit-zero", action="store_true", help="print findings on stdout and exit 0")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")


class UsageError(Exception):
    pass


def quick_args(argv: list[str]) -> SimpleNamespace | None:
    """The usual command lines (`post-write|stop [FILE] [--agent A] [--rev R] [--config F] [--exit-zero]`,
    logging options) parsed without argparse, whose import is a noticeable part of a hook's start-up; None
    sends anything else (help, a mistake, an unusual form) to argparse, which explains it."""
    values: dict[str, str] = {}
    positional: list[str] = []
    exit_zero = False
    words = iter(argv)
    for word in words:
        name, eq, value = word.partition("=")
        if word == "--exit-zero":
            exit_zero = True
        elif name in _VALUED:
            value = value if eq else next(words, None)
            if value is None or (_VALUED[name] is not None and value not in _VALUED[name]):
                return None
            values[name] = value
        elif word.startswith("-"):
            return None
        else:
            positional.append(word)
    if not 1 <= len(positional) <= 2 or positional[0] not in ("post-write", "stop"):
        return None

    def path(key: str) -> Path | None:
        return Path(values[key]) if key in values else None

    return SimpleNamespace(event=positional[0], file=Path(positional[1]) if len(positional) == 2 else None,
                           agent=values.get("--agent"), rev=values.get("--rev"), exit_zero=exit_zero,
                           config=path("--config"), log_file=path("--log-file"),
                           log_level=values.get("--log-level", "WARNING"))


def _parse(argv: list[str]):
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str):  # argparse would exit 2: a blocking verdict for Claude Code
            raise UsageError(message)

    parser = Parser(prog="footprint-ls hook", description="agent hooks: post-write (the on-save rules on the "
                    "lines an agent changed), stop (the review of its whole change)")
    add_arguments(parser)
    parser.add_argument("--log-file", type=Path)
    parser.add_argument("--log-level", default="WARNING", choices=LOG_LEVELS)
    return parser.parse_args(argv)


def hook_argv(argv: list[str]) -> list[str] | None:
    """The hook's own arguments when `argv` (a footprint-ls command line) runs `hook`, else None. Logging
    options before the verb are kept (the hook's parser takes them too)."""
    words = iter(enumerate(argv))
    for i, word in words:
        if word in ("--log-file", "--log-level"):
            next(words, None)
        elif word.startswith(("--log-file=", "--log-level=")):
            continue
        else:
            return argv[:i] + argv[i + 1:] if word == "hook" else None
    return None


def main(argv: list[str]) -> int:
    """`footprint-ls hook ARGS` without the rest of the CLI (its parser and verbs are not even imported).

    Garbage collection is paused while the hook loads its modules, settings and rules (objects that live
    until the process ends and form no garbage cycle: ~30 collections, each walking all of them, were ~3%
    of a post-write's CPU) and while a post-write checks the few files of one event; a stop, which reviews
    a whole change and may check the workspace, collects as usual (`respond`)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        try:
            args = quick_args(argv) or _parse(argv)
        except UsageError as exc:
            print(f"footprint-ls: hook: {exc} (nothing checked; not blocking)", file=sys.stderr)
            return EXIT_USAGE_NOT_BLOCKING
        _logging(args.log_level, args.log_file)
        return run(args)
    finally:
        if paused:
            gc.enable()


def exit_process(code: int):
    """End a hook's process with `code` now, as the language server's `exit` does (lsp/server.py): the exit
    handlers run (`atexit`: logging's, which flushes a --log-file) and the standard streams are flushed,
    then `os._exit`. The interpreter's own exit would also tear down every module and collect all the hook
    loaded (~6% of a post-write's instructions) for nothing. Only when no other non-daemon thread runs (the
    interpreter would wait for it; a hook starts none): else `sys.exit`. For a whole process only
    (`python -m lsp_server`, the `footprint-ls` script), never for a caller running `main` in its process."""
    import atexit
    import threading

    if any(not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _logging(level: str, log_file: Path | None) -> None:
    """Logs go to --log-file only: a hook's stderr is what the agent (and its model) reads."""
    root = logging.getLogger()
    if log_file is None:
        root.handlers[:] = [logging.NullHandler()]
        return
    try:
        handler: logging.Handler = logging.FileHandler(log_file, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.handlers[:] = [handler]
    root.setLevel(level)


def run(args) -> int:
    reply = respond(args)
    try:
        if reply.stdout:
            sys.stdout.write(reply.stdout)
            sys.stdout.flush()
        if reply.stderr:
            sys.stderr.write(reply.stderr)
            sys.stderr.flush()
    except (BrokenPipeError, OSError):
        pass  # the agent stopped listening: nothing left to say
    return reply.code


def respond(args) -> Reply:
    """The event in, the agent's answer out; no exception escapes (a traceback is not an answer)."""
    by_hand = args.file is not None and args.event == "post-write"
    agent = args.agent or "claude"
    event = HookEvent(agent, args.event)
    try:
        payload = None if by_hand else read_payload()
        if payload is not None:
            agent = args.agent or detect(payload)
            event = ADAPTERS[agent].parse(payload, args.event)
        if by_hand:
            event.files = [EditedFile(str(args.file), named=True)]
        if not event.roots:
            event.roots = [str(Path.cwd())]
        if args.event == "post-write" and not any(source_name(f.path) for f in event.files):
            return ADAPTERS[agent].answer(event, Outcome(), args.exit_zero)  # the hook matches every write tool
        from lsp_server.surfaces.hooks import decide  # the areas: only once there is something to check

        if args.event == "post-write":
            outcome, keys = decide.post_write(event, args.config)
        else:
            gc.enable()  # a whole change reviewed, the workspace's checks: not the bounded work of a post-write
            outcome, keys = decide.stop(event, args.rev, args.config)
        if not args.exit_zero:
            outcome = decide.apply_guard(event, outcome, keys)
    except NoEvent as exc:
        outcome = Outcome(notes=[f"footprint-ls: hook {args.event}: nothing checked: {exc} "
                                 "(expected the agent's JSON event)"])
    except Exception as exc:  # noqa: BLE001 - our own failure must never block the agent
        log.exception("hook %s failed", args.event)
        message = " ".join(str(exc).split())[:300]
        outcome = Outcome(failure=f"footprint-ls: hook {args.event}: internal error, nothing checked: "
                                  f"{type(exc).__name__}: {message}")
    return ADAPTERS[agent].answer(event, outcome, args.exit_zero)
