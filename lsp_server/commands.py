"""Registries for commands: LSP `workspace/executeCommand` handlers and CLI subcommands. The surfaces fill
them (lsp_server/surfaces: commands.py, cli/, hooks.py); areas never import this module (.importlinter).

An LSP command is `f(ctx, args) -> JSON-able`, where `args` is the JSON object the client passed (the first
element of `arguments`); `ctx.encoding` is the client's position encoding, for the presenter. It runs in a
worker thread; it should check `ctx.cancelled` in long loops. Bad arguments raise `CommandError` (the areas'
`errors.InvalidArgument`), which reaches the client as an InvalidParams error.

A CLI subcommand is registered with `@cli_command(name, help)` on a function that configures its argparse
parser and returns the function that runs it (returning the exit code).
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsp_server.errors import InvalidArgument
from lsp_server.positions import UTF16, Encoding

if TYPE_CHECKING:
    from lsp_server.document import ParsedDocument
    from lsp_server.session import Session
    from lsp_server.workspace import Progress, Workspace

CommandError = InvalidArgument  # the name the command adapters use for it: one error type, two names


@dataclass
class CommandContext:
    workspace: "Workspace"
    session: "Session | None" = None  # None when called from the CLI
    cancelled: threading.Event = field(default_factory=threading.Event)
    progress: "Progress | None" = None
    client_id: str = "cli"  # identifies the caller for per-session state (turns, budgets)
    encoding: Encoding = UTF16  # positions in results: the LSP client's negotiated encoding; CLI JSON: UTF-16

    def path(self, raw: object, must_exist: bool = True) -> Path:
        """The path a command argument names (a path, relative to the workspace root, or a file: URI),
        through the one path guard, `security.resolve_user_path`: outside the workspace and its configured
        folders it is a CommandError (InvalidParams), whether it exists or not."""
        from lsp_server.security import resolve_user_path

        return resolve_user_path(self.workspace, raw, must_exist=must_exist)

    def document(self, uri: str) -> "ParsedDocument":
        """The document a command argument names: the editor's copy when open, else the file on disk, if
        the path guard admits it (see `path`)."""
        state = self.session.documents.get(uri) if self.session and isinstance(uri, str) else None
        if state is not None:
            return state.doc
        path = self.path(uri)
        doc = self.workspace.document(path)
        if doc is None:
            reason = self.workspace.skipped.get(path)
            raise CommandError(f"cannot read {uri}" + (f": {reason}" if reason else ""))
        return doc


CommandFunc = Callable[[CommandContext, dict[str, Any]], Any]


@dataclass(frozen=True)
class Command:
    name: str
    func: CommandFunc
    help: str


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str = ""):
    def register(func: CommandFunc) -> CommandFunc:
        COMMANDS[name] = Command(name, func, help or (func.__doc__ or "").strip().split("\n")[0])
        return func

    return register


CliRunner = Callable[[argparse.Namespace], int]
CliConfigure = Callable[[argparse.ArgumentParser], CliRunner]


@dataclass(frozen=True)
class CliCommand:
    name: str
    help: str
    configure: CliConfigure


CLI_COMMANDS: dict[str, CliCommand] = {}


def cli_command(name: str, help: str):
    def register(configure: CliConfigure) -> CliConfigure:
        CLI_COMMANDS[name] = CliCommand(name, help, configure)
        return configure

    return register


# --- argument helpers shared by commands -------------------------------------------------------------
def arg_str(args: dict, key: str, default: str | None = None, required: bool = False) -> str | None:
    value = args.get(key, default)
    if value is None:
        if required:
            raise CommandError(f"missing argument '{key}' (a string)")
        return None
    if not isinstance(value, str):
        raise CommandError(f"argument '{key}' must be a string, got {type(value).__name__}")
    return value


def arg_int(args: dict, key: str, default: int, lo: int = 0, hi: int = 10_000) -> int:
    value = args.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(f"argument '{key}' must be an integer, got {type(value).__name__}")
    if not lo <= value <= hi:
        raise CommandError(f"argument '{key}' must be between {lo} and {hi}, got {value}")
    return value


def arg_bool(args: dict, key: str, default: bool = False) -> bool:
    value = args.get(key, default)
    if not isinstance(value, bool):
        raise CommandError(f"argument '{key}' must be true or false, got {type(value).__name__}")
    return value


def arg_str_list(args: dict, key: str, required: bool = False) -> list[str]:
    value = args.get(key)
    if value is None:
        if required:
            raise CommandError(f"missing argument '{key}' (a list of strings)")
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CommandError(f"argument '{key}' must be a list of strings")
    return value
