"""`footprint-ls`: the command line. `serve` starts the LSP; the other verbs call the same area functions.

The verbs are registered with `@cli_command` (lsp_server/commands.py) by the modules in VERB_MODULES, one per
area; `main` maps area errors to exit codes (surfaces/errors.py): 0 clean, 1 a finding, 2 usage or configuration.

Start-up is paid on every call (agent hooks, pre-commit, scripts), so `main` imports only the module of the
verb on its command line, and that module imports only what the verb uses: `--version` imports no area at
all, `check` no pygls, lsprotocol or whoosh. `--help` (and an unknown verb, to list the known ones) loads
every verb. `tests/e2e/cli/test_cli_startup.py` checks what each of them imports.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

import importlib

from lsp_server import __version__
from lsp_server.commands import CLI_COMMANDS
from lsp_server.errors import FootprintError
from lsp_server.surfaces.errors import EXIT_OK, EXIT_USAGE, exit_code

# verb -> the module that registers it (tests/unit/test_plugins_registry.py keeps this in step with the
# @cli_command registrations). A verb missing here still works: `main` then loads every verb module.
VERB_MODULES = {
    "check": "lsp_server.surfaces.cli.core",
    "serve": "lsp_server.surfaces.cli.core",
    "trust": "lsp_server.surfaces.cli.core",
    "untrust": "lsp_server.surfaces.cli.core",
    "footprint": "lsp_server.surfaces.cli.features",
    "find": "lsp_server.surfaces.cli.features",
    "symbols": "lsp_server.surfaces.cli.knowledge",
    "lookup": "lsp_server.surfaces.cli.knowledge",
    "rag": "lsp_server.surfaces.cli.knowledge",
    "rules": "lsp_server.surfaces.cli.conventions",
    "graph": "lsp_server.surfaces.cli.graph",
    "index": "lsp_server.surfaces.cli.index",
    "hook": "lsp_server.surfaces.cli.agents",
    "init": "lsp_server.surfaces.cli.agents",
    "mcp": "lsp_server.surfaces.cli.mcp",
}
# Options of the top-level parser that take a value (so the word after them is not the verb).
_VALUED_OPTIONS = ("--log-file", "--log-level")


def load_verbs(names: list[str] | None = None) -> None:
    """Import the modules that register the named verbs (all of them when `names` is None)."""
    modules = dict.fromkeys(VERB_MODULES.values()) if names is None else dict.fromkeys(VERB_MODULES[n] for n in names)
    for module in modules:
        importlib.import_module(module)


def verbs_needed(argv: list[str]) -> list[str] | None:
    """The verbs a command line needs registered: its verb, none for a bare `--version`, all (None) for help,
    no verb or an unknown one."""
    words = iter(argv)
    for word in words:
        if word in _VALUED_OPTIONS:
            next(words, None)
        elif word in ("-h", "--help"):
            return None
        elif word == "--version":
            return []
        elif not word.startswith("-"):
            return [word] if word in VERB_MODULES else None
    return None


def _terminal_columns() -> int:
    """The terminal's width as `shutil.get_terminal_size()` gives it ($COLUMNS, else stdout's terminal, else
    80), without importing shutil (see _HelpFormatter)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, as wide as its own would be. argparse makes a formatter for every argument a
    parser gets (to check its metavar), and its own imports shutil (with zlib, bz2 and lzma) to size itself
    to the terminal: ~3 ms of every `footprint-ls` process, which prints help rarely."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser with _HelpFormatter; a verb's subcommands are made of this class too."""

    def __init__(self, *args, formatter_class: type[argparse.HelpFormatter] = _HelpFormatter, **kwargs):
        super().__init__(*args, formatter_class=formatter_class, **kwargs)


def build_parser(verbs: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with the named verbs' subcommands (every verb when `verbs` is None)."""
    load_verbs(verbs)
    parser = _Parser(prog="footprint-ls", description="Footprint language server and checks.")
    parser.add_argument("--version", action="version", version=f"footprint-ls {__version__}")
    parser.add_argument("--log-file", type=Path, help="write logs to this file (default: stderr)")
    parser.add_argument("--log-level", default="INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    # The logging options are accepted after the verb too (`footprint-ls serve --log-file F`).
    logging_options = _Parser(add_help=False)
    logging_options.add_argument("--log-file", type=Path, default=argparse.SUPPRESS)
    logging_options.add_argument("--log-level", choices=("DEBUG", "INFO", "WARNING", "ERROR"), default=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND")
    for name in sorted(CLI_COMMANDS if verbs is None else set(verbs) & set(CLI_COMMANDS)):
        cmd = CLI_COMMANDS[name]
        sp = sub.add_parser(name, help=cmd.help, description=cmd.help, parents=[logging_options])
        sp.set_defaults(run=cmd.configure(sp))
    return parser


class ProtocolContentFilter(logging.Filter):
    """Keeps document contents out of logs unless tracing (`--log-level DEBUG`).

    pygls logs every JSON-RPC message it sends at INFO ("Sending data: {...}", document text included) and
    the params of a message it fails on at ERROR. Without trace, pygls records below WARNING are dropped
    and long or structured arguments of the others are replaced by their type and size.
    """

    MAX_ARG_CHARS = 120

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.name.startswith("pygls"):
            return True
        if record.levelno < logging.WARNING:
            return False
        if isinstance(record.args, tuple):
            record.args = tuple(self._redact(a) for a in record.args)
        elif record.args:  # a mapping: keep the template, drop the values
            record.msg, record.args = f"{record.msg} [arguments redacted]", ()
        return True

    def _redact(self, value: object) -> object:
        if value is None or isinstance(value, (bool, int, float)):
            return value
        if isinstance(value, str) and len(value) <= self.MAX_ARG_CHARS and "\n" not in value:
            return value
        size = len(value) if isinstance(value, (str, bytes, list, tuple, dict)) else None
        return f"<{type(value).__name__}{f' of {size}' if size is not None else ''} redacted; trace with --log-level DEBUG>"


def configure_logging(level: str, log_file: Path | None) -> None:
    handler: logging.Handler = logging.FileHandler(log_file, encoding="utf-8") if log_file else logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    if level != "DEBUG":
        handler.addFilter(ProtocolContentFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # pygls logs every JSON-RPC message with its whole payload at INFO: at our default level each keystroke
    # would format and write the full diagnostics list. Its message trace is kept for --log-level DEBUG.
    logging.getLogger("pygls").setLevel(level if level == "DEBUG" else max(logging.WARNING, logging.getLevelName(level)))


def main(argv: list[str] | None = None) -> int:
    whole_process = argv is None  # the `footprint-ls` script (callers in a process of their own pass argv)
    argv = sys.argv[1:] if argv is None else argv
    if "hook" in argv:  # agent hooks run on every write: their own parser (a usage error never exits 2)
        from lsp_server.surfaces.hooks import exit_process, hook_argv, main as hook_main

        if (hook_args := hook_argv(argv)) is not None:
            code = hook_main(hook_args)
            if whole_process:
                exit_process(code)
            return code
    parser = build_parser(verbs_needed(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    # Logs go to stderr (or a file) so stdout stays clean for JSON output and the LSP stream.
    configure_logging(args.log_level if args.verb in ("serve", "mcp") or args.log_file else "WARNING", args.log_file)
    try:
        return args.run(args)
    except FootprintError as exc:
        print(f"footprint-ls: {exc}", file=sys.stderr)
        return exit_code(exc)
    except BrokenPipeError:
        return EXIT_OK
