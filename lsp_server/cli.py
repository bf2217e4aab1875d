"""`footprint-ls`: the command line. `serve` starts the LSP; the other verbs call the same features.

Built-in verbs live here (`serve`, `check`); areas add their own with `@cli_command` (see commands.py).
Exit codes: 0 clean, 1 an error-severity finding, 2 usage or configuration error.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path

from lsp_server import __version__, plugins, trust
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.commands import CLI_COMMANDS, CommandError, cli_command
from lsp_server.config import find_config, load_settings
from lsp_server.document import ParsedDocument, real_path
from lsp_server.findings import Finding, Severity
from lsp_server.positions import UTF16
from lsp_server.workspace import Workspace

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad arguments or configuration: printed on stderr, exit code 2."""


def workspace_for(target: Path, config: Path | None = None, warn: bool = True) -> Workspace:
    """The workspace a CLI path belongs to: the folder of `--config`, else of the nearest footprint.toml,
    else the path itself (a folder) or its folder (a file). Config errors are a UsageError; config warnings
    go to stderr, or only to the log with `warn=False` (agent hooks: their output is the agent's prompt,
    and whether to trust a folder is the user's decision, not something to suggest to an agent)."""
    target = real_path(target)
    config_path = real_path(config) if config else find_config(target)
    if config and not config_path.is_file():
        raise UsageError(f"{config}: no such config file")
    root = config_path.parent if config_path else (target if target.is_dir() else target.parent)
    settings = load_settings(root, config_path)
    errors = [e for e in settings.errors if e.severity == "error"]
    if errors:
        raise UsageError("configuration errors:\n" + "\n".join(f"  {e}" for e in errors))
    for warning in settings.errors:  # e.g. a trusted-only key of an untrusted folder: said once, not fatal
        if warning.severity != "error" and str(warning) not in _warned:
            _warned.add(str(warning))
            if warn:
                print(f"footprint-ls: warning: {warning}", file=sys.stderr)
            else:
                logging.getLogger(__name__).info("config: %s", warning)
    return Workspace(root, settings)


_warned: set[str] = set()  # config warnings already printed by this process


def display_path(path: Path) -> str:
    """Paths in CLI output: relative to the current directory, POSIX separators."""
    try:
        return Path(os.path.relpath(path, Path.cwd())).as_posix()
    except ValueError:
        return path.as_posix()


def finding_json(doc: ParsedDocument, path: Path, f: Finding) -> dict:
    line, character = doc.lines.position(f.start, UTF16)
    end_line, end_character = doc.lines.position(f.end, UTF16)
    item = {"path": display_path(path), "line": line, "character": character, "end_line": end_line,
            "end_character": end_character, "severity": f.severity.label, "code": f.code,
            "source": f.source, "message": f.message}
    if f.data:
        item["data"] = f.data
    return item


def finding_text(doc: ParsedDocument, path: Path, f: Finding) -> str:
    line, character = doc.lines.position(f.start, UTF16)
    return f"{display_path(path)}:{line + 1}:{character + 1}: {f.severity.label} {f.code} {f.message}"


def check_paths(paths: list[Path], config: Path | None = None,
                skipped: dict[Path, str] | None = None) -> list[tuple[ParsedDocument, Path, Finding]]:
    """Every check (as-you-type and on-save) over files and folders, in path order. Folders yield their
    JavaScript sources; a file named explicitly is checked in whatever language it is (a .d.ts too).
    Files left out (too large, binary, unreadable, not code) are added to `skipped` with the reason."""
    results = []
    for target in paths:
        if not target.exists():
            raise UsageError(f"{target}: no such file or directory")
        ws = workspace_for(target, config)
        resolved = real_path(target)
        # The user named it on their own command line: readable even outside the config's folder. Symlinks
        # inside it that lead elsewhere are still left out by the walker (they come from the repository).
        ws.extra_roots = [resolved]
        for path in [resolved] if resolved.is_file() else ws.files(resolved):
            doc = ws.document(path)
            if doc is not None and doc.language is None and skipped is not None:
                skipped[path] = "not a JavaScript or TypeScript file"
            if doc is None or doc.language is None:
                continue
            ctx = CheckContext(ws)
            findings = run_checks(doc, ctx, (Phase.TYPE, Phase.SAVE))
            ws.document_checked(doc, findings, tuple(ctx.completed))  # checks only read: telemetry here
            results.extend((doc, path, f) for f in findings)
        if skipped is not None:
            skipped.update(ws.skipped)
    return results


@cli_command("check", "run every check the server runs on save, over files or folders")
def _check(parser: argparse.ArgumentParser):
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--config", type=Path, help="use this footprint.toml instead of the nearest one")
    parser.add_argument("--diff", nargs="?", const="", metavar="REV",
                        help="review the convention rules on the lines changed since REV (default HEAD, "
                             "untracked files included); at most [rules] max_per_diff rules, as reminders")

    def run(args: argparse.Namespace) -> int:
        skipped: dict[Path, str] = {}
        if args.diff is not None:
            from lsp_server.conventions.commands import diff_findings

            results = diff_findings(args.paths, args.diff or None, args.config)
        elif not args.paths:
            raise UsageError("check: give at least one PATH (or --diff)")
        else:
            results = check_paths(args.paths, args.config, skipped)
        for path, reason in sorted(skipped.items()):
            print(f"footprint-ls: skipped {display_path(path)}: {reason}", file=sys.stderr)
        if args.format == "json":
            print(json.dumps([finding_json(d, p, f) for d, p, f in results], indent=2, ensure_ascii=False))
        else:
            for d, p, f in results:
                print(finding_text(d, p, f))
            errors = sum(1 for *_, f in results if f.severity == Severity.ERROR)
            print(f"{len(results)} problem(s), {errors} error(s)", file=sys.stderr)
        return EXIT_FINDINGS if any(f.severity == Severity.ERROR for *_, f in results) else EXIT_OK

    return run


@cli_command("serve", "start the language server (stdio by default)")
def _serve(parser: argparse.ArgumentParser):
    parser.add_argument("--tcp", action="store_true",
                        help="listen on TCP instead of stdio; a client must send the token as "
                             "initializationOptions.token")
    parser.add_argument("--host", default="127.0.0.1",
                        help="TCP host (default 127.0.0.1: local only; any other address needs --token-file)")
    parser.add_argument("--port", type=int, default=2087, help="TCP port (0: any free port, printed)")
    parser.add_argument("--token-file", type=Path,
                        help="TCP: read the token from this file (0600, yours), or create it there if missing; "
                             "without it a fresh token is printed on stderr")
    parser.add_argument("--stdio", action="store_true", help="use stdio (the default; accepted for editors)")

    def run(args: argparse.Namespace) -> int:
        from lsp_server import transport
        from lsp_server.server import serve

        if not args.tcp:
            if args.token_file is not None:
                raise UsageError("--token-file is for --tcp (stdio needs no token: the editor started the server)")
            serve()
            return EXIT_OK
        if not transport.is_loopback(args.host) and args.token_file is None:
            raise UsageError(f"--host {args.host} is reachable from other machines: it needs --token-file F "
                             "(the token clients must send)")
        try:
            token = transport.load_token(args.token_file)
        except transport.TokenError as exc:
            raise UsageError(str(exc)) from None

        def listening(host: str, port: int) -> None:
            # One line on stderr for the person who started the server, written directly (not logged): the
            # token never reaches a --log-file. With --token-file only the file is named.
            where = f"in {args.token_file}" if args.token_file else token
            print(f"footprint-ls: serving LSP on {host}:{port} (TCP); token for initializationOptions.token: {where}",
                  file=sys.stderr, flush=True)
            if not transport.is_loopback(host):
                logging.getLogger(__name__).warning(
                    "listening on %s: anyone who can reach it and has the token can read files through the server",
                    host)

        serve(tcp=True, host=args.host, port=args.port, token=token, on_listening=listening)
        return EXIT_OK

    return run


@cli_command("trust", "trust a folder: its footprint.toml may run programs, reach the network, choose caches")
def _trust(parser: argparse.ArgumentParser):
    parser.add_argument("path", nargs="?", type=Path, default=None, metavar="PATH",
                        help="the folder to trust, with everything below it (default: the current folder)")
    parser.add_argument("--list", action="store_true", help="print the trusted folders, one a line")

    def run(args: argparse.Namespace) -> int:
        try:
            if args.list:
                if args.path is not None:
                    raise UsageError("trust: give either PATH or --list")
                for folder in trust.trusted_folders():
                    print(folder)
                return EXIT_OK
            folder = trust.trust(args.path or Path.cwd())
        except trust.TrustStoreError as exc:
            raise UsageError(str(exc)) from None
        print(f"trusted {folder} (and every folder below it); restart a running server to apply it")
        return EXIT_OK

    return run


@cli_command("untrust", "stop trusting a folder that `footprint-ls trust` trusted")
def _untrust(parser: argparse.ArgumentParser):
    parser.add_argument("path", nargs="?", type=Path, default=None, metavar="PATH",
                        help="the folder (default: the current folder)")

    def run(args: argparse.Namespace) -> int:
        target = args.path or Path.cwd()
        try:
            removed, still = trust.untrust(target)
        except trust.TrustStoreError as exc:
            raise UsageError(str(exc)) from None
        folder = real_path(target)
        if still is not None:
            raise UsageError(f"untrust: {folder} {'was removed but ' if removed else ''}is still trusted through "
                             f"{still}; run `footprint-ls untrust {still}` to stop that")
        print(f"untrusted {folder}" if removed else f"{folder} was not trusted")
        return EXIT_OK

    return run


def build_parser() -> argparse.ArgumentParser:
    plugins.load()
    parser = argparse.ArgumentParser(prog="footprint-ls", description="Footprint language server and checks.")
    parser.add_argument("--version", action="version", version=f"footprint-ls {__version__}")
    parser.add_argument("--log-file", type=Path, help="write logs to this file (default: stderr)")
    parser.add_argument("--log-level", default="INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    # The logging options are accepted after the verb too (`footprint-ls serve --log-file F`).
    logging_options = argparse.ArgumentParser(add_help=False)
    logging_options.add_argument("--log-file", type=Path, default=argparse.SUPPRESS)
    logging_options.add_argument("--log-level", choices=("DEBUG", "INFO", "WARNING", "ERROR"), default=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND")
    for name in sorted(CLI_COMMANDS):
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
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    # Logs go to stderr (or a file) so stdout stays clean for JSON output and the LSP stream.
    configure_logging(args.log_level if args.verb == "serve" or args.log_file else "WARNING", args.log_file)
    try:
        return args.run(args)
    except (UsageError, CommandError) as exc:
        print(f"footprint-ls: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
